package ntuple

import (
	"context"
	"errors"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"gamelab/twenty48"
)

// Trainer teaches a network by playing games against itself: each move
// the one rated best (its points plus the rating of its afterstate); at
// the end of a game every afterstate's rating is moved towards what
// followed it, last first, so the final outcome reaches the opening in one
// pass (TD(0) learning of afterstates, backwards).
type Trainer struct {
	Net *Network
	// Alpha is the learning rate: the share of its error by which each
	// rating moves (0.1 learns fast; smaller rates refine). With Rates,
	// it scales each weight's own rate (CoherenceAlpha).
	Alpha float32
	// Rates, if not nil, are the network's rates of temporal coherence
	// learning, which it then learns by. Train promotes them with the
	// network; rates of two stages for a network of one are an error.
	Rates *Rates
	// Workers is the number of games played at once; zero means one per
	// core.
	Workers int
	// Seed and the game's number seed each game, so a run is the same
	// games whatever its workers (though not the same network: workers
	// interleave their updates).
	Seed uint64
	// Every is the number of games in each Block reported (default 1000).
	Every int
	// Restart is the share of games that begin where an earlier game of
	// the run first made a 4096, 8192, 16384 or 32768 (each stage reached
	// as likely), instead of on an empty board. Few games from the empty
	// board get far enough to learn the late game, which decides the
	// largest tiles; restarts train it as often as the opening (the
	// "carousel shaping" of Jaśkowski, 2018). Blocks report the games from
	// the empty board only.
	Restart float64
}

// stages are the exponents of the tiles whose first appearance a game
// keeps as a position to restart from.
var stages = [...]uint8{12, 13, 14, 15}

// restarts keeps, for each stage, the latest positions where games first
// made its tile.
type restarts struct {
	mu     sync.Mutex
	boards [len(stages)][]twenty48.Board
	next   [len(stages)]int
}

// keep is how many positions each stage holds: enough that restarts do
// not replay a few games over and over.
const keep = 4096

func (r *restarts) add(stage int, b twenty48.Board) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.boards[stage]) < keep {
		r.boards[stage] = append(r.boards[stage], b)
		return
	}
	r.boards[stage][r.next[stage]] = b
	r.next[stage] = (r.next[stage] + 1) % keep
}

// pick returns a position of a stage chosen by u, or false if no game got
// that far yet.
func (r *restarts) pick(u uint64) (twenty48.Board, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	reached := 0
	for _, bs := range r.boards {
		if len(bs) > 0 {
			reached++
		}
	}
	if reached == 0 {
		return 0, false
	}
	k := int(u>>32) % reached
	for _, bs := range r.boards {
		if len(bs) == 0 {
			continue
		}
		if k == 0 {
			return bs[int(u&0xFFFFFFFF)%len(bs)], true
		}
		k--
	}
	return 0, false
}

// Block sums up consecutive training games.
type Block struct {
	First, Games int           // the number of the first game of the block, and how many
	Moves        int64         // played in all the block's games
	Elapsed      time.Duration // since the run began
	// Fresh is the number of games from the empty board: the figures
	// below are theirs (restarted games begin part way).
	Fresh     int
	MeanScore float64
	MaxScore  uint64
	Reached   [16]int // games whose largest tile had this exponent or more
}

// Share returns the share of the block's games that reached the tile of
// exponent e.
func (b Block) Share(e int) float64 { return float64(b.Reached[e]) / float64(max(1, b.Fresh)) }

