package search

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"gamelab/oware"
)

// Tablebase is an endgame database: the exact value of positions with few
// seeds on the board.
type Tablebase interface {
	// Bounds returns the least and the most of the seeds on the board the
	// side to move captures from p under best play, and false if p is
	// beyond the database. They differ where a cycle's end decides.
	Bounds(p oware.Position) (lo, hi int, ok bool)
}

// Features are the engine's ingredients, each of which can be switched
// off to measure what it is worth (oware match between two settings).
type Features struct {
	NoTable       bool // no transposition table
	NoOrdering    bool // moves in house order: no table move, captures, killers or history first
	NoReductions  bool // no late-move reductions
	NoQuiescence  bool // leaves rated as they stand, captures pending or not
	NoTablebase   bool // the endgame database unused even when given
	NoAspirations bool // each iteration with a full window
}

// EngineOptions configure the default engine; the zero value is the
// strongest setting without an endgame database.
type EngineOptions struct {
	HashMiB   int       // transposition table size; 0: DefaultHashMiB
	Threads   int       // search threads sharing the table; 0: every core
	Weights   *Weights  // the evaluation; nil: DefaultWeights
	Tablebase Tablebase // an endgame database, or nil
	Features  Features
}

// DefaultHashMiB is the transposition table's size unless told.
const DefaultHashMiB = 64

// maxPly bounds the plies of a search and its quiescence.
const maxPly = 2 * MaxDepth

// Engine is the default player: negamax with alpha-beta and principal
// variation search, iterative deepening within the time given, a
// transposition table shared by one search thread per core (lazy SMP),
// captures, killers and history first, late-move reductions, a quiescence
// search of captures, repetitions scored as the rules end them, and the
// endgame database where it reaches.
type Engine struct {
	opts EngineOptions
	tt   *table
	eval *evaluator
	age  uint8
}

// NewEngine returns an engine with the given options.
func NewEngine(o EngineOptions) *Engine {
	if o.HashMiB <= 0 {
		o.HashMiB = DefaultHashMiB
	}
	if o.Threads <= 0 {
		o.Threads = runtime.NumCPU()
	}
	w := DefaultWeights
	if o.Weights != nil {
		w = *o.Weights
	}
	if o.Features.NoTablebase {
		o.Tablebase = nil
	}
	// The database holds Abapa's values; other rules see other games.
	return &Engine{opts: o, tt: newTable(o.HashMiB), eval: newEvaluator(w)}
}

// NewGame forgets what earlier searches stored.
func (e *Engine) NewGame() { e.tt.clear() }

// Search implements Searcher.
func (e *Engine) Search(ctx context.Context, g *oware.Game, limits Limits, report func(Info)) Result {
	start := time.Now()
	if g.Over() {
		return Result{Move: oware.NoMove}
	}
	e.age++
	var stop atomic.Bool
	if limits.MoveTime > 0 {
		timer := time.AfterFunc(limits.MoveTime, func() { stop.Store(true) })
		defer timer.Stop()
	}
	done := context.AfterFunc(ctx, func() { stop.Store(true) })
	defer done()

	history := sinceCapture(g)
	var nodes atomic.Uint64
	workers := make([]*worker, e.opts.Threads)
	for i := range workers {
		workers[i] = newWorker(e, g.Rules(), history, &stop, &nodes)
	}
	var wg sync.WaitGroup
	for _, w := range workers[1:] {
		wg.Go(func() { w.iterate(limits, start, nil, 1) })
	}
	result := workers[0].iterate(limits, start, report, 0)
	stop.Store(true)
	wg.Wait()
	result.Nodes = nodes.Load()
	result.Time = time.Since(start)
	return result
}

// worker is one search thread: its own stacks, killers and history, the
// table shared.
type worker struct {
	e         *Engine
	rules     oware.Rules
	features  Features
	base      int      // index in keys of the root
	keys      []uint64 // keys of the positions since the last capture, then of the search path
	stop      *atomic.Bool
	shared    *atomic.Uint64 // nodes of all threads
	nodes     uint64         // nodes not yet added to shared
	killers   [maxPly + 1]oware.Move
	history   [2][oware.HouseCount]int32
	pv        [maxPly + 1][maxPly + 1]oware.Move
	pvLen     [maxPly + 1]int
	root      oware.Position
	rootScore Score // the score of the root's best move so far at this depth
}

func newWorker(e *Engine, rules oware.Rules, history []oware.Position, stop *atomic.Bool, nodes *atomic.Uint64) *worker {
	w := &worker{e: e, rules: rules, features: e.opts.Features, stop: stop, shared: nodes}
	w.keys = make([]uint64, len(history)+maxPly+2)
	for i, p := range history {
		w.keys[i] = Key(p)
	}
	w.base = len(history) - 1
	w.root = history[len(history)-1]
	for i := range w.killers {
		w.killers[i] = oware.NoMove
	}
	return w
}

