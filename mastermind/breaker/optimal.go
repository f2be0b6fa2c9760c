package breaker

import (
	"fmt"
	"math"
	"slices"
	"sync"

	"gamelab/mastermind"
)

// Tree is a codebreaking strategy: the guess to make, and for each answer
// but the winning one, the strategy for the codes that answer leaves.
type Tree struct {
	Guess int // index in the Space
	Next  map[int]*Tree
}

// optimizer searches the strategy of least total guesses over a set of
// codes: branch and bound over every guess, memoised by set.
type optimizer struct {
	space   *Space
	answer  func(g, c int) int // the space's, or a scorer's where codes pack
	answers int                // answer indexes: (pegs+1)²
	branch  int                // the answers a guess can get besides the winning one
	win     int                // the answer index of all blacks
	limit   int                // most guesses per code (0: none)
	memoMu  sync.Mutex         // the lookahead solves sets on several goroutines
	memo    map[memoKey]memoEntry
	// symmetries are the permutations of pegs and colours, as maps of
	// code indexes, for the first guesses: a guess and its image under a
	// permutation that fixes every guess before it split the codes left
	// alike (the codes left are mapped onto themselves), so only one of
	// them need be tried. Empty when there are too many to list.
	symmetries [][]uint16
}

// symmetryDepth is how deep in the strategy guesses are reduced by
// symmetry: below it the permutations fixing the guesses so far are
// rarely more than the identity.
const symmetryDepth = 3

// maxSymmetries bounds the permutations listed: pegs! × colours!.
const maxSymmetries = 1 << 16

// listSymmetries returns every permutation of pegs and colours as a map of
// code indexes, or nil if there are more than maxSymmetries.
func listSymmetries(space *Space) [][]uint16 {
	pegPerms := permutations(space.Pegs)
	colourPerms := permutations(space.Max)
	if len(pegPerms)*len(colourPerms) > maxSymmetries || len(space.Codes) > 1<<16 {
		return nil
	}
	var out [][]uint16
	image := make(mastermind.Code, space.Pegs)
	for _, pp := range pegPerms {
		for _, cp := range colourPerms {
			m := make([]uint16, len(space.Codes))
			for ci, code := range space.Codes {
				for i := range image {
					image[i] = uint8(cp[int(code[pp[i]])-1] + 1)
				}
				m[ci] = uint16(space.index(image))
			}
			out = append(out, m)
		}
	}
	return out
}

// permutations returns every ordering of 0..n-1.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	return out
}

// representatives returns, of every orbit of guesses under the
// permutations that fix each guess in history, its least member, as a
// set; nil when every guess stands for itself.
func (o *optimizer) representatives(history []int) []bool {
	if len(o.symmetries) == 0 || len(history) >= symmetryDepth {
		return nil
	}
	var group [][]uint16
	for _, m := range o.symmetries {
		fixes := true
		for _, g := range history {
			if int(m[g]) != g {
				fixes = false
				break
			}
		}
		if fixes {
			group = append(group, m)
		}
	}
	if len(group) <= 1 {
		return nil
	}
	rep := make([]bool, len(o.space.Codes))
	for g := range rep {
		least := true
		for _, m := range group {
			if int(m[g]) < g {
				least = false
				break
			}
		}
		rep[g] = least
	}
	return rep
}

type memoKey struct {
	hash  uint64
	n     int
	depth int
}

type memoEntry struct {
	cost int
	tree *Tree
}

// infinite marks a set that cannot be solved within the limit.
const infinite = math.MaxInt32

// Optimal returns the strategy that minimises the total number of guesses
// over every code of space, each found in at most limit guesses (0: no
// limit), and that total. It searches every guess at every step, cut by
// lower bounds, by guesses that split the codes alike, and, for the first
// guesses, by the symmetries of pegs and colours that the guesses so far
// leave (5 first guesses of 1,296 for 4 pegs of 6 colours): 4 pegs of 6
// colours take about ten seconds.
func Optimal(space *Space, limit int) (*Tree, int) {
	o := newOptimizer(space, space.answer, limit)
	o.symmetries = listSymmetries(space)
	all := make([]int, len(space.Codes))
	for i := range all {
		all[i] = i
	}
	cost, tree := o.solve(all, nil, infinite)
	return tree, cost
}

