package match

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"gamelab/internal/bench"
	"gamelab/oware"
	"gamelab/oware/search"
)

func TestParsePlayer(t *testing.T) {
	for _, s := range []string{"pvs", "alphabeta@8", "pvs:no-table,no-reductions", "cmd:./engine --uci", "pvs:empty=-100"} {
		p, err := ParsePlayer(s)
		if err != nil {
			t.Fatalf("ParsePlayer(%q): %v", s, err)
		}
		if p.String() != s && !strings.HasPrefix(s, "pvs:empty") {
			t.Errorf("ParsePlayer(%q).String() = %q", s, p)
		}
	}
	for _, s := range []string{"genius", "alphabeta@0", "minimax:no-table", "cmd:", "pvs:no-brain", "pvs:empty=x"} {
		if _, err := ParsePlayer(s); err == nil {
			t.Errorf("ParsePlayer(%q) accepted", s)
		}
	}
}

// The two games of a pair open alike with colours swapped, and a run's
// results do not depend on its workers.
func TestPairsAndColours(t *testing.T) {
	first, _ := ParsePlayer("alphabeta@3")
	second, _ := ParsePlayer("minimax@1")
	cfg := Config{First: first, Second: second, Rules: oware.Abapa, OpeningPlies: DefaultOpeningPlies, Seed: 3}
	run := func(workers int) *bench.Report {
		bc := cfg.BenchConfig(6)
		bc.Workers = workers
		r, err := bench.Run(context.Background(), bc, func() (bench.Player, error) { return NewBenchPlayer(cfg) }, nil)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	one, two := run(1), run(2)
	for i, o := range one.Outcomes {
		if o.Detail != two.Outcomes[i].Detail || o.Result != two.Outcomes[i].Result {
			t.Errorf("game %d differs with 2 workers: %q vs %q", i, o.Detail, two.Outcomes[i].Detail)
		}
		side := "South"
		if i%2 == 1 {
			side = "North"
		}
		if !strings.Contains(o.Detail, "as "+side) {
			t.Errorf("game %d: %q, want the first player as %s", i, o.Detail, side)
		}
	}
	a := strings.Fields(one.Outcomes[0].Detail)[3][:DefaultOpeningPlies]
	b := strings.Fields(one.Outcomes[1].Detail)[3][:DefaultOpeningPlies]
	if a != b {
		t.Errorf("the pair opened %s and %s", a, b)
	}
}

func outcomes(w, d, l int) []bench.Outcome {
	var out []bench.Outcome
	for range w {
		out = append(out, bench.Outcome{Result: bench.Win})
	}
	for range d {
		out = append(out, bench.Outcome{Result: bench.Draw})
	}
	for range l {
		out = append(out, bench.Outcome{Result: bench.Loss})
	}
	return out
}

func TestSPRT(t *testing.T) {
	test, err := ParseSPRT("0,20")
	if err != nil {
		t.Fatal(err)
	}
	if d := test.Decision(outcomes(70, 10, 20)); d != 1 {
		t.Errorf("70-10-20: decision %d, want H1", d)
	}
	if d := test.Decision(outcomes(20, 10, 70)); d != -1 {
		t.Errorf("20-10-70: decision %d, want H0", d)
	}
	if d := test.Decision(outcomes(30, 0, 0)); d != 1 {
		t.Errorf("30 wins: decision %d, want H1", d)
	}
	if d := test.Decision(outcomes(5, 2, 4)); d != 0 {
		t.Errorf("5-2-4: decision %d, want to go on", d)
	}
	for _, bad := range []string{"10,0", "x,1", "5"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("ParseSPRT(%q) accepted", bad)
		}
	}
}

// sulker is an outside engine that answers its first searches and then
// stops, as a program that hangs would.
type sulker struct {
	moves int // searches answered before it stops
	err   error
}