// iterate deepens one ply at a time until a limit; helper threads (id >
// 0) search every other depth one deeper, to fill the table ahead of the
// main thread.
func (w *worker) iterate(limits Limits, start time.Time, report func(Info), id int) Result {
	result := Result{Move: oware.NoMove}
	last := MaxDepth
	if limits.Depth > 0 {
		last = limits.Depth
	}
	var score Score
	for depth := 1; depth <= last; depth++ {
		d := depth
		if id > 0 && depth&1 == id&1 && depth < last {
			d++
		}
		move, s, complete := w.aspire(d, score)
		if !complete {
			// A root move searched to the end of this depth and found
			// better than the rest so far is better informed than the
			// last depth's choice.
			if move != oware.NoMove {
				result.Move, result.Score = move, w.rootScore
				result.PV = append(result.PV[:0], w.pv[0][:w.pvLen[0]]...)
			}
			break
		}
		result.Move, result.Score = move, s
		result.PV = append(result.PV[:0], w.pv[0][:w.pvLen[0]]...)
		score = s
		w.flush()
		result.Depth = d
		result.Nodes = w.shared.Load()
		result.Time = time.Since(start)
		if report != nil {
			report(result.Info)
		}
		if s.Decided() && int(WinScore-abs(s)) <= d {
			break // a forced end within the horizon: deeper shows nothing new
		}
		if limits.MoveTime > 0 && time.Since(start) > limits.MoveTime*6/10 {
			break // the next depth would not finish
		}
	}
	w.flush()
	if result.Move == oware.NoMove {
		result.Move = w.root.Legal(w.rules).First()
	}
	return result
}

func abs(s Score) Score {
	if s < 0 {
		return -s
	}
	return s
}

func (w *worker) flush() {
	w.shared.Add(w.nodes)
	w.nodes = 0
}

// aspire searches the root to depth in a window around the last score,
// widening it when the score falls outside.
func (w *worker) aspire(depth int, last Score) (oware.Move, Score, bool) {
	if depth < 4 || w.features.NoAspirations {
		return w.searchRoot(depth, -WinScore-1, WinScore+1)
	}
	delta := Score(50)
	alpha, beta := max(last-delta, -WinScore-1), min(last+delta, WinScore+1)
	for {
		move, s, complete := w.searchRoot(depth, alpha, beta)
		switch {
		case !complete:
			return move, s, false
		case s <= alpha:
			alpha = max(alpha-delta, -WinScore-1)
		case s >= beta:
			beta = min(beta+delta, WinScore+1)
		default:
			return move, s, true
		}
		delta *= 3
	}
}

// searchRoot searches the root's moves, the table's move first, and
// returns the best, its score and whether the search finished.
func (w *worker) searchRoot(depth int, alpha, beta Score) (oware.Move, Score, bool) {
	s := w.search(w.root, depth, 0, alpha, beta, w.base, 0)
	if w.pvLen[0] == 0 {
		return oware.NoMove, s, !w.stop.Load()
	}
	return w.pv[0][0], s, !w.stop.Load()
}

// stopped checks the clock now and then.
func (w *worker) stopped() bool {
	w.nodes++
	if w.nodes&1023 == 0 {
		w.flush()
	}
	return w.stop.Load()
}

// ending returns why the game ends at p (the path's top, at keys[idx]),
// given the legal moves: the position's own ends, then a repetition since
// quietFrom or the ply limit.
func (w *worker) ending(p oware.Position, legal oware.MoveSet, idx, quietFrom int) oware.End {
	if end := p.EndingWith(legal, w.rules); end != oware.NotOver {
		return end
	}
	seen, need := 0, w.rules.Repeats()
	key := w.keys[idx]
	for i := idx - 2; i >= quietFrom && seen < need; i -= 2 {
		if w.keys[i] == key {
			seen++
		}
	}
	return w.rules.CycleEnd(seen, idx-quietFrom)
}

// tablebase returns the score of p from the database when its bounds
// decide the game: a win, a loss or a draw whatever happens in a cycle.
func (w *worker) tablebase(p oware.Position, ply int) (Score, bool) {
	tb := w.e.opts.Tablebase
	if tb == nil || w.rules != oware.Abapa {
		return 0, false
	}
	lo, hi, ok := tb.Bounds(p)
	if !ok {
		return 0, false
	}
	lead, n := p.Lead(p.ToMove()), p.OnBoard()
	switch least, most := lead+2*lo-n, lead+2*hi-n; {
	case least > 0:
		return WinScore - Score(ply) - 1, true
	case most < 0:
		return -WinScore + Score(ply) + 1, true
	case least == 0 && most == 0:
		return 0, true
	}
	return 0, false
}

// child is a move with the position it leads to, for ordering.
type child struct {
	move     oware.Move
	pos      oware.Position
	captured int
	order    int32
}

