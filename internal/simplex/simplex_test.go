package simplex

import (
	"math"
	"math/rand/v2"
	"testing"
)

// randomProgram returns a program of 2 to 5 rows and 3 to 8 columns of
// 0s and 1s, each column with at least one 1, and a right-hand side that
// some integer point of the bounds 0 to 1 meets unless altered, when one
// side is moved by one.
func randomProgram(r *rand.Rand, alter bool) *Program {
	rows, cols := 2+r.IntN(4), 3+r.IntN(6)
	x := &Program{}
	x.Reset(rows)
	point := make([]int, cols)
	for j := range cols {
		point[j] = r.IntN(2)
		first := r.IntN(rows)
		for i := range rows {
			if i == first || r.IntN(3) == 0 {
				x.rowIndex = append(x.rowIndex, int32(i))
				x.rhs[i] += float64(point[j])
			}
		}
		x.EndColumn()
	}
	if alter {
		i := r.IntN(rows)
		if x.rhs[i] > 0 && r.IntN(2) == 0 {
			x.rhs[i]--
		} else {
			x.rhs[i]++
		}
	}
	return x
}

// values returns the values of b's columns: the basic ones' from the rows
// they are basic in.
func values(x *Program, b *Basis) []float64 {
	v := make([]float64, x.cols)
	for j := range v {
		if r := b.rowOf[j]; r >= 0 {
			v[j] = b.basic[r]
		} else {
			v[j] = b.value[j]
		}
	}
	return v
}

// integerPoint reports whether some integer point within b's bounds
// meets every row of x: every point tried.
func integerPoint(x *Program, b *Basis) bool {
	v := make([]int, x.cols)
	var try func(j int) bool
	try = func(j int) bool {
		if j == x.cols {
			sum := make([]int, x.rows)
			for col, n := range v {
				for _, i := range x.rowIndex[x.rowStart[col]:x.rowStart[col+1]] {
					sum[i] += n
				}
			}
			for i, s := range sum {
				if float64(s) != x.rhs[i] {
					return false
				}
			}
			return true
		}
		for n := int(b.lo[j]); n <= int(b.hi[j]); n++ {
			if v[j] = n; try(j + 1) {
				return true
			}
		}
		return false
	}
	return try(0)
}

// checkSolve solves b and checks its answer: values within the bounds
// that meet every row, to a tolerance; or a proof that no integer point
// (brute force) meets them. It reports whether it was a proof, and
// whether the solve settled.
func checkSolve(t *testing.T, i int, x *Program, b *Basis) (proof, settled bool) {
	t.Helper()
	weight := make([]int64, x.rows)
	rho, settled := x.Solve(b)
	checkInverse(t, i, x, b)
	if !settled {
		return false, false
	}
	if rho != nil {
		if !x.OutOfBox(b, rho, weight) {
			t.Fatalf("program %d: a proof that does not hold", i)
		}
		if integerPoint(x, b) {
			t.Fatalf("program %d: proved to have no values, but an integer point fits", i)
		}
		return true, true
	}
	v := values(x, b)
	sum := make([]float64, x.rows)
	for j, n := range v {
		if n < b.lo[j]-1e-6 || n > b.hi[j]+1e-6 {
			t.Fatalf("program %d: column %d is %g, out of %g to %g", i, j, n, b.lo[j], b.hi[j])
		}
		for _, r := range x.rowIndex[x.rowStart[j]:x.rowStart[j+1]] {
			sum[r] += n
		}
	}
	for r, s := range sum {
		if math.Abs(s-x.rhs[r]) > 1e-6 {
			t.Fatalf("program %d: row %d sums to %g, want %g", i, r, s, x.rhs[r])
		}
	}
	return false, true
}

// checkInverse checks that b's inverse, by columns, times its basis (the
// basic columns of A, an artificial's the unit column of its row) is the
// identity, to a tolerance.
func checkInverse(t *testing.T, i int, x *Program, b *Basis) {
	t.Helper()
	for r, j := range b.head {
		column := make([]float64, x.rows) // the basis's r-th column
		if int(j) >= x.cols {
			column[int(j)-x.cols] = 1
		} else {
			for _, row := range x.rowIndex[x.rowStart[j]:x.rowStart[j+1]] {
				column[row] = 1
			}
		}
		for s := range x.rows {
			sum := 0.0
			for k, a := range column {
				sum += b.inverse[k*x.rows+s] * a
			}
			want := 0.0
			if s == r {
				want = 1
			}
			if math.Abs(sum-want) > 1e-9 {
				t.Fatalf("program %d: row %d of the inverse times basic column %d is %g, want %g", i, s, r, sum, want)
			}
		}
	}
}

// TestSimplexAgainstBruteForce: on random small programs, solved from the
// artificials' basis and again from that basis with columns fixed one by
// one (as the searches do), the simplex method finds values that meet
// every row within the bounds, or a proof, checked exactly, that none do
// (and brute force finds no integer point either); it finds many of
// both.
func TestSimplexAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	proofs, solved, unsettled := 0, 0, 0
	for i := range 3000 {
		x := randomProgram(r, i%2 == 1)
		var b Basis
		x.Start(&b)
		for {
			proof, settled := checkSolve(t, i, x, &b)
			if !settled {
				unsettled++
				break
			}
			if proof {
				proofs++
				break
			}
			solved++
			// Fix a column still free, at 0 or 1, as a branch does.
			var free []int
			for j := range x.cols {
				if b.lo[j] != b.hi[j] {
					free = append(free, j)
				}
			}
			if len(free) == 0 {
				break
			}
			v := float64(r.IntN(2))
			x.Bound(&b, free[r.IntN(len(free))], v, v)
		}
	}
	t.Logf("%d proofs, %d solves with values, %d given up", proofs, solved, unsettled)
	if proofs < 1000 || solved < 1000 {
		t.Fatalf("%d proofs and %d solves with values: too few of one for a test", proofs, solved)
	}
	if unsettled > proofs/100 {
		t.Fatalf("%d solves given up, against %d proofs", unsettled, proofs)
	}
}

// TestOutOfBox: a row that weights a program's rows proves there are no
// values within the bounds exactly when the weighted right-hand side
// lies beyond the least and the most the weighted columns sum to: on
// programs of one row and a column, the cases at and beyond the edges.
func TestOutOfBox(t *testing.T) {
	for _, tc := range []struct {
		name   string
		rhs    float64
		lo, hi float64
		weight float64
		want   bool
	}{
		{"within", 1, 0, 1, 1, false},
		{"at the top", 1, 1, 1, 1, false},
		{"above", 2, 0, 1, 1, true},
		{"above, weighted down", 2, 0, 1, -3, true},
		{"below", 0, 1, 1, 1, true},
		{"below, weighted down", 0, 1, 1, -0.5, true},
		{"no weight", 5, 0, 1, 0, false},
	} {
		x := &Program{}
		x.Reset(1)
		x.rowIndex = append(x.rowIndex, 0)
		x.EndColumn()
		x.rhs[0] = tc.rhs
		var b Basis
		x.Start(&b)
		b.lo[0], b.hi[0] = tc.lo, tc.hi
		if got := x.OutOfBox(&b, []float64{tc.weight}, make([]int64, 1)); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
