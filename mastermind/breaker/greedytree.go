package breaker

import (
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"gamelab/mastermind"
)

// scorer answers guesses against codes fast, for the spaces too large for
// an answer table (5 pegs of 8 colours: 32,768 codes, a billion pairs),
// whose strategy trees and weighing codebreakers weigh every code as a
// guess. The codes' digits are packed a few bits each, so that the blacks
// are one lookup of the XOR of two codes. Their colour counts are a byte
// each in a word (two past 8 colours), so that blacks plus whites is a
// bytewise minimum and a sum.
type scorer struct {
	space  *Space
	packed []uint32 // digit i (colour−1) at bits i·width
	counts []uint64 // byte c: the pegs of colour c+1
	high   []uint64 // byte c: the pegs of colour c+9, past 8 colours (else nil)
	zeros  []uint8  // zeros[x]: the digits of x that are 0, for XORs of packed codes
	width  uint
}

// maxPackedBits bounds the bits of a packed code, as the table of zero
// digits has an entry for each XOR of two (a MiB at 20 bits: 6 pegs of 6
// colours, 18).
const maxPackedBits = 20

// maxScorerColours is the most colours a scorer counts: two words of
// bytes.
const maxScorerColours = 16

// newScorer returns a scorer for space, or nil if its codes do not pack
// (more than maxScorerColours colours, or digits over maxPackedBits bits).
func newScorer(space *Space) *scorer {
	width := uint(bits.Len(uint(space.Max - 1)))
	if space.Max > maxScorerColours || uint(space.Pegs)*width > maxPackedBits {
		return nil
	}
	s := &scorer{space: space, width: width, packed: make([]uint32, len(space.Codes)), counts: make([]uint64, len(space.Codes))}
	if space.Max > 8 {
		s.high = make([]uint64, len(space.Codes))
	}
	for i, c := range space.Codes {
		for p, colour := range c {
			s.packed[i] |= uint32(colour-1) << (uint(p) * width)
			if colour <= 8 {
				s.counts[i] += 1 << (8 * uint(colour-1))
			} else {
				s.high[i] += 1 << (8 * uint(colour-9))
			}
		}
	}
	s.zeros = make([]uint8, 1<<(uint(space.Pegs)*width))
	mask := uint32(1)<<width - 1
	for x := range s.zeros {
		for p := range space.Pegs {
			if uint32(x)>>(uint(p)*width)&mask == 0 {
				s.zeros[x]++
			}
		}
	}
	return s
}

// answer returns the answer index of guess g against code c, over at
// most 8 colours.
func (s *scorer) answer(g, c int) int {
	blacks := int(s.zeros[s.packed[g]^s.packed[c]])
	matches := commonPegs(s.counts[g], s.counts[c])
	return blacks*(s.space.Pegs+1) + matches - blacks
}

// wide returns the answer index of guess g against code c, over more
// than 8 colours: the pegs the colours past 8 have in common are whites
// more (the index grows by one a white).
func (s *scorer) wide(g, c int) int {
	return s.answer(g, c) + commonPegs(s.high[g], s.high[c])
}

// answerer returns answer or, past 8 colours, wide: the one function
// each for the loops over millions of pairs (checking for more colours at
// every pair cost 4% at 5 pegs of 8 colours).
func (s *scorer) answerer() func(g, c int) int {
	if s.high != nil {
		return s.wide
	}
	return s.answer
}

// commonPegs returns the sum over the bytes of a and b (pegs of a colour
// each, below 128) of the smaller.
func commonPegs(a, b uint64) int {
	// Bytewise min: where a ≥ b take b; the high bit of each byte of
	// (a|H)−b says a ≥ b.
	const h = 0x8080808080808080
	ge := ((a | h) - b) & h
	mask := (ge >> 7) * 0xff
	m := b&mask | a&^mask
	return int((m * 0x0101010101010101) >> 56)
}

// Metric rates how a guess splits the codes still possible, from the
// sizes of the parts (counts[a]: the codes giving answer a); lower is
// better.
type Metric func(counts []int, n int) float64

// EntropyMetric prefers the split that tells most: Σ c·log c.
func EntropyMetric(counts []int, n int) float64 {
	e := 0.0
	for _, c := range counts {
		if c > 1 {
			e += float64(c) * math.Log2(float64(c))
		}
	}
	return e
}

// PartsMetric prefers the split into most parts.
func PartsMetric(counts []int, n int) float64 {
	parts := 0
	for _, c := range counts {
		if c > 0 {
			parts++
		}
	}
	return -float64(parts)
}

