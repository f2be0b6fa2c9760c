package breaker

import (
	"bytes"
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"gamelab/internal/bench"
	"gamelab/internal/cache"
	"gamelab/mastermind"
)

// run plays every secret of pegs pegs over colours colours with strategy and returns the
// guesses in all and the worst case.
func run(t *testing.T, strategy string, pegs, colours int) (total, worst int) {
	t.Helper()
	f, err := Lookup(strategy)
	if err != nil {
		t.Fatal(err)
	}
	secrets := 1
	for range pegs {
		secrets *= colours
	}
	cfg := BenchConfig(nil, strategy, pegs, colours, secrets, 1)
	r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) {
		b, err := f(pegs, colours, Options{})
		return NewBenchPlayer(b, pegs, colours, cfg), err
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range r.Outcomes {
		if o.Failed {
			t.Fatalf("%s: %s", strategy, o.Detail)
		}
		total += int(o.Values[0])
		worst = max(worst, int(o.Values[0]))
	}
	return total, worst
}

// TestKnuth reproduces Knuth (1976): 5801 guesses over the 1296 secrets of
// 4 pegs and 6 colours, never more than 5.
func TestKnuth(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("plays 1296 games")
	}
	if total, worst := run(t, "knuth", 4, 6); total != 5801 || worst != 5 {
		t.Errorf("knuth: %d guesses, worst %d; want 5801, 5", total, worst)
	}
}

// TestStrategiesWin: every strategy finds every secret of small games;
// the weighing ones do about as well as random guessing on average (on
// games this small there is little to weigh) and never worse in the
// worst case.
func TestStrategiesWin(t *testing.T) {
	for _, shape := range [][2]int{{3, 4}, {3, 5}} {
		random, randomWorst := run(t, "random", shape[0], shape[1])
		for _, s := range Names() {
			total, worst := run(t, s, shape[0], shape[1])
			if worst > randomWorst || float64(total) > 1.1*float64(random) {
				t.Errorf("%v %s: %d guesses in all (random %d), worst %d (random %d)", shape, s, total, random, worst, randomWorst)
			}
		}
	}
}

// slowWeigh is the Weigher's rule written plainly: every code weighed in
// order against the codes still possible, by Score, the best rate kept,
// ties to a code still possible, then to the first.
func slowWeigh(s *Space, criterion Criterion, hints []mastermind.Hint) mastermind.Code {
	in := mastermind.Instance{Max: s.Max, Hints: hints}
	var left []mastermind.Code
	isLeft := make([]bool, len(s.Codes))
	for i, c := range s.Codes {
		if in.Consistent(c) {
			left, isLeft[i] = append(left, c), true
		}
	}
	if len(left) <= 2 {
		return left[0]
	}
	parts := make([]int, (s.Pegs+1)*(s.Pegs+1))
	best, bestRate := -1, 0.0
	for g, guess := range s.Codes {
		clear(parts)
		for _, c := range left {
			parts[answerIndex(mastermind.Score(guess, c), s.Pegs)]++
		}
		rate := criterion(parts, len(left))
		if best < 0 || rate > bestRate || rate == bestRate && isLeft[g] && !isLeft[best] {
			best, bestRate = g, rate
		}
	}
	return s.Codes[best]
}

// TestWeigherAsSlowScan: the Weigher guesses what the plain scan does at
// every step of games against random secrets. It weighs on all cores,
// through the answer table or the scorer, the first guess a pattern at a
// time. The games are of 4 pegs of 5 colours (a table) from the first
// guess, and of 5 pegs of 6 (7,776 codes: the scorer) from the second,
// where the plain scan's first guess costs seconds (minutes with the race
// detector).
func TestWeigherAsSlowScan(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 8))
	for _, shape := range []struct{ pegs, colours, games, from int }{{4, 5, 3, 0}, {5, 6, 1, 1}} {
		if shape.from > 0 && (testing.Short() || raceEnabled) {
			continue
		}
		s, err := NewSpace(shape.pegs, shape.colours)
		if err != nil {
			t.Fatal(err)
		}
		for name, criterion := range map[string]Criterion{"knuth": Minimax, "most-parts": MostParts, "expected-size": ExpectedSize, "entropy": Entropy} {
			w := NewWeigher(s, criterion)
			for range shape.games {
				secret := s.Codes[r.IntN(len(s.Codes))]
				var hints []mastermind.Hint
				for len(hints) < 8 {
					got := w.Guess(hints)
					if len(hints) >= shape.from {
						if want := slowWeigh(s, criterion, hints); !slices.Equal(got, want) {
							t.Fatalf("%d pegs of %d colours, %s, after %v: %v, want %v", shape.pegs, shape.colours, name, hints, got, want)
						}
					}
					a := mastermind.Score(got, secret)
					if a.Blacks == s.Pegs {
						break
					}
					hints = append(hints, mastermind.Hint{Guess: got, Answer: a})
				}
			}
		}
	}
}

