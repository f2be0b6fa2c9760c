package solve

import (
	"cmp"
	"context"
	"errors"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"

	"gamelab/internal/cache"
	"gamelab/nerdle"
)

// Book is what Best precomputes for a universe and shares among all its
// solvers: the opener, the universe split by the opener, the decision tree
// if one is cached, and the searcher (with its source of guesses and
// its memo, which all solvers fill together, under a lock).
type Book struct {
	u            *Universe
	Opener       nerdle.Equation
	OpenerCached bool // the opener came from the cache of BuildOpener
	// CacheErr is what went wrong with u's cache files, if anything did
	// beyond their absence: a *cache.DamagedError for a file set aside.
	CacheErr error
	classes  [][]nerdle.Equation // the universe by the opener's feedback, indexed by it
	Tree     *Tree               // nil when no tree is built for this universe
	search   *searcher
	scanned  []nerdle.Equation // what informative scans: all, or a spread of the largest universes (length 11)
}

// Online search settings: the width of the lazy tree search, and the
// largest candidate set it is used for at lengths too long for a whole tree.
const (
	onlineWidth     = 6
	exactSetLimit   = 60
	treeUniverseMax = 20000 // lengths up to 8: whole trees are affordable
)

// DefaultSolver names the strongest solver, Best: the one users get
// unless they ask for another.
const DefaultSolver = "best"

// WholeTree reports whether the solver plays u from a whole decision tree
// (built by Search) rather than from an opener and online search.
func WholeTree(u *Universe) bool { return len(u.All) <= treeUniverseMax }

// MaxGuesses is the most guesses Best allows itself for a length: the
// depth its searches respect.
func MaxGuesses(n int) int {
	if n >= 6 && n <= 8 {
		return 4
	}
	return 5
}

// NewBook computes the opener (or takes it from tree, if given, or from
// u's cache) and splits the universe by it.
func NewBook(u *Universe, tree *Tree) *Book {
	b := &Book{u: u, Tree: tree, scanned: scanned(u)}
	var opener nerdle.Equation
	if tree == nil {
		var err error
		if opener, err = LoadOpener(u); err != nil && !errors.Is(err, cache.ErrMissing) {
			b.CacheErr = err
		}
	}
	var pool []nerdle.Equation
	if len(u.All) <= treeUniverseMax {
		pool = guessPool(u, searchPoolSize)
		b.search = newSearcher(u, onlineWidth, fixedGuesses(pool))
	} else {
		b.search = newSearcher(u, onlineWidth, func(set []nerdle.Equation) []nerdle.Equation {
			return informative(b.scanned, set, informativeGuesses)
		})
	}
	if tree != nil {
		b.Opener = tree.Root()
	} else if opener != 0 {
		b.Opener, b.OpenerCached = opener, true
	} else {
		if pool == nil {
			pool = guessPool(u, searchPoolSize)
		}
		b.Opener = FindOpener(u, pool, quickOpenerSecrets)
	}
	b.classes = make([][]nerdle.Equation, nerdle.NumFeedbacks(u.Length))
	for _, c := range splitAll(u.All, b.Opener) {
		b.classes[c.f] = c.set
	}
	return b
}

// class is the part of a set of secrets that gives one feedback.
type class struct {
	f   nerdle.Feedback
	set []nerdle.Equation
}

// splitAll splits set by the feedback of guess into classes ordered by
// feedback, their members sharing one backing array.
func splitAll(set []nerdle.Equation, guess nerdle.Equation) []class {
	nf := nerdle.NumFeedbacks(guess.Len())
	members := make([]nerdle.Equation, len(set))
	if len(set) > nf {
		// Counting sort, linear in the set, for the largest sets.
		codes := make([]nerdle.Feedback, len(set))
		start := make([]int, nf+1)
		for i, s := range set {
			codes[i] = nerdle.Score(s, guess)
			start[codes[i]+1]++
		}
		for f := 1; f <= nf; f++ {
			start[f] += start[f-1]
		}
		next := slices.Clone(start[:nf])
		for i, s := range set {
			members[next[codes[i]]] = s
			next[codes[i]]++
		}
		var classes []class
		for f := 0; f < nf; f++ {
			if start[f] < start[f+1] {
				classes = append(classes, class{nerdle.Feedback(f), members[start[f]:start[f+1]:start[f+1]]})
			}
		}
		return classes
	}
	type pair struct {
		f nerdle.Feedback
		e nerdle.Equation
	}
	pairs := make([]pair, len(set))
	for i, s := range set {
		pairs[i] = pair{nerdle.Score(s, guess), s}
	}
	slices.SortFunc(pairs, func(a, b pair) int { return int(a.f) - int(b.f) })
	var classes []class
	lo := 0
	for i, p := range pairs {
		members[i] = p.e
		if i+1 == len(pairs) || pairs[i+1].f != p.f {
			classes = append(classes, class{p.f, members[lo : i+1 : i+1]})
			lo = i + 1
		}
	}
	return classes
}

