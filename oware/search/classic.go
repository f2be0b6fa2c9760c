package search

import (
	"context"
	"time"

	"gamelab/oware"
)

// Algorithm is one of the source's four move recommenders.
type Algorithm uint8

// The source's recommenders. All four find the same value at the same
// depth; alpha-beta visits fewer nodes, and the negamax forms write the
// same search with one case instead of two.
const (
	Minimax          Algorithm = iota // MAX and MIN levels, leaves rated for MAX
	Negamax                           // every level maximises the negated values of its children
	AlphaBeta                         // minimax with alpha and beta cuts
	AlphaBetaNegamax                  // negamax with alpha-beta cuts
)

var algorithmNames = []string{"minimax", "negamax", "alphabeta", "alphabeta-negamax"}

// String returns the algorithm's registered name.
func (a Algorithm) String() string { return algorithmNames[a] }

// ClassicDepth is the depth the recommenders search when given neither a
// depth nor a time.
const ClassicDepth = 6

// The source's scale: +6 a won position, −6 a lost one, and in between
// the store difference, kept within ±5.
const (
	classicWin  = 6
	classicLead = 5
)

// ClassicValue rates a position for side on the source's scale from −6
// to +6: a game won or lost is ±6; otherwise the lead in captured seeds,
// capped at ±5.
func ClassicValue(p oware.Position, side oware.Side) int {
	lead := p.Lead(side)
	if p.Decided() {
		return sign(lead) * classicWin
	}
	return max(-classicLead, min(classicLead, lead))
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// Classic is one of the source's recommenders over ClassicValue, to a
// fixed depth (Limits.Depth, or ClassicDepth), or deepening one ply at a
// time within Limits.MoveTime.
type Classic struct {
	Algorithm Algorithm
}

// classicTree is one search: the rules, the positions since the last
// capture (for repetitions), the nodes visited and when to stop.
type classicTree struct {
	rules    oware.Rules
	path     []oware.Position
	quiet    int // plies since the last capture, for CyclePlyLimit
	nodes    uint64
	deadline time.Time
	ctx      context.Context
	stopped  bool
}

// Search implements Searcher.
func (c Classic) Search(ctx context.Context, g *oware.Game, limits Limits, report func(Info)) Result {
	start := time.Now()
	t := &classicTree{rules: g.Rules(), ctx: ctx, path: sinceCapture(g)}
	t.quiet = len(t.path) - 1
	if limits.MoveTime > 0 {
		t.deadline = start.Add(limits.MoveTime)
	}
	root := g.Position()
	result := Result{Move: oware.NoMove}
	if g.Over() {
		return result
	}
	first, last := 1, limits.Depth
	switch {
	case last == 0 && limits.MoveTime == 0:
		first, last = ClassicDepth, ClassicDepth
	case last == 0:
		last = MaxDepth
	case limits.MoveTime == 0:
		first = last
	}
	for depth := first; depth <= last; depth++ {
		move, value := c.root(t, root, depth)
		if t.stopped {
			break
		}
		result = Result{Move: move, Info: Info{Depth: depth, Score: classicScore(value), Nodes: t.nodes, Time: time.Since(start), PV: []oware.Move{move}}}
		if report != nil {
			report(result.Info)
		}
		if value == classicWin || value == -classicWin {
			break
		}
	}
	if result.Move == oware.NoMove { // not even depth 1 in time: any legal move
		result.Move = g.Legal().First()
	}
	return result
}

// classicScore turns a value on the source's scale into a Score.
func classicScore(v int) Score {
	if v == classicWin || v == -classicWin {
		return Score(v/classicWin) * WinScore
	}
	return Score(v) * 100
}

// sinceCapture returns the positions of g since its last capture, the
// current one last.
func sinceCapture(g *oware.Game) []oware.Position {
	replay := oware.NewGame(g.Start(), g.Rules())
	path := []oware.Position{replay.Position()}
	for _, m := range g.Moves() {
		captured, _ := replay.Play(m)
		if captured > 0 {
			path = path[:0]
		}
		path = append(path, replay.Position())
	}
	return path
}

// root searches every move of p to depth and returns the first best,
// with its value for the side to move.
func (c Classic) root(t *classicTree, p oware.Position, depth int) (oware.Move, int) {
	side := p.ToMove()
	best, bestValue := oware.NoMove, -classicWin-1
	alpha, beta := -classicWin-1, classicWin+1
	for moves := p.Legal(t.rules); moves != 0; moves = moves.Rest() {
		m := moves.First()
		child, captured := t.enter(p, m)
		var v int
		switch c.Algorithm {
		case Minimax:
			v = t.minimax(child, depth-1, side)
		case Negamax:
			v = -t.negamax(child, depth-1)
		case AlphaBeta:
			v = t.alphabeta(child, depth-1, side, alpha, beta)
		case AlphaBetaNegamax:
			v = -t.alphabetaNegamax(child, depth-1, -beta, -alpha)
		}
		t.leave(captured)
		if v > bestValue {
			best, bestValue = m, v
			alpha = max(alpha, v)
		}
	}
	return best, bestValue
}

// enter plays m from p and pushes the child onto the path.
func (t *classicTree) enter(p oware.Position, m oware.Move) (oware.Position, int) {
	captured := p.Apply(m, t.rules)
	t.path = append(t.path, p)
	if captured > 0 {
		t.quiet = 0
	} else {
		t.quiet++
	}
	return p, captured
}

func (t *classicTree) leave(captured int) {
	t.path = t.path[:len(t.path)-1]
	if captured > 0 {
		t.quiet = t.recount()
	} else {
		t.quiet--
	}
}

// recount finds the plies since the last capture along the path after a
// capture is taken back.
func (t *classicTree) recount() int {
	q := 0
	for i := len(t.path) - 1; i > 0 && t.path[i].Store(oware.South)+t.path[i].Store(oware.North) == t.path[i-1].Store(oware.South)+t.path[i-1].Store(oware.North); i-- {
		q++
	}
	return q
}

// final returns the end reached at the top of the path, and the final
// position, or NotOver.
func (t *classicTree) final(p oware.Position) (oware.End, oware.Position) {
	end := p.Ending(t.rules)
	if end == oware.NotOver {
		end = t.cycle(p)
	}
	return end, p.Finish(end, t.rules)
}

// cycle applies the cycle rule to the path: a repetition since the last
// capture, or the ply limit.
func (t *classicTree) cycle(p oware.Position) oware.End {
	seen := 0
	for i := len(t.path) - 3; i >= 0 && seen < t.rules.Repeats() && t.path[i].Store(oware.South) == p.Store(oware.South) && t.path[i].Store(oware.North) == p.Store(oware.North); i -= 2 {
		if t.path[i] == p {
			seen++
		}
	}
	return t.rules.CycleEnd(seen, t.quiet)
}

// leaf returns the value of p for side if the search stops there: the
// game is over or the depth is spent; ok is false otherwise.
func (t *classicTree) leaf(p oware.Position, depth int, side oware.Side) (int, bool) {
	t.nodes++
	if t.nodes&1023 == 0 && t.expired() {
		t.stopped = true
	}
	end, final := t.final(p)
	if end != oware.NotOver {
		return sign(final.Lead(side)) * classicWin, true
	}
	if depth <= 0 || t.stopped {
		return ClassicValue(p, side), true
	}
	return 0, false
}

func (t *classicTree) expired() bool {
	return t.ctx.Err() != nil || !t.deadline.IsZero() && time.Now().After(t.deadline)
}

// minimax rates p for max: the largest child value where max moves, the
// smallest where the other side does.
func (t *classicTree) minimax(p oware.Position, depth int, maxSide oware.Side) int {
	if v, ok := t.leaf(p, depth, maxSide); ok {
		return v
	}
	maximise := p.ToMove() == maxSide
	best := classicWin + 1
	if maximise {
		best = -classicWin - 1
	}
	for moves := p.Legal(t.rules); moves != 0; moves = moves.Rest() {
		child, captured := t.enter(p, moves.First())
		v := t.minimax(child, depth-1, maxSide)
		t.leave(captured)
		if maximise && v > best || !maximise && v < best {
			best = v
		}
	}
	return best
}

// negamax rates p for the side to move: the largest negated child value.
func (t *classicTree) negamax(p oware.Position, depth int) int {
	if v, ok := t.leaf(p, depth, p.ToMove()); ok {
		return v
	}
	best := -classicWin - 1
	for moves := p.Legal(t.rules); moves != 0; moves = moves.Rest() {
		child, captured := t.enter(p, moves.First())
		v := -t.negamax(child, depth-1)
		t.leave(captured)
		best = max(best, v)
	}
	return best
}

// alphabeta is minimax that stops looking at a node's moves once its
// value cannot matter: alpha is what max is sure of, beta what min is.
func (t *classicTree) alphabeta(p oware.Position, depth int, maxSide oware.Side, alpha, beta int) int {
	if v, ok := t.leaf(p, depth, maxSide); ok {
		return v
	}
	maximise := p.ToMove() == maxSide
	for moves := p.Legal(t.rules); moves != 0; moves = moves.Rest() {
		child, captured := t.enter(p, moves.First())
		v := t.alphabeta(child, depth-1, maxSide, alpha, beta)
		t.leave(captured)
		if maximise {
			alpha = max(alpha, v)
		} else {
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	if maximise {
		return alpha
	}
	return beta
}

// alphabetaNegamax is negamax with the same cuts: the window flips sign
// and sides at each level.
func (t *classicTree) alphabetaNegamax(p oware.Position, depth, alpha, beta int) int {
	if v, ok := t.leaf(p, depth, p.ToMove()); ok {
		return v
	}
	for moves := p.Legal(t.rules); moves != 0; moves = moves.Rest() {
		child, captured := t.enter(p, moves.First())
		v := -t.alphabetaNegamax(child, depth-1, -beta, -alpha)
		t.leave(captured)
		alpha = max(alpha, v)
		if alpha >= beta {
			break
		}
	}
	return alpha
}
