package consistent

import (
	"gamelab/mastermind"

	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// pigeonhole returns an instance of pegs pegs whose code has one peg of
// each of colours 1 to k, all in the first places places, and colours k+1
// and k+2 in the others, half and half. Its hints are answered with blacks
// alone (a guess all of one colour), 0/0 (all of colour k+3, which the code
// lacks) and 0/1 (a colour at the places from places on, k+3 before them).
// With places < k it has no code: k colours of one peg each and fewer
// places between them; two colours fill the others, so that no place is
// left one colour, which a search would see at once.
func pigeonhole(k, pegs, places int) *mastermind.Instance {
	in, absent := fillers(k, pegs, 0)
	for c := 1; c <= k; c++ {
		g := uniform(c, pegs)
		for q := range places {
			g[q] = uint8(absent)
		}
		in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Answer{Whites: 1}})
	}
	return in
}

// fillers returns the hints of pigeonhole's instances bar those that shut
// colours out of places, for pegs pegs of which marked are colour k+4,
// and the colour the code lacks.
func fillers(k, pegs, marked int) (in *mastermind.Instance, absent int) {
	in = &mastermind.Instance{Max: k + 3 + marked}
	for c := 1; c <= k; c++ {
		in.Hints = append(in.Hints, mastermind.Hint{Guess: uniform(c, pegs), Answer: mastermind.Answer{Blacks: 1}})
	}
	rest := pegs - k - marked
	in.Hints = append(in.Hints, mastermind.Hint{Guess: uniform(k+1, pegs), Answer: mastermind.Answer{Blacks: rest / 2}},
		mastermind.Hint{Guess: uniform(k+2, pegs), Answer: mastermind.Answer{Blacks: rest - rest/2}}, mastermind.Hint{Guess: uniform(k+3, pegs), Answer: mastermind.Answer{}})
	return in, k + 3
}

// uniform returns a guess of pegs pegs all of colour c.
func uniform(c, pegs int) mastermind.Code {
	return mastermind.Code(slices.Repeat([]uint8{uint8(c)}, pegs))
}

// fillings returns the ways of filling n places with pigeonhole's two
// filler colours, half and half: n choose n/2.
func fillings(n int) int {
	ways := 1
	for i := range n / 2 {
		ways = ways * (n - i) / (i + 1)
	}
	return ways
}

// pigeonholeMarked is pigeonhole with a marker: colour k+4, once, at the
// last place, and the hints that shut colours 1 to k out of the places
// from places on have the marker there too, answered 1/1. They shut
// nothing until the marker is placed, which the hints force at once.
func pigeonholeMarked(k, pegs, places int) *mastermind.Instance {
	in, absent := fillers(k, pegs, 1)
	marker := k + 4
	last := uniform(absent, pegs)
	last[pegs-1] = uint8(marker)
	in.Hints = append(in.Hints, mastermind.Hint{Guess: uniform(marker, pegs), Answer: mastermind.Answer{Blacks: 1}}, mastermind.Hint{Guess: last, Answer: mastermind.Answer{Blacks: 1}})
	for c := 1; c <= k; c++ {
		g := uniform(c, pegs)
		for q := range places {
			g[q] = uint8(absent)
		}
		g[pegs-1] = uint8(marker)
		in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Answer{Blacks: 1, Whites: 1}})
	}
	return in
}

// wantNoCode fails t unless the searches met multisets of in (the
// instance was not refuted before its seating) and, if nothing has
// failed so far, in has no code: where the seating is broken, Count
// would take minutes.
func wantNoCode(t *testing.T, in *mastermind.Instance, multisets int) {
	t.Helper()
	if multisets == 0 {
		t.Errorf("no multiset: the instance is refuted before its seating")
	}
	if t.Failed() {
		return
	}
	if n, err := Count(context.Background(), in); n != 0 || err != nil {
		t.Errorf("Count = %d, %v; want 0", n, err)
	}
}

