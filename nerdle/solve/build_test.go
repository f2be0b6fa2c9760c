package solve

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"gamelab/internal/bench"
	"gamelab/internal/cache"
	"gamelab/nerdle"
)

// TestBuildKeepsTheBetterTree: a build caches the tree it finds and the
// book then plays it; a later, worse build keeps the cached tree unless
// forced, and says so.
func TestBuildKeepsTheBetterTree(t *testing.T) {
	u, err := NewUniverse(5, nerdle.Standard, cache.Dir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	if advice := strings.Join(NewBook(u, nil).Advice(), "\n"); !strings.Contains(advice, "no decision tree cached for length 5") {
		t.Errorf("advice without a tree: %q", advice)
	}
	var log bytes.Buffer
	summary, err := Build{}.Run(context.Background(), u, &log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(summary, "485 guesses over 156 secrets") || !strings.Contains(summary, "saved to") {
		t.Errorf("first build: %q", summary)
	}
	if !strings.Contains(log.String(), "searching length 5") {
		t.Errorf("log: %q", log.String())
	}
	worse := Build{Openers: 1, Width: 1}
	summary, err = worse.Run(context.Background(), u, &log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(summary, "kept the cached tree, which is better: 485 guesses") {
		t.Errorf("a worse build: %q", summary)
	}
	worse.Force = true
	if summary, err = worse.Run(context.Background(), u, &log); err != nil || strings.Contains(summary, "kept the cached") {
		t.Errorf("a worse build, forced: %q, %v", summary, err)
	}
}

// stalling guesses twice, then fails as a program that stops answering.
type stalling struct {
	u     *Universe
	left  int
	err   error
	index int
}

func (s *stalling) Guess(h History) (nerdle.Equation, error) {
	if s.left == 0 {
		s.err = errors.New("gave no answer within 1s")
		return 0, s.err
	}
	s.left--
	s.index++
	return s.u.All[s.index%len(s.u.All)], nil
}

func (s *stalling) Err() error { return s.err }

// TestForfeit: a solver that fails forfeits its game, with the reason,
// and is made afresh for the next.
func TestForfeit(t *testing.T) {
	u := universe(t, 5)
	made := 0
	f := func(u *Universe) (Solver, error) { made++; return &stalling{u: u, left: 2}, nil }
	cfg := BenchConfig(u, "stalling", 4, 1)
	cfg.Workers = 1
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(u, f, 6) }, nil)
	if err != nil {
		t.Fatal(err)
	}
	forfeits := 0
	for _, o := range r.Outcomes {
		if o.Forfeit != "" {
			forfeits++
		}
	}
	if forfeits == 0 || made < 2 {
		t.Errorf("%d forfeits, %d solvers made", forfeits, made)
	}
}
