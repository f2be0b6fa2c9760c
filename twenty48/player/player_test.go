package player

import (
	"context"
	"testing"

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
		cfg := BenchConfig("x", "x", 6, 3)
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
