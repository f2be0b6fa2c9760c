package solve

import (
	"bufio"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"

	"gamelab/internal/cache"
	"gamelab/nerdle"
)

// Tree is a complete strategy for one universe: the guess to make after
// every sequence of colours that can occur. Trees are built by Search and
// cached on disk, since the search takes minutes for the longer lengths.
type Tree struct {
	Length  int
	Rules   nerdle.Rules
	Total   int // guesses summed over every secret
	Secrets int // number of secrets
	Worst   int // most guesses any secret needs
	Width   int // how many guesses per position the search weighed
	root    nerdle.Equation
	next    map[string]nerdle.Equation // by pathKey of the colours so far
}

// Root returns the tree's first guess.
func (t *Tree) Root() nerdle.Equation { return t.root }

// Average returns the mean number of guesses over every secret.
func (t *Tree) Average() float64 { return float64(t.Total) / float64(t.Secrets) }

// Next returns the guess the tree makes after rows, and false if rows did
// not follow the tree.
func (t *Tree) Next(rows []nerdle.Row) (nerdle.Equation, bool) {
	if len(rows) == 0 {
		return t.root, true
	}
	g := t.root
	for i, r := range rows {
		if r.Guess != g {
			return 0, false
		}
		var ok bool
		if g, ok = t.next[pathKey(rows[:i+1])]; !ok {
			return 0, false
		}
	}
	return g, true
}

// pathKey names a position of the tree by the colours that led to it.
func pathKey(rows []nerdle.Row) string {
	var b strings.Builder
	for i, r := range rows {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(strconv.Itoa(int(r.Feedback)))
	}
	return b.String()
}

// node is a tree under construction: the guess for a set of secrets and
// the subtree for every colouring other than all green.
type node struct {
	guess    nerdle.Equation
	children map[nerdle.Feedback]*node
}

const infinite = 1 << 40

// lowerBound is the fewest total guesses that can find every secret of a
// class of k, once the guess that produced it is counted: one more guess
// finds at most one of them, the rest need at least two.
func lowerBound(k int) int {
	if k == 1 {
		return 1
	}
	return 2*k - 1
}

// searcher finds low-cost trees by depth-first branch and bound. It is
// shared by the goroutines of one search: the memo is locked, each
// goroutine has its own splitter, and the helpers that weigh a large set's
// guesses with it take theirs from spare.
type searcher struct {
	u     *Universe
	width int
	// others returns the guesses weighed for a set besides its own members
	// when the whole universe is too many.
	others func(set []nerdle.Equation) []nerdle.Equation
	spare  sync.Pool // of *splitter

	mu   sync.Mutex
	memo map[memoKey]memoEntry
}

type memoKey struct {
	hash  uint64
	size  int
	depth int
}

type memoEntry struct {
	n     *node
	cost  int // exact when n != nil, else a lower bound
	exact bool
}

// setHash mixes the members of a set into a 64-bit key, independent of
// order.
func setHash(set []nerdle.Equation) uint64 {
	var h uint64
	for _, e := range set {
		z := uint64(e) + 0x9e3779b97f4a7c15
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		h += z ^ z>>31
	}
	return h
}

// rankBudget is the most colourings rank computes to weigh every equation
// as a guess for a set; larger sets weigh their members and the others.
const rankBudget = 6_000_000

// searchPoolSize is the number of strong guesses weighed, besides the
// candidates, for sets too large to weigh every equation against.
const searchPoolSize = 1500

func newSearcher(u *Universe, width int, others func(set []nerdle.Equation) []nerdle.Equation) *searcher {
	s := &searcher{u: u, width: width, others: others, memo: map[memoKey]memoEntry{}}
	s.spare.New = func() any { return newSplitter(u.Length) }
	return s
}

// fixedGuesses returns a searcher's others that are always pool.
func fixedGuesses(pool []nerdle.Equation) func([]nerdle.Equation) []nerdle.Equation {
	return func([]nerdle.Equation) []nerdle.Equation { return pool }
}

// option is a guess being weighed for a set: its split and bounds.
type option struct {
	guess nerdle.Equation
	lb    int     // lower bound on the total cost with this guess
	est   float64 // estimated expected guesses
}

// rank weighs every guess worth considering for set and returns the best
// width of them, by estimated cost and then by lower bound; of equal ones,
// the first weighed. It selects rather than sorts: width is small and the
// guesses weighed are thousands, at every node of a search.
func (s *searcher) rank(sp *splitter, set []nerdle.Equation, width int) []option {
	opts := s.weigh(sp, set)
	if width >= len(opts) {
		slices.SortStableFunc(opts, compareOptions)
		return opts
	}
	top := make([]option, 0, width+1)
	for _, o := range opts {
		at := len(top)
		for at > 0 && compareOptions(o, top[at-1]) < 0 {
			at--
		}
		if at < width {
			top = slices.Insert(top, at, o)
			top = top[:min(len(top), width)]
		}
	}
	return top
}

