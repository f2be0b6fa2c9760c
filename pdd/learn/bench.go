package learn

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"

	"gamelab/internal/bench"
	"gamelab/internal/registry"
	"gamelab/pdd"
)

// Seat is a computer player whose rule is given to it: the tournament
// deals secret rules.
type Seat interface {
	pdd.Player
	SetRule(r pdd.Rule)
}

// Maker makes a computer player with a name and a rule, for games whose
// secret rules allow a share of the pairs within band (the zero Band: any
// share).
type Maker func(name string, r pdd.Rule, band pdd.Band) Seat

var makers = registry.New[Maker]("player")

// Register names a kind of computer player; it panics if the name is
// taken.
func Register(name string, m Maker) { makers.Register(name, m) }

// Names returns the registered kinds, sorted.
func Names() []string { return makers.Names() }

// Lookup returns the maker registered as name.
func Lookup(name string) (Maker, error) { return makers.Lookup(name) }

// Random lays a random card of those its rule allows: the baseline.
type Random struct {
	pdd.Hand
	name string
	rule pdd.Rule
	rng  *rand.Rand
	fit  []int
}

// NewRandom returns a random player with rule r.
func NewRandom(name string, r pdd.Rule) *Random {
	return &Random{name: name, rule: r, rng: rand.New(rand.NewPCG(uint64(len(name)), 0x706464))}
}

// SetRule implements Seat.
func (p *Random) SetRule(r pdd.Rule) { p.rule = r }

// Seed implements bench seeding: the player's own randomness.
func (p *Random) Seed(seed uint64) { p.rng = rand.New(rand.NewPCG(seed, 0x706464)) }

// Name implements pdd.Player.
func (p *Random) Name() string { return p.name }

// Invent implements pdd.Player.
func (p *Random) Invent() pdd.Rule { return p.rule }

// Play implements pdd.Player.
func (p *Random) Play(top pdd.Card) (pdd.Card, bool) {
	p.fit = p.fit[:0]
	for i := range p.NumberOfCards() {
		if p.rule(top, p.Card(i)) {
			p.fit = append(p.fit, i)
		}
	}
	if len(p.fit) == 0 {
		return pdd.Card{}, false
	}
	return p.RemoveAt(p.fit[p.rng.IntN(len(p.fit))]), true
}

// ValidMove implements pdd.Listener.
func (p *Random) ValidMove(pdd.Player, pdd.Card, pdd.Card) {}

// InvalidMove implements pdd.Listener.
func (p *Random) InvalidMove(pdd.Player, pdd.Card, pdd.Card) {}

func init() {
	Register("simple", func(name string, r pdd.Rule, _ pdd.Band) Seat { return pdd.NewSimplePlayerWithRule(name, r) })
	Register("learner", func(name string, r pdd.Rule, band pdd.Band) Seat { return NewLearner(name, r, band) })
	Register("random", func(name string, r pdd.Rule, _ pdd.Band) Seat { return NewRandom(name, r) })
}

// Tournament describes the games of a benchmark.
type Tournament struct {
	Players  []string // kinds, one a seat, as listed; cmd:<command> for a program (Outside)
	Packs    int      // 1 for a single deck, 2 for a double
	Band     pdd.Band // of the secret rules
	MaxTurns int      // 0: pdd.DefaultMaxTurns
	// Outside seats a player run as another program, by its command line
	// and its label at the table.
	Outside func(command, label string) (Seat, error)
}

// Labels returns a name for each listed player: its kind, numbered when
// the kind is listed more than once.
func (t Tournament) Labels() []string {
	labels := make([]string, len(t.Players))
	for i, k := range t.Players {
		labels[i] = k
		if n := countOf(t.Players, k); n > 1 {
			labels[i] = fmt.Sprintf("%s %d", k, 1+countOf(t.Players[:i], k))
		}
	}
	return labels
}

func countOf(xs []string, x string) int {
	n := 0
	for _, y := range xs {
		if y == x {
			n++
		}
	}
	return n
}

// BenchConfig returns the benchmark of t over games seeded games.
func BenchConfig(t Tournament, games int, seed uint64) bench.Config {
	metrics := []bench.Metric{{Name: "turns", Better: bench.Lower, Format: "%.1f", Octaves: true}}
	for _, label := range t.Labels() {
		metrics = append(metrics, bench.Metric{Name: "won by " + label, Better: bench.Higher, Share: true})
	}
	deck := "single deck"
	if t.Packs == 2 {
		deck = "double deck"
	}
	return bench.Config{
		Game: "pdd",
		Name: fmt.Sprintf("pdd %s, %s, secret rules allowing %.0f–%.0f%% of pairs", strings.Join(t.Players, ","), deck,
			100*t.Band.Lo, 100*t.Band.Hi),
		Metrics: metrics, Games: games, Seed: seed,
	}
}