func (s *sulker) Search(_ context.Context, g *oware.Game, _ search.Limits, _ func(search.Info)) search.Result {
	if s.moves == 0 {
		s.err = errors.New("the engine gave no answer within 1s")
		return search.Result{Move: oware.NoMove}
	}
	s.moves--
	return search.Result{Move: g.Legal().First()}
}
func (s *sulker) NewGame()     {}
func (s *sulker) Err() error   { return s.err }
func (s *sulker) Close() error { return nil }

// TestForfeit: an outside engine that stops answering loses that game by
// forfeit, with the reason, and is run afresh for the next.
func TestForfeit(t *testing.T) {
	first, _ := ParsePlayer("cmd:./sulker")
	second, _ := ParsePlayer("minimax@1")
	starts := 0
	cfg := Config{First: first, Second: second, Rules: oware.Abapa, Seed: 1,
		Start: func(string) (External, error) { starts++; return &sulker{moves: 2}, nil }}
	bc := cfg.BenchConfig(4)
	bc.Workers = 1
	r, err := bench.Run(context.Background(), bc, func() (bench.Player, error) { return NewBenchPlayer(cfg) }, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range r.Outcomes {
		if o.Result != bench.Loss || !strings.Contains(o.Forfeit, "no answer within 1s") {
			t.Errorf("game %d: result %v, forfeit %q", i, o.Result, o.Forfeit)
		}
	}
	if starts != 4 {
		t.Errorf("the engine was started %d times for 4 games, want once a game", starts)
	}
}

// TestPonderingMatch: a match where both engines ponder plays every game
// to the end, each a legal game, and leaves no search running.
func TestPonderingMatch(t *testing.T) {
	first, _ := ParsePlayer("pvs")
	second, _ := ParsePlayer("pvs:no-table")
	cfg := Config{First: first, Second: second, Rules: oware.Abapa, OpeningPlies: DefaultOpeningPlies, Seed: 5,
		MoveTime: 5 * time.Millisecond, HashMiB: 1, Ponder: true}
	bc := cfg.BenchConfig(4)
	bc.Workers = 1
	var players []*BenchPlayer
	r, err := bench.Run(context.Background(), bc, func() (bench.Player, error) {
		p, err := NewBenchPlayer(cfg)
		players = append(players, p)
		return p, err
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Outcomes) != 4 || !strings.Contains(bc.Name, "pondering") {
		t.Fatalf("%d games of %q", len(r.Outcomes), bc.Name)
	}
	for _, p := range players {
		for _, s := range p.sides {
			if pd, ok := s.s.(*pondering); !ok || pd.cancel != nil {
				t.Errorf("%v: %T still pondering after the run", s.player, s.s)
			}
		}
	}
}

// TestPonderHit: after its move, an engine ponders on the reply its
// principal variation predicts; when that reply is played its next search
// answers from where pondering left off, and when another is, afresh.
func TestPonderHit(t *testing.T) {
	p := &pondering{Searcher: search.NewEngine(search.EngineOptions{HashMiB: 1, Threads: 1}), predicted: oware.NoMove}
	g := oware.NewGame(oware.Start(), oware.Abapa)
	r := p.Search(context.Background(), g, search.Limits{Depth: 6}, nil)
	g.Play(r.Move)
	if p.predicted == oware.NoMove {
		t.Fatalf("no prediction from a depth 6 search, PV %v", r.PV)
	}
	p.Ponder(g, search.Limits{})
	if p.cancel == nil {
		t.Fatal("not pondering")
	}
	time.Sleep(20 * time.Millisecond)
	g.Play(p.predicted)
	if r := p.Search(context.Background(), g, search.Limits{Depth: 4}, nil); !g.Legal().Contains(r.Move) || p.cancel != nil {
		t.Errorf("after a hit: %v, pondering %v", r.Move, p.cancel != nil)
	}
	p.Ponder(g, search.Limits{})
	p.StopPondering()
	if p.cancel != nil {
		t.Error("StopPondering left it pondering")
	}
}
