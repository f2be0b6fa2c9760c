package player

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"gamelab/internal/bench"
	"gamelab/twenty48"
	"gamelab/twenty48/ntuple"
)

// TestMovesChangeTheBoard: on random live boards every player's move
// changes the board, and on a dead board none is offered; the default
// player is tried with a (briefly) trained network too.
func TestMovesChangeTheBoard(t *testing.T) {
	dead, _ := twenty48.BoardOf(mustGrid(t,
		1, 2, 1, 2,
		2, 1, 2, 1,
		1, 2, 1, 2,
		2, 1, 2, 1))
	net := ntuple.New()
	tr := ntuple.Trainer{Net: net, Alpha: 0.1, Seed: 1}
	if err := tr.Train(context.Background(), 0, 100, func(ntuple.Block) {}); err != nil {
		t.Fatal(err)
	}
	budget := Budget{MinDepth: 2, MaxDepth: 2, MinProbability: 0.01}
	players := map[string]Strategy{"expectimax with a network": NewExpectimax(budget, net)}
	for _, name := range Names() {
		f, _ := Lookup(name)
		players[name] = f(Options{Budget: budget})
	}
	for name, s := range players {
		for i := range 200 {
			b := twenty48.Board(uint64(i)*0x9e3779b97f4a7c15) & 0x3333333333333333
			d, ok := s.Move(b)
			if next, _ := b.Move(d); ok && next == b {
				t.Fatalf("%s: %v does not change\n%v", name, d, b.Grid())
			}
		}
		if _, ok := s.Move(dead); ok {
			t.Errorf("%s offers a move on a dead board", name)
		}
	}
}

func mustGrid(t *testing.T, exps ...uint8) twenty48.Grid {
	g, err := twenty48.GridOf(4, exps...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestExpectimaxBeatsRandom plays a few seeded games: the search reaches
// far larger tiles than random moves.
func TestExpectimaxBeatsRandom(t *testing.T) {
	run := func(s func() Strategy) float64 {
		cfg := BenchConfig("x", 6, 3)
		r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(s()), nil }, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r.Stats().Metrics[1].Mean
	}
	random := run(func() Strategy { return &Random{} })
	search := run(func() Strategy { return NewExpectimax(Budget{MinDepth: 2, MaxDepth: 2, MinProbability: 0.01}, nil) })
	if search < 5*random {
		t.Errorf("mean score: expectimax %.0f, random %.0f", search, random)
	}
}

// TestOneCoreReplays plays seeded games twice, on one worker and on two,
// with the default player weighing its root moves in turn (as the
// benchmark has it): every game the same, move for move.
func TestOneCoreReplays(t *testing.T) {
	f, err := Lookup(DefaultPlayer)
	if err != nil {
		t.Fatal(err)
	}
	opts := Options{Budget: Budget{MinDepth: 2, MaxDepth: 4, MinProbability: 0.02}, OneCore: true}
	run := func(workers int) []bench.Outcome {
		cfg := BenchConfig("x", 4, 11)
		cfg.Workers = workers
		r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(f(opts)), nil }, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r.Outcomes
	}
	one, two := run(1), run(2)
	for i := range one {
		if !slices.Equal(one[i].Values, two[i].Values) {
			t.Errorf("game %d: %v on one worker, %v on two", i, one[i].Values, two[i].Values)
		}
	}
}

func TestParseBudget(t *testing.T) {
	for in, ok := range map[string]bool{"fast": true, "strong": true, "50ms": true, "1s": true, "0s": false, "-5ms": false, "quick": false} {
		if _, err := ParseBudget(in, false); (err == nil) != ok {
			t.Errorf("ParseBudget(%q): %v", in, err)
		}
	}
}

func TestTimedBudget(t *testing.T) {
	b, _ := ParseBudget("5ms", false)
	e := NewExpectimax(b, nil)
	board := twenty48.Board(0x0000_0100_2310_6543)
	if d, ok := e.Move(board); !ok {
		t.Error("no move")
	} else if next, _ := board.Move(d); next == board {
		t.Error("a move that changes nothing")
	}
}