// BenchPlayer plays the games of a tournament. Each game draws every
// player's secret rule and shuffles the deck from the game's seed, which
// no player sees; the seating turns by one seat a game, so that every
// player sits everywhere equally often.
type BenchPlayer struct {
	t      Tournament
	pcg    *rand.PCG
	rng    *rand.Rand
	deck   reshuffler
	game   *pdd.Game
	seats  []Seat
	seated []pdd.Player
	draws  []pdd.Draw  // the seats' rules, as listed
	tables []pdd.Table // and their tables
	values []float64   // storage for the outcomes' values to come
	// outside are the seats of programs, run afresh after a failure.
	outside []outsideSeat
}

// outsideSeat is a seat taken by a program (Tournament.Outside).
type outsideSeat struct {
	seat           int
	command, label string
}

// NewBenchPlayer returns a player of t's games.
func NewBenchPlayer(t Tournament) (*BenchPlayer, error) {
	if len(t.Players) < 2 {
		return nil, fmt.Errorf("a game needs two players or more, not %d", len(t.Players))
	}
	if t.Packs < 1 || t.Packs > 2 {
		return nil, fmt.Errorf("%d packs: a single or a double deck", t.Packs)
	}
	pcg := rand.NewPCG(0, 0)
	n := len(t.Players)
	bp := &BenchPlayer{t: t, pcg: pcg, rng: rand.New(pcg), game: pdd.NewGame(nil, nil),
		seated: make([]pdd.Player, n), draws: make([]pdd.Draw, n), tables: make([]pdd.Table, n)}
	for i, label := range t.Labels() {
		if command, ok, err := registry.ParseCommand(t.Players[i]); ok {
			if err == nil && t.Outside == nil {
				err = fmt.Errorf("%s: outside players cannot be seated here", t.Players[i])
			}
			var s Seat
			if err == nil {
				s, err = t.Outside(command, label)
			}
			if err != nil {
				bp.Close()
				return nil, err
			}
			bp.seats = append(bp.seats, s)
			bp.outside = append(bp.outside, outsideSeat{i, command, label})
			continue
		}
		m, err := Lookup(t.Players[i])
		if err != nil {
			bp.Close()
			return nil, err
		}
		bp.seats = append(bp.seats, m(label, pdd.MauMau(), t.Band))
	}
	return bp, nil
}

// reshuffler is a deck that can be dealt anew (the decks of package pdd).
type reshuffler interface {
	pdd.Deck
	Reshuffle(rng *rand.Rand)
}

// Figures derives from a tournament's report each player's share of wins,
// with its 95% margin, and how games ended.
func Figures(r *bench.Report) []bench.Figure {
	n := len(r.Outcomes)
	if n == 0 {
		return nil
	}
	players := len(r.Config.Metrics) - 1
	won := make([]int, players)
	decided := 0
	for _, o := range r.Outcomes {
		for i := range players {
			if o.Values[1+i] == 1 {
				won[i]++
				decided++
			}
		}
	}
	var figures []bench.Figure
	for i := range players {
		label := strings.TrimPrefix(r.Config.Metrics[1+i].Name, "won by ")
		ofDecided := float64(won[i]) / float64(max(1, decided))
		figures = append(figures, bench.Figure{Name: "wins of games with a winner: " + label, Value: ofDecided,
			Text: fmt.Sprintf("%.1f%% (%d of %d)", 100*ofDecided, won[i], decided)})
	}
	ends := map[string]int{}
	for _, o := range r.Outcomes {
		ends[o.Detail]++
	}
	for _, end := range []pdd.End{pdd.Won, pdd.OutOfCards, pdd.Capped} {
		k := ends[endDetail(end)]
		figures = append(figures, bench.Figure{Name: "games " + endPhrase[end], Value: float64(k) / float64(n),
			Text: fmt.Sprintf("%.1f%% (%d)", 100*float64(k)/float64(n), k)})
	}
	return figures
}

var endPhrase = map[pdd.End]string{pdd.Won: "with a winner", pdd.OutOfCards: "out of cards", pdd.Capped: "at the turn limit"}

func endDetail(e pdd.End) string { return e.String() }

// Turn is what a tournament reports to a run's observer after each turn:
// the turn, the seats' names and how many cards each holds, and the card
// on top of the pile.
type Turn struct {
	pdd.Turn
	Names []string
	Cards []int
	Top   pdd.Card
}

