package consistent

import (
	"gamelab/mastermind"

	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// byBlacks returns the codes of in arranged blacks first, multiset by
// multiset; each multiset's search is split (split, then resume from each
// node) when split is set, as the search of few multisets is; with the
// count rules if near.
func byBlacks(in *mastermind.Instance, split, near bool) []mastermind.Code {
	p := prepareAs(in, false)
	p.near = near
	b, worker := newBlackFirst(p), newBlackFirst(p)
	var out []mastermind.Code
	keep := func(c mastermind.Code) bool { out = append(out, slices.Clone(c)); return true }
	p.multisets(func(k *[wordColours + 1]uint8) bool {
		if !split {
			return b.arrange(k[:], keep)
		}
		return b.split(k[:], func(start *blackStart) bool { return worker.resume(k[:], start, keep) })
	})
	return out
}

// byPositions returns the codes of in arranged position by position.
func byPositions(in *mastermind.Instance) []mastermind.Code {
	p := prepareAs(in, false)
	a := newArranger(p)
	var out []mastermind.Code
	p.multisets(func(k *[wordColours + 1]uint8) bool {
		return a.arrange(k, func(c mastermind.Code) bool { out = append(out, slices.Clone(c)); return true })
	})
	return out
}

// TestBlacksFirstAgainstBruteForce: on thousands of small random
// instances of every ratio of pegs to colours, true or altered, the search
// by blacks finds exactly brute force's codes, each once, and split at
// splitDepth and resumed it finds them in the same order.
func TestBlacksFirstAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for i := range 3000 {
		in := smallInstance(r, i, 8)
		pegs, max := in.Pegs(), in.Max
		want := bruteForce(in)
		for _, near := range []bool{false, true} {
			whole, split := byBlacks(in, false, near), byBlacks(in, true, near)
			if !slices.EqualFunc(whole, split, slices.Equal) {
				t.Fatalf("instance %d (%d pegs, %d colours, %d hints, count rules %v): split, %d codes unlike the whole search's %d in its order", i, pegs, max, len(in.Hints), near, len(split), len(whole))
			}
			if !sameCodes(whole, want) {
				t.Fatalf("instance %d (%d pegs, %d colours, %d hints, count rules %v): %d codes, want %d", i, pegs, max, len(in.Hints), near, len(whole), len(want))
			}
		}
	}
}

// TestBlacksFirstAgainstPositions: on codes too long for brute force (up
// to 16 pegs, with many hints), the search by blacks and the search by
// positions find the same codes.
func TestBlacksFirstAgainstPositions(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	total := 0
	for i := range 40 {
		max, pegs := 4+r.IntN(13), 8+r.IntN(9)
		in := alteredInstance(r, max, pegs, pegs+r.IntN(pegs), i%2 == 1)
		want := byPositions(in)
		if got := byBlacks(in, i%4 < 2, i%8 < 4); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): %d codes, want %d", i, pegs, max, len(in.Hints), len(got), len(want))
		}
		total += len(want)
	}
	t.Logf("%d codes", total)
	if total < 1000 {
		t.Fatalf("%d codes in all: the instances test too little", total)
	}
}

// TestArrangementsOfOneHint: with one hint, the expected arrangements of a
// multiset over every number of blacks add up to all its arrangements.
func TestArrangementsOfOneHint(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	for i := range 200 {
		max, pegs := 2+r.IntN(10), 2+r.IntN(40)
		in := randomInstance(r, max, pegs, 1)
		p := prepareAs(in, false) // k is over in's own colours
		var k [wordColours + 1]uint8
		for range pegs {
			k[1+r.IntN(max)]++
		}
		all := p.allArrangements(&k)
		sum := 0.0
		for b := range pegs + 1 {
			p.blacks[0] = b
			sum += math.Pow(10, p.arrangements(&k)-all/math.Ln10)
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Fatalf("instance %d (%d pegs, %d colours): the chances of every number of blacks add up to %v", i, pegs, max, sum)
		}
	}
}