// TestPossible: the codes still possible, tried through the table or the
// scorer, are those Consistent finds, for hints of random guesses and
// secrets (and a guess that is no code of the space), over up to
// MaxColours colours.
func TestPossible(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 7))
	for _, shape := range [][2]int{{4, 6}, {5, 8}, {4, 12}, {2, 100}, {1, mastermind.MaxColours}} {
		s, err := NewSpace(shape[0], shape[1])
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			secret := s.Codes[r.IntN(len(s.Codes))]
			var hints []mastermind.Hint
			for range 1 + r.IntN(4) {
				g := s.Codes[r.IntN(len(s.Codes))]
				hints = append(hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
			}
			if got, want := s.possible(hints), s.possibleByScore(hints); !slices.Equal(got, want) {
				t.Fatalf("%v %v: %d codes, want %d", shape, hints, len(got), len(want))
			}
		}
	}
	s, _ := NewSpace(3, 4)
	odd := []mastermind.Hint{{Guess: mastermind.Code{1, 5, 1}, Answer: mastermind.Answer{Blacks: 2}}}
	if got := s.possible(odd); len(got) != 4 { // 1x1, x any colour of the 4
		t.Errorf("a guess with colour 5 of 4: %d codes, want 4", len(got))
	}
}

func TestSpace(t *testing.T) {
	s, err := NewSpace(3, 4)
	if err != nil || len(s.Codes) != 64 || s.Codes[0].String() != "[1,1,1]" || s.Codes[63].String() != "[4,4,4]" {
		t.Fatalf("space: %v, %d codes", err, len(s.Codes))
	}
	for g := range s.Codes {
		for c := range s.Codes {
			if s.answer(g, c) != answerIndex(mastermind.Score(s.Codes[g], s.Codes[c]), 3) {
				t.Fatal("the answer table disagrees with Score")
			}
		}
	}
	for _, shape := range [][2]int{{10, 10}, {0, 6}, {-1, 6}, {4, 0}, {1, mastermind.MaxColours + 1}} {
		if _, err := NewSpace(shape[0], shape[1]); err == nil {
			t.Errorf("NewSpace(%d, %d) made a space", shape[0], shape[1])
		}
	}
}

// TestOptimal: on small games the optimal strategy finds every code and
// takes no more guesses in all than any other strategy; with a limit on
// the guesses it keeps to it.
func TestOptimal(t *testing.T) {
	for _, shape := range [][2]int{{2, 3}, {3, 3}, {3, 4}} {
		optimal, _ := run(t, "optimal", shape[0], shape[1])
		for _, s := range Names() {
			if total, _ := run(t, s, shape[0], shape[1]); total < optimal {
				t.Errorf("%v: %s takes %d guesses in all, fewer than the optimal %d", shape, s, total, optimal)
			}
		}
		space, _ := NewSpace(shape[0], shape[1])
		if _, cost := Optimal(space, 0); cost != optimal {
			t.Errorf("%v: the tree plays %d guesses, the search says %d", shape, optimal, cost)
		}
	}
	space, _ := NewSpace(3, 4)
	tree, cost := Optimal(space, 4)
	_, free := Optimal(space, 0)
	if tree == nil || cost < free {
		t.Fatalf("at most 4 guesses: %d (free: %d)", cost, free)
	}
	var depth func(t *Tree) int
	depth = func(t *Tree) int {
		d := 0
		for _, n := range t.Next {
			d = max(d, depth(n))
		}
		return d + 1
	}
	if d := depth(tree); d > 4 {
		t.Errorf("a strategy of at most 4 guesses is %d deep", d)
	}
}

