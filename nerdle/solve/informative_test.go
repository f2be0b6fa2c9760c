package solve

import (
	"cmp"
	"slices"
	"strconv"
	"testing"

	"gamelab/nerdle"
)

// TestInformativeMatchesBound checks the prefix-sharing scan against the
// obvious one: the bound of every guess from scratch, sorted.
func TestInformativeMatchesBound(t *testing.T) {
	for _, tc := range []struct {
		opener, secret string
	}{
		{"54-36=18", "10-2-8=0"},
		{"54-36=18", "12+34=46"},
		{"54-36=18", "9*8-2=70"},
		{"54-36=18", "100/5=20"},
		{"6+37-41=2", "2*4-3/3=7"}, // a universe scanned on several cores
	} {
		opener, secret := nerdle.MustParseEquation(tc.opener), nerdle.MustParseEquation(tc.secret)
		u := universe(t, opener.Len())
		set := Filter(u.All, opener, nerdle.Score(secret, opener))
		m := newMargins(set)
		type pair struct {
			g nerdle.Equation
			b float32
		}
		pairs := make([]pair, len(u.All))
		for i, g := range u.All {
			pairs[i] = pair{g, m.bound(g)}
		}
		slices.SortStableFunc(pairs, func(a, b pair) int { return cmp.Compare(b.b, a.b) })
		for _, k := range []int{1, 10, 500} {
			got := informative(u.All, set, k)
			if len(got) != k {
				t.Fatalf("set of %v: %d guesses, want %d", secret, len(got), k)
			}
			for i, g := range got {
				if g != pairs[i].g {
					t.Fatalf("set of %v (%d secrets), k=%d: guess %d is %v (bound %v), want %v (bound %v)",
						secret, len(set), k, i, g, m.bound(g), pairs[i].g, pairs[i].b)
				}
			}
		}
	}
}

// TestBoundOfAbsentSymbols checks that a guess of symbols no secret holds
// is worth nothing, and that one the set tells nothing about (every secret
// holds it at that place) is worth nothing either.
func TestBoundOfAbsentSymbols(t *testing.T) {
	set := []nerdle.Equation{
		nerdle.MustParseEquation("1+2=3"),
		nerdle.MustParseEquation("2+1=3"),
	}
	m := newMargins(set)
	for _, tc := range []struct {
		guess string
		zero  bool
	}{
		{"9-5=4", true}, // '=' is green in both, the rest absent
		{"8-4=4", true},
		{"1+2=3", false},
		{"3+0=3", true}, // 3 yellow, + green, 0 absent, = green, 3 green: all certain

	} {
		b := m.bound(nerdle.MustParseEquation(tc.guess))
		if (b == 0) != tc.zero {
			t.Errorf("bound(%s) = %v, want zero: %v", tc.guess, b, tc.zero)
		}
	}
}

// BenchmarkInformative scans a universe for the thousand best guesses for a
// set left by the opener; "bound" is the baseline of the same scan on one
// core, each bound summed from scratch.
func BenchmarkInformative(b *testing.B) {
	for _, n := range []int{9, 10} {
		u := universe(b, n)
		book := BookFor(u)
		set := book.classes[nerdle.Score(u.All[len(u.All)/3], book.Opener)]
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				informative(u.All, set, 1000)
			}
		})
		b.Run(strconv.Itoa(n)+"/bound", func(b *testing.B) {
			for b.Loop() {
				m := newMargins(set)
				top := make(boundHeap, 0, 1000)
				for _, g := range u.All {
					if bound := m.bound(g); len(top) < 1000 {
						top.push(scored{g, bound})
					} else if bound > top[0].bound {
						top[0] = scored{g, bound}
						top.down(0)
					}
				}
			}
		})
	}
}

// bound returns the sum over g's positions of the entropy of its colour:
// the plain computation that the prefix-sharing scan of informative must
// agree with.
func (m *margins) bound(g nerdle.Equation) float32 {
	var occ uint64 // 4 bits per symbol: its occurrences so far
	var sum float32
	for i := range m.n {
		c := g.At(i)
		occ += 1 << (4 * c)
		sum += m.terms[i][c][occ>>(4*c)&0xf]
	}
	return sum
}