// TestEachMultisetItsSearch: where multisets of one instance are
// arranged some blacks first and some by positions (by how many
// arrangements each is expected to have), Solve finds the codes the search
// by positions alone finds (tested against brute force on shorter codes),
// compared as sets by their number and the sum of their hashes: they are
// thousands a multiset.
func TestEachMultisetItsSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(27, 28))
	mixed := 0
	for i := 0; mixed < 6; i++ {
		if i == 500 {
			t.Fatalf("%d instances of 500 mix the searches: too few to test", mixed)
		}
		max := 4 + r.IntN(2)
		pegs := 2*max + 2 + r.IntN(3)
		in := randomInstance(r, max, pegs, 3+r.IntN(2))
		p := prepareAs(in, false) // its multisets over in's own colours, against Solve's
		kinds := map[bool]bool{}
		p.multisets(func(k *[wordColours + 1]uint8) bool { kinds[p.blacksFirst(k)] = true; return true })
		if len(kinds) < 2 {
			continue
		}
		mixed++
		var got, want codeSet
		Solve(in, got.add)
		a := newArranger(p)
		p.multisets(func(k *[wordColours + 1]uint8) bool { return a.arrange(k, want.add) })
		if got != want || got.n == 0 {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): %+v, want %+v", i, pegs, max, len(in.Hints), got, want)
		}
	}
}

// codeSet stands for a set of codes by their number and the sum of their
// hashes.
type codeSet struct{ n, sum uint64 }

func (s *codeSet) add(c mastermind.Code) bool {
	h := uint64(len(c))
	for _, x := range c {
		h = mix(h ^ uint64(x))
	}
	s.n++
	s.sum += h
	return true
}

// TestBlacksFirstWhereRelaxed: where the searches solve the relaxation at
// their nodes, long codes are arranged blacks first with hints for at least
// 2/5 of the pegs up to manyHintsRatio pegs a colour, and with hints for
// half the pegs beyond. That holds whatever the arrangements expected (each
// instance below expects more than fewArrangements allows). Where it is not
// solved, or the hints are fewer, codes beyond manyHintsRatio are arranged
// by positions (each instance expects more than fewBeyond allows).
func TestBlacksFirstWhereRelaxed(t *testing.T) {
	r := rand.New(rand.NewPCG(29, 30))
	for _, c := range []struct {
		max, pegs, hints int
		want             bool
	}{
		{7, 24, 10, true}, // up to manyHintsRatio pegs a colour
		{8, 24, 10, true},
		{10, 28, 12, true},
		{6, 28, 14, true}, // beyond
		{6, 26, 13, true},
		{6, 25, 13, true},
		{6, 30, 15, true},
		{4, 24, 9, false}, // fewer hints than 2/5 of the pegs
		{3, 24, 8, false},
		{5, 26, 11, false}, // fewer than half, more arrangements expected than fewBeyond allows
		{4, 20, 10, false}, // no relaxation at the nodes, more arrangements expected than fewBeyond allows
		{5, 22, 11, false},
	} {
		in := randomInstance(r, c.max, c.pegs, c.hints)
		p := prepare(in)
		if p.near {
			t.Fatalf("%d pegs over %d colours with %d hints: a random instance taken as near the code", c.pegs, c.max, c.hints)
		}
		// The multiset expecting the most arrangements: the rules below
		// fewArrangements and fewBeyond do not decide for it.
		k, most := new([wordColours + 1]uint8), math.Inf(-1)
		p.multisets(func(m *[wordColours + 1]uint8) bool {
			if e := p.arrangements(m); e > most {
				most, *k = e, *m
			}
			return true
		})
		beyond := p.pegs > manyHintsRatio*p.max
		if !beyond && most < fewArrangements+manyHintsRatio-float64(p.pegs)/float64(p.max) || p.fewBeyond(k[:]) {
			t.Fatalf("%d pegs over %d colours with %d hints: 10^%.1f arrangements expected, too few to test the rule", c.pegs, c.max, c.hints, most)
		}
		if got := p.blacksFirst(k); got != c.want {
			t.Errorf("%d pegs over %d colours with %d hints: blacks first %v, want %v", c.pegs, c.max, c.hints, got, c.want)
		}
	}
}

