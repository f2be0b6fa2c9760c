package player

import (
	"math"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"gamelab/internal/hugepage"
	"gamelab/twenty48"
	"gamelab/twenty48/ntuple"
)

// Expectimax searches the moves of a 4×4 board: at a move node the best of
// the moves that change the board, at a chance node the average over every
// empty cell and both tiles (a 2 nine times in ten, a 4 once). Leaves are
// rated by a trained n-tuple network, when it has one (a move then is worth
// its points plus what follows, the network's own measure) with a share of
// the line tables of the heuristic, else by the tables alone. A
// transposition table keeps each position searched about once per depth;
// chance branches less likely than minProbability are rated at once; the
// depth grows with the number of distinct tiles, as hard positions need
// it; the root moves are searched in parallel, over the one table. It
// allocates nothing per node. Its moves are not always the same from run
// to run: which root move's search stores a position first decides how
// deep the others find it searched, and near-equal moves may change places
// (the spawns, drawn from a game's seed, do not).
type Expectimax struct {
	budget Budget
	net    *ntuple.Network
	lines  *[1 << 16]float32 // the heuristic's line ratings
	table  *table            // shared by the root moves, reused move after move
	// oneCore weighs the root moves in turn (Options.OneCore).
	oneCore bool
}

// Budget sets how hard Expectimax searches.
type Budget struct {
	// MinDepth and MaxDepth bound the depth in moves; between them it is
	// the number of distinct tiles less DepthOffset.
	MinDepth, MaxDepth, DepthOffset int
	// MinProbability prunes chance branches less likely than it.
	MinProbability float32
	// HeuristicWeight, with a network, adds the heuristic's rating of a
	// position, times it, to the network's: a network trained for hours
	// on two cores knows less of what loses games than the line tables do.
	HeuristicWeight float32
	// PerMove, if not zero, searches within the bounds above first and
	// then, while the time allows, again with the chance threshold a third
	// of the last and the depths one move more: the levels' own way of
	// searching deeper, spent where the spawns are few.
	PerMove time.Duration
}

// The levels the command line names.
var (
	// Fast plays quickly: four moves deep at least, and further where few
	// cells are empty, as far as the chance of a line of spawns stays
	// above 3%. Bounding the search by chance rather than by depth spends
	// it where games are lost: with many empty cells it stays shallow,
	// with few it looks up to eight moves ahead. Measured in
	// docs/notes/2048-code.md#expectimax-fast.
	Fast = Budget{MinDepth: 4, MaxDepth: 8, DepthOffset: 0, MinProbability: 0.03}
	// Strong bounds its search by chance too, as far as 0.1%: six to
	// twelve moves ahead. It makes 16384 in most games, at about ten
	// CPU-seconds per 10,000 points. Measured in
	// docs/notes/2048-code.md#expectimax-strong.
	Strong = Budget{MinDepth: 6, MaxDepth: 12, DepthOffset: 0, MinProbability: 0.001}
	// FastNetwork and StrongNetwork are the levels with a trained network,
	// which rate a position by the network plus a tenth of the heuristic.
	// Fast looks three moves deep, strong five to six. Past three moves,
	// depth buys score and the odd 32768 rather than more 16384s; the
	// heuristic's tenth adds what the network, trained for hours, knows
	// less well: what loses games. Measured in
	// docs/notes/2048-code.md#expectimax-network-levels.
	FastNetwork   = Budget{MinDepth: 3, MaxDepth: 3, DepthOffset: 6, MinProbability: 0.01, HeuristicWeight: 0.1}
	StrongNetwork = Budget{MinDepth: 5, MaxDepth: 6, DepthOffset: 5, MinProbability: 0.001, HeuristicWeight: 0.1}
)

// NewExpectimax returns a player searching within budget, rating positions
// with net, or with the heuristic if net is nil.
func NewExpectimax(b Budget, net *ntuple.Network) *Expectimax {
	return &Expectimax{budget: b, net: net, lines: lineRating(), table: newTable(minTableSize)}
}