// The optimum of 4 pegs of 4 colours (905 guesses over the 256 codes) with
// and without symmetry; the strategy file reads back and is played in
// full on loading.
func TestOptimalSymmetryAndFile(t *testing.T) {
	space, _ := NewSpace(4, 4)
	tree, cost := Optimal(space, 0)
	if cost != 905 {
		t.Fatalf("4x4 optimum %d, want 905", cost)
	}
	o := newOptimizer(space, space.answer, 0) // no symmetries
	all := make([]int, len(space.Codes))
	for i := range all {
		all[i] = i
	}
	if plain, _ := o.solve(all, nil, infinite); plain != cost {
		t.Errorf("without symmetry %d, with %d", plain, cost)
	}
	var buf bytes.Buffer
	if err := WriteTree(&buf, space, 0, cost, tree); err != nil {
		t.Fatal(err)
	}
	if _, total, err := ReadTree(bytes.NewReader(buf.Bytes()), space, 0); err != nil || total != cost {
		t.Fatalf("read back: %d, %v", total, err)
	}
	lied := strings.Replace(buf.String(), "total 905", "total 904", 1)
	if _, _, err := ReadTree(strings.NewReader(lied), space, 0); err == nil {
		t.Error("a strategy claiming a wrong total was read")
	}
	dir := cache.Dir(t.TempDir())
	if _, total := CachedOptimal(Options{Cache: dir}, space, 0); total != cost {
		t.Errorf("cached optimum %d", total)
	}
	if _, err := os.Stat(dir.Path(treeFile("optimal", 4, 4, 0))); err != nil {
		t.Errorf("no strategy file: %v", err)
	}
}

func FuzzReadTree(f *testing.F) {
	space, _ := NewSpace(2, 3)
	tree, cost := Optimal(space, 0)
	var buf bytes.Buffer
	WriteTree(&buf, space, 0, cost, tree)
	f.Add(buf.String())
	f.Fuzz(func(t *testing.T, s string) {
		ReadTree(strings.NewReader(s), space, 0)
	})
}

// The fast scorer answers as Score does, on the shapes past the answer
// table whose codes pack.
func TestScorerMatchesScore(t *testing.T) {
	for _, shape := range [][2]int{{5, 8}, {6, 6}, {8, 4}, {5, 6}, {5, 9}, {4, 16}} {
		s, _ := NewSpace(shape[0], shape[1])
		if s.scorer == nil {
			t.Fatalf("%v: no scorer", shape)
		}
		fast := s.answerer()
		for g := 0; g < len(s.Codes); g += 97 {
			for c := 0; c < len(s.Codes); c += 89 {
				want := answerIndex(mastermind.Score(s.Codes[g], s.Codes[c]), s.Pegs)
				if fast(g, c) != want || s.answer(g, c) != want {
					t.Fatalf("%v against %v: %d and %d, want %d", s.Codes[g], s.Codes[c], fast(g, c), s.answer(g, c), want)
				}
			}
		}
	}
}

// The greedy entropy tree takes what the entropy breaker takes, and
// looking ahead does no worse.
func TestGreedyAndLookaheadTrees(t *testing.T) {
	s, _ := NewSpace(4, 6)
	if _, total := GreedyTree(s, EntropyMetric); total != 5722 {
		t.Errorf("greedy entropy tree: %d, want 5722 as the entropy breaker", total)
	}
	if _, total := LookaheadTree(s, EntropyMetric, TreeOptions{Width: 2}); total > 5722 {
		t.Errorf("lookahead: %d, worse than greedy", total)
	}
}

// The wide lookahead does no worse than the lookahead, and no better than
// the optimum.
func TestLookaheadWide(t *testing.T) {
	s, _ := NewSpace(4, 6)
	_, narrow := LookaheadTree(s, lookaheadMetric, Lookahead)
	_, wide := LookaheadTree(s, lookaheadMetric, LookaheadWide)
	if wide > narrow || wide < 5625 {
		t.Errorf("wide lookahead: %d guesses, want from the optimum 5625 to the lookahead's %d", wide, narrow)
	}
}

// SmallWidth widens the lookahead only for sets of at most Small codes:
// for all of them it is the wider lookahead, for none the narrower.
func TestSmallWidth(t *testing.T) {
	s, _ := NewSpace(4, 4)
	tree := func(o TreeOptions) int {
		_, total := LookaheadTree(s, EntropyMetric, o)
		return total
	}
	narrow, wide := tree(TreeOptions{Width: 1}), tree(TreeOptions{Width: 4})
	if got := tree(TreeOptions{Width: 1, SmallWidth: 4, Small: len(s.Codes)}); got != wide {
		t.Errorf("width 4 for every set: %d guesses, want %d as width 4", got, wide)
	}
	if got := tree(TreeOptions{Width: 1, SmallWidth: 4, Small: 0}); got != narrow {
		t.Errorf("width 4 for no set: %d guesses, want %d as width 1", got, narrow)
	}
	if narrow == wide {
		t.Errorf("width 1 and 4 both take %d guesses: the test tells nothing", wide)
	}
}

