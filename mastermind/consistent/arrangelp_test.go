package consistent

import (
	"gamelab/internal/simplex"
	"gamelab/mastermind"

	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// multisetOf returns the colour counts of code.
func multisetOf(code mastermind.Code) [wordColours + 1]uint8 {
	var k [wordColours + 1]uint8
	for _, c := range code {
		k[c]++
	}
	return k
}

// arrangeWith returns the codes of in, multiset by multiset, by the
// positions' search or blacks first (split at splitDepth and resumed if
// split), the relaxation solved as mode says, and the nodes searched.
func arrangeWith(in *mastermind.Instance, mode relaxMode, blacks, split bool) ([]mastermind.Code, int) {
	p := prepareAs(in, false)
	p.relaxArrangements = mode
	var out []mastermind.Code
	keep := func(c mastermind.Code) bool { out = append(out, slices.Clone(c)); return true }
	if !blacks {
		a := newArranger(p)
		p.multisets(func(k *[wordColours + 1]uint8) bool { return a.arrange(k, keep) })
		return out, a.nodes
	}
	b, worker := newBlackFirst(p), newBlackFirst(p)
	p.multisets(func(k *[wordColours + 1]uint8) bool {
		if !split {
			return b.arrange(k[:], keep)
		}
		return b.split(k[:], func(start *blackStart) bool { return worker.resume(k[:], start, keep) })
	})
	return out, b.nodes + worker.nodes
}

// TestArrangeRelaxationAgainstBruteForce: on small random instances with
// many hints, true or with an answer's white made black (whose colour
// counts stay possible), no multiset whose relaxation is refuted at the
// root has a code (brute force), and enough of those that have none are
// refuted for the test to mean something.
func TestArrangeRelaxationAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	refuted, empty := 0, 0
	for i := range 400 {
		max, pegs := 2+r.IntN(3), 5+r.IntN(4)
		in := alteredInstance(r, max, pegs, pegs/2+r.IntN(pegs), i%3 != 0)
		have := map[[wordColours + 1]uint8]bool{}
		for _, code := range bruteForce(in) {
			have[multisetOf(code)] = true
		}
		p := prepareAs(in, false)
		var lp arrangeLP
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			if !have[*k] {
				empty++
			}
			lp.reset(p, k[:])
			if lp.refuted(lp.at(0, false)) {
				if have[*k] {
					t.Fatalf("instance %d (%d pegs, %d colours, %d hints): multiset %v refuted, but it has codes", i, pegs, max, len(in.Hints), k[1:max+1])
				}
				refuted++
			}
			return true
		})
	}
	t.Logf("%d multisets without codes, %d refuted", empty, refuted)
	if refuted < empty/10 || refuted < 20 {
		t.Fatalf("%d of %d multisets without codes refuted: too few for a test", refuted, empty)
	}
}

// TestRelaxedSearchesAgainstBruteForce: on small random instances, true,
// altered or with a random answer, the positions' search and the
// blacks-first one (whole and split) solving the relaxation at every
// node find exactly brute force's codes, each once; and on those with
// many hints over few colours, true or altered, where the relaxation
// cuts, far fewer nodes are searched with it in both.
func TestRelaxedSearchesAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	var relaxed, plain [2]int // nodes, by search: positions, blacks first
	for i := range 1500 {
		in := smallInstance(r, i, 12)
		manyHints := i%2 == 1
		if manyHints {
			pegs := 5 + r.IntN(4)
			in = alteredInstance(r, 2+r.IntN(3), pegs, pegs/2+r.IntN(pegs), i%4 == 1)
		}
		want := bruteForce(in)
		for search, blacks := range []bool{false, true} {
			for _, split := range []bool{false, true} {
				if split && !blacks {
					continue
				}
				got, nodes := arrangeWith(in, relaxAlways, blacks, split)
				if !sameCodes(got, want) {
					t.Fatalf("instance %d (%d pegs, %d colours, %d hints), blacks first %v, split %v: %d codes, want %d",
						i, in.Pegs(), in.Max, len(in.Hints), blacks, split, len(got), len(want))
				}
				if manyHints && !split {
					_, without := arrangeWith(in, relaxNever, blacks, false)
					relaxed[search] += nodes
					plain[search] += without
				}
			}
		}
	}
	t.Logf("nodes with the relaxation %v, without %v", relaxed, plain)
	for search, name := range []string{"positions", "blacks first"} {
		if 4*relaxed[search] > 3*plain[search] {
			t.Errorf("%s: %d nodes with the relaxation, %d without: it cuts too little for a test", name, relaxed[search], plain[search])
		}
	}
}