// newOptimizer returns an optimizer over space answering with answer.
func newOptimizer(space *Space, answer func(g, c int) int, limit int) *optimizer {
	p := space.Pegs
	return &optimizer{space: space, answer: answer, answers: (p + 1) * (p + 1), win: p * (p + 1), limit: limit, memo: map[memoKey]memoEntry{},
		// Blacks and whites summing to at most p, but not p-1 blacks and a
		// white, and not the winning answer.
		branch: (p+1)*(p+2)/2 - 2}
}

// capacity returns how many codes a strategy can finish within d more
// guesses, each guess splitting into at most branch parts besides the
// winning one.
func (o *optimizer) capacity(d int) int {
	c, level := 0, 1
	for range d {
		c += level
		level *= o.branch
		if c > 1<<40 {
			break
		}
	}
	return c
}

// lowerBound is the least total any strategy can take over n codes: one
// found at the first guess, the next branch at the second, and so on.
func (o *optimizer) lowerBound(n int) int {
	total, level, guesses := 0, 1, 1
	for n > 0 {
		k := min(n, level)
		total += k * guesses
		n -= k
		level *= o.branch
		guesses++
	}
	return total
}

func hashSet(set []int) uint64 {
	h := uint64(14695981039346656037)
	for _, x := range set {
		h ^= uint64(x)
		h *= 1099511628211
	}
	return h
}

// solve returns the least total guesses for the codes of set (sorted),
// the first of them being guess number depth, if it is below bound (else
// some value at least bound), and the strategy.
func (o *optimizer) solve(set []int, history []int, bound int) (int, *Tree) {
	depth := len(history) + 1
	n := len(set)
	if o.limit > 0 && n > o.capacity(o.limit-depth+1) {
		return infinite, nil
	}
	if n == 1 {
		return 1, &Tree{Guess: set[0]}
	}
	if lb := o.lowerBound(n); lb >= bound {
		return lb, nil
	}
	key := memoKey{hashSet(set), n, 0}
	if o.limit > 0 {
		key.depth = depth
	}
	if e, ok := o.recall(key); ok && (e.tree != nil || e.cost >= bound) {
		return e.cost, e.tree
	}
	// A code of the set that tells all the others apart is as good as it
	// gets: 2n-1.
	counts := make([]int, o.answers)
	for _, g := range set {
		clear(counts)
		ok := true
		for _, s := range set {
			if a := o.answer(g, s); counts[a] > 0 {
				ok = false
				break
			} else {
				counts[a]++
			}
		}
		if ok && (o.limit == 0 || n == 1 || o.limit-depth >= 1) {
			t := &Tree{Guess: g, Next: map[int]*Tree{}}
			for _, s := range set {
				if s != g {
					t.Next[o.answer(g, s)] = &Tree{Guess: s}
				}
			}
			o.remember(key, memoEntry{2*n - 1, t})
			return 2*n - 1, t
		}
	}
	// Weigh every guess by the bound its parts give, and try the most
	// promising first; guesses that split the set the same way are one.
	type candidate struct {
		guess, bound int
	}
	var cands []candidate
	seen := map[uint64]bool{}
	reps := o.representatives(history)
	for g := range o.space.Codes {
		if reps != nil && !reps[g] {
			continue
		}
		clear(counts)
		h := uint64(14695981039346656037)
		for _, s := range set {
			a := o.answer(g, s)
			counts[a]++
			h ^= uint64(a)
			h *= 1099511628211
		}
		if counts[o.win] == 0 && slices.Contains(counts, n) {
			continue // tells nothing
		}
		if seen[h] {
			continue
		}
		seen[h] = true
		lb := n
		for a, c := range counts {
			if a != o.win && c > 0 {
				lb += o.lowerBound(c)
			}
		}
		if lb < bound {
			cands = append(cands, candidate{g, lb})
		}
	}
	slices.SortStableFunc(cands, func(a, b candidate) int { return a.bound - b.bound })
	best, bestTree := bound, (*Tree)(nil)
	parts := make([][]int, o.answers)
	for _, c := range cands {
		if c.bound >= best {
			break
		}
		for a := range parts {
			parts[a] = parts[a][:0]
		}
		for _, s := range set {
			a := o.answer(c.guess, s)
			parts[a] = append(parts[a], s)
		}
		// Solve the parts largest first, each within what is left.
		order := make([]int, 0, o.answers)
		for a := range parts {
			if a != o.win && len(parts[a]) > 0 {
				order = append(order, a)
			}
		}
		slices.SortFunc(order, func(x, y int) int { return len(parts[y]) - len(parts[x]) })
		total := c.bound // n plus the lower bounds of every part
		t := &Tree{Guess: c.guess, Next: map[int]*Tree{}}
		for _, a := range order {
			lb := o.lowerBound(len(parts[a]))
			cost, sub := o.solve(slices.Clone(parts[a]), append(history[:len(history):len(history)], c.guess), best-(total-lb))
			if cost >= infinite || sub == nil {
				total = infinite
				break
			}
			total += cost - lb
			if total >= best {
				break
			}
			t.Next[a] = sub
		}
		if total < best {
			best, bestTree = total, t
		}
	}
	if bestTree == nil {
		if best < infinite {
			o.remember(key, memoEntry{cost: best}) // at least bound
		}
		return best, nil
	}
	o.remember(key, memoEntry{best, bestTree})
	return best, bestTree
}

