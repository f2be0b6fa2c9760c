package breaker

import (
	"context"
	"errors"
	"strings"
	"testing"

	"gamelab/internal/bench"
	"gamelab/mastermind"
)

// stalling guesses once, then fails as a program that stops answering.
type stalling struct{ err error }

func (s *stalling) Guess(hints []mastermind.Hint) mastermind.Code {
	if len(hints) > 0 {
		s.err = errors.New("gave no answer within 1s")
		return nil
	}
	return mastermind.Code{1, 1, 2, 2}
}

func (s *stalling) Err() error { return s.err }

// TestForfeit: a breaker that fails forfeits its game, with the reason,
// and is made afresh for the next; without RenewWith the run stops.
func TestForfeit(t *testing.T) {
	made := 0
	renew := func() (Breaker, error) { made++; return &stalling{}, nil }
	cfg := bench.Config{Game: "mastermind", Metrics: Metrics, Games: 4, Seed: 1, Workers: 1}
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) {
		b, _ := renew()
		return NewBenchPlayer(b, 4, 6, cfg).RenewWith(renew), nil
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, o := range r.Outcomes {
		if o.Values[0] == 1 {
			continue // found at the first guess: no failure
		}
		if !strings.Contains(o.Forfeit, "no answer") || !o.Failed {
			t.Errorf("game %d: %+v", i, o)
		}
	}
	if made < 2 {
		t.Errorf("%d breakers made", made)
	}
	if _, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) {
		return NewBenchPlayer(&stalling{}, 4, 6, cfg), nil
	}, nil); err == nil {
		t.Error("without RenewWith a failure went unreported")
	}
}