// guessPool returns up to size equations of u with the most distinct
// symbols, drawn evenly from each tier: guesses that test many symbols at
// once split large sets best.
func guessPool(u *Universe, size int) []nerdle.Equation {
	distinct := make([]uint8, len(u.All))
	var tiers [nerdle.NumSymbols + 1]int
	for i, e := range u.All {
		var seen uint16
		for j := 0; j < e.Len(); j++ {
			seen |= 1 << e.At(j)
		}
		distinct[i] = uint8(bits.OnesCount16(seen))
		tiers[distinct[i]]++
	}
	var pool []nerdle.Equation
	for want := nerdle.NumSymbols; want > 0 && len(pool) < size; want-- {
		if tiers[want] == 0 {
			continue
		}
		tier := make([]nerdle.Equation, 0, tiers[want])
		for i, d := range distinct {
			if int(d) == want {
				tier = append(tier, u.All[i])
			}
		}
		pool = append(pool, spread(tier, size-len(pool))...)
	}
	return pool
}

// spread returns up to k elements of set, evenly spaced, so that a sample
// of a sorted list covers all of it deterministically.
func spread(set []nerdle.Equation, k int) []nerdle.Equation {
	if len(set) <= k {
		return slices.Clone(set)
	}
	out := make([]nerdle.Equation, k)
	for i := range out {
		out[i] = set[i*len(set)/k]
	}
	return out
}

// FindOpener returns the first guess with the lowest expected cost, weighing
// the strong pool, the most informative guesses and a spread of the universe
// against a spread of secrets, then the best of them against many more.
// secrets bounds the second stage: len(u.All) weighs against every equation.
func FindOpener(u *Universe, pool []nerdle.Equation, secrets int) nerdle.Equation {
	guesses := append(slices.Clone(pool), spread(u.All, 500)...)
	guesses = append(guesses, informative(scanned(u), spread(u.All, 50_000), 500)...)
	top := parallelBest(u, guesses, spread(u.All, 20000), 24)
	return parallelBest(u, top, spread(u.All, secrets), 1)[0]
}

// scanned returns the equations informative scans for u: all of them, or
// an even spread of the largest universes.
func scanned(u *Universe) []nerdle.Equation {
	if len(u.All) > scanMax {
		return spread(u.All, scanMax)
	}
	return u.All
}

// parallelBest returns the n guesses with the lowest expected cost on
// secrets, weighed on all cores.
func parallelBest(u *Universe, guesses, secrets []nerdle.Equation, n int) []nerdle.Equation {
	return cheapest(guesses, costs(newSplitters(u.Length), guesses, secrets), n)
}

// newSplitters returns a splitter for every core.
func newSplitters(n int) []*splitter {
	sps := make([]*splitter, runtime.GOMAXPROCS(0))
	for i := range sps {
		sps[i] = newSplitter(n)
	}
	return sps
}

// parallelMin is the fewest colourings worth sharing among cores.
const parallelMin = 50_000

// costs returns the expected cost of every guess on secrets.
func costs(sps []*splitter, guesses, secrets []nerdle.Equation) []float64 {
	return onCores(sps, guesses, len(guesses)*len(secrets), func(sp *splitter, g nerdle.Equation) float64 {
		return sp.cost(g, secrets)
	})
}