// TestPlacesFit: a multiset fits when each colour shut out of places by
// hints answered with no blacks can have a place of its own among those
// left to it, however the greedy seating goes.
func TestPlacesFit(t *testing.T) {
	// Colour 4 is in no multiset below: its guesses' other pegs shut
	// colours 1 to 3 out of one place each.
	shutOut := func(places ...int) []mastermind.Hint {
		var hints []mastermind.Hint
		for c, q := range places {
			g := mastermind.Code{4, 4, 4}
			g[q] = uint8(c + 1)
			hints = append(hints, mastermind.Hint{Guess: g, Answer: mastermind.Answer{}})
		}
		return hints
	}
	tests := []struct {
		name  string
		hints []mastermind.Hint
		k     []uint8 // pegs of colours 1 to 5
		want  bool
	}{
		{"three colours in two places", shutOut(2, 2, 2), []uint8{1, 1, 1, 0, 0}, false},
		{"two colours in two places", shutOut(2, 2, 2), []uint8{1, 1, 0, 0, 1}, true},
		{"seated only by moving a peg", shutOut(1, 2, 2), []uint8{1, 1, 1, 0, 0}, true},
		{"two pegs in one place", []mastermind.Hint{{Guess: mastermind.Code{4, 1, 4}, Answer: mastermind.Answer{}}, {Guess: mastermind.Code{4, 4, 1}, Answer: mastermind.Answer{}}}, []uint8{2, 0, 0, 0, 1}, false},
		{"no place shut", []mastermind.Hint{{Guess: mastermind.Code{1, 2, 3}, Answer: mastermind.Answer{Blacks: 1}}}, []uint8{3, 0, 0, 0, 0}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := prepareAs(&mastermind.Instance{Max: 5, Hints: tt.hints}, false)
			var k [wordColours + 1]uint8
			copy(k[1:], tt.k)
			if got := placesFit(p, &k); got != tt.want {
				t.Errorf("placesFit(%v) = %v, want %v", tt.k, got, tt.want)
			}
		})
	}
}

// TestPigeonhole: the pigeonhole's instances have no code, whatever the
// search their multiset would get, as no multiset is left to search; with
// as many places as colours, each way of seating the colours there, and the
// fillers in the other places, is a code.
func TestPigeonhole(t *testing.T) {
	for _, tc := range []struct{ k, pegs int }{{3, 8}, {4, 10}, {8, 48}, {8, 64}, {10, 64}, {12, 64}, {16, 64}, {30, 64}} {
		t.Run(fmt.Sprintf("%d colours over %d pegs", tc.k, tc.pegs), func(t *testing.T) {
			in := pigeonhole(tc.k, tc.pegs, tc.k-1)
			p := prepare(in)
			multisets := 0
			seatable[[mastermind.MaxColours + 1]uint8](p)(func(*[mastermind.MaxColours + 1]uint8) bool { multisets++; return true })
			if multisets != 0 {
				t.Fatalf("%d multisets left to search, want none", multisets)
			}
			if n, err := Count(context.Background(), in); n != 0 || err != nil {
				t.Errorf("Count = %d, %v; want 0", n, err)
			}
		})
	}
	in := pigeonhole(3, 8, 2)
	if got := solveAll(in); len(got) != 0 || len(bruteForce(in)) != 0 {
		t.Errorf("3 colours in 2 places: %d codes, brute force %d; want none", len(got), len(bruteForce(in)))
	}
	for k := 3; k <= 6; k++ {
		in := pigeonhole(k, 10, k)
		want := fillings(10 - k)
		for i := 2; i <= k; i++ {
			want *= i
		}
		if n, err := Count(context.Background(), in); n != want || err != nil {
			t.Errorf("%d colours in %d places: Count = %d, %v; want %d", k, k, n, err, want)
		}
	}
	in = pigeonhole(3, 6, 3)
	if got, want := solveAll(in), bruteForce(in); !sameCodes(got, want) {
		t.Errorf("3 colours in 3 places: %d codes, brute force %d", len(got), len(want))
	}
}

// TestPigeonholeMarked: where the hints shut colours out of places only
// once what they force is placed, the blacks-first search refutes the
// multiset at its root, and the positions' search has it do so
// (rootSeated) and ends; with as many places as colours, the codes are all there.
func TestPigeonholeMarked(t *testing.T) {
	for _, tc := range []struct{ k, pegs int }{{3, 8}, {6, 40}, {8, 48}, {8, 64}, {12, 64}, {16, 64}, {14, 20}, {18, 22}, {30, 40}} {
		t.Run(fmt.Sprintf("%d colours over %d pegs", tc.k, tc.pegs), func(t *testing.T) {
			in := pigeonholeMarked(tc.k, tc.pegs, tc.k-1)
			p := prepareAs(in, false)
			b, a := newBlackFirst(p), newArranger(p)
			multisets := 0
			p.multisets(func(k *[wordColours + 1]uint8) bool {
				multisets++
				if b.nodes = 0; !b.arrange(k[:], func(mastermind.Code) bool { return false }) || b.nodes != 1 {
					t.Errorf("blacks first: %d nodes, want 1 and no code", b.nodes)
				}
				if a.multiset = k; a.rootSeated() {
					t.Errorf("rootSeated = true, want false")
				}
				if !a.arrange(k, func(mastermind.Code) bool { return false }) {
					t.Errorf("the positions' search stopped, as for a code, where it should end with none")
				}
				return true
			})
			wantNoCode(t, in, multisets)
		})
	}
	in := pigeonholeMarked(3, 8, 2)
	if len(bruteForce(in)) != 0 {
		t.Errorf("3 colours in 2 places: brute force finds codes")
	}
	for k := 3; k <= 5; k++ {
		in := pigeonholeMarked(k, 10, k)
		want := fillings(10 - k - 1)
		for i := 2; i <= k; i++ {
			want *= i
		}
		if n, err := Count(context.Background(), in); n != want || err != nil {
			t.Errorf("%d colours in %d places: Count = %d, %v; want %d", k, k, n, err, want)
		}
	}
}