// recall returns what the memo holds for key.
func (o *optimizer) recall(key memoKey) (memoEntry, bool) {
	o.memoMu.Lock()
	defer o.memoMu.Unlock()
	e, ok := o.memo[key]
	return e, ok
}

// remember keeps e for key; a bound does not replace a strategy found for
// the same set on another goroutine.
func (o *optimizer) remember(key memoKey, e memoEntry) {
	o.memoMu.Lock()
	defer o.memoMu.Unlock()
	if old, ok := o.memo[key]; !ok || e.tree != nil || old.tree == nil {
		o.memo[key] = e
	}
}

// TreeBreaker plays a strategy tree.
type TreeBreaker struct {
	space *Space
	tree  *Tree
}

// NewTreeBreaker returns a breaker playing tree over space.
func NewTreeBreaker(space *Space, tree *Tree) *TreeBreaker { return &TreeBreaker{space, tree} }

// Guess implements Breaker: it follows the answers so far down the tree
// (an answer the tree does not know, from hints that contradict each
// other, gets its first code).
func (b *TreeBreaker) Guess(hints []mastermind.Hint) mastermind.Code {
	t := b.tree
	for _, h := range hints {
		next := t.Next[answerIndex(h.Answer, b.space.Pegs)]
		if next == nil {
			return b.space.Codes[0]
		}
		t = next
	}
	return b.space.Codes[t.Guess]
}

// MaxOptimalCodes is the largest game the optimal search takes on: it
// weighs every guess at every step (4 pegs of 6 colours take seconds).
const MaxOptimalCodes = 1296

// optimalFactory makes the optimal breaker within limit guesses (0: none),
// computing its strategy once per process and keeping it in the cache.
func optimalFactory(limit int) Factory {
	return func(pegs, max int, opts Options) (Breaker, error) {
		s, err := NewSpace(pegs, max)
		if err != nil {
			return nil, err
		}
		if len(s.Codes) > MaxOptimalCodes {
			return nil, fmt.Errorf("%d pegs of %d colours: %d codes, more than the %d the optimal search takes on; try entropy", pegs, max, len(s.Codes), MaxOptimalCodes)
		}
		tree, _ := CachedOptimal(opts, s, limit)
		if tree == nil {
			return nil, fmt.Errorf("%d pegs of %d colours: no strategy finds every code within %d guesses", pegs, max, limit)
		}
		return NewTreeBreaker(s, tree), nil
	}
}

func init() {
	Register("optimal", optimalFactory(0))
	Register("optimal-5", optimalFactory(5))
}