func BenchmarkSearch(b *testing.B) {
	e := NewExpectimax(Budget{MinDepth: 4, MaxDepth: 4, MinProbability: 0.001}, nil)
	board := twenty48.Board(0x0000_0100_2310_6543)
	for b.Loop() {
		e.Move(board)
	}
}

// BenchmarkSearchStrong is a move of the strong level in the middle of a
// game on its way to 16384: the transposition table's misses dominate.
func BenchmarkSearchStrong(b *testing.B) {
	e := NewExpectimax(Strong, nil)
	board := twenty48.Board(0x1000_2100_5321_cba9)
	for b.Loop() {
		e.Move(board)
	}
}

// BenchmarkSearchStrongFull is a move of the strong level on a board
// with an 8192 and one cell empty, its root moves on all cores: the search
// fills the table to its largest (maxTableSize), whose probes land
// anywhere in it.
func BenchmarkSearchStrongFull(b *testing.B) {
	e := NewExpectimax(Strong, nil)
	board := twenty48.Board(0x7641_8532_b320_d212)
	for b.Loop() {
		e.Move(board)
	}
}

// BenchmarkFastMoves plays whole seeded games at the fast level, as the
// engine plays them (the root moves on all cores), and reports the time
// of a move at the median, the 99th percentile and the slowest: hints
// and autoplay wait on them. A loop is a game; run it with -benchtime Nx.
func BenchmarkFastMoves(b *testing.B) {
	e := NewExpectimax(Fast, nil)
	var times []time.Duration
	seed := uint64(0)
	for b.Loop() {
		seed++
		g, err := twenty48.New(4, seed, twenty48.ClassicMode, 0)
		if err != nil {
			b.Fatal(err)
		}
		for !g.Over() {
			board, _ := twenty48.BoardOf(g.Grid())
			start := time.Now()
			d, ok := e.Move(board)
			times = append(times, time.Since(start))
			if !ok {
				break
			}
			if err := g.Play(twenty48.Move(d), nil); err != nil {
				b.Fatal(err)
			}
		}
	}
	slices.Sort(times)
	ms := func(q float64) float64 { return times[int(q*float64(len(times)-1))].Seconds() * 1000 }
	b.ReportMetric(ms(0.5), "ms-median")
	b.ReportMetric(ms(0.99), "ms-p99")
	b.ReportMetric(ms(1), "ms-max")
	b.ReportMetric(float64(len(times))/float64(b.N), "moves/game")
}

func BenchmarkRate(b *testing.B) {
	board := twenty48.Board(0x0000_0100_2310_6543)
	lines := lineRating()
	var sink float32
	for b.Loop() {
		sink += rateRows(lines, board) + rateRows(lines, board.Transpose())
		board++
	}
	_ = sink
}

// TestHeuristicWeight: with a network, a position is rated by the network
// plus the heuristic times the budget's weight; the heuristic stays above
// the 0 of a lost board even on boards of the largest tiles.
func TestHeuristicWeight(t *testing.T) {
	net := ntuple.New()
	tr := ntuple.Trainer{Net: net, Alpha: 0.1, Seed: 1}
	if err := tr.Train(context.Background(), 0, 50, func(ntuple.Block) {}); err != nil {
		t.Fatal(err)
	}
	largest := twenty48.Board(0xfedc_89ab_7654_0123) // 32768 down to 2 in a snake
	for _, w := range []float32{0, 0.1, 1} {
		s := searcher{net: net, lines: lineRating(), heuristicWeight: w}
		for i := range 100 {
			b := twenty48.Board(uint64(i)*0x9e3779b97f4a7c15) & 0x7777777777777777
			if i == 0 {
				b = largest
			}
			h := s.heuristic(b, b.Transpose())
			if h <= 0 {
				t.Fatalf("heuristic %v on\n%v", h, b.Grid())
			}
			// Within rounding: a compiler may fuse the multiply and add.
			if got, want := s.rate(b, b.Transpose()), net.Value(b)+w*h; math.Abs(float64(got-want)) > 1e-6*math.Abs(float64(want)) {
				t.Errorf("weight %v: rated %v, want %v (network %v, heuristic %v)", w, got, want, net.Value(b), h)
			}
		}
	}
}