// EntropyThenParts rates a split by entropy for sets of more than n codes
// and by its parts for smaller ones (ties by entropy): in small sets a
// part more is a guess saved outright (5 pegs of 8 colours, greedy:
// 5.4867 with n = 100, against 5.4890 for entropy throughout).
func EntropyThenParts(n int) Metric {
	return func(counts []int, size int) float64 {
		if size > n {
			return EntropyMetric(counts, size)
		}
		return PartsMetric(counts, size)*1e6 + EntropyMetric(counts, size)
	}
}

// TreeOptions tunes the strategy trees LookaheadTree builds.
type TreeOptions struct {
	// Width is how many of the guesses the metric rates best are weighed
	// at each step by how the greedy strategy finishes their parts (0 or
	// 1: the greedy tree).
	Width int
	// SmallWidth, if more than Width, is the width for sets of at most
	// Small codes, whose greedy finishes cost little.
	SmallWidth, Small int
	// Exact solves sets of at most this many codes by the optimal search
	// (every code weighed as a guess, branch and bound), the greedy
	// continuations too.
	Exact int
}

// GreedyTree builds the strategy that makes, at every step, the guess
// metric rates best (ties to a code still possible, then the first),
// weighing every code of space as a guess on every core; it returns the
// tree and the guesses it takes over every code. For games whose codes
// pack (see newScorer) it needs no answer table, so 5 pegs of 8 colours
// take seconds.
func GreedyTree(space *Space, metric Metric) (*Tree, int) {
	return LookaheadTree(space, metric, TreeOptions{})
}

// LookaheadTree builds a strategy wiser than GreedyTree: at every step it
// takes, of the o.Width guesses metric rates best, the one whose parts the
// greedy strategy then finishes in fewest guesses, and it solves sets of
// at most o.Exact codes exactly. Guesses that a symmetry of the codes
// still possible maps to each other (swapping positions, or colours, that
// the set cannot tell apart) count as one: at the first guess the best
// three are three patterns, not three orders of one. It costs about
// o.Width times the greedy tree a level.
func LookaheadTree(space *Space, metric Metric, o TreeOptions) (*Tree, int) {
	answer := space.answerer()
	all := make([]int, len(space.Codes))
	for i := range all {
		all[i] = i
	}
	b := &treeBuilder{space: space, answer: answer, metric: metric, answers: (space.Pegs + 1) * (space.Pegs + 1), win: space.Pegs * (space.Pegs + 1),
		TreeOptions: o}
	if o.Exact > 0 {
		b.optimizer = newOptimizer(space, answer, 0)
	}
	return b.build(all)
}

// Lookahead is how the lookahead strategy builds its tree: 5 pegs of 8
// colours take 5.4597 guesses on average (178,902), built in six minutes
// and 52 seconds on 2 cores. Sets of 120 codes or fewer
// weigh 12 guesses: their greedy finishes are cheap, and they make up most
// of the tree's guesses. Wider and narrower settings are in
// docs/notes/mastermind-code.md#greedytree-widths.
var Lookahead = TreeOptions{Width: 4, Exact: 20, SmallWidth: 12, Small: 120}

// lookaheadMetric is the lookahead strategy's metric.
var lookaheadMetric = EntropyThenParts(100)

// LookaheadWide is how the wide lookahead strategy builds its tree, once,
// to keep: 16 guesses weighed at each step, 64 in sets of up to 400 codes.
// 5 pegs of 8 colours take 5.4474 guesses on average (178,501), built in
// 44 minutes on 2 cores (8 guesses, 32 up to 200 codes: 5.4530 in 23
// minutes). Over the codes of 4 pegs and 7 colours the narrower of the two
// takes 11,228 guesses, the optimum (Lookahead: 11,269).
var LookaheadWide = TreeOptions{Width: 16, Exact: 20, SmallWidth: 64, Small: 400}

func init() {
	// The kind names the build: a tree of an earlier build stays where it
	// is, and this one is built afresh.
	registerLookahead("lookahead", "lookahead-sym4-small120", Lookahead)
	registerLookahead("lookahead-wide", "lookahead-sym16-small400", LookaheadWide)
}

// registerLookahead names a lookahead strategy whose trees are kept in the
// cache as kind.
func registerLookahead(name, kind string, o TreeOptions) {
	Register(name, func(pegs, max int, opts Options) (Breaker, error) {
		s, err := NewSpace(pegs, max)
		if err != nil {
			return nil, err
		}
		tree, _ := cachedTree(opts, kind, s, 0, func() (*Tree, int) { return LookaheadTree(s, lookaheadMetric, o) })
		return NewTreeBreaker(s, tree), nil
	})
}

type treeBuilder struct {
	space   *Space
	answer  func(g, c int) int
	metric  Metric
	answers int
	win     int
	TreeOptions
	optimizer *optimizer // for sets of at most Exact codes
}