// onCores returns f of every guess, the guesses shared among as many cores
// as there are splitters, each core using its own; work (in colourings)
// below parallelMin stays on one.
func onCores(sps []*splitter, guesses []nerdle.Equation, work int, f func(*splitter, nerdle.Equation) float64) []float64 {
	out := make([]float64, len(guesses))
	workers := len(sps)
	if work < parallelMin {
		workers = 1
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for i := w; i < len(guesses); i += workers {
				out[i] = f(sps[w], guesses[i])
			}
		})
	}
	wg.Wait()
	return out
}

// cheapest returns the n guesses of lowest cost, cheapest first; ties keep
// the order of guesses.
func cheapest(guesses []nerdle.Equation, costs []float64, n int) []nerdle.Equation {
	order := make([]int, len(guesses))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(costs[a], costs[b]) })
	out := make([]nerdle.Equation, min(n, len(order)))
	for i := range out {
		out[i] = guesses[order[i]]
	}
	return out
}

// bestGuess returns the guess of guesses with the lowest expected cost on
// secrets, and that cost; of equal costs, the first. It allocates nothing.
func bestGuess(sp *splitter, guesses, secrets []nerdle.Equation) (nerdle.Equation, float64) {
	var best nerdle.Equation
	bestCost := 1e18
	for _, g := range guesses {
		if c := sp.cost(g, secrets); c < bestCost {
			best, bestCost = g, c
		}
	}
	return best, bestCost
}

// Best is the default solver: see the package documentation.
type Best struct {
	book *Book
	sps  []*splitter                // one per core; the first for work done on one
	memo map[string]nerdle.Equation // decisions by history, valid for one book
}

// NewBest returns a solver using book.
func NewBest(book *Book) *Best {
	return &Best{book: book, sps: newSplitters(book.u.Length), memo: map[string]nerdle.Equation{}}
}

// Guess implements Solver.
func (b *Best) Guess(h History) (nerdle.Equation, error) {
	if len(h.Rows) == 0 {
		return b.book.Opener, nil
	}
	if b.book.Tree != nil {
		if g, ok := b.book.Tree.Next(h.Rows); ok {
			return g, nil
		}
	}
	key := historyKey(h.Rows)
	if g, ok := b.memo[key]; ok {
		return g, nil
	}
	cands := b.candidates(h)
	if len(cands) == 0 {
		return 0, ErrInconsistent
	}
	g := b.choose(cands, MaxGuesses(h.Length)-len(h.Rows))
	b.memo[key] = g
	return g, nil
}

func historyKey(rows []nerdle.Row) string {
	var sb strings.Builder
	for _, r := range rows {
		sb.WriteString(r.Guess.String())
		sb.WriteByte(' ')
		sb.WriteString(r.Feedback.Format(r.Guess.Len()))
		sb.WriteByte(';')
	}
	return sb.String()
}

// candidates returns the secrets consistent with h, starting from the
// opener's class when the game opened with it.
func (b *Best) candidates(h History) []nerdle.Equation {
	rows := h.Rows
	set := b.book.u.All
	if rows[0].Guess == b.book.Opener {
		set = b.book.classes[rows[0].Feedback]
		rows = rows[1:]
	}
	for _, r := range rows {
		set = Filter(set, r.Guess, r.Feedback)
	}
	return set
}

// choose returns the guess for the candidate set cands, trying to find
// every secret within depth more guesses.
func (b *Best) choose(cands []nerdle.Equation, depth int) nerdle.Equation {
	if len(cands) <= 2 {
		return cands[0]
	}
	if len(b.book.u.All) <= treeUniverseMax || len(cands) <= exactSetLimit {
		if t, _ := b.book.search.solve(context.Background(), b.sps[0], cands, depth, infinite); t != nil {
			return t.guess
		}
	}
	// Weigh many guesses against a sample of the candidates, the best of
	// them against all (or a large sample), and the best few of those by
	// looking one guess further ahead.
	guesses := b.guessesFor(cands)
	sample := spread(cands, max(100, stageOneBudget/len(guesses)))
	top := b.best(guesses, sample, shortlist)
	if len(sample) < len(cands) {
		top = b.best(top, spread(cands, stageTwoSecrets), lookaheadWidth)
	} else {
		top = top[:min(lookaheadWidth, len(top))]
	}
	if len(cands) > lookaheadLimit {
		return top[0]
	}
	// Each lookahead weighs every class against itself: always worth a core.
	costs := onCores(b.sps, top, parallelMin, func(sp *splitter, g nerdle.Equation) float64 {
		return lookahead(sp, g, cands)
	})
	return cheapest(top, costs, 1)[0]
}