// TestRelaxedSolve: on codes long enough for the relaxation to pay (16 to
// 18 pegs over 3 to 5 colours, as many hints, true or with a white made
// black), Solve finds exactly the codes of the searches without it, and
// it pays for some multisets on the way.
func TestRelaxedSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 48))
	pays := 0
	for i := range 24 {
		max, pegs := 3+r.IntN(3), relaxMinPegs+r.IntN(3)
		in := alteredInstance(r, max, pegs, pegs, i%4 != 0)
		p := prepareAs(in, false)
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			if p.relaxationPays(k[:]) {
				pays++
			}
			return true
		})
		want, _ := arrangeWith(in, relaxNever, false, false)
		if got := solveAll(in); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours): %d codes, want %d", i, pegs, max, len(got), len(want))
		}
	}
	if pays == 0 {
		t.Fatal("no multiset the relaxation pays on: the test does not reach it")
	}
}

// TestRelaxationLimits: the searches do not solve the relaxation where
// its states would hold too much, however much it would pay: 32 pegs over
// 4 colours with as many hints do, with 600 hints they do not.
func TestRelaxationLimits(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 50))
	for _, tc := range []struct {
		hints int
		want  bool
	}{{32, true}, {600, false}} {
		in := randomInstance(r, 4, 32, tc.hints)
		p := prepareAs(in, false)
		pays, relaxed := 0, 0
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			if p.relaxationPays(k[:]) {
				pays++
				if p.relaxes(k[:]) {
					relaxed++
				}
			}
			return true
		})
		if pays == 0 {
			t.Fatalf("%d hints: no multiset the relaxation pays on: the test does not tell", tc.hints)
		}
		if got := relaxed == pays; got != tc.want {
			t.Errorf("%d hints: %d of the %d multisets it pays on relaxed, want all %v", tc.hints, relaxed, pays, tc.want)
		}
	}
}

// TestRelaxationPaysOverManyColours: over more than relaxMaxColours
// colours the relaxation pays only with hints and pegs enough (tight).
func TestRelaxationPaysOverManyColours(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	for _, tc := range []struct {
		max, pegs, hints int
		want             bool
	}{
		{7, 24, 18, true},
		{7, 24, 16, false},
		{7, 20, 20, false},
		{8, 24, 24, true},
		{8, 24, 21, true},
		{8, 24, 20, false},
		{8, 24, 18, false},
		{8, 20, 20, false},
		{9, 26, 26, false},
		{9, 27, 27, true},
		{10, 28, 28, false},
		{10, 30, 30, true},
		{11, 40, 40, false},
	} {
		in := randomInstance(r, tc.max, tc.pegs, tc.hints)
		p := prepareAs(in, false)
		pays := false
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			pays = pays || p.relaxationPays(k[:])
			return !pays
		})
		if pays != tc.want {
			t.Errorf("%d pegs over %d colours with %d hints: pays %v, want %v", tc.pegs, tc.max, tc.hints, pays, tc.want)
		}
	}
}

// TestRelaxedSolveManyHints: from relaxManyHintsPegs pegs with about as
// many hints, the searches solve the relaxation at their nodes, and Solve
// finds exactly the codes of the searches without it.
func TestRelaxedSolveManyHints(t *testing.T) {
	r := rand.New(rand.NewPCG(53, 54))
	for i := range 4 {
		max, pegs := 4+r.IntN(2), relaxManyHintsPegs+r.IntN(2)
		hints := pegs - i%2
		in := alteredInstance(r, max, pegs, hints, i%3 != 0)
		p := prepareAs(in, false)
		on := false
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			var rx relaxer
			rx.begin(p, k[:])
			on = on || rx.on
			return !on
		})
		if !on {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): no multiset relaxed at the nodes", i, pegs, max, hints)
		}
		want, _ := arrangeWith(in, relaxNever, false, false)
		if got := solveAll(in); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): %d codes, want %d", i, pegs, max, hints, len(got), len(want))
		}
	}
}

// TestRelaxesAtNodes: the searches solve the relaxation at their nodes
// from relaxDeepPegs pegs, and from relaxManyHintsPegs with hints for
// nine tenths of the pegs (four fifths over 6 colours, seven tenths from
// relaxLongerPegs, where 7 colours need four fifths; three quarters over
// fewer) to relaxManyHintsMost times as many.
func TestRelaxesAtNodes(t *testing.T) {
	for _, tc := range []struct {
		max, pegs, hints int
		want             bool
	}{
		{6, 19, 19, false},
		{7, 20, 18, true},
		{7, 20, 17, false},
		{6, 20, 16, true},
		{6, 20, 15, false},
		{5, 20, 15, true},
		{5, 20, 14, false},
		{6, 21, 16, false},
		{6, 22, 16, true},
		{6, 22, 15, false},
		{6, 23, 16, false},
		{5, 23, 17, true},
		{7, 22, 17, false},
		{7, 22, 18, true},
		{7, 21, 18, false},
		{8, 23, 19, false},
		{6, 22, 44, true},
		{6, 22, 45, false},
		{6, 24, 10, true},
		{6, 24, 200, true},
	} {
		p := &problem{hintTables: hintTables{pegs: tc.pegs, hints: tc.hints, max: tc.max}}
		if got := p.relaxesAtNodes(); got != tc.want {
			t.Errorf("%d pegs over %d colours, %d hints: %v, want %v", tc.pegs, tc.max, tc.hints, got, tc.want)
		}
	}
}

