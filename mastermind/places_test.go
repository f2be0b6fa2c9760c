package mastermind

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// pigeonhole returns an instance of pegs pegs whose code has one peg of
// each of colours 1 to k, all in the first places places, and colour k+1
// in the others: hints answered 1/0 (a guess all of one colour), 0/0 (all
// of colour k+2, which the code lacks) and 0/1 (a colour at the places
// from places on, k+2 before them). With places < k it has no code: k
// colours of one peg each and fewer places between them.
func pigeonhole(k, pegs, places int) *Instance {
	all := func(c int) Code { return Code(slices.Repeat([]uint8{uint8(c)}, pegs)) }
	filler, absent := k+1, k+2
	in := &Instance{Max: k + 2}
	for c := 1; c <= k; c++ {
		in.Hints = append(in.Hints, Hint{all(c), Answer{Blacks: 1}})
	}
	in.Hints = append(in.Hints, Hint{all(filler), Answer{Blacks: pegs - k}}, Hint{all(absent), Answer{}})
	for c := 1; c <= k; c++ {
		g := all(c)
		for q := range places {
			g[q] = uint8(absent)
		}
		in.Hints = append(in.Hints, Hint{g, Answer{Whites: 1}})
	}
	return in
}

// TestPlacesFit: a multiset fits when each colour shut out of places by
// hints answered with no blacks can have a place of its own among those
// left to it, however the greedy seating goes.
func TestPlacesFit(t *testing.T) {
	// Colour 4 is in no multiset below: its guesses' other pegs shut
	// colours 1 to 3 out of one place each.
	shutOut := func(places ...int) []Hint {
		var hints []Hint
		for c, q := range places {
			g := Code{4, 4, 4}
			g[q] = uint8(c + 1)
			hints = append(hints, Hint{g, Answer{}})
		}
		return hints
	}
	tests := []struct {
		name  string
		hints []Hint
		k     []uint8 // pegs of colours 1 to 5
		want  bool
	}{
		{"three colours in two places", shutOut(2, 2, 2), []uint8{1, 1, 1, 0, 0}, false},
		{"two colours in two places", shutOut(2, 2, 2), []uint8{1, 1, 0, 0, 1}, true},
		{"seated only by moving a peg", shutOut(1, 2, 2), []uint8{1, 1, 1, 0, 0}, true},
		{"two pegs in one place", []Hint{{Code{4, 1, 4}, Answer{}}, {Code{4, 4, 1}, Answer{}}}, []uint8{2, 0, 0, 0, 1}, false},
		{"no place shut", []Hint{{Code{1, 2, 3}, Answer{Blacks: 1}}}, []uint8{3, 0, 0, 0, 0}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := prepareAs(&Instance{Max: 5, Hints: tt.hints}, false)
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
// as many places as colours, each way of seating the colours there is a
// code.
func TestPigeonhole(t *testing.T) {
	for _, tc := range []struct{ k, pegs int }{{3, 8}, {4, 10}, {8, 48}, {8, 64}, {10, 64}, {12, 64}, {16, 64}, {30, 64}} {
		t.Run(fmt.Sprintf("%d colours over %d pegs", tc.k, tc.pegs), func(t *testing.T) {
			in := pigeonhole(tc.k, tc.pegs, tc.k-1)
			p := prepare(in)
			multisets := 0
			seatable[[MaxColours + 1]uint8](p)(func(*[MaxColours + 1]uint8) bool { multisets++; return true })
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
		want := 1
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