// compareOptions orders options by estimated cost, then by lower bound.
func compareOptions(a, b option) int {
	return cmp.Or(cmp.Compare(a.est, b.est), a.lb-b.lb)
}

// weigh returns the guesses worth considering for set, with their bounds
// and estimates, in the order of the guesses. Large sets are weighed on all
// cores.
func (s *searcher) weigh(sp *splitter, set []nerdle.Equation) []option {
	guesses := s.u.All
	if len(guesses)*len(set) > rankBudget {
		guesses = append(slices.Clone(set), s.others(set)...)
		slices.Sort(guesses)
		guesses = slices.Compact(guesses)
	}
	opts := make([]option, len(guesses))
	workers := 1
	if len(guesses)*len(set) >= parallelMin {
		workers = runtime.GOMAXPROCS(0)
	}
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			lo, hi := w*len(guesses)/workers, (w+1)*len(guesses)/workers
			if w == 0 {
				weighInto(sp, set, guesses[lo:hi], opts[lo:hi])
				return
			}
			helper := s.spare.Get().(*splitter)
			weighInto(helper, set, guesses[lo:hi], opts[lo:hi])
			s.spare.Put(helper)
		})
	}
	wg.Wait()
	return opts
}

// weighInto sets opts[i] to guesses[i] weighed for set.
func weighInto(sp *splitter, set, guesses []nerdle.Equation, opts []option) {
	for i, g := range guesses {
		sp.split(g, set)
		lb := len(set)
		for _, f := range sp.touched {
			if f != sp.allG {
				lb += lowerBound(int(sp.counts[f]))
			}
		}
		opts[i] = option{g, lb, sp.expectedCost(len(set))}
		sp.reset()
	}
}

// rootOptions returns the openers worth a whole tree: half of them best by
// estimate, half by lower bound (the most classes), since neither ranking
// alone reliably puts the best opener near the top.
func (s *searcher) rootOptions(sp *splitter, k int) []option {
	opts := s.weigh(sp, s.u.All)
	slices.SortStableFunc(opts, compareOptions)
	byEstimate := opts[:min((k+1)/2, len(opts))]
	byBound := slices.Clone(opts)
	slices.SortStableFunc(byBound, func(a, b option) int { return a.lb - b.lb })
	out := slices.Clone(byEstimate)
	for _, o := range byBound {
		if len(out) >= min(k, len(opts)) {
			break
		}
		if !slices.ContainsFunc(out, func(x option) bool { return x.guess == o.guess }) {
			out = append(out, o)
		}
	}
	return out
}

// solve returns a tree for set with at most depth guesses per secret whose
// total cost is below bound, and that cost; or nil if it found none.
func (s *searcher) solve(ctx context.Context, sp *splitter, set []nerdle.Equation, depth, bound int) (*node, int) {
	n := len(set)
	switch {
	case n == 1:
		return &node{guess: set[0]}, 1
	case depth <= 1 || lowerBound(n) >= bound || ctx.Err() != nil:
		return nil, infinite
	case n == 2:
		f := nerdle.Score(set[1], set[0])
		return &node{guess: set[0], children: map[nerdle.Feedback]*node{f: {guess: set[1]}}}, 3
	}
	key := memoKey{setHash(set), n, depth}
	s.mu.Lock()
	e, ok := s.memo[key]
	s.mu.Unlock()
	if ok && e.exact && e.cost < bound {
		return e.n, e.cost
	}
	if ok && e.cost >= bound { // exact or a lower bound: either way, too dear
		return nil, infinite
	}
	// A secret that tells all the others apart is optimal.
	for _, g := range set {
		sp.split(g, set)
		perfect := len(sp.touched) == n
		sp.reset()
		if perfect {
			t, c := s.build(ctx, sp, set, g, depth, infinite)
			return s.remember(key, t, c)
		}
	}
	width := s.width
	if depth == 2 {
		width = 1 << 30 // the last guess must split perfectly: try all
	}
	best, bestCost := (*node)(nil), bound
	for _, o := range s.rank(sp, set, width) {
		if o.lb >= bestCost {
			continue
		}
		if t, c := s.build(ctx, sp, set, o.guess, depth, bestCost); t != nil && c < bestCost {
			best, bestCost = t, c
		}
	}
	if best == nil {
		s.mu.Lock()
		if old, ok := s.memo[key]; !ok || !old.exact && old.cost < bound {
			s.memo[key] = memoEntry{cost: bound}
		}
		s.mu.Unlock()
		return nil, infinite
	}
	return s.remember(key, best, bestCost)
}