// TestTableSlotsSpread: boards that differ only in their last row still
// spread over the table (a hash whose slot came from its low bits put all
// 65,536 in one slot, and the strong level searched four times as many
// chance nodes).
func TestTableSlotsSpread(t *testing.T) {
	tab := newTable(minTableSize)
	slots := map[uint64]bool{}
	for row := range uint64(1 << 16) {
		slots[tab.slot(twenty48.Board(row<<48|0x0000_1234_5678_9abc))] = true
	}
	if len(slots) < minTableSize/2 {
		t.Errorf("65,536 last rows fill %d of %d slots", len(slots), minTableSize)
	}
}

// TestTable: an entry answers for searches no deeper than its own (in
// moves and in the chance of the line), a new generation forgets it, and a
// table half filled doubles when cleared.
func TestTable(t *testing.T) {
	tab := newTable(minTableSize)
	b := twenty48.Board(0x0000_0100_2310_6543)
	if _, ok := tab.get(b, 1, 1); ok {
		t.Fatal("an empty table has a value")
	}
	if !tab.put(b, 3, 0.25, 42) {
		t.Error("the first entry took a slot not free")
	}
	for _, c := range []struct {
		depth int
		prob  float32
		want  bool
	}{{1, 0.25, true}, {3, 0.25, true}, {3, 0.01, true}, {3, 0.5, true}, {4, 0.25, false}, {3, 0.51, false}, {1, 1, false}} {
		if v, ok := tab.get(b, c.depth, c.prob); ok != c.want || ok && v != 42 {
			t.Errorf("get %d moves deep at %v: %v, %v; want 42, %v", c.depth, c.prob, v, ok, c.want)
		}
	}
	if tab.put(b, 5, 1, 43) {
		t.Error("an entry written again took a free slot")
	}
	if v, ok := tab.get(b, 5, 1); !ok || v != 43 {
		t.Errorf("after a deeper put: %v, %v", v, ok)
	}
	tab.clear()
	if _, ok := tab.get(b, 1, 0); ok {
		t.Error("a cleared table has a value")
	}
	if len(tab.entries) != minTableSize {
		t.Errorf("a table holding one entry grew to %d", len(tab.entries))
	}
	for i := range minTableSize/2 + 1 {
		if tab.put(twenty48.Board(i)*0x1111, 1, 1, float32(i)) {
			tab.stored++ // as search counts its searchers' new entries
		}
	}
	for i := range minTableSize/2 + 1 {
		if v, ok := tab.get(twenty48.Board(i)*0x1111, 1, 1); ok && v != float32(i) {
			t.Fatalf("entry %d reads %v", i, v)
		}
	}
	tab.clear()
	if len(tab.entries) != 2*minTableSize {
		t.Errorf("a table filled over half is %d entries after clear, want %d", len(tab.entries), 2*minTableSize)
	}
	if _, ok := tab.get(0x1111, 1, 0); ok {
		t.Error("a grown table has a value")
	}
	tab.put(0x1111, 1, 1, 1)
	for range 1<<genBits - 1 { // back to this generation: the entries were wiped on the way
		tab.clear()
	}
	if _, ok := tab.get(0x1111, 1, 0); ok {
		t.Error("a table whose generations wrapped has a value")
	}
}

// firstSeen is a strategy that remembers the first board it is asked
// about, and moves at random.
type firstSeen struct {
	Random
	first twenty48.Board
	asked bool
}

func (f *firstSeen) Move(b twenty48.Board) (twenty48.Direction, bool) {
	if !f.asked {
		f.first, f.asked = b, true
	}
	return f.Random.Move(b)
}