// build returns the greedy strategy for set and its total.
func (b *treeBuilder) build(set []int) (*Tree, int) {
	n := len(set)
	switch n {
	case 1:
		return &Tree{Guess: set[0]}, 1
	case 2:
		return &Tree{Guess: set[0], Next: map[int]*Tree{b.answer(set[0], set[1]): {Guess: set[1]}}}, 3
	}
	if g, ok := b.perfect(set); ok {
		return b.finish(g, set, b)
	}
	if n <= b.Exact {
		sorted := slices.Clone(set)
		slices.Sort(sorted)
		cost, t := b.optimizer.solve(sorted, nil, infinite)
		return t, cost
	}
	width := b.Width
	if n <= b.Small {
		width = max(width, b.SmallWidth)
	}
	candidates := b.choose(set, max(1, width))
	if len(candidates) == 1 {
		return b.finish(candidates[0], set, b)
	}
	// Weigh each candidate by the greedy strategy's total for its parts,
	// all at once: choose alone leaves cores idle (5 pegs of 6 colours
	// 41 s, 36 s so).
	greedy := *b
	greedy.Width, greedy.SmallWidth = 0, 0
	totals := make([]int, len(candidates))
	var wg sync.WaitGroup
	for i, g := range candidates {
		wg.Go(func() { _, totals[i] = b.finish(g, set, &greedy) })
	}
	wg.Wait()
	best := 0
	for i, total := range totals {
		if total < totals[best] {
			best = i
		}
	}
	return b.finish(candidates[best], set, b)
}

// finish makes g the guess for set and builds its parts with next.
func (b *treeBuilder) finish(g int, set []int, next *treeBuilder) (*Tree, int) {
	parts := make(map[int][]int)
	for _, c := range set {
		if a := b.answer(g, c); a != b.win {
			parts[a] = append(parts[a], c)
		}
	}
	t := &Tree{Guess: g, Next: make(map[int]*Tree, len(parts))}
	total := len(set)
	for a, part := range parts {
		sub, cost := next.build(part)
		t.Next[a] = sub
		total += cost
	}
	return t, total
}

// perfect returns a code of set that tells all the others apart, if one
// does: no strategy does better than to guess it (2n−1 guesses in all).
func (b *treeBuilder) perfect(set []int) (int, bool) {
	if len(set) > b.answers {
		return 0, false
	}
	seen := make([]bool, b.answers)
	for _, g := range set {
		clear(seen)
		ok := true
		for _, c := range set {
			a := b.answer(g, c)
			if seen[a] {
				ok = false
				break
			}
			seen[a] = true
		}
		if ok {
			return g, true
		}
	}
	return 0, false
}

// parallelPairs is the fewest guess-code pairs choose shares among the
// cores: below, starting the workers costs more than they save (the
// benchmark of every 4-peg, 6-colour secret, a game a core, 10% slower).
const parallelPairs = 1 << 16

// choose returns the k guesses the metric rates best for set (ties to
// codes still possible, then to the first), every code weighed, split
// among the cores.
func (b *treeBuilder) choose(set []int, k int) []int {
	inSet := newCodeSet(len(b.space.Codes), set)
	// With more than one guess wanted, guesses the set's symmetries map
	// to each other are one: they split it alike.
	var sym *symmetry
	codes := len(b.space.Codes)
	whole := len(set) == codes
	if k > 1 || whole {
		sym = symmetriesOf(b.space, set, inSet)
	}
	workers := runtime.NumCPU()
	if codes*len(set) < parallelPairs {
		workers = 1
	}
	results := make([][]rated, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			counts := make([]int, b.answers)
			var top []rated
			for g := w; g < codes; g += workers {
				// Before any answer (set is every code) the codes of a
				// pattern split it alike: only its first is weighed.
				if whole && sym.canonical(g) != g {
					continue
				}
				clear(counts)
				if row := b.space.row(g); row != nil {
					for _, c := range set {
						counts[row[c]]++
					}
				} else {
					for _, c := range set {
						counts[b.answer(g, c)]++
					}
				}
				top = keepBest(top, rated{g, b.metric(counts, len(set)), inSet.has(g)}, k, sym)
			}
			results[w] = top
		})
	}
	wg.Wait()
	var top []rated
	for _, r := range results {
		for _, x := range r {
			top = keepBest(top, x, k, sym)
		}
	}
	out := make([]int, len(top))
	for i, x := range top {
		out[i] = x.guess
	}
	return out
}

// codeSet is a set of codes of a space, by index, a bit a code: 4 KiB
// for the 32,768 codes of 5 pegs over 8 colours, which choose makes for
// every set of a strategy tree.
type codeSet []uint64

// newCodeSet returns the set of the codes of set, of a space of n codes.
func newCodeSet(n int, set []int) codeSet {
	s := make(codeSet, (n+63)/64)
	for _, c := range set {
		s[c/64] |= 1 << (c % 64)
	}
	return s
}

