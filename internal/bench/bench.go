// Package bench runs a game's AI over many games and summarises the results:
// the shared benchmark runner of every gamelab game.
//
// A run plays Config.Games games on a pool of workers. Game i is always
// played with the seeds the runner derives from the base seed Config.Seed
// and i. So a result depends only on the base seed, never on the number of
// workers or on how the run was split. --shard i/n plays every game whose
// index is i modulo n, and Merge joins the shard reports into the report of
// the whole run, whichever machines played them.
//
// Each worker owns one Player, made by the run's factory, so engines with
// caches or scratch memory need no locks.
//
// # What a player may see
//
// A benchmark measures a player only if nothing derived from the game's
// hidden state reaches it. Every game has two seeds:
//
//   - Game.Seed draws what the player must not know: the secret (Game.Secret
//     is drawn from it), the tile stream, the opponent's hidden rule. The
//     game's own code (the Player wrapper a game package writes around its
//     AI) uses it to set up the game, and the report records it so that a
//     game can be replayed afterwards. It is never handed to an AI.
//   - Game.PlayerSeed is the AI's randomness. It comes from a separate,
//     one-way derivation (SHA-256 of the base seed, the game's index and a
//     domain label), so neither the secret nor Game.Seed can be computed
//     from it.
//
// An AI therefore sees only what a person playing the game would see (the
// moves and the feedback the rules give), plus PlayerSeed. A game package's
// Player must pass nothing else: not the secret, not Game.Seed, not
// Game.Secret, not Outcome.Detail.
package bench

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"io"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// Game identifies one game of a run and carries what the runner derived
// for it. See the package documentation for who may see which field.
type Game struct {
	Index int // the game's index in the run

	// Seed is the game's own seed: it draws the secret, the tiles, the
	// opening. Never give it to an AI.
	Seed uint64
	// Secret is the index of the game's secret among Config.Secrets (0
	// when the run has none): game i itself when the run plays every
	// secret once, else a uniform draw from Seed. Never give it to an AI.
	Secret int
	// PlayerSeed seeds the AI's randomness; it reveals nothing of Seed.
	PlayerSeed uint64

	observer Observer
}

// Observe tells the run's observer, if it has one, of a step of the game:
// a move, a guess, a deal. What event holds is the game's business.
func (g Game) Observe(event any) {
	if g.observer != nil {
		g.observer.Step(g, event)
	}
}

// Watched reports whether the run has an observer: a game may then play
// step by step to report each, where it would play through faster.
func (g Game) Watched() bool { return g.observer != nil }

// Observer watches a run game by game and step by step: a game's --watch
// view is an Observer of the same run that plays the benchmark, so the two
// share one loop. Its methods are called from the worker playing the game;
// with more than one worker they must be safe for concurrent use, and an
// Observer that paces the games (a view that pauses) should run with one.
type Observer interface {
	Begin(g Game)           // before the game is played
	Step(g Game, event any) // each step the game reports with Game.Observe
	End(g Game, o Outcome)  // after it, with its outcome
}

// Player plays one game per call. A Player is used by one goroutine only;
// one that is an io.Closer (a program run as the player, say) is closed
// when its worker has played its games.
type Player interface {
	Play(ctx context.Context, g Game) (Outcome, error)
}

// PlayerFunc adapts a function to Player.
type PlayerFunc func(ctx context.Context, g Game) (Outcome, error)

// Play calls f.
func (f PlayerFunc) Play(ctx context.Context, g Game) (Outcome, error) { return f(ctx, g) }