// TestSuiteStarts: each game of a suite begins at its own position, as
// many games as positions play each once, and a game's score counts only
// the points made from there.
func TestSuiteStarts(t *testing.T) {
	starts := []twenty48.Board{
		twenty48.Board(13 | 12<<4 | 11<<8 | 1<<20),
		twenty48.Board(14 | 14<<4 | 2<<60),
		twenty48.Board(10 | 9<<16 | 1<<32 | 1<<36),
	}
	suite := Suite{Starts: starts}
	cfg := suite.Config(BenchConfig("random", len(starts), 4))
	var played []*firstSeen
	var mu sync.Mutex
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) {
		return bench.PlayerFunc(func(ctx context.Context, g bench.Game) (bench.Outcome, error) {
			s := &firstSeen{}
			mu.Lock()
			played = append(played, s)
			mu.Unlock()
			o, err := NewSuitePlayer(s, suite).Play(ctx, g)
			if err == nil && s.first != starts[g.Index] {
				t.Errorf("game %d began at %x, not at its position %x", g.Index, s.first, starts[g.Index])
			}
			return o, err
		}), nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(played) != len(starts) {
		t.Fatalf("%d games played, want %d", len(played), len(starts))
	}
	for i, o := range r.Outcomes {
		if tile := float64(uint64(1) << starts[i].MaxExp()); o.Values[0] < tile {
			t.Errorf("game %d: max tile %.0f, below its start's %.0f", i, o.Values[0], tile)
		}
		// Random moves make far fewer points than the tiles of the first
		// and last starts are worth (the second's 16384s may merge).
		if i != 1 && o.Values[1] >= 20_000 {
			t.Errorf("game %d: score %.0f counts the start's tiles", i, o.Values[1])
		}
	}
	// Two merging 16384s make 32768 points: the second start's first
	// merge across is counted.
	if o := r.Outcomes[1]; o.Values[0] == 32768 && o.Values[1] < 32768 {
		t.Errorf("game 1 made 32768 with %.0f points", o.Values[1])
	}
}

// TestBeyondBoard: tiles over 32768 are beyond a Board, not beyond the
// players. Where only two 32768s can merge, Choose merges them; a game
// from two 32768s plays on past the 65536 they make (it used to stop the
// benchmark: "the player found no move on a live board").
func TestBeyondBoard(t *testing.T) {
	fast := NewExpectimax(Budget{MinDepth: 2, MaxDepth: 2, MinProbability: 0.01}, nil)
	onlyBig := mustGrid(t,
		15, 15, 14, 13,
		12, 11, 10, 9,
		8, 7, 6, 5,
		4, 3, 2, 1)
	if d, ok := Choose(fast, onlyBig); !ok || (d != twenty48.Left && d != twenty48.Right) {
		t.Errorf("two 32768s the only merge: Choose = %v, %v", d, ok)
	}
	over := mustGrid(t,
		16, 15, 16, 15,
		15, 16, 15, 16,
		16, 15, 16, 15,
		15, 16, 15, 16)
	if d, ok := Choose(fast, over); ok {
		t.Errorf("a full board of 65536s and 32768s, none adjacent alike: Choose = %v", d)
	}
	suite := Suite{Starts: []twenty48.Board{twenty48.Board(15<<4 | 15<<8 | 14<<16 | 13<<20 | 12<<24 | 11<<28)}}
	cfg := suite.Config(BenchConfig("expectimax", 2, 1))
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) {
		return NewSuitePlayer(NewExpectimax(Budget{MinDepth: 2, MaxDepth: 2, MinProbability: 0.01}, nil), suite), nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range r.Outcomes {
		if o.Values[0] < 65536 {
			t.Errorf("game %d: max tile %.0f from two 32768s", i, o.Values[0])
		}
	}
}

