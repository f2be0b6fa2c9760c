package protocol

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"gamelab/internal/bench"
	"gamelab/nerdle/solve"
)

// selfAs returns the command that runs the test binary as a solver of
// kind (see TestMain).
func selfAs(t *testing.T, kind string) string {
	t.Helper()
	t.Setenv(solverEnv, kind)
	return os.Args[0]
}

// TestClientBench: a solver program, through the client, plays a whole
// benchmark as our solvers do, game after game.
func TestClientBench(t *testing.T) {
	u := u6(t)
	command := selfAs(t, "random")
	factory := func(*solve.Universe) (solve.Solver, error) { return Start(context.Background(), command, 0) }
	cfg := solve.BenchConfig(u, "cmd:random", 12, 1)
	cfg.Workers = 2
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return solve.NewBenchPlayer(u, factory, 6) }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Outcomes) != 12 {
		t.Errorf("%d games played", len(r.Outcomes))
	}
}

// TestClientSilent: a program that writes nothing is given up on after
// the timeout, with a reason.
func TestClientSilent(t *testing.T) {
	start := time.Now()
	_, err := Start(context.Background(), selfAs(t, "silent"), 200*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "gave no answer") {
		t.Errorf("a silent solver: %v", err)
	}
	if time.Since(start) > 5*time.Second {
		t.Errorf("took %v", time.Since(start))
	}
}
