package learn

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gamelab/internal/bench"
	"gamelab/pdd"
)

func benchmarkTournament(b *testing.B, players ...string) {
	t := Tournament{Players: players, Packs: 1, Band: pdd.Permissive}
	p, err := NewBenchPlayer(t)
	if err != nil {
		b.Fatal(err)
	}
	cfg := BenchConfig(t, b.N, 1)
	i := 0
	for b.Loop() {
		if _, err := p.Play(context.Background(), bench.GameFor(cfg, i)); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// BenchmarkSimpleGames plays four-player games of simple players, one
// after another: the figure of games per second per core.
func BenchmarkSimpleGames(b *testing.B) {
	benchmarkTournament(b, "simple", "simple", "simple", "simple")
}

// BenchmarkLearnerGames seats a learner with three simple players.
func BenchmarkLearnerGames(b *testing.B) {
	benchmarkTournament(b, "learner", "simple", "simple", "simple")
}

// mute never lays a card: it cannot win.
type mute struct{ *Random }

func (m mute) Play(pdd.Card) (pdd.Card, bool) { return pdd.Card{}, false }

func init() {
	Register("mute (test)", func(name string, r pdd.Rule, _ pdd.Band) Seat { return mute{NewRandom(name, r)} })
}

// TestWinsGoToTheWinner: as the seats turn, each win is counted for the
// player who won it, not for whoever sat in that seat in the first game.
func TestWinsGoToTheWinner(t *testing.T) {
	tr := Tournament{Players: []string{"simple", "mute (test)", "mute (test)", "mute (test)"}, Packs: 1, Band: pdd.Permissive}
	p, err := NewBenchPlayer(tr)
	if err != nil {
		t.Fatal(err)
	}
	cfg := BenchConfig(tr, 40, 1)
	won := 0
	for i := range 40 {
		o, err := p.Play(context.Background(), bench.GameFor(cfg, i))
		if err != nil {
			t.Fatal(err)
		}
		for seat, v := range o.Values[2:] {
			if v != 0 {
				t.Fatalf("game %d: won by a player who never lays a card (%s)", i, tr.Labels()[1+seat])
			}
		}
		won += int(o.Values[1])
	}
	if won == 0 {
		t.Fatal("the simple player never won against three who never lay a card")
	}
}

// TestLearnerKeepsTheTruth: whatever it sees in real games, the true rule
// of every other player stays among the learner's hypotheses (the rules
// are drawn from the space it reasons over), and it narrows them down.
func TestLearnerKeepsTheTruth(t *testing.T) {
	for gi := range 20 {
		rng := rand.New(rand.NewPCG(uint64(gi), 7))
		tables := make([]*pdd.Table, 4)
		for i := range tables {
			_, tables[i] = pdd.RandomRule(rng, pdd.Permissive)
		}
		l := NewLearner("learner", tables[0].Rule(), pdd.Permissive)
		players := []pdd.Player{l}
		for i := 1; i < 4; i++ {
			players = append(players, pdd.NewSimplePlayerWithRule(fmt.Sprint("simple ", i), tables[i].Rule()))
		}
		g := pdd.NewGame(players, pdd.SingleDeck(rng))
		g.SetMaxTurns(60)
		if err := g.Start(); err != nil {
			t.Fatal(err)
		}
		for i, p := range players[1:] {
			b := l.of(p)
			truth := -1
			for slot, d := range l.space.draws {
				var tb pdd.Table
				if d.N > 0 {
					d.Table(&tb)
					if tb == *tables[i+1] && b.alive[slot/64]>>(slot%64)&1 == 1 {
						truth = slot
					}
				}
			}
			if truth < 0 {
				t.Fatalf("game %d: %s's rule is no longer a hypothesis", gi, p.Name())
			}
			if b.count > l.space.Len()/10 {
				t.Errorf("game %d: %d hypotheses of %d left for %s after %d turns", gi, b.count, l.space.Len(), p.Name(), g.Turns())
			}
		}
	}
}

// TestSimplePlayerTable: a simple player given its rule as a table plays
// as one given the rule as a function.
func TestSimplePlayerTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	for range 200 {
		_, table := pdd.RandomRule(rng, pdd.Restrictive)
		fast, slow := pdd.NewSimplePlayer("fast"), pdd.NewSimplePlayer("slow")
		fast.SetTable(table)
		slow.SetRule(table.Rule())
		other := pdd.NewSimplePlayer("other")
		for range 30 {
			top, played := pdd.CardAt(rng.IntN(52)), pdd.CardAt(rng.IntN(52))
			if rng.IntN(2) == 0 {
				fast.ValidMove(other, top, played)
				slow.ValidMove(other, top, played)
			} else {
				fast.InvalidMove(other, top, played)
				slow.InvalidMove(other, top, played)
			}
		}
		hand := make([]pdd.Card, 12)
		for i := range hand {
			hand[i] = pdd.CardAt(rng.IntN(52))
		}
		fast.StartNewGame(hand)
		slow.StartNewGame(hand)
		top := pdd.CardAt(rng.IntN(52))
		a, okA := fast.Play(top)
		b, okB := slow.Play(top)
		if a != b || okA != okB {
			t.Fatalf("on %v: table %v %v, function %v %v", top, a, okA, b, okB)
		}
	}
}

// TestTournament: seats turn, every game is counted once, and figures add
// up.
func TestTournament(t *testing.T) {
	tt := Tournament{Players: []string{"learner", "simple", "random"}, Packs: 2, Band: pdd.Restrictive, MaxTurns: 500}
	cfg := BenchConfig(tt, 60, 5)
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(tt) }, nil)
	if err != nil {
		t.Fatal(err)
	}
	wins, ends := 0, 0
	for _, o := range r.Outcomes {
		for _, v := range o.Values[1:] {
			wins += int(v)
		}
		if o.Values[0] > 500 {
			t.Errorf("a game of %v turns, over the limit", o.Values[0])
		}
	}
	figures := Figures(r)
	for _, f := range figures {
		if strings.HasPrefix(f.Name, "games ") {
			ends += int(f.Value*60 + 0.5)
		}
	}
	if ends != 60 {
		t.Errorf("ends add up to %d games, want 60: %+v", ends, figures)
	}
	if wins == 0 {
		t.Error("no game had a winner")
	}
	if _, err := NewBenchPlayer(Tournament{Players: []string{"simple"}, Packs: 1}); err == nil {
		t.Error("a tournament of one")
	}
	if _, err := NewBenchPlayer(Tournament{Players: []string{"simple", "cheater"}, Packs: 1}); err == nil || !strings.Contains(err.Error(), "unknown player") {
		t.Errorf("unknown player: %v", err)
	}
}