// Move implements Strategy.
func (e *Expectimax) Move(b twenty48.Board) (twenty48.Direction, bool) {
	if e.budget.PerMove > 0 {
		return e.timed(b)
	}
	return e.search(b, e.budget)
}

// timed searches within the budget's bounds, then within ever wider ones
// until the move's time is spent.
func (e *Expectimax) timed(b twenty48.Board) (twenty48.Direction, bool) {
	deadline := time.Now().Add(e.budget.PerMove)
	bounds := e.budget
	start := time.Now()
	best, ok := e.search(b, bounds)
	last := time.Since(start)
	growth := 4.0 // what a pass costs against the one before, until measured
	for ok && bounds.MinProbability > 1e-6 {
		// Stop if the next pass cannot end in time.
		if time.Now().Add(time.Duration(growth * float64(last))).After(deadline) {
			break
		}
		bounds.MinProbability /= 3
		bounds.MinDepth, bounds.MaxDepth = bounds.MinDepth+1, bounds.MaxDepth+1
		start = time.Now()
		best, _ = e.search(b, bounds)
		spent := time.Since(start)
		if last > 100*time.Microsecond {
			growth = max(1.5, float64(spent)/float64(last))
		}
		last = spent
	}
	return best, ok
}

// search returns the best move within bounds, the root moves weighed in
// parallel (or in turn: oneCore) over one transposition table: positions
// met under one root move are met under others (a quarter of the chance
// nodes at the strong level).
func (e *Expectimax) search(b twenty48.Board, bounds Budget) (twenty48.Direction, bool) {
	depth := min(bounds.MaxDepth, max(bounds.MinDepth, distinct(b)-bounds.DepthOffset))
	var values [4]float32
	var moved [4]bool
	var stored [4]int
	var wg sync.WaitGroup
	e.table.clear()
	for i, d := range twenty48.Directions {
		next, points := b.Move(d)
		if next == b {
			continue
		}
		moved[i] = true
		weigh := func() {
			s := searcher{t: e.table, minProb: bounds.MinProbability, net: e.net, lines: e.lines, heuristicWeight: bounds.HeuristicWeight}
			values[i] = s.points(points) + s.chance(next, depth-1, 1)
			stored[i] = s.stored
		}
		if e.oneCore {
			weigh()
		} else {
			wg.Go(weigh)
		}
	}
	wg.Wait()
	for _, n := range stored {
		e.table.stored += n
	}
	best, found := twenty48.Up, false
	for i, d := range twenty48.Directions {
		if moved[i] && (!found || values[i] > values[best]) {
			best, found = d, true
		}
	}
	return best, found
}

// searcher is the state of one search: its transposition table, pruning
// threshold and network, if any, and the entries it added to the table.
type searcher struct {
	t               *table
	minProb         float32
	net             *ntuple.Network
	lines           *[1 << 16]float32
	heuristicWeight float32 // Budget.HeuristicWeight
	stored          int
}

// points returns what a move's points count for: with a network they are
// part of the value; the heuristic rates positions alone.
func (s *searcher) points(p uint32) float32 {
	if s.net == nil {
		return 0
	}
	return float32(p)
}

// rate returns the rating of the afterstate b, given b transposed too.
func (s *searcher) rate(b, transposed twenty48.Board) float32 {
	if s.net == nil {
		return s.heuristic(b, transposed)
	}
	v := s.net.Value(b)
	if s.heuristicWeight != 0 {
		v += s.heuristicWeight * s.heuristic(b, transposed)
	}
	return v
}

// heuristic returns the line tables' rating of b, given b transposed too:
// always positive, so that a board lost (rated 0) is the worst of all.
func (s *searcher) heuristic(b, transposed twenty48.Board) float32 {
	return rateRows(s.lines, b) + rateRows(s.lines, transposed)
}