// Solving every set exactly is the optimal strategy, and solving small
// sets exactly does no worse than greedy.
func TestExactTrees(t *testing.T) {
	s, _ := NewSpace(3, 4)
	_, optimal := Optimal(s, 0)
	if _, total := LookaheadTree(s, EntropyMetric, TreeOptions{Exact: len(s.Codes)}); total != optimal {
		t.Errorf("every set solved exactly: %d, want the optimum %d", total, optimal)
	}
	s, _ = NewSpace(4, 6)
	_, greedy := GreedyTree(s, EntropyMetric)
	if _, total := LookaheadTree(s, EntropyMetric, TreeOptions{Exact: 20}); total > greedy {
		t.Errorf("sets of up to 20 solved exactly: %d, worse than greedy %d", total, greedy)
	}
}

func BenchmarkScorer(b *testing.B) {
	s, _ := NewSpace(5, 8)
	sc := newScorer(s)
	n := 0
	for b.Loop() {
		for c := range 1024 {
			n += sc.answer(12345, c*31)
		}
	}
	_ = n
}

// TestSymmetries: the lookahead takes guesses its symmetries find alike
// as one. Over every code, the 4-peg, 6-colour guesses fall into their
// five patterns; after a guess, two guesses taken as alike split the
// codes still possible into parts of the same sizes.
func TestSymmetries(t *testing.T) {
	s, err := NewSpace(4, 6)
	if err != nil {
		t.Fatal(err)
	}
	all := make([]int, len(s.Codes))
	for i := range all {
		all[i] = i
	}
	sym := symmetriesOf(s, all, newCodeSet(len(s.Codes), all))
	forms := map[int]bool{}
	for g := range s.Codes {
		forms[sym.canonical(g)] = true
	}
	if len(forms) != 5 {
		t.Fatalf("%d forms of the first guess, want 5 (1111, 1112, 1122, 1123, 1234)", len(forms))
	}

	guess := s.index(mastermind.Code{1, 1, 2, 3})
	var set []int
	for c := range s.Codes {
		if s.answer(guess, c) == answerIndex(mastermind.Answer{Blacks: 1, Whites: 1}, 4) {
			set = append(set, c)
		}
	}
	sym = symmetriesOf(s, set, newCodeSet(len(s.Codes), set))
	if want := []int{0, 0, 2, 3}; !slices.Equal(sym.positions, want) {
		t.Errorf("classes of positions %v, want %v", sym.positions, want)
	}
	if want := []int{0, 1, 2, 3, 4, 4, 4}; !slices.Equal(sym.colours, want) {
		t.Errorf("classes of colours %v, want %v", sym.colours, want)
	}
	parts := func(g int) []int {
		count := make([]int, 25)
		for _, c := range set {
			count[s.answer(g, c)]++
		}
		slices.Sort(count)
		return count
	}
	byForm := map[int][]int{}
	alike := 0
	for g := range s.Codes {
		form := sym.canonical(g)
		if p, ok := byForm[form]; ok {
			alike++
			if !slices.Equal(p, parts(g)) {
				t.Fatalf("%v taken as alike to another guess, but splits the codes otherwise", s.Codes[g])
			}
			continue
		}
		byForm[form] = parts(g)
	}
	if len(byForm) >= len(s.Codes) || alike == 0 {
		t.Fatalf("%d forms of %d guesses: nothing taken as alike", len(byForm), len(s.Codes))
	}
}

// TestDefaultGames: a benchmark plays every secret of a small game, and
// of any game a strategy tree plays; a large one otherwise is sampled.
func TestDefaultGames(t *testing.T) {
	tree, other := NewTreeBreaker(nil, nil), &Random{}
	for _, tc := range []struct {
		name    string
		b       Breaker
		secrets int
		want    int
	}{
		{"small, no tree", other, 1296, 1296},
		{"at the bound, no tree", other, AllSecrets, AllSecrets},
		{"large, no tree", other, 32768, SampledGames},
		{"small, a tree", tree, 125, 125},
		{"large, a tree", tree, 32768, 32768},
	} {
		if got := DefaultGames(tc.b, tc.secrets); got != tc.want {
			t.Errorf("%s: DefaultGames(%d secrets) = %d, want %d", tc.name, tc.secrets, got, tc.want)
		}
	}
}