// play plays game to its end: through Start when nobody watches, else a
// turn at a time, each reported.
func (bp *BenchPlayer) play(game *pdd.Game, g bench.Game) error {
	if !g.Watched() {
		return game.Start()
	}
	if err := game.Deal(); err != nil {
		return err
	}
	for game.End() == pdd.Running {
		t, err := game.Step()
		if err != nil {
			return err
		}
		ev := Turn{Turn: t, Top: game.Deck().Top()}
		ev.Refused = slices.Clone(t.Refused) // the game reuses its list: the view reads on another goroutine
		for _, p := range game.Players() {
			ev.Names, ev.Cards = append(ev.Names, p.Name()), append(ev.Cards, p.NumberOfCards())
		}
		g.Observe(ev)
	}
	return nil
}

// Play implements bench.Player.
func (bp *BenchPlayer) Play(ctx context.Context, g bench.Game) (bench.Outcome, error) {
	// A program that failed in the last game is run afresh.
	for _, o := range bp.outside {
		s := bp.seats[o.seat]
		if s.(interface{ Err() error }).Err() == nil {
			continue
		}
		if c, ok := s.(io.Closer); ok {
			c.Close()
		}
		fresh, err := bp.t.Outside(o.command, o.label)
		if err != nil {
			return bench.Outcome{}, err
		}
		bp.seats[o.seat] = fresh
	}
	// Each game seeds the worker's own generator, deck and game afresh:
	// nothing carries over but storage.
	bp.pcg.Seed(g.Seed, 0x70646467)
	rng := bp.rng
	n := len(bp.seats)
	pdd.RandomDraws(rng, bp.t.Band, bp.draws)
	for i, s := range bp.seats {
		table := &bp.tables[i]
		bp.draws[i].Table(table)
		switch s := s.(type) {
		case interface{ SetExpr(pdd.Expr) }:
			s.SetExpr(bp.draws[i].Expr()) // a program is told its rule in words
		case interface{ SetTable(*pdd.Table) }:
			s.SetTable(table)
		default:
			s.SetRule(table.Rule())
		}
		if sd, ok := s.(interface{ Seed(uint64) }); ok {
			sd.Seed(g.PlayerSeed)
		}
	}
	for k := range n {
		bp.seated[k] = bp.seats[(k+g.Index)%n]
	}
	switch {
	case bp.deck != nil:
		bp.deck.Reshuffle(rng)
	case bp.t.Packs == 2:
		bp.deck = pdd.DoubleDeck(rng).(reshuffler)
	default:
		bp.deck = pdd.SingleDeck(rng).(reshuffler)
	}
	game := bp.game
	game.Reset(bp.seated, bp.deck)
	if bp.t.MaxTurns > 0 {
		game.SetMaxTurns(bp.t.MaxTurns)
	}
	if err := bp.play(game, g); err != nil {
		return bench.Outcome{}, err
	}
	forfeit := ""
	for _, o := range bp.outside {
		if err := bp.seats[o.seat].(interface{ Err() error }).Err(); err != nil && forfeit == "" {
			forfeit = err.Error() // a program stopped playing: it drew to the end
		}
	}
	if len(bp.values) < 1+n {
		// One allocation for many games' figures: a run of a million
		// games keeps them all, and a million small ones weigh on memory.
		bp.values = make([]float64, 1024*(1+n))
	}
	values := bp.values[: 1+n : 1+n]
	bp.values = bp.values[1+n:]
	values[0] = float64(game.Turns())
	if w, ok := game.Winner(); ok {
		for i, s := range bp.seats {
			if pdd.Player(s) == w {
				values[1+i] = 1
			}
		}
	}
	return bench.Outcome{Values: values, Detail: endDetail(game.End()), Forfeit: forfeit}, nil
}

// ParsePlayers reads a table of computer players, their kinds
// comma-separated in seat order: two to eight players of registered
// kinds, or cmd:<command> for a program speaking the player protocol.
func ParsePlayers(s string) ([]string, error) {
	kinds := strings.Split(s, ",")
	if len(kinds) < 2 || len(kinds) > 8 {
		return nil, fmt.Errorf("two to eight players, comma-separated, not %d", len(kinds))
	}
	for _, k := range kinds {
		if _, ok, err := registry.ParseCommand(k); ok {
			if err != nil {
				return nil, err
			}
			continue
		}
		if _, err := Lookup(k); err != nil {
			return nil, err
		}
	}
	return kinds, nil
}

// ParseDeck reads a deck's name, single (52 cards) or double (104), as
// its number of packs.
func ParseDeck(s string) (int, error) {
	switch s {
	case "single":
		return 1, nil
	case "double":
		return 2, nil
	}
	return 0, fmt.Errorf("%q: single or double", s)
}

// Close closes the seats that are programs: the benchmark closes its
// players when their games are done.
func (bp *BenchPlayer) Close() error {
	for _, s := range bp.seats {
		if c, ok := s.(io.Closer); ok {
			c.Close()
		}
	}
	return nil
}