// TestWorkersDoNotMatter: a tournament's games come out the same on one
// worker or two.
func TestWorkersDoNotMatter(t *testing.T) {
	tt := Tournament{Players: []string{"learner", "simple", "simple", "simple"}, Packs: 1, Band: pdd.Permissive}
	var runs [2]*bench.Report
	for i, workers := range []int{1, 2} {
		cfg := BenchConfig(tt, 120, 3)
		cfg.Workers = workers
		r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(tt) }, nil)
		if err != nil {
			t.Fatal(err)
		}
		runs[i] = r
	}
	for g := range runs[0].Outcomes {
		a, b := runs[0].Outcomes[g], runs[1].Outcomes[g]
		if fmt.Sprint(a.Values) != fmt.Sprint(b.Values) || a.Detail != b.Detail {
			t.Fatalf("game %d: %v %s on one worker, %v %s on two", g, a.Values, a.Detail, b.Values, b.Detail)
		}
	}
}

func TestParsePlayersAndDeck(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int // players; 0: refused
	}{
		{"learner,simple", 2},
		{"learner,simple,simple,random", 4},
		{"simple", 0},
		{"simple,genius", 0},
		{strings.Repeat("simple,", 8) + "simple", 0},
	} {
		kinds, err := ParsePlayers(tc.in)
		if len(kinds) != tc.want || (err != nil) != (tc.want == 0) {
			t.Errorf("ParsePlayers(%q) = %v, %v", tc.in, kinds, err)
		}
	}
	for s, want := range map[string]int{"single": 1, "double": 2, "triple": 0, "": 0} {
		if packs, err := ParseDeck(s); packs != want || (err != nil) != (want == 0) {
			t.Errorf("ParseDeck(%q) = %d, %v", s, packs, err)
		}
	}
}
