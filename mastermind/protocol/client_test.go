package protocol

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"gamelab/internal/bench"
	"gamelab/mastermind/breaker"
)

// breakerEnv makes the test binary a codebreaker program of the kind it
// names, for the client's tests.
const breakerEnv = "GAMELAB_TEST_MASTERMIND_BREAKER"

func TestMain(m *testing.M) {
	switch os.Getenv(breakerEnv) {
	case "":
		os.Exit(m.Run())
	case "knuth":
		f, _ := breaker.Lookup("knuth")
		b, _ := f(4, 6, breaker.Options{})
		Serve(context.Background(), os.Stdin, os.Stdout, Config{Pegs: 4, Colours: 6, Breaker: b})
	case "silent":
		os.Stdin.Read(make([]byte, 1))
	}
	os.Exit(0)
}

// TestClientBench: Knuth's codebreaker as a program, through the client,
// plays every secret of 4 pegs over 6 colours as it does in process: 5,801
// guesses in all.
func TestClientBench(t *testing.T) {
	t.Setenv(breakerEnv, "knuth")
	f := func() (bench.Player, error) {
		c, err := Start(context.Background(), os.Args[0], 4, 6, 0)
		if err != nil {
			return nil, err
		}
		cfg := bench.Config{Games: 1296, Secrets: 1296}
		return breaker.NewBenchPlayer(c, 4, 6, cfg), nil
	}
	b, _ := breaker.Lookup("knuth")
	k, _ := b(4, 6, breaker.Options{})
	cfg := breaker.BenchConfig(k, "cmd:knuth", 4, 6, 0, 1)
	cfg.Workers = 2
	r, err := bench.Run(context.Background(), cfg, f, nil)
	if err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, o := range r.Outcomes {
		total += o.Values[0]
	}
	if len(r.Outcomes) != 1296 || total != 5801 {
		t.Errorf("%d games, %v guesses; want 1296, 5801", len(r.Outcomes), total)
	}
}

// TestClientSilent: a program that writes nothing is given up on.
func TestClientSilent(t *testing.T) {
	t.Setenv(breakerEnv, "silent")
	_, err := Start(context.Background(), os.Args[0], 4, 6, 200*time.Millisecond)
	if err == nil || !strings.Contains(err.Error(), "gave no answer") {
		t.Errorf("a silent codebreaker: %v", err)
	}
}
