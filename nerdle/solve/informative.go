package solve

import (
	"cmp"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"

	"gamelab/nerdle"
)

// margins holds what a set of secrets says about each position and each
// symbol on its own: how many secrets have symbol c at position i, and how
// many hold c at least m times. From them, the colour a guess's symbol gets
// at one position has (roughly: earlier greens are not discounted) a known
// distribution, and the sum over positions of those distributions' entropies
// bounds what the guess can tell about the set.
//
// The bound ignores how positions depend on each other, so it only shortlists:
// in 11 of 12 sets left by the opener at length 9, the guess of the universe
// that split the set best was among the thousand with the highest bound (a
// random thousand holds it once in 320). The guesses that score well
// usually repeat symbols known to be present (to learn their count and place),
// which guessPool, built for a first guess, never offers.
type margins struct {
	n     int
	terms [maxLength][nerdle.NumSymbols][maxLength + 1]float32
}

const maxLength = 15 // symbols an Equation can hold

// newMargins counts set and turns the counts into, for every position i,
// symbol c and occurrence m (the m-th c of the guess, counting from the
// left), the entropy of the colour that occurrence gets.
func newMargins(set []nerdle.Equation) *margins {
	n := set[0].Len()
	var at [maxLength][nerdle.NumSymbols]int32
	var atLeast [nerdle.NumSymbols][maxLength + 1]int32
	for _, s := range set {
		var count [nerdle.NumSymbols]uint8
		for i := range n {
			c := s.At(i)
			at[i][c]++
			count[c]++
		}
		for c, k := range count {
			for m := 1; m <= int(k); m++ {
				atLeast[c][m]++
			}
		}
	}
	total := float64(len(set))
	plogp := func(k float64) float64 {
		if k <= 0 {
			return 0
		}
		p := k / total
		return -p * math.Log2(p)
	}
	m := &margins{n: n}
	for i := range n {
		for c := range nerdle.NumSymbols {
			green := float64(at[i][c])
			for occ := 1; occ <= n; occ++ {
				// Green if the secret has c here; else yellow if it holds c at
				// least occ times (roughly: earlier greens are not subtracted).
				yellow := max(0, float64(atLeast[c][occ])-green)
				black := max(0, total-green-yellow)
				m.terms[i][c][occ] = float32(plogp(green) + plogp(yellow) + plogp(black))
			}
		}
	}
	return m
}

// informative returns the k guesses of guesses with the highest bound for
// set, best first; of equal bounds, the smaller equations. guesses must be
// sorted and of one length. The scan is split among cores into runs of
// guesses, each keeping its own best k.
func informative(guesses, set []nerdle.Equation, k int) []nerdle.Equation {
	m := newMargins(set)
	workers := min(runtime.GOMAXPROCS(0), 1+len(guesses)/parallelScanMin)
	tops := make([]boundHeap, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			tops[w] = m.scan(guesses[w*len(guesses)/workers:(w+1)*len(guesses)/workers], k)
		})
	}
	wg.Wait()
	all := slices.Concat(tops...)
	slices.SortFunc(all, func(a, b scored) int { return cmp.Or(cmp.Compare(b.bound, a.bound), cmp.Compare(a.g, b.g)) })
	out := make([]nerdle.Equation, min(k, len(all)))
	for i := range out {
		out[i] = all[i].g
	}
	return out
}

// parallelScanMin is the fewest guesses worth a core of their own.
const parallelScanMin = 100_000

// scan returns the k guesses of the sorted guesses with the highest bound,
// as a heap. Each guess's bound reuses the sum over the prefix it shares
// with the guess before, which in a sorted universe is most of it.
func (m *margins) scan(guesses []nerdle.Equation, k int) boundHeap {
	n := m.n
	top := make(boundHeap, 0, k)
	// sums[i] and occs[i] are the bound and the occurrences over the first
	// i positions of the guess before.
	var sums [maxLength + 1]float32
	var occs [maxLength + 1]uint64
	var prev nerdle.Equation
	for _, g := range guesses {
		from := 0
		if diff := uint64(g ^ prev); diff>>(4*n) == 0 {
			from = min(n, (bits.LeadingZeros64(diff)-(64-4*n))/4)
		}
		prev = g
		for i := from; i < n; i++ {
			c := g.At(i)
			occ := occs[i] + 1<<(4*c)
			occs[i+1] = occ
			sums[i+1] = sums[i] + m.terms[i][c][occ>>(4*c)&0xf]
		}
		if b := sums[n]; len(top) < k {
			top.push(scored{g, b})
		} else if b > top[0].bound {
			top[0] = scored{g, b}
			top.down(0)
		}
	}
	return top
}

type scored struct {
	g     nerdle.Equation
	bound float32
}

// boundHeap is a min-heap by bound, ties broken towards the larger
// equation, so that the k kept are the same whatever the order of guesses.
type boundHeap []scored

func (h boundHeap) less(i, j int) bool {
	if h[i].bound != h[j].bound {
		return h[i].bound < h[j].bound
	}
	return h[i].g > h[j].g
}

func (h *boundHeap) push(s scored) {
	*h = append(*h, s)
	for i := len(*h) - 1; i > 0; {
		parent := (i - 1) / 2
		if !h.less(i, parent) {
			break
		}
		(*h)[i], (*h)[parent] = (*h)[parent], (*h)[i]
		i = parent
	}
}

func (h boundHeap) down(i int) {
	for {
		least := i
		if l := 2*i + 1; l < len(h) && h.less(l, least) {
			least = l
		}
		if r := 2*i + 2; r < len(h) && h.less(r, least) {
			least = r
		}
		if least == i {
			return
		}
		h[i], h[least] = h[least], h[i]
		i = least
	}
}
