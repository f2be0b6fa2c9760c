package ntuple

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"gamelab/internal/cache"
)

// Run is a training run of the network cached in Dir: it goes on from
// the cached network (and its rates) unless Fresh, trains Games more
// games in stretches, and saves the network after each, so that a run
// interrupted or killed loses little. Alpha, if set, is the learning
// rate; otherwise each weight's own (temporal coherence), or plain TD's
// schedule (Rate) for a network begun without rates.
type Run struct {
	Dir     cache.Dir
	Games   int
	Alpha   float64
	Workers int
	Every   int     // games summed up in each Block
	Restart float64 // share of games begun from later positions (Trainer.Restart)
	Fresh   bool
}

// Between two saves of the network in training: at most saveEvery games,
// and, at the speed of the last stretch, about saveInterval of training.
// A save takes seconds (half a gigabyte compressed).
const (
	saveEvery    = 100_000
	saveInterval = 10 * time.Minute
)

// stretch returns the games of the next stretch of a training run, of
// left games to go, in whole blocks of every where it can: one block at
// first, then as many as take about saveInterval at the speed rate (games
// a second) of the last stretch.
func stretch(left, every int, rate float64) int {
	n := every
	if rate > 0 {
		n = max(every, int(rate*saveInterval.Seconds())/every*every)
	}
	return min(n, saveEvery, left)
}

// ErrTraining is returned by Train when another process is training the
// same cache directory's network.
var ErrTraining = errors.New("another gamelab 2048 train is training the network")

// Train runs r until its games are played or ctx is done (then it saves
// what it has and returns nil), telling report of every block of games
// (their Elapsed counted from the start of the run),
// and writing what it does (going on from a network, where it keeps it) as
// lines to log. It returns the games the network has been trained over in
// all. One run at a time trains a cache directory's network: two would
// each save over the other's games.
func (r Run) Train(ctx context.Context, log io.Writer, report func(Block)) (int64, error) {
	release, err := r.Dir.Hold(FileName)
	if errors.Is(err, cache.ErrBusy) {
		return 0, fmt.Errorf("%w in %s: let it finish, or stop it (an interrupt saves its games) and run this again", ErrTraining, r.Dir)
	}
	if err != nil {
		return 0, err
	}
	defer release()
	net, rates, trained := r.resume(log)
	rate := 0.0 // games a second in the last stretch
	start := time.Now()
	for left := r.Games; left > 0 && ctx.Err() == nil; {
		n := stretch(left, r.Every, rate)
		began, from := time.Now(), trained
		alpha := float32(r.Alpha)
		switch {
		case alpha != 0:
		case rates != nil:
			alpha = CoherenceAlpha
		default:
			alpha = Rate(trained)
		}
		t := Trainer{Net: net, Alpha: alpha, Rates: rates, Workers: r.Workers, Seed: uint64(trained), Every: r.Every, Restart: r.Restart}
		offset := began.Sub(start)
		err := t.Train(ctx, int(trained), n, func(b Block) {
			b.Elapsed += offset
			trained = int64(b.First + b.Games)
			report(b)
		})
		rate = float64(trained-from) / time.Since(began).Seconds()
		path, serr := SaveCached(r.Dir, net, trained)
		if serr != nil {
			return trained, fmt.Errorf("saving the network: %w", serr)
		}
		if rates != nil {
			if _, err := SaveRatesCached(r.Dir, rates, trained); err != nil {
				return trained, fmt.Errorf("saving the network's rates: %w", err)
			}
		}
		if err != nil {
			fmt.Fprintf(log, "stopped; %d games kept in %s\n", trained, path)
			break
		}
		left -= n
		if left == 0 {
			fmt.Fprintf(log, "%d games in all, kept in %s\n", trained, path)
		}
	}
	return trained, nil
}

// resume returns the network to train, its rates (nil for plain TD) and
// the games it was trained over: the cached one unless r.Fresh, else a
// new one that learns by temporal coherence.
func (r Run) resume(log io.Writer) (*Network, *Rates, int64) {
	if !r.Fresh {
		switch net, trained, err := LoadCached(r.Dir); {
		case err == nil:
			fmt.Fprintf(log, "going on from %d games\n", trained)
			// A network goes on learning as it began: by its rates if it
			// has them, else by plain TD (rates begun now, each at 1,
			// would undo what it learned at 0.01).
			switch rates, _, err := LoadRatesCached(r.Dir); {
			case err == nil:
				return net, rates, trained
			case errors.Is(err, cache.ErrMissing):
				fmt.Fprintln(log, "it learns by plain TD, as it began (--fresh starts a network that learns by temporal coherence)")
			default:
				fmt.Fprintf(log, "%v; it learns by plain TD\n", err) // damaged and set aside
			}
			return net, nil, trained
		case errors.Is(err, cache.ErrMissing):
		default:
			fmt.Fprintln(log, err) // damaged and set aside: start afresh
		}
	}
	return New(), NewRates(), 0
}