// TestFewBeyond: codes of 20 to 23 pegs beyond manyHintsRatio pegs a
// colour, with hints for half the pegs, are arranged blacks first with the
// relaxation solved at the nodes exactly where their multiset expects fewer
// than 10^relaxFewExpected arrangements. Elsewhere they are arranged by
// positions without it. From relaxDeepPegs, with hints for 2/5 to 1/2 of
// the pegs, they are arranged blacks first exactly where the multiset
// expects fewer than 10^deepFewExpected.
func TestFewBeyond(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	seen := map[bool]int{}
	checked := 0
	for i := range 80 {
		max := 3 + r.IntN(3)
		pegs := relaxManyHintsPegs + r.IntN(relaxDeepPegs-relaxManyHintsPegs)
		hints := (pegs+1)/2 + r.IntN(pegs/10+1)
		bound := relaxFewExpected
		if i%2 == 1 {
			pegs = relaxDeepPegs + r.IntN(4)
			hints = (2*pegs+4)/5 + r.IntN(pegs/10)
			bound = deepFewExpected
		}
		in := randomInstance(r, max, pegs, hints)
		p := prepare(in)
		if p.near || p.pegs <= manyHintsRatio*p.max || 2*p.hints >= p.pegs && p.relaxesAtNodes() {
			continue
		}
		var relax relaxer
		anyFew := false
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			few := p.arrangements(k) < bound
			relax.begin(p, k[:])
			if p.blacksFirst(k) != few || relax.on != ((few || p.relaxesAtNodes()) && p.relaxes(k[:])) {
				t.Fatalf("%d pegs over %d colours with %d hints, 10^%.2f arrangements expected: blacks first %v, relaxation at the nodes %v", pegs, max, len(in.Hints), p.arrangements(k), p.blacksFirst(k), relax.on)
			}
			seen[few]++
			anyFew = anyFew || few
			return true
		})
		if anyFew && checked < 2 {
			// Solve finds the codes the blacks-first search finds without
			// the relaxation.
			checked++
			got := solveAll(in)
			if want, _ := arrangeWith(in, relaxNever, true, false); !sameCodes(got, want) {
				t.Fatalf("%d pegs over %d colours with %d hints: %d codes, want %d", pegs, max, len(in.Hints), len(got), len(want))
			}
		}
	}
	if seen[true] < 10 || seen[false] < 10 {
		t.Fatalf("multisets expecting few arrangements and more: %d and %d, too few to test", seen[true], seen[false])
	}
}

// byLateRelaxation returns the codes of in arranged blacks first with
// the relaxation turned on late (lateRelaxation) from unit nodes a code,
// and how many multisets it was turned on for.
func byLateRelaxation(in *mastermind.Instance, unit int) (codes []mastermind.Code, late int) {
	p := prepareAs(in, false)
	p.relaxLate = unit
	b := newBlackFirst(p)
	p.multisets(func(k *[wordColours + 1]uint8) bool {
		var first relaxer
		first.begin(p, k[:])
		b.arrange(k[:], func(c mastermind.Code) bool { codes = append(codes, slices.Clone(c)); return true })
		if b.relax.on && !first.on {
			late++
		}
		return true
	})
	return codes, late
}

// TestLateRelaxation: on random instances of 16 to 19 pegs, the
// blacks-first search that turns its relaxation on late, once it has met
// many nodes a code, finds the codes the search without it does; and it
// turns it on for some multisets whose search would not have from the
// start, for the test to mean something.
func TestLateRelaxation(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 1))
	late := 0
	for i := range 8 {
		max, pegs := 6+r.IntN(4), 16+r.IntN(4)
		in := alteredInstance(r, max, pegs, 2*pegs/3+r.IntN(pegs/4), i%2 == 1)
		want, _ := arrangeWith(in, relaxNever, true, false)
		got, n := byLateRelaxation(in, 16)
		late += n
		if !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs over %d colours, %d hints): %d codes with the relaxation turned on late, %d without it", i, pegs, max, len(in.Hints), len(got), len(want))
		}
	}
	if late == 0 {
		t.Fatal("the relaxation was never turned on late")
	}
}

// TestWorthLate: turned on late, the relaxation is solved at a depth
// until the work below its nodes is known, and then where it is large.
func TestWorthLate(t *testing.T) {
	tests := []struct {
		below float64
		want  bool
	}{
		{-1, true},
		{0, false},
		{lateSubtree - 1, false},
		{lateSubtree, true},
		{1e6, true},
	}
	var r relaxer
	r.turnOnLate(8)
	for _, tt := range tests {
		r.below[3] = tt.below
		if got := r.worth(3); got != tt.want {
			t.Errorf("worth with %v below = %v, want %v", tt.below, got, tt.want)
		}
	}
}
