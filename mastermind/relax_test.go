package mastermind

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bestAssignment is maxAssignment the slow and obvious way: every
// permutation.
func bestAssignment(gain []int64, n int) int64 {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	best := int64(0)
	first := true
	var rec func(r int)
	rec = func(r int) {
		if r == n {
			sum := int64(0)
			for row, col := range perm {
				sum += gain[row*n+col]
			}
			if first || sum > best {
				best, first = sum, false
			}
			return
		}
		for i := r; i < n; i++ {
			perm[r], perm[i] = perm[i], perm[r]
			rec(r + 1)
			perm[r], perm[i] = perm[i], perm[r]
		}
	}
	rec(0)
	return best
}

// TestMaxAssignment: the Hungarian method finds the best sum of every
// assignment of rows to columns, on tables of gains chosen to trap it (ties,
// negative gains, one row best everywhere) and on random ones of up to 7
// rows tried in full.
func TestMaxAssignment(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		gain []int64
		want int64
	}{
		{"one", 1, []int64{-5}, -5},
		{"diagonal", 2, []int64{3, 0, 0, 3}, 6},
		{"crossed", 2, []int64{1, 5, 5, 1}, 10},
		{"ties", 3, []int64{1, 1, 1, 1, 1, 1, 1, 1, 1}, 3},
		{"one row best everywhere", 3, []int64{9, 9, 9, 1, 0, 0, 0, 2, 0}, 12},
		{"negative", 2, []int64{-1, -3, -2, -10}, -5},
	} {
		if got := maxAssignment(tc.gain, tc.n); got != tc.want {
			t.Errorf("%s: %d, want %d", tc.name, got, tc.want)
		}
	}
	r := rand.New(rand.NewPCG(41, 42))
	for i := range 500 {
		n := 1 + r.IntN(7)
		gain := make([]int64, n*n)
		for j := range gain {
			gain[j] = r.Int64N(201) - 100
			if i%3 == 0 {
				gain[j] = r.Int64N(3) // many ties
			}
		}
		if got, want := maxAssignment(gain, n), bestAssignment(gain, n); got != want {
			t.Fatalf("table %d (%d rows): %d, want %d\n%v", i, n, got, want, gain)
		}
	}
}

// TestFallsShort: the proof fallsShort makes of a hint's weights is the
// slow and obvious one, every arrangement of the multiset tried, for
// weights of either sign, whatever the relaxation would have said.
func TestFallsShort(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 52))
	short := 0
	for i := range 300 {
		max, pegs := 2+r.IntN(3), 2+r.IntN(6)
		in := alteredInstance(r, max, pegs, 1+r.IntN(6), i%2 == 1)
		p := prepareAs(in, false)
		weight := make([]float64, p.hints)
		for j := range weight {
			weight[j] = r.Float64()*2 - 1
		}
		k := multisetOf(randomCode(r, max, pegs))
		s := p.unplaced(&k)
		// As fallsShort rounds them.
		largest := 0.0
		for _, w := range weight {
			largest = math.Max(largest, math.Abs(w))
		}
		whole := make([]int64, p.hints)
		want := int64(0)
		for j, w := range weight {
			whole[j] = int64(math.Round(w * (1 << 30) / largest))
			want += whole[j] * int64(p.blacks[j])
		}
		best, any := int64(0), false
		for code := range everyCode(pegs, max) {
			if multisetOf(code) != k {
				continue
			}
			sum := int64(0)
			for j, h := range in.Hints {
				sum += whole[j] * int64(Score(h.Guess, code).Blacks)
			}
			if !any || sum > best {
				best, any = sum, true
			}
		}
		if got := p.fallsShort(&s, weight); got != (best < want) {
			t.Fatalf("instance %d (%d pegs, %d colours): fallsShort %v, but the best arrangement sums %d against %d", i, pegs, max, got, best, want)
		}
		if best < want {
			short++
		}
	}
	if short < 30 {
		t.Fatalf("only %d of 300 fall short: the test does not tell", short)
	}
}

// multisetOf returns the colour counts of code.
func multisetOf(code Code) [wordColours + 1]uint8 {
	var k [wordColours + 1]uint8
	for _, c := range code {
		k[c]++
	}
	return k
}

// TestRelaxationAgainstBruteForce: on small random instances with many
// hints, true or with an answer's white made black (whose colour counts
// stay possible), no multiset the relaxation refutes has a code (brute
// force), and it refutes enough of those that have none for the test to
// mean something.
func TestRelaxationAgainstBruteForce(t *testing.T) {
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
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			if !have[*k] {
				empty++
			}
			if p.relaxationRefutes(k) {
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

// TestRelaxedSolve: on codes long enough for the relaxation to be tried
// (16 to 18 pegs over 3 to 5 colours, as many hints, true or with a white
// made black), Solve finds exactly the codes of each multiset's search
// without it, and the relaxation refutes some multisets on the way.
func TestRelaxedSolve(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	refuted := 0
	for i := range 24 {
		max, pegs := 3+r.IntN(3), relaxMinPegs+r.IntN(3)
		in := alteredInstance(r, max, pegs, pegs, i%4 != 0)
		p := prepareAs(in, false)
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			if p.relaxationPays(k) && p.relaxationRefutes(k) {
				refuted++
			}
			return true
		})
		if got, want := solveAll(in), byPositions(in); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours): %d codes, want %d", i, pegs, max, len(got), len(want))
		}
	}
	if refuted == 0 {
		t.Fatal("no multiset refuted: the test does not reach the relaxation")
	}
}

// relaxedInstance returns a random instance of 32 pegs over 4 colours
// with 32 hints and an answer's white made black, which the relaxation
// refutes: the searches took 4 s and more on such instances.
func relaxedInstance() (*problem, *[wordColours + 1]uint8) {
	r := rand.New(rand.NewPCG(47, 48))
	for {
		in := randomInstance(r, 4, 32, 32)
		moveWhite(r, in)
		p := prepareAs(in, false)
		var ks [][wordColours + 1]uint8
		p.multisets(func(k *[wordColours + 1]uint8) bool { ks = append(ks, *k); return true })
		if len(ks) == 1 && p.relaxationRefutes(&ks[0]) {
			return p, &ks[0]
		}
	}
}

func BenchmarkRelaxation(b *testing.B) {
	p, k := relaxedInstance()
	for b.Loop() {
		if !p.relaxationRefutes(k) {
			b.Fatal("not refuted")
		}
	}
}

// The Hungarian method on a table of the size of the benchmark's.
func BenchmarkMaxAssignment(b *testing.B) {
	r := rand.New(rand.NewPCG(49, 50))
	gain := make([]int64, 32*32)
	for j := range gain {
		gain[j] = r.Int64N(1 << 30)
	}
	for b.Loop() {
		maxAssignment(slices.Clone(gain), 32)
	}
}