// Train plays games games, numbered from first, reporting each block as it
// ends (in order, from one goroutine) and the last one, however short. A
// network of one stage is promoted first if first is PromoteAfter or more. It
// stops early, with ctx's error, when ctx is done; games under way are
// finished first and counted.
func (t *Trainer) Train(ctx context.Context, first, games int, report func(Block)) error {
	if !t.Net.Staged() && first >= PromoteAfter {
		t.Net.Promote()
	}
	if t.Rates != nil && t.Rates.staged != t.Net.staged {
		if !t.Net.staged {
			return errors.New("the rates have two stages in use, the network one")
		}
		t.Rates.promote()
	}
	workers := t.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	every := t.Every
	if every <= 0 {
		every = 1000
	}
	type result struct {
		score  uint64
		maxExp uint8
		moves  int
		fresh  bool
	}
	var pool restarts
	var next atomic.Int64
	results := make(chan result, 4*workers)
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			var path []step
			for ctx.Err() == nil {
				i := next.Add(1) - 1
				if i >= int64(games) {
					return
				}
				var r result
				path, r.score, r.maxExp, r.fresh = t.learnGame(t.gameSeed(first+int(i)), &pool, path[:0])
				r.moves = len(path)
				results <- r
			}
		})
	}
	go func() { wg.Wait(); close(results) }()

	start := time.Now()
	blk := Block{First: first}
	var total float64
	flush := func() {
		blk.MeanScore = total / float64(max(1, blk.Fresh))
		blk.Elapsed = time.Since(start)
		report(blk)
		blk = Block{First: blk.First + blk.Games}
		total = 0
	}
	for r := range results {
		blk.Games++
		blk.Moves += int64(r.moves)
		if r.fresh {
			blk.Fresh++
			total += float64(r.score)
			blk.MaxScore = max(blk.MaxScore, r.score)
			for e := 0; e <= int(r.maxExp); e++ {
				blk.Reached[e]++
			}
		}
		if blk.Games == every {
			flush()
		}
	}
	if blk.Games > 0 {
		flush()
	}
	return ctx.Err()
}

// gameSeed returns the seed of training game i.
func (t *Trainer) gameSeed(i int) uint64 {
	s := twenty48.NewStream(t.Seed ^ uint64(i)*0xd1b54a32d192ed03)
	return s.Next()
}

// step is one move of a training game: the afterstate and the move's
// points.
type step struct {
	after  twenty48.Board
	points uint32
}

// learnGame plays one game from seed, always the best-rated move, then
// learns from it. With the chance Restart it begins at a position of the
// pool, if it has one; otherwise on the empty board, and it gives the pool
// the positions where it first makes each stage's tile. It returns the
// moves (in path's storage), the score, the largest tile's exponent and
// whether it began on the empty board.
func (t *Trainer) learnGame(seed uint64, pool *restarts, path []step) ([]step, uint64, uint8, bool) {
	n, restart := t.Net, t.Restart
	rng := twenty48.NewStream(seed)
	b, restarted := twenty48.Board(0), false
	if restart > 0 && float64(rng.Next()>>11)/(1<<53) < restart {
		b, restarted = pool.pick(rng.Next())
	}
	if !restarted {
		b = b.Spawn(rng.Next()).Spawn(rng.Next())
	}
	stage := 0
	for stage < len(stages) && b.MaxExp() >= stages[stage] {
		stage++
	}
	var score uint64
	for {
		_, after, points, ok := n.Best(b)
		if !ok {
			break
		}
		path = append(path, step{after, points})
		score += uint64(points)
		b = after.Spawn(rng.Next())
		if stage < len(stages) && after.MaxExp() >= stages[stage] {
			if restart > 0 {
				pool.add(stage, b)
			}
			stage++
		}
	}
	target := float32(0) // nothing follows the last afterstate
	for i := len(path) - 1; i >= 0; i-- {
		s := path[i]
		err := target - n.Value(s.after)
		if t.Rates != nil {
			target = float32(s.points) + n.addCoherent(s.after, err, t.Alpha, t.Rates)
		} else {
			target = float32(s.points) + n.add(s.after, t.Alpha*err)
		}
	}
	return path, score, b.MaxExp(), !restarted
}

// PromoteAfter is the number of games after which training promotes a
// network to two stages (see Network.Promote): by then it plays well
// enough that the second stage starts from a sound late game.
const PromoteAfter = 500_000

// CoherenceAlpha is the rate by which training with Rates scales each
// weight's own: 1, each weight moving by its own rate alone (Jaśkowski's
// choice, and the one measured in Rates' doc).
const CoherenceAlpha = 1

// Rate returns the learning rate of plain TD(0) after games games: 0.1 while the network
// is young, then 0.01 to refine what it learned (a higher rate keeps
// trading one position's lesson for another's).
func Rate(games int64) float32 {
	if games < 500_000 {
		return 0.1
	}
	return 0.01
}