// TestFractional: where the root's relaxation has shares that fit, the
// blacks-first search branches on an open place and a colour it may still
// take there, whose share is neither 0 nor 1 and whose peg would give some
// hint a black. Of those it takes the one whose share is furthest from
// settled times those hints. With no such share it says so, and the search
// branches as without the relaxation.
func TestFractional(t *testing.T) {
	r := rand.New(rand.NewPCG(49, 50))
	chosen, settled := 0, 0
	for i := range 300 {
		max, pegs := 3+r.IntN(3), 6+r.IntN(5)
		in := alteredInstance(r, max, pegs, pegs/2+r.IntN(pegs), false)
		p := prepareAs(in, false)
		p.relaxArrangements = relaxAlways
		b := newBlackFirst(p)
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			b.reset(k[:])
			s := &b.levels[0]
			if ok, _, _ := b.propagate(s); !ok || s.open == 0 || b.refuted(0, s, false) || b.fits == nil {
				return true
			}
			weight := func(q, r int) float64 {
				if s.open>>q&1 == 0 || s.left[r] == 0 || s.allowed[r]>>q&1 == 0 {
					return 0
				}
				x := b.relax.share(b.fits, q, r)
				return min(x, 1-x) * float64(len(b.hintsWith(q, b.colours[r])))
			}
			most := 0.0
			for q := range pegs {
				for r := range b.colours {
					most = math.Max(most, weight(q, r))
				}
			}
			q, rank, ok := b.fractional(s, b.fits)
			switch {
			case !ok && most > simplex.Feasible:
				t.Fatalf("instance %d, multiset %v: no share to branch on, but one weighs %g", i, k[1:max+1], most)
			case !ok:
				settled++
			case weight(q, int(rank)) != most:
				t.Fatalf("instance %d, multiset %v: colour %d at %d weighs %g, the most %g", i, k[1:max+1], b.colours[rank], q, weight(q, int(rank)), most)
			default:
				chosen++
			}
			return true
		})
	}
	t.Logf("%d roots branched on a share, %d settled", chosen, settled)
	if chosen < 50 {
		t.Fatalf("%d roots branched on a share: too few for a test", chosen)
	}
}

// TestExpectsNone: codes of at least relaxNonePegs pegs with 2 pegs a
// colour or more solve the relaxation at the nodes of multisets expected
// to have no arrangement, over any colours and with any hints; not with
// fewer pegs or fewer pegs a colour, nor multisets expected to have
// some; and Solve finds exactly the codes of the searches without it.
func TestExpectsNone(t *testing.T) {
	r := rand.New(rand.NewPCG(55, 56))
	for i, tc := range []struct {
		max, pegs, hints int
		want             bool
	}{
		{9, 24, 30, true},
		{8, 22, 26, true},
		{11, 22, 28, true},
		{9, 24, 6, false},   // many arrangements expected
		{13, 24, 30, false}, // fewer than 2 pegs a colour
		{10, 21, 30, false}, // too short
		{5, 24, 30, true},   // more than 4 pegs a colour too
	} {
		in := alteredInstance(r, tc.max, tc.pegs, tc.hints, i%2 == 1)
		p := prepareAs(in, false)
		none := false
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			var rx relaxer
			rx.begin(p, k[:])
			if p.expectsNone(k[:]) {
				none = true
				if !rx.on {
					t.Fatalf("%d pegs over %d colours, %d hints: a multiset expecting none not relaxed at the nodes", tc.pegs, tc.max, tc.hints)
				}
			}
			return true
		})
		if none != tc.want {
			t.Errorf("%d pegs over %d colours, %d hints: expects none %v, want %v", tc.pegs, tc.max, tc.hints, none, tc.want)
		}
		if !none {
			continue
		}
		p.relaxArrangements = relaxNever
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			if p.expectsNone(k[:]) {
				t.Fatalf("%d pegs over %d colours, %d hints: expects none where the relaxation is never solved", tc.pegs, tc.max, tc.hints)
			}
			return true
		})
		want, _ := arrangeWith(in, relaxNever, true, false)
		if got := solveAll(in); !sameCodes(got, want) {
			t.Fatalf("%d pegs over %d colours, %d hints: %d codes, want %d", tc.pegs, tc.max, tc.hints, len(got), len(want))
		}
	}
}