func (s *searcher) remember(key memoKey, t *node, cost int) (*node, int) {
	if t != nil {
		s.mu.Lock()
		s.memo[key] = memoEntry{n: t, cost: cost, exact: true}
		s.mu.Unlock()
	}
	return t, cost
}

// build returns the tree that guesses g for set, its subtrees solved, if
// its cost is below bound.
func (s *searcher) build(ctx context.Context, sp *splitter, set []nerdle.Equation, g nerdle.Equation, depth, bound int) (*node, int) {
	classes := splitAll(set, g)
	rest := 0
	for i, c := range classes {
		if c.f == sp.allG {
			classes = slices.Delete(classes, i, i+1)
			break
		}
	}
	for _, c := range classes {
		rest += lowerBound(len(c.set))
	}
	// Large classes first: they decide whether the bound is beaten.
	slices.SortStableFunc(classes, func(a, b class) int { return len(b.set) - len(a.set) })
	t := &node{guess: g, children: make(map[nerdle.Feedback]*node, len(classes))}
	total := len(set)
	for _, c := range classes {
		rest -= lowerBound(len(c.set))
		sub, cost := s.solve(ctx, sp, c.set, depth-1, bound-total-rest)
		if sub == nil {
			return nil, infinite
		}
		t.children[c.f] = sub
		total += cost
	}
	if total >= bound {
		return nil, infinite
	}
	return t, total
}

// SearchOptions tune Search.
type SearchOptions struct {
	Openers int // first guesses weighed by the cost of their whole tree
	Width   int // guesses weighed at every later position
	Depth   int // most guesses allowed for any secret
}

// Search builds a tree for u: for each of the most promising openers it
// finds a low-cost tree, and keeps the cheapest. With Width at least the
// size of the universe the result is optimal for its depth; smaller widths
// trade optimality for time. Openers are weighed in parallel on all cores.
func Search(ctx context.Context, u *Universe, o SearchOptions, progress func(opener nerdle.Equation, total int)) (*Tree, error) {
	s := newSearcher(u, o.Width, fixedGuesses(guessPool(u, searchPoolSize)))
	sp := newSplitter(u.Length)
	openers := s.rootOptions(sp, o.Openers)
	type result struct {
		t    *node
		cost int
	}
	results := make([]result, len(openers))
	var wg sync.WaitGroup
	jobs := make(chan int)
	var mu sync.Mutex
	bestCost := infinite
	for range runtime.GOMAXPROCS(0) {
		wg.Go(func() {
			sp := newSplitter(u.Length)
			for i := range jobs {
				mu.Lock()
				bound := bestCost
				mu.Unlock()
				t, c := s.build(ctx, sp, u.All, openers[i].guess, o.Depth, bound)
				results[i] = result{t, c}
				mu.Lock()
				if t != nil && c < bestCost {
					bestCost = c
				}
				mu.Unlock()
				if progress != nil {
					progress(openers[i].guess, c)
				}
			}
		})
	}
	for i := range openers {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	if ctx.Err() != nil {
		return nil, context.Cause(ctx) // "interrupt signal received", not "context canceled"
	}
	best := -1
	for i, r := range results {
		if r.t != nil && (best < 0 || r.cost < results[best].cost) {
			best = i
		}
	}
	if best < 0 {
		return nil, fmt.Errorf("no tree solves every secret of length %d within %d guesses", u.Length, o.Depth)
	}
	t := &Tree{Length: u.Length, Rules: u.Rules, Total: results[best].cost, Secrets: len(u.All), Width: o.Width,
		root: results[best].t.guess, next: map[string]nerdle.Equation{}}
	t.flatten(results[best].t, nil, 1)
	return t, nil
}

// flatten records the guesses of n's subtrees under their paths.
func (t *Tree) flatten(n *node, rows []nerdle.Row, depth int) {
	t.Worst = max(t.Worst, depth)
	for f, child := range n.children {
		path := append(slices.Clone(rows), nerdle.Row{Guess: n.guess, Feedback: f})
		t.next[pathKey(path)] = child.guess
		t.flatten(child, path, depth+1)
	}
}

// treeFormat is the first line of a tree file; a change of format or of
// the search makes old files stale.
const treeFormat = "gamelab nerdle tree v1"

// Write writes t as text: a header, then one line per position, the path
// of colours and the guess.
func (t *Tree) Write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "%s\nlength %d\nrules %v\nsecrets %d\ntotal %d\nworst %d\nwidth %d\nroot %v\n",
		treeFormat, t.Length, t.Rules, t.Secrets, t.Total, t.Worst, t.Width, t.root)
	keys := make([]string, 0, len(t.next))
	for k := range t.next {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(bw, "%s %v\n", k, t.next[k])
	}
	return bw.Flush()
}

