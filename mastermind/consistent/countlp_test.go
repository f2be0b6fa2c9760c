package consistent

import (
	"gamelab/mastermind"

	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// multisetsWith returns the multisets of in's colour counts' search, as
// text, sorted, with the relaxation solved after relaxAfter nodes (never
// if negative), by the word searches' lanes or the plain search's ints.
func multisetsWith(in *mastermind.Instance, relaxAfter int, plain bool) []string {
	p := prepareAs(in, plain)
	p.relaxAfter = relaxAfter
	var got []string
	if plain {
		p.plainMultisets(func(k *[wordColours + 1]int) bool {
			got = append(got, fmt.Sprint(k[1:p.max+1]))
			return true
		})
	} else {
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			got = append(got, fmt.Sprint(k[1:p.max+1]))
			return true
		})
	}
	slices.Sort(got)
	return got
}

// TestCountRelaxationAgainstSearch: the colour counts' search finds the
// same multisets with the relaxation as without, solved from the first node
// or from some way down the first path. The instances are where it cuts
// (many hints over many colours) and where it rarely does (few hints, few
// colours), their answers true, with a black made white or the reverse, or
// random. Both the lanes' search and the plain one are checked.
func TestCountRelaxationAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	cut := 0
	for i := range 400 {
		max, pegs := 12+r.IntN(40), 4+r.IntN(7)
		n := pegs * (2 + r.IntN(3))
		if i%4 == 3 {
			max, pegs, n = 2+r.IntN(6), 6+r.IntN(10), 1+r.IntN(8)
		}
		in := randomInstance(r, max, pegs, n)
		switch i % 3 {
		case 1:
			moveWhite(r, in)
		case 2:
			randomAnswer(r, in)
		}
		plain := i%5 == 4
		want := multisetsWith(in, -1, plain)
		for _, after := range []int{0, 3, 40} {
			if got := multisetsWith(in, after, plain); !slices.Equal(got, want) {
				t.Fatalf("instance %d (%d pegs over %d colours, %d hints), relaxed after %d nodes: got %v, want %v\n%+v",
					i, pegs, max, n, after, got, want, in.Hints)
			}
		}
		// How often the relaxation cuts a first colour's count the
		// search's own bounds let through.
		p := prepareAs(in, false)
		lp := newCountLP(p)
		if lp != nil && lp.root() {
			for k := 0; k <= p.full[1]; k++ {
				if !lp.fix(1, k) {
					cut++
				}
			}
		}
	}
	if cut < 400 {
		t.Errorf("the relaxation cut %d first counts, want at least 400", cut)
	}
}

// TestCountRelaxationFollowsMultisets: along the path to every multiset
// the relaxation has shares that fit, and off it, over many colours with
// two or three hints a peg, it cuts nearly all the counts of each colour
// that the path does not take.
func TestCountRelaxationFollowsMultisets(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	tried, cut := 0, 0
	for i := range 12 {
		pegs := 12 + r.IntN(9)
		in := randomInstance(r, 30+r.IntN(35), pegs, pegs*(2+i%2))
		p := prepareAs(in, false)
		lp := newCountLP(p)
		if lp == nil {
			t.Fatalf("instance %d: no relaxation", i)
		}
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			count := func(s int) int { return min(int(k[p.order[s]]), p.full[s]) }
			if d := lp.follow(p.max+1, count); d != 0 {
				t.Fatalf("instance %d: multiset %v cut at depth %d", i, k[1:p.max+1], d)
			}
			for s := 1; s <= p.max; s++ {
				lp.follow(s, count)
				for n := 0; n <= min(p.full[s], pegs); n++ {
					if n != count(s) {
						tried++
						if !lp.fix(s, n) {
							cut++
						}
					}
				}
			}
			return true
		})
	}
	if tried == 0 || 10*cut < 9*tried {
		t.Errorf("the relaxation cut %d of %d counts off the multisets' paths, want at least 90%%", cut, tried)
	}
}

// TestFitsWeighted: fitsWeighted's best weighted sum, colour by colour,
// is the best over every count of the colours left, by brute force.
func TestFitsWeighted(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	for i := range 2000 {
		colours, pegs := 1+r.IntN(5), 1+r.IntN(6)
		in := randomInstance(r, colours, pegs, 1+r.IntN(4))
		p := prepareAs(in, false)
		s, left := 1+r.IntN(colours), r.IntN(pegs+1)
		want := make([]int, p.hints)
		weight := make([]int64, p.hints)
		for h := range want {
			want[h] = r.IntN(pegs + 1)
			weight[h] = int64(r.IntN(11) - 5)
		}
		pegWeight := int64(r.IntN(4))
		goal := -pegWeight * int64(left)
		for h, w := range want {
			goal += weight[h] * int64(w)
		}
		// The best sum over every count of the colours from s on, each
		// at most its full count and the pegs left.
		best := int64(-1 << 62)
		var rec func(t int, sum int64)
		rec = func(t int, sum int64) {
			if t > colours {
				best = max(best, sum)
				return
			}
			for k := 0; k <= min(p.full[t], left); k++ {
				add := -pegWeight * int64(k)
				for h, g := range p.countOf[t] {
					add += weight[h] * int64(min(g, k))
				}
				rec(t+1, sum+add)
			}
		}
		rec(s, 0)
		if got := p.fitsWeighted(s, want, left, weight, pegWeight); got != (best >= goal) {
			t.Fatalf("case %d: fitsWeighted = %v, best %d against %d\n%+v", i, got, best, goal, in.Hints)
		}
	}
}