// search is negamax with alpha-beta and principal variation search: the
// score of p for the side to move, exact inside (alpha, beta).
// idx is p's index in keys; quietFrom the index of the first position
// since the last capture.
func (w *worker) search(p oware.Position, depth, ply int, alpha, beta Score, idx, quietFrom int) Score {
	w.pvLen[ply] = 0
	if w.stopped() {
		return 0
	}
	legal := p.Legal(w.rules)
	key := Key(p)
	w.keys[idx] = key
	if ply > 0 {
		if end := w.ending(p, legal, idx, quietFrom); end != oware.NotOver {
			return finalScore(p.Finish(end, w.rules), p.ToMove(), ply)
		}
		if s, ok := w.tablebase(p, ply); ok {
			return s
		}
	} else if legal == 0 {
		return finalScore(p.Finish(oware.NoMoves, w.rules), p.ToMove(), ply)
	}
	if depth <= 0 || ply >= MaxDepth {
		return w.quiesce(p, ply, alpha, beta)
	}

	pvNode := beta-alpha > 1
	ttMove := oware.NoMove
	if !w.features.NoTable {
		if e, ok := w.e.tt.probe(key); ok {
			ttMove = e.move
			if !pvNode && e.depth >= depth {
				s := fromTable(e.score, ply)
				switch {
				case e.bound == boundExact,
					e.bound == boundLower && s >= beta,
					e.bound == boundUpper && s <= alpha:
					return s
				}
			}
		}
	}

	var children [oware.RowLength]child
	n := w.order(p, legal, ttMove, ply, children[:])
	side := p.ToMove()
	best, bestMove := -WinScore-1, oware.NoMove
	origAlpha := alpha
	for i := range n {
		c := &children[i]
		next := quietFrom
		if c.captured > 0 {
			next = idx + 1
		}
		var s Score
		switch {
		case i == 0:
			s = -w.search(c.pos, depth-1, ply+1, -beta, -alpha, idx+1, next)
		default:
			r := 0
			if !w.features.NoReductions && depth >= 3 && i >= 2 && c.captured == 0 && c.move != w.killers[ply] {
				r = 1
				if depth >= 6 && i >= 3 {
					r = 2
				}
			}
			s = -w.search(c.pos, depth-1-r, ply+1, -alpha-1, -alpha, idx+1, next)
			if s > alpha && r > 0 {
				s = -w.search(c.pos, depth-1, ply+1, -alpha-1, -alpha, idx+1, next)
			}
			if s > alpha && s < beta {
				s = -w.search(c.pos, depth-1, ply+1, -beta, -alpha, idx+1, next)
			}
		}
		if w.stop.Load() {
			return 0
		}
		if s > best {
			best, bestMove = s, c.move
			if s > alpha {
				alpha = s
				w.pv[ply][0] = c.move
				copy(w.pv[ply][1:], w.pv[ply+1][:w.pvLen[ply+1]])
				w.pvLen[ply] = w.pvLen[ply+1] + 1
				if ply == 0 {
					w.rootScore = s
				}
				if s >= beta {
					if c.captured == 0 {
						w.killers[ply] = c.move
						w.history[side][c.move] += int32(depth * depth)
					}
					break
				}
			}
		}
	}
	if !w.features.NoTable {
		bound := boundExact
		switch {
		case best >= beta:
			bound = boundLower
		case best <= origAlpha:
			bound = boundUpper
		}
		w.e.tt.store(key, entry{score: toTable(best, ply), move: bestMove, depth: depth, bound: bound, age: w.e.age})
	}
	return best
}

// order fills children with the legal moves of p, best first: the table's
// move, then captures by size, the killer, then by history.
func (w *worker) order(p oware.Position, legal oware.MoveSet, ttMove oware.Move, ply int, children []child) int {
	n := 0
	side := p.ToMove()
	for ; legal != 0; legal = legal.Rest() {
		m := legal.First()
		c := child{move: m, pos: p}
		c.captured = c.pos.Apply(m, w.rules)
		switch {
		case w.features.NoOrdering:
			c.order = -int32(n)
		case m == ttMove:
			c.order = 1 << 30
		case c.captured > 0:
			c.order = 1<<29 + int32(c.captured)
		case m == w.killers[ply]:
			c.order = 1 << 28
		default:
			c.order = w.history[side][m]
		}
		// Insertion sort: at most six moves.
		j := n
		for ; j > 0 && children[j-1].order < c.order; j-- {
			children[j] = children[j-1]
		}
		children[j] = c
		n++
	}
	return n
}

// quiesce rates a leaf by playing out its captures: the side to move may
// stand on the evaluation or capture, until no capture is left.
func (w *worker) quiesce(p oware.Position, ply int, alpha, beta Score) Score {
	w.pvLen[ply] = 0
	w.nodes++
	legal := p.Legal(w.rules)
	if end := p.Ending(w.rules); end != oware.NotOver {
		return finalScore(p.Finish(end, w.rules), p.ToMove(), ply)
	}
	if s, ok := w.tablebase(p, ply); ok {
		return s
	}
	stand := w.e.eval.evaluate(p)
	if w.features.NoQuiescence || stand >= beta || ply >= maxPly {
		return stand
	}
	alpha = max(alpha, stand)
	best := stand
	for ; legal != 0; legal = legal.Rest() {
		c := p
		if c.Apply(legal.First(), w.rules) == 0 {
			continue
		}
		s := -w.quiesce(c, ply+1, -beta, -alpha)
		if s > best {
			best = s
			if s > alpha {
				alpha = s
				if s >= beta {
					break
				}
			}
		}
	}
	return best
}
