package protocol

import (
	"context"
	"os"
	"testing"

	"gamelab/internal/bench"
	"gamelab/pdd"
	"gamelab/pdd/learn"
)

// playerEnv makes the test binary a player program, for the client's
// tests.
const playerEnv = "GAMELAB_TEST_PDD_PLAYER"

func TestMain(m *testing.M) {
	if os.Getenv(playerEnv) == "" {
		os.Exit(m.Run())
	}
	x, _ := pdd.Parse("anything")
	seat, _ := NewSeat("learner", x.Rule(), pdd.Band{}, 1)
	Serve(os.Stdin, os.Stdout, Config{Player: seat, Rule: x})
	os.Exit(0)
}

// TestClientTournament seats a learner run as a program among in-process
// players: every game ends, with a winner or out of cards, and the
// program's seat wins some.
func TestClientTournament(t *testing.T) {
	t.Setenv(playerEnv, "learner")
	tour := learn.Tournament{Players: []string{"simple", "cmd:" + os.Args[0], "simple"}, Packs: 1, Band: pdd.Permissive,
		Outside: func(command, label string) (learn.Seat, error) {
			return StartSeat(context.Background(), command, label, 0)
		}}
	cfg := learn.BenchConfig(tour, 30, 1)
	cfg.Workers = 2
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return learn.NewBenchPlayer(tour) }, nil)
	if err != nil {
		t.Fatal(err)
	}
	won := 0
	for _, o := range r.Outcomes {
		won += int(o.Values[2])
	}
	if len(r.Outcomes) != 30 || won == 0 {
		t.Errorf("%d games, %d won by the program", len(r.Outcomes), won)
	}
}