// has reports whether code i is in s.
func (s codeSet) has(i int) bool { return s[i/64]>>(i%64)&1 == 1 }

// rated is a guess with its metric and whether it may be the code.
type rated struct {
	guess int
	value float64
	in    bool
}

func (x rated) better(y rated) bool {
	switch {
	case x.value != y.value:
		return x.value < y.value
	case x.in != y.in:
		return x.in
	}
	return x.guess < y.guess
}

// keepBest inserts x into top, sorted best first, keeping at most k, and
// none that sym (if not nil) maps to a better one.
func keepBest(top []rated, x rated, k int, sym *symmetry) []rated {
	if len(top) == k && !x.better(top[k-1]) {
		return top
	}
	if sym != nil {
		form := sym.canonical(x.guess)
		for i, y := range top {
			if sym.canonical(y.guess) == form {
				if !x.better(y) {
					return top
				}
				top = slices.Delete(top, i, i+1)
				break
			}
		}
	}
	i := len(top)
	for i > 0 && x.better(top[i-1]) {
		i--
	}
	top = append(top, rated{})
	copy(top[i+1:], top[i:])
	top[i] = x
	if len(top) > k {
		top = top[:k]
	}
	return top
}

// symmetry is what of a set of codes' symmetries the lookahead uses:
// classes of positions, and of colours, any two of which can be swapped
// in every code of the set without leaving it.
type symmetry struct {
	space     *Space
	positions []int // the class of each position (its least member)
	colours   []int // the class of each colour, from index 1
}

// symmetriesOf finds the classes of positions and colours whose swaps
// keep set (whose members inSet marks) whole.
func symmetriesOf(space *Space, set []int, inSet codeSet) *symmetry {
	sym := &symmetry{space: space, positions: make([]int, space.Pegs), colours: make([]int, space.Max+1)}
	for p := range sym.positions {
		sym.positions[p] = p
	}
	for c := range sym.colours {
		sym.colours[c] = c
	}
	code := make(mastermind.Code, space.Pegs)
	keeps := func(swap func(mastermind.Code)) bool {
		for _, i := range set {
			copy(code, space.Codes[i])
			swap(code)
			if !inSet.has(space.index(code)) {
				return false
			}
		}
		return true
	}
	for p := range space.Pegs {
		for q := p + 1; q < space.Pegs; q++ {
			if sym.positions[q] == q && keeps(func(c mastermind.Code) { c[p], c[q] = c[q], c[p] }) {
				sym.positions[q] = sym.positions[p]
			}
		}
	}
	for a := 1; a <= space.Max; a++ {
		for b := a + 1; b <= space.Max; b++ {
			if sym.colours[b] != b {
				continue
			}
			swap := func(c mastermind.Code) {
				for q, x := range c {
					switch int(x) {
					case a:
						c[q] = uint8(b)
					case b:
						c[q] = uint8(a)
					}
				}
			}
			if keeps(swap) {
				sym.colours[b] = sym.colours[a]
			}
		}
	}
	return sym
}

// canonical returns the index of a code g maps to by the symmetries, the
// same for many codes it finds alike (for all, when every position and
// colour is alike): its colours in each class of colours renamed, the
// most frequent first, then in order of first appearance, and sorted in
// each class of positions.
func (sym *symmetry) canonical(g int) int {
	code := slices.Clone(sym.space.Codes[g])
	var count [mastermind.MaxColours + 1]int
	for _, x := range code {
		count[x]++
	}
	order := slices.Clone(code) // the colours by falling count, then first appearance
	slices.SortStableFunc(order, func(x, y uint8) int { return count[y] - count[x] })
	next := make(map[int]int) // a class's next colour to give
	rename := make(map[uint8]uint8)
	for _, x := range order {
		if _, ok := rename[x]; ok {
			continue
		}
		class := sym.colours[x]
		c, ok := next[class]
		if !ok {
			c = class
		}
		for sym.colours[c] != class {
			c++
		}
		next[class] = c + 1
		rename[x] = uint8(c)
	}
	for q, x := range code {
		code[q] = rename[x]
	}
	sym.sortPositions(code)
	return sym.space.index(code)
}

// sortPositions sorts the colours of code within each class of positions.
func (sym *symmetry) sortPositions(code mastermind.Code) {
	for p := range code {
		if sym.positions[p] != p {
			continue
		}
		var at []int
		var colours []uint8
		for q := p; q < len(code); q++ {
			if sym.positions[q] == p {
				at = append(at, q)
				colours = append(colours, code[q])
			}
		}
		slices.Sort(colours)
		for i, q := range at {
			code[q] = colours[i]
		}
	}
}