// ReadTree reads a tree written by Write for universe u, checking that it
// was built for u and that it is whole: every secret is found by it.
func ReadTree(r io.Reader, u *Universe) (*Tree, error) {
	sc := bufio.NewScanner(r)
	header := map[string]string{}
	if !sc.Scan() || sc.Text() != treeFormat {
		return nil, errors.New("not a tree file of this version")
	}
	for len(header) < 7 && sc.Scan() {
		k, v, _ := strings.Cut(sc.Text(), " ")
		header[k] = v
	}
	t := &Tree{Length: u.Length, Rules: u.Rules, next: map[string]nerdle.Equation{}}
	if header["length"] != strconv.Itoa(u.Length) || header["rules"] != u.Rules.String() || header["secrets"] != strconv.Itoa(len(u.All)) {
		return nil, fmt.Errorf("the tree is for another universe (length %s, rules %s, %s secrets)", header["length"], header["rules"], header["secrets"])
	}
	var err error
	t.Secrets = len(u.All)
	for _, f := range []struct {
		key string
		dst *int
	}{{"total", &t.Total}, {"worst", &t.Worst}, {"width", &t.Width}} {
		if *f.dst, err = strconv.Atoi(header[f.key]); err != nil {
			return nil, fmt.Errorf("tree header %s: %w", f.key, err)
		}
	}
	if t.root, err = nerdle.ParseEquation(header["root"]); err != nil {
		return nil, fmt.Errorf("tree root: %w", err)
	}
	for sc.Scan() {
		path, guess, ok := strings.Cut(sc.Text(), " ")
		g, err := nerdle.ParseEquation(guess)
		if !ok || err != nil {
			return nil, fmt.Errorf("tree line %q: want a path and a guess", sc.Text())
		}
		t.next[path] = g
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	total, worst, err := t.Play(u.All)
	if err != nil {
		return nil, err
	}
	if total != t.Total || worst != t.Worst {
		return nil, fmt.Errorf("the tree plays %d guesses (worst %d), its header says %d (worst %d)", total, worst, t.Total, t.Worst)
	}
	return t, nil
}

// Play plays every secret by the tree and returns the total guesses and
// the most for one secret; it fails if the tree misses a secret.
func (t *Tree) Play(secrets []nerdle.Equation) (total, worst int, err error) {
	for _, s := range secrets {
		var rows []nerdle.Row
		g := t.root
		for {
			f := nerdle.Score(s, g)
			rows = append(rows, nerdle.Row{Guess: g, Feedback: f})
			if f == nerdle.AllGreen(t.Length) {
				break
			}
			var ok bool
			if g, ok = t.next[pathKey(rows)]; !ok || len(rows) > 20 {
				return 0, 0, fmt.Errorf("the tree does not find %v", s)
			}
		}
		total += len(rows)
		worst = max(worst, len(rows))
	}
	return total, worst, nil
}

// TreePath returns where the tree for u is cached in u.Cache ("" if u has
// no cache): one file per length and rule set.
func TreePath(u *Universe) string { return u.Cache.Path(treeName(u)) }

// treeName is the name of u's tree file in the cache.
func treeName(u *Universe) string { return fmt.Sprintf("nerdle-tree-%d-%v.txt", u.Length, u.Rules) }

// LoadTree returns the cached tree for u. It fails with cache.ErrMissing if
// there is none, and with a *cache.DamagedError, having moved the file
// aside, if the file cannot be read or does not hold a whole tree for u.
func LoadTree(u *Universe) (*Tree, error) {
	return cache.Load(u.Cache, treeName(u), func(r io.Reader) (*Tree, error) { return ReadTree(r, u) })
}

// SaveTree writes t to u's cache, atomically, and returns its path.
func SaveTree(u *Universe, t *Tree) (string, error) {
	return cache.Save(u.Cache, treeName(u), t.Write)
}

// KeepBetter saves t to u's cache unless the cached tree is better (fewer
// guesses in all) and force is false. It returns the tree kept there (t
// if it was saved), its path, and the damage of a cached file it set
// aside (nil if none) for the caller to report.
func KeepBetter(u *Universe, t *Tree, force bool) (kept *Tree, path string, damaged, err error) {
	old, lerr := LoadTree(u)
	var d *cache.DamagedError
	if errors.As(lerr, &d) {
		damaged = lerr
	}
	if old != nil && old.Total < t.Total && !force {
		return old, TreePath(u), damaged, nil
	}
	path, err = SaveTree(u, t)
	return t, path, damaged, err
}