// move returns the value of choosing a move on b with depth moves to go.
// Up and down move the columns of b transposed; each board moved is rated
// with the transposed form that making it gave for free.
func (s *searcher) move(b twenty48.Board, depth int, prob float32) float32 {
	best := float32(0)
	leaf := depth <= 0 || prob < s.minProb
	t := b.Transpose()
	var across, down float32 // the points of moving rows and columns, when they count
	if s.net != nil {
		across, down = float32(b.RowPoints()), float32(t.RowPoints())
	}
	// Most move nodes are leaves: they rate each board as they make it
	// (gathering the boards and their transposed forms first, as the inner
	// nodes do below, made the search 10-20% slower).
	if leaf {
		for _, left := range [2]bool{true, false} {
			if next := b.MoveRows(left); next != b {
				best = max(best, across+s.rate(next, next.Transpose()))
			}
			if nt := t.MoveRows(left); nt != t {
				best = max(best, down+s.rate(nt.Transpose(), nt))
			}
		}
		return best
	}
	// The children's slots in the table are read before any is searched,
	// so that their cache misses overlap rather than follow one another:
	// the strong level's search waits on the table more than it computes
	// (its moves 10-13% faster; the fast level's table fits the caches).
	var next [4]twenty48.Board
	var points [4]float32
	n := 0
	for _, left := range [2]bool{true, false} {
		if m := b.MoveRows(left); m != b {
			next[n], points[n] = m, across
			s.t.touch(m)
			n++
		}
		if nt := t.MoveRows(left); nt != t {
			m := nt.Transpose()
			next[n], points[n] = m, down
			s.t.touch(m)
			n++
		}
	}
	for i := range n {
		best = max(best, points[i]+s.chance(next[i], depth, prob))
	}
	return best
}

// chance returns the expected value of b before its spawn, with depth
// moves to go after it.
func (s *searcher) chance(b twenty48.Board, depth int, prob float32) float32 {
	if depth <= 0 || prob < s.minProb {
		return s.rate(b, b.Transpose())
	}
	if v, ok := s.t.get(b, depth, prob); ok {
		return v
	}
	empty := b.Empty()
	if empty == 0 {
		return s.rate(b, b.Transpose())
	}
	p := prob / float32(empty)
	sum := float32(0)
	for i := range 16 {
		if b>>(4*i)&15 != 0 {
			continue
		}
		two := b | twenty48.Board(1)<<(4*i)
		four := b | twenty48.Board(2)<<(4*i)
		sum += 0.9*s.move(two, depth-1, p*0.9) + 0.1*s.move(four, depth-1, p*0.1)
	}
	v := sum / float32(empty)
	if s.t.put(b, depth, prob, v) {
		s.stored++
	}
	return v
}

// distinct returns the number of distinct tiles on b.
func distinct(b twenty48.Board) int {
	var seen uint32
	for i := range 16 {
		seen |= 1 << (b >> (4 * i) & 15)
	}
	seen &^= 1 // empty cells are no tile
	n := 0
	for ; seen != 0; seen &= seen - 1 {
		n++
	}
	return n
}

// table is a transposition table of chance nodes, shared by the searches of
// the root moves without a lock: open addressing over a power-of-two array,
// entries marked by the generation of the search that wrote them, so
// clearing costs nothing. An entry is two words, the board's key (the board
// exclusive-or its data) and its data, so that a reader meeting an entry
// half written by another goroutine sees a key that fits no board it looks
// for. It is 16 bytes, so that a probe costs one cache miss: the table is
// larger than the nearest caches, and its misses are what a deep search
// waits on.
//
// An entry answers only for searches about as deep as its own or
// shallower: as many moves to go or fewer, and a line reaching it at most
// twice as likely (shallowest) as the one it was searched from. The chance
// of the line, against the threshold, bounds how far below the search
// goes: a value searched from a far less likely line is a shallower one,
// and taken for any line it cost the fast level a sixth of its strength.
// Asking for lines no likelier at all cost 2.6 times the time for little
// more: the same position is reached along lines a little more and a
// little less likely (spawns in another order, merges between them), and
// was searched again and again. On the first 50 games of seed 5 at the
// fast level, Σ max tile / 2048 and CPU-seconds per 10,000 points: any
// line 253, 0.097; twice as likely 305, 0.106; no likelier 308, 0.274.
type table struct {
	entries []entry
	cur     uint64 // the generation, genBits bits
	mask    uint64
	shift   uint8 // 64 less the bits of a slot
	stored  int   // the entries of this generation
}