// Budgets of the online decision, in colourings (about 45 ns each) or
// guesses.
const (
	stageOneBudget  = 500_000
	stageTwoSecrets = 20_000
	shortlist       = 24
	lookaheadWidth  = 6
	lookaheadLimit  = 4000 // largest candidate set weighed two guesses deep

	candidateGuesses   = 500     // candidates weighed as guesses, a spread of them
	informativeGuesses = 1000    // guesses of the universe shortlisted by informative
	scanMax            = 700_000 // most equations informative scans (length 11: every 22nd)
)

// best returns the n guesses of guesses with the lowest expected cost on
// secrets, best first.
func (b *Best) best(guesses, secrets []nerdle.Equation, n int) []nerdle.Equation {
	return cheapest(guesses, costs(b.sps, guesses, secrets), n)
}

// lookahead estimates the expected guesses to find a secret of cands by
// guessing g and then, in every class it leaves, the best next guess among
// the class's own members.
func lookahead(sp *splitter, g nerdle.Equation, cands []nerdle.Equation) float64 {
	total := 0.0
	for _, c := range splitAll(cands, g) {
		k := len(c.set)
		switch {
		case c.f == sp.allG:
			continue
		case k <= 2:
			total += float64(k) * remaining(int32(k))
			continue
		}
		_, cost := bestGuess(sp, c.set, c.set)
		total += float64(k) * cost
	}
	return 1 + total/float64(len(cands))
}

// guessesFor returns the guesses worth weighing for cands: every equation
// of a small universe; else a spread of the candidates and the searcher's
// others (at lengths 9 to 11, the guesses of the universe with the most
// informative colours for them).
func (b *Best) guessesFor(cands []nerdle.Equation) []nerdle.Equation {
	all := b.book.u.All
	if len(all) <= 4000 {
		return all
	}
	guesses := spread(cands, candidateGuesses)
	return append(guesses, b.book.search.others(cands)...)
}

// books holds one Book per universe within the process, made once.
var books struct {
	sync.Mutex
	m map[*Universe]*Book
}

// BookFor returns the process's Book for u, making it (with the cached tree,
// if any) on first use.
func BookFor(u *Universe) *Book {
	books.Lock()
	defer books.Unlock()
	if books.m == nil {
		books.m = map[*Universe]*Book{}
	}
	b := books.m[u]
	if b == nil {
		t, err := treeFor(u)
		b = NewBook(u, t)
		b.CacheErr = cmp.Or(err, b.CacheErr)
		books.m[u] = b
	}
	return b
}

// quickTreeMax is the largest universe whose optimal tree is searched on
// first use (lengths 5 and 6, under a second) rather than by a command.
const quickTreeMax = 1000

// treeFor returns the cached tree for u; for small universes it searches the
// optimal tree and caches it if there is none or the cached one is damaged.
// The error is a damaged cache file's, if there was one (else nil).
func treeFor(u *Universe) (*Tree, error) {
	t, err := LoadTree(u)
	if errors.Is(err, cache.ErrMissing) {
		err = nil
	}
	if t != nil || len(u.All) > quickTreeMax {
		return t, err
	}
	t, serr := Search(context.Background(), u, DefaultSearch(u.Length), nil)
	if serr != nil {
		return nil, err
	}
	if u.Cache != "" {
		SaveTree(u, t) // a cache: if it cannot be written, search again next time
	}
	return t, err
}

// DefaultSearch returns the search settings for trees of length n: exact
// for 5 and 6; for 7 and 8 those that find the best trees known within
// minutes on two cores.
func DefaultSearch(n int) SearchOptions {
	o := SearchOptions{Openers: 1 << 30, Width: 1 << 30, Depth: MaxGuesses(n)}
	switch n {
	case 7:
		o.Openers, o.Width = 16, 25
	case 8:
		o.Openers, o.Width = 12, 8
	}
	return o
}

func init() {
	Register(DefaultSolver, func(u *Universe) (Solver, error) { return NewBest(BookFor(u)), nil })
}
