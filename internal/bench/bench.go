// Package bench runs a game's AI over many games and summarises the results:
// the shared benchmark runner of every gamelab game.
//
// A run plays Config.Games games on a pool of workers. Game i is always
// played with the seed SeedFor(Config.Seed, i), so a result depends only on
// the base seed and never on the number of workers or on how the run was
// split: --shard i/n plays every game whose index is i modulo n, and Merge
// joins the shard reports into the report of the whole run, whichever
// machines played them.
//
// Each worker owns one Player, made by the run's factory, so engines with
// caches or scratch memory need no locks.
package bench

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"
)

// Outcome is the result of one game.
type Outcome struct {
	Game    int           `json:"game"`             // index of the game in the run
	Seed    uint64        `json:"seed"`             // the seed it was played with
	Value   float64       `json:"value"`            // the measured quantity: guesses, score, …
	Failed  bool          `json:"failed,omitempty"` // lost, over the limit, …
	Elapsed time.Duration `json:"elapsed_ns"`       // time spent in Play
	Detail  string        `json:"detail,omitempty"` // e.g. the secret
}

// Game identifies one game of a run: its index, and the seed derived from
// the run's base seed and the index.
type Game struct {
	Index int
	Seed  uint64
}

// Player plays one game per call. A Player is used by one goroutine only.
type Player interface {
	Play(ctx context.Context, g Game) (Outcome, error)
}

// PlayerFunc adapts a function to Player.
type PlayerFunc func(ctx context.Context, g Game) (Outcome, error)

// Play calls f.
func (f PlayerFunc) Play(ctx context.Context, g Game) (Outcome, error) { return f(ctx, g) }

// Shard selects the games with index Index modulo Count.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// Whole is the shard of a run that is not split.
var Whole = Shard{0, 1}

// String returns the shard as users write it, "i/n".
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// ParseShard reads "i/n" with 0 <= i < n.
func ParseShard(s string) (Shard, error) {
	var sh Shard
	var rest string
	if n, _ := fmt.Sscanf(s, "%d/%d%s", &sh.Index, &sh.Count, &rest); n != 2 {
		return Shard{}, fmt.Errorf("shard %q: want i/n, such as 0/4", s)
	}
	if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
		return Shard{}, fmt.Errorf("shard %q: want 0 <= i < n", s)
	}
	return sh, nil
}

// Games returns the indices of the games of a run of total games in s.
func (s Shard) Games(total int) []int {
	var out []int
	for i := s.Index; i < total; i += s.Count {
		out = append(out, i)
	}
	return out
}

// Config describes a run.
type Config struct {
	Name    string `json:"name"`  // what was measured, e.g. "nerdle/8 default"
	Unit    string `json:"unit"`  // the unit of Outcome.Value, e.g. "guesses"
	Games   int    `json:"games"` // games in the whole run
	Seed    uint64 `json:"seed"`  // base seed
	Shard   Shard  `json:"shard"` // which part of the run this is
	Workers int    `json:"-"`     // goroutines; 0 means one per core
}

// SeedFor returns the seed of game i of a run with base seed base: a
// SplitMix64 step, so neighbouring games get unrelated seeds.
func SeedFor(base uint64, i int) uint64 {
	z := base + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Progress is told of every finished game; see Bar.
type Progress interface {
	Update(done, total int)
	Finish()
}

// Run plays the games of cfg's shard, each on a Player made by newPlayer
// (once per worker), and returns the report. It stops at the first error
// or when ctx is done, returning what went wrong.
func Run(ctx context.Context, cfg Config, newPlayer func() (Player, error), progress Progress) (*Report, error) {
	if cfg.Games < 1 {
		return nil, fmt.Errorf("%d games: a run needs at least one", cfg.Games)
	}
	if cfg.Shard.Count == 0 {
		cfg.Shard = Whole
	}
	games := cfg.Shard.Games(cfg.Games)
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, len(games)))

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	jobs := make(chan int)
	results := make(chan Outcome)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			p, err := newPlayer()
			if err != nil {
				cancel(err)
				return
			}
			for i := range jobs {
				seed := SeedFor(cfg.Seed, i)
				start := time.Now()
				o, err := p.Play(ctx, Game{i, seed})
				if err != nil {
					cancel(fmt.Errorf("game %d (seed %d): %w", i, seed, err))
					return
				}
				o.Game, o.Seed = i, seed
				if o.Elapsed == 0 {
					o.Elapsed = time.Since(start)
				}
				select {
				case results <- o:
				case <-ctx.Done():
					return
				}
			}
		})
	}
	go func() {
		defer close(jobs)
		for _, i := range games {
			select {
			case jobs <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(results) }()

	start := time.Now()
	outcomes := make([]Outcome, 0, len(games))
	for o := range results {
		outcomes = append(outcomes, o)
		if progress != nil {
			progress.Update(len(outcomes), len(games))
		}
	}
	if progress != nil {
		progress.Finish()
	}
	if len(outcomes) < len(games) {
		return nil, fmt.Errorf("benchmark stopped after %d of %d games: %w", len(outcomes), len(games), context.Cause(ctx))
	}
	slices.SortFunc(outcomes, func(a, b Outcome) int { return a.Game - b.Game })
	return &Report{Config: cfg, Wall: time.Since(start), Workers: workers, Outcomes: outcomes}, nil
}