// Shard selects the games with index Index modulo Count.
type Shard struct {
	Index int `json:"index"` // 0 to Count-1
	Count int `json:"count"` // the shards of the run, at least 1
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

// Size returns how many of a run's total games are in s.
func (s Shard) Size(total int) int {
	if s.Index >= total {
		return 0
	}
	return (total - s.Index + s.Count - 1) / s.Count
}

// Game returns the index in the whole run of s's k-th game.
func (s Shard) Game(k int) int { return s.Index + k*s.Count }

// MaxGames is the most games a run plays: each keeps its outcome in
// memory, and ten million take a few gigabytes at most.
const MaxGames = 10_000_000

// CheckGames reports whether a run of n games can be played.
func CheckGames(n int) error {
	if n < 1 || n > MaxGames {
		return fmt.Errorf("%d games: want 1 to %d", n, MaxGames)
	}
	return nil
}

// Config describes a run.
type Config struct {
	Game    string   `json:"game,omitempty"`    // the game's command name ("nerdle", "2048"), for tools that derive its figures
	Name    string   `json:"name"`              // what was measured, e.g. "nerdle length 8, standard rules, solver best"
	Metrics []Metric `json:"metrics"`           // what each Outcome.Values holds, in order
	Results bool     `json:"results,omitempty"` // games end in a win, a draw or a loss (Outcome.Result)
	Games   int      `json:"games"`             // games in the whole run
	// Secrets is the number of secrets the game draws from (0 if it has
	// none). When Games equals Secrets the run plays every secret once,
	// game i secret i; otherwise each game draws one from its seed.
	Secrets int `json:"secrets,omitempty"`
	// Secret is what the summary calls a secret ("every position once"):
	// "secret" if empty.
	Secret string `json:"secret,omitempty"`
	Seed   uint64 `json:"seed"`  // base seed
	Shard  Shard  `json:"shard"` // which part of the run this is

	Workers  int      `json:"-"` // goroutines; 0 means one per core
	Observer Observer `json:"-"` // told of every game and step; may be nil
	// Enough, if set, is asked after every game with the outcomes so far
	// (in the order they finished); once it says yes no game is started,
	// the games under way finish, and the run ends early without error: a
	// sequential test.
	Enough func(outcomes []Outcome) bool `json:"-"`
}

// Exhaustive reports whether the run plays every secret exactly once.
func (c Config) Exhaustive() bool { return c.Secrets > 0 && c.Games == c.Secrets }

// SeedFor returns the seed of game i of a run with base seed base: a
// SplitMix64 step, so neighbouring games get unrelated seeds.
func SeedFor(base uint64, i int) uint64 {
	z := base + uint64(i+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// PlayerSeedFor returns the AI's seed for game i of a run with base seed
// base. SeedFor is a bijection that a player could invert; this is one-way,
// so the player's seed tells it nothing of the game's.
func PlayerSeedFor(base uint64, i int) uint64 {
	var msg [len("gamelab player seed") + 16]byte
	n := copy(msg[:], "gamelab player seed")
	binary.LittleEndian.PutUint64(msg[n:], base)
	binary.LittleEndian.PutUint64(msg[n+8:], uint64(i))
	sum := sha256.Sum256(msg[:])
	return binary.LittleEndian.Uint64(sum[:8])
}

// GameFor returns game i of a run of cfg, with every seed derived.
func GameFor(cfg Config, i int) Game {
	g := Game{Index: i, Seed: SeedFor(cfg.Seed, i), PlayerSeed: PlayerSeedFor(cfg.Seed, i), observer: cfg.Observer}
	switch {
	case cfg.Exhaustive():
		g.Secret = i
	case cfg.Secrets > 0:
		g.Secret = rand.New(rand.NewPCG(g.Seed, 0)).IntN(cfg.Secrets)
	}
	return g
}

// Progress is told of every finished game; see Bar.
type Progress interface {
	Update(done, total int)
	Finish()
}

// pendingBatch is the outcomes a worker has not yet handed over, which
// the collector takes itself from a worker it has stopped waiting for.
type pendingBatch struct {
	mu    sync.Mutex
	batch []Outcome
}

// add appends o and returns how many outcomes are held.
func (b *pendingBatch) add(o Outcome) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.batch = append(b.batch, o)
	return len(b.batch)
}

// len returns how many outcomes are held.
func (b *pendingBatch) len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.batch)
}

// take returns the outcomes held and holds none, with room for size.
func (b *pendingBatch) take(size int) []Outcome {
	b.mu.Lock()
	defer b.mu.Unlock()
	batch := b.batch
	b.batch = make([]Outcome, 0, size)
	return batch
}

// stopGrace is how long a cancelled run waits for the games under way.
const stopGrace = 500 * time.Millisecond

// Run plays the games of cfg's shard, each on a Player made by newPlayer
// (once per worker), and returns the report. It stops at the first error
// or when ctx is done; it then returns the report of the games finished so
// far (incomplete) with what went wrong, without waiting more than
// stopGrace for games under way.