// TestPlainSeated: the plain search's seating moves pegs on to make
// room, and refutes only what no seating fits.
func TestPlainSeated(t *testing.T) {
	const a, b, c = 1 << 0, 1 << 1, 1 << 2 // colours 1 to 3, as may holds them
	tests := []struct {
		name string
		may  []uint64
		left []int // pegs of colours 1 to 3
		want bool
	}{
		{"a peg moved on", []uint64{a | b, a, c}, []int{1, 1, 1}, true},
		{"two colours, one place", []uint64{a | b, c, c}, []int{1, 1, 1}, false},
		{"two pegs in two places", []uint64{a | b, a | b, c}, []int{2, 0, 1}, true},
		{"three pegs in two places", []uint64{a | c, a | c, b}, []int{3, 0, 0}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := prepareAs(&mastermind.Instance{Max: 3, Hints: []mastermind.Hint{{Guess: mastermind.Code{1, 2, 3}, Answer: mastermind.Answer{Blacks: 1}}}}, true)
			pa := newPlainArranger(p)
			copy(pa.s.may, tt.may)
			copy(pa.s.left[1:], tt.left)
			if got := pa.seated(&pa.s); got != tt.want {
				t.Errorf("seated = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestPigeonholePlain: the plain search (codes of more than wordPegs)
// refutes the pigeonhole's multisets at its root, marked or not, and seats
// them there when the colours have as many places as pegs.
func TestPigeonholePlain(t *testing.T) {
	for _, tc := range []struct{ k, pegs int }{{8, 80}, {12, 100}, {20, 300}} {
		for _, marked := range []bool{false, true} {
			t.Run(fmt.Sprintf("%d colours over %d pegs, marked %v", tc.k, tc.pegs, marked), func(t *testing.T) {
				build := pigeonhole
				if marked {
					build = pigeonholeMarked
				}
				for _, places := range []int{tc.k - 1, tc.k} {
					p := prepareAs(build(tc.k, tc.pegs, places), true)
					a := newPlainArranger(p)
					p.plainMultisets(func(k *[wordColours + 1]int) bool {
						a.reset(k)
						if a.propagate(&a.s) && a.seated(&a.s) != (places == tc.k) {
							t.Errorf("%d places: seated = %v", places, !(places == tc.k))
						}
						return true
					})
				}
				in := build(tc.k, tc.pegs, tc.k-1)
				p := prepareAs(in, true)
				a := newPlainArranger(p)
				multisets := 0
				p.plainMultisets(func(k *[wordColours + 1]int) bool {
					multisets++
					// split searches down to plainSplitDepth only, where
					// arrange, were the root not refuted, would take minutes.
					starts := 0
					if a.nodes = 0; !a.split(k, func(*plainStart) bool { starts++; return true }) || starts != 0 || a.nodes != 1 {
						t.Errorf("%d nodes, %d shares of the search left, want 1 and none", a.nodes, starts)
					}
					return true
				})
				wantNoCode(t, in, multisets)
			})
		}
	}
}

// BenchmarkSeatable lists the multisets of random instances over many
// colours, where hints answered with no blacks are common, with their
// pegs seated (seatable) and without (countMultisets): what seating costs
// against the colour counts' search it follows.
func BenchmarkSeatable(b *testing.B) {
	var ps []*problem
	for _, shape := range [][3]int{{19, 16, 17}, {20, 10, 10}, {12, 12, 8}} {
		r := rand.New(rand.NewPCG(1, shapeStream(shape)))
		for range 4 {
			ps = append(ps, prepare(randomInstance(r, shape[0], shape[1], shape[2])))
		}
	}
	list := map[string]func(*problem) func(func(*[wordColours + 1]uint8) bool){
		"counts":   func(p *problem) func(func(*[wordColours + 1]uint8) bool) { return p.multisets },
		"seatable": seatable[[wordColours + 1]uint8],
	}
	for _, name := range []string{"counts", "seatable"} {
		b.Run(name, func(b *testing.B) {
			n := 0
			for b.Loop() {
				for _, p := range ps {
					list[name](p)(func(*[wordColours + 1]uint8) bool { n++; return true })
				}
			}
			b.ReportMetric(float64(n)/float64(b.N), "multisets/op")
		})
	}
}