// TestSuiteStopAt: games end when they first make the suite's tile, and
// the board there is reported.
func TestSuiteStopAt(t *testing.T) {
	var mu sync.Mutex
	reached := map[int]twenty48.Board{}
	suite := Suite{StopAt: 6, Reached: func(game int, b twenty48.Board) {
		mu.Lock()
		defer mu.Unlock()
		reached[game] = b
	}}
	cfg := suite.Config(BenchConfig("random", 40, 9))
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewSuitePlayer(&Random{}, suite), nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	made := 0
	for i, o := range r.Outcomes {
		b, ok := reached[i]
		switch {
		case o.Values[0] > 64:
			t.Errorf("game %d went on to %.0f", i, o.Values[0])
		case o.Values[0] == 64 && (!ok || b.MaxExp() != 6):
			t.Errorf("game %d made 64; reported %v at %x", i, ok, b)
		case o.Values[0] < 64 && ok:
			t.Errorf("game %d reported without making 64", i)
		}
		if ok {
			made++
		}
	}
	if made == 0 || made == len(r.Outcomes) {
		t.Errorf("%d of %d random games made 64: the test tells nothing", made, len(r.Outcomes))
	}
}

// TestSuiteFiles: the boards a run reached, saved in game order, are the
// starts of the suite loaded from the file; a tile that is no power of
// two, or a file of no boards, is refused.
func TestSuiteFiles(t *testing.T) {
	var reached Reached
	boards := []twenty48.Board{0x1234, 0x21, 0xabc0}
	for i := len(boards) - 1; i >= 0; i-- {
		reached.Add(i, boards[i])
	}
	name := filepath.Join(t.TempDir(), "positions.txt")
	if err := reached.Save(name); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSuite(name, 2048)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(s.Starts, boards) || s.StopAt != 11 || s.DefaultGames() != 3 {
		t.Errorf("loaded %x, stop at %d, %d games", s.Starts, s.StopAt, s.DefaultGames())
	}
	if s, err := LoadSuite("", 0); err != nil || s.StopAt != 0 || len(s.Starts) != 0 || s.DefaultGames() != 100 {
		t.Errorf("whole games: %+v, %v", s, err)
	}
	for _, tile := range []int{2, 3, 96, 65536, -4} {
		if _, err := StopExponent(tile); err == nil {
			t.Errorf("StopExponent(%d) took it", tile)
		}
	}
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, []byte("# nothing\n"), 0o644)
	if _, err := LoadSuite(empty, 0); err == nil || !strings.Contains(err.Error(), "no positions") {
		t.Errorf("a file of no boards: %v", err)
	}
}

func TestTrainingNote(t *testing.T) {
	if note := TrainingNote(NetworkGames - 10); !strings.Contains(note, "10 to go") {
		t.Errorf("short of NetworkGames: %q", note)
	}
	if note := TrainingNote(NetworkGames); note != "" {
		t.Errorf("at NetworkGames: %q", note)
	}
}

// stalling answers its first moves, then fails, as a program that stops
// answering does.
type stalling struct {
	moves int
	err   error
}

func (s *stalling) Move(b twenty48.Board) (twenty48.Direction, bool) {
	if s.moves == 0 {
		s.err = errors.New("gave no answer within 1s")
		return 0, false
	}
	s.moves--
	for _, d := range []twenty48.Direction{twenty48.Left, twenty48.Up, twenty48.Right, twenty48.Down} {
		if _, _, moved := b.Grid().Move(d, nil); moved {
			return d, true
		}
	}
	return 0, false
}
func (s *stalling) Err() error { return s.err }

// TestForfeit: a player that fails forfeits its game, with the reason,
// and the run goes on with a fresh one; without RenewWith the run stops.
func TestForfeit(t *testing.T) {
	made := 0
	renew := func() Strategy { made++; return &stalling{moves: 5} }
	cfg := BenchConfig("stalling", 3, 1)
	cfg.Workers = 1
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(renew()).RenewWith(renew), nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range r.Outcomes {
		if !strings.Contains(o.Forfeit, "no answer") || o.Values[2] != 5 {
			t.Errorf("game %d: forfeit %q after %v moves", i, o.Forfeit, o.Values[2])
		}
	}
	if made != 3 {
		t.Errorf("%d players made for 3 games", made)
	}
	if _, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(&stalling{moves: 5}), nil }, nil); err == nil {
		t.Error("without RenewWith, a failure went unreported")
	}
}