// entry holds a board searched: data is its value (bits 0-31), the
// chance of the line that reached it (32-47: the top half of a float32,
// rounded down), the moves searched below it (48-53) and the generation
// that wrote it (54-63); key is the board exclusive-or data.
type entry struct {
	key, data atomic.Uint64
}

const (
	genShift, genBits = 54, 10
	maxStoredDepth    = 63
	shallowest        = 0.5 // the least likely a line an entry serves, against its own
)

// The table starts small, as most searches are (a larger one only costs
// them cache misses), and doubles after a search that fills half of it, up
// to maxTableSize entries (4 MiB), which the processor's caches hold: a
// larger table waits on memory at every probe and costs more than
// re-searching the positions it drops. Measured in
// docs/notes/2048-code.md#expectimax-mintablesize.
const minTableSize, maxTableSize = 1 << 16, 1 << 18

// newTable's entries are asked for in huge pages: probes land anywhere
// in the table, and in small pages each may also wait on a walk of the
// page tables. Measured in
// docs/notes/2048-code.md#expectimax-hugepages.
func newTable(size int) *table {
	return &table{entries: hugepage.Slice[entry](size), mask: uint64(size - 1), shift: uint8(64 - bits.Len(uint(size-1))), cur: 1}
}

// clear forgets every entry, by starting a new generation, first doubling
// the table if the last search filled half of it. After 2^genBits
// generations they wrap, so the entries are wiped then.
func (t *table) clear() {
	if t.stored > len(t.entries)/2 && len(t.entries) < maxTableSize {
		*t = *newTable(2 * len(t.entries))
	}
	t.stored = 0
	t.cur = (t.cur + 1) & (1<<genBits - 1)
	if t.cur == 0 {
		clear(t.entries)
		t.cur = 1
	}
}

// slot is where b's entry is looked for first: the top bits of a
// multiplicative hash, the ones every bit of the board reaches (the low bits
// of a product depend only on the low bits of the board).
func (t *table) slot(b twenty48.Board) uint64 {
	return uint64(b) * 0x9e3779b97f4a7c15 >> t.shift
}

// touch reads b's first slot, to bring it into the cache.
func (t *table) touch(b twenty48.Board) {
	t.entries[t.slot(b)].data.Load()
}

// get returns the value of b searched at least depth moves deep from a
// line at least prob*shallowest likely, if the table has it.
func (t *table) get(b twenty48.Board, depth int, prob float32) (float32, bool) {
	i := t.slot(b)
	for probe := range uint64(4) {
		e := &t.entries[(i+probe)&t.mask]
		data := e.data.Load()
		if data>>genShift != t.cur {
			return 0, false
		}
		if e.key.Load()^data == uint64(b) {
			ok := int(data>>48&maxStoredDepth) >= depth && uint32(data>>32&0xffff)<<16 >= math.Float32bits(prob*shallowest)
			return math.Float32frombits(uint32(data)), ok
		}
	}
	return 0, false
}

// put keeps the value of b searched depth moves deep from a line prob
// likely, in a free slot near its own or over the first one; it reports
// whether the slot was free.
func (t *table) put(b twenty48.Board, depth int, prob, v float32) bool {
	data := t.cur<<genShift | uint64(min(depth, maxStoredDepth))<<48 |
		uint64(math.Float32bits(prob)>>16)<<32 | uint64(math.Float32bits(v))
	i := t.slot(b)
	for probe := range uint64(4) {
		e := &t.entries[(i+probe)&t.mask]
		old := e.data.Load()
		if free := old>>genShift != t.cur; free || e.key.Load()^old == uint64(b) {
			e.data.Store(data)
			e.key.Store(uint64(b) ^ data)
			return free
		}
	}
	e := &t.entries[i]
	e.data.Store(data)
	e.key.Store(uint64(b) ^ data)
	return false
}