func Run(ctx context.Context, cfg Config, newPlayer func() (Player, error), progress Progress) (*Report, error) {
	if err := CheckGames(cfg.Games); err != nil {
		return nil, err
	}
	if cfg.Shard.Count == 0 {
		cfg.Shard = Whole
	}
	games := cfg.Shard.Size(cfg.Games)
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, games))

	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	// Workers take the next game by a counter and hand their outcomes over
	// in batches: games of a few microseconds would otherwise spend more
	// time passing through channels than being played.
	var next atomic.Int64
	var stop atomic.Bool // enough games: take no more
	batchSize, results := maxBatch, make(chan []Outcome, workers)
	if cfg.Enough != nil {
		// A run that may stop early hears of every game at once, and each
		// outcome is weighed before its worker starts the next game, so
		// that few are played past the verdict.
		batchSize, results = 1, make(chan []Outcome)
	}
	// abandoned is closed when the run stops waiting for games still
	// under way after it was cancelled; the collector then takes the
	// outcomes each worker holds (pending) and the workers drop the rest.
	abandoned := make(chan struct{})
	pending := make([]pendingBatch, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			p, err := newPlayer()
			if err != nil {
				cancel(err)
				return
			}
			if c, ok := p.(io.Closer); ok {
				defer c.Close()
			}
			held := &pending[w]
			held.batch = make([]Outcome, 0, batchSize)
			flushed := time.Now()
			// The collector drains results until every worker is done, so
			// a flush never blocks for good, and a game finished as the
			// run is cancelled is still reported.
			flush := func() {
				batch := held.take(batchSize)
				select {
				case results <- batch:
				case <-abandoned:
				}
				flushed = time.Now()
			}
			for !stop.Load() && ctx.Err() == nil {
				k := int(next.Add(1) - 1)
				if k >= games {
					break
				}
				o, err := play(ctx, p, GameFor(cfg, cfg.Shard.Game(k)))
				if err != nil {
					cancel(err)
					return
				}
				if n := held.add(o); n >= batchSize || time.Since(flushed) >= batchTime {
					flush()
				}
			}
			if held.len() > 0 {
				flush()
			}
		})
	}
	go func() { wg.Wait(); close(results) }()

	start, cpuStart := time.Now(), processCPU()
	outcomes := make([]Outcome, 0, min(games, 1<<16))
	stopped := false
	// Once the run is cancelled (an interrupt, a player that failed), the
	// games under way have stopGrace to end: a player that does not watch
	// the context must not hold the run, and the process, past it.
	cancelled, grace := ctx.Done(), (<-chan time.Time)(nil)
collect:
	for {
		select {
		case batch, ok := <-results:
			if !ok {
				break collect
			}
			for _, o := range batch {
				outcomes = append(outcomes, o)
				if progress != nil {
					progress.Update(len(outcomes), games)
				}
				if !stopped && cfg.Enough != nil && cfg.Enough(outcomes) {
					stopped = true
					stop.Store(true)
				}
			}
		case <-cancelled:
			cancelled, grace = nil, time.After(stopGrace)
		case <-grace:
			close(abandoned)
			for w := range pending {
				outcomes = append(outcomes, pending[w].take(0)...)
			}
			break collect
		}
	}
	if progress != nil {
		progress.Finish()
	}
	outcomes = inOrder(outcomes, cfg.Shard, games)
	r := &Report{Config: cfg, Wall: time.Since(start), CPU: processCPU() - cpuStart, Workers: workers, Outcomes: outcomes}
	if len(outcomes) < games && !stopped {
		return r, fmt.Errorf("benchmark stopped after %d of %d games: %w", len(outcomes), games, context.Cause(ctx))
	}
	return r, nil
}

// inOrder returns the outcomes of a shard of n games in game order: game
// Index+k·Count is the shard's k-th, so each goes straight to its place.
func inOrder(outcomes []Outcome, s Shard, n int) []Outcome {
	if len(outcomes) == n {
		// Every game is there: each goes to its place by swaps, in place.
		for i := range outcomes {
			for k := (outcomes[i].Game - s.Index) / s.Count; k != i; k = (outcomes[i].Game - s.Index) / s.Count {
				outcomes[i], outcomes[k] = outcomes[k], outcomes[i]
			}
		}
		return outcomes
	}
	ordered := make([]Outcome, n)
	filled := make([]bool, n)
	for _, o := range outcomes {
		k := (o.Game - s.Index) / s.Count
		ordered[k], filled[k] = o, true
	}
	outcomes = outcomes[:0]
	for k, o := range ordered {
		if filled[k] {
			outcomes = append(outcomes, o)
		}
	}
	return outcomes
}

// A worker hands over its outcomes every maxBatch games or batchTime,
// whichever comes first, so that progress stays live with slow games.
const (
	maxBatch  = 64
	batchTime = 20 * time.Millisecond
)

// play plays game g on p, telling the observer, and fills in the outcome's
// bookkeeping.
func play(ctx context.Context, p Player, g Game) (Outcome, error) {
	if g.observer != nil {
		g.observer.Begin(g)
	}
	start := time.Now()
	o, err := p.Play(ctx, g)
	if err != nil {
		return Outcome{}, fmt.Errorf("game %d (seed %d): %w", g.Index, g.Seed, err)
	}
	o.Game, o.Seed = g.Index, g.Seed
	if o.Elapsed == 0 {
		o.Elapsed = time.Since(start)
	}
	if g.observer != nil {
		g.observer.End(g, o)
	}
	return o, nil
}
