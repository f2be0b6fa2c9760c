package floats

import (
	"encoding/binary"
	"math"
	"slices"
	"strconv"
	"testing"
)

func TestAddScaled(t *testing.T) {
	tests := []struct {
		name   string
		dst, s []float64
		alpha  float64
		want   []float64
	}{
		{name: "empty", dst: []float64{}, s: []float64{}, alpha: 2, want: []float64{}},
		{name: "one", dst: []float64{1}, s: []float64{3}, alpha: -2, want: []float64{-5}},
		{name: "dst longer", dst: []float64{1, 1, 1}, s: []float64{1, 2}, alpha: 1, want: []float64{2, 3, 1}},
		{
			name:  "eight then ones",
			dst:   []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11},
			s:     []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2},
			alpha: 0.5,
			want:  []float64{1.5, 2.5, 3.5, 4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5, 12},
		},
		{
			name:  "sixteen",
			dst:   make([]float64, 16),
			s:     []float64{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
			alpha: -1,
			want:  []float64{0, -1, -2, -3, -4, -5, -6, -7, -8, -9, -10, -11, -12, -13, -14, -15},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			AddScaled(tt.dst, tt.alpha, tt.s)
			for i := range tt.want {
				if tt.dst[i] != tt.want[i] {
					t.Fatalf("dst = %v, want %v", tt.dst, tt.want)
				}
			}
		})
	}
}

// TestAddScaledRounds checks that each product is rounded before the sum,
// as the Go loop does: 1+2^-30 squared is 1+2^-29+2^-60, which rounds to
// 1+2^-29, so a fused multiply-add would leave 2^-60 where the separate
// operations leave 0.
func TestAddScaledRounds(t *testing.T) {
	x := 1 + math.Ldexp(1, -30)
	for n := 1; n <= 20; n++ {
		dst, s := make([]float64, n), make([]float64, n)
		for i := range n {
			dst[i] = -(1 + math.Ldexp(1, -29))
			s[i] = x
		}
		AddScaled(dst, x, s)
		for i, v := range dst {
			if v != 0 {
				t.Fatalf("length %d: dst[%d] = %g, want 0 (the product rounded first)", n, i, v)
			}
		}
	}
}

// TestAddScaledZero: alpha zero adds zeros, as the loop does, at every
// length: a negative zero becomes positive, an infinity makes NaN.
func TestAddScaledZero(t *testing.T) {
	for n := 1; n <= 20; n++ {
		dst, want, s := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range n {
			dst[i] = math.Copysign(0, -1)
			s[i] = float64(i)
		}
		s[n-1] = math.Inf(1)
		copy(want, dst)
		addScaled(want, 0, s)
		AddScaled(dst, 0, s)
		for i := range dst {
			if math.Float64bits(dst[i]) != math.Float64bits(want[i]) && !(math.IsNaN(dst[i]) && math.IsNaN(want[i])) {
				t.Fatalf("length %d: dst[%d] = %g, want %g", n, i, dst[i], want[i])
			}
		}
	}
}

// FuzzAddScaled compares AddScaled, in assembly where the processor has
// it, with the obvious loop, bit for bit.
func FuzzAddScaled(f *testing.F) {
	f.Add(1.5, []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
	f.Add(-0.25, make([]byte, 8*37))
	f.Fuzz(func(t *testing.T, alpha float64, data []byte) {
		n := len(data) / 16
		dst, want, s := make([]float64, n), make([]float64, n), make([]float64, n)
		for i := range n {
			dst[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[16*i:]))
			s[i] = math.Float64frombits(binary.LittleEndian.Uint64(data[16*i+8:]))
		}
		copy(want, dst)
		addScaled(want, alpha, s)
		AddScaled(dst, alpha, s)
		for i := range dst {
			if math.Float64bits(dst[i]) != math.Float64bits(want[i]) && !(math.IsNaN(dst[i]) && math.IsNaN(want[i])) {
				t.Fatalf("element %d of %d: %x, want %x", i, n, math.Float64bits(dst[i]), math.Float64bits(want[i]))
			}
		}
	})
}

// TestAddOuter: each column with y's entry not zero gains that entry
// times x, the others are left as they are, their zeros' signs too; at
// lengths around the four- and eight-element passes.
func TestAddOuter(t *testing.T) {
	negZero := math.Copysign(0, -1)
	for n := 1; n <= 13; n++ {
		x := make([]float64, n)
		for i := range x {
			x[i] = float64(i + 1)
		}
		y := []float64{2, 0, -1, negZero, math.Inf(1)}
		a := make([]float64, n*len(y))
		for i := range a {
			a[i] = negZero
		}
		AddOuter(a, x, y)
		for k, f := range y {
			for i := range n {
				got, want := a[k*n+i], negZero
				if f != 0 {
					want = negZero + float64(f*x[i])
				}
				if math.Float64bits(got) != math.Float64bits(want) {
					t.Fatalf("length %d: column %d, element %d is %g, want %g", n, k, i, got, want)
				}
			}
		}
	}
}

// FuzzAddOuter compares AddOuter with the obvious loop over the columns,
// bit for bit.
func FuzzAddOuter(f *testing.F) {
	f.Add(uint8(3), []byte{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25})
	f.Add(uint8(13), make([]byte, 8*60))
	f.Fuzz(func(t *testing.T, rows uint8, data []byte) {
		n := int(rows%24) + 1
		words := len(data) / 8
		cols := (words - n) / (n + 1)
		if cols <= 0 {
			return
		}
		next := func() float64 {
			v := math.Float64frombits(binary.LittleEndian.Uint64(data))
			data = data[8:]
			return v
		}
		x, y, a := make([]float64, n), make([]float64, cols), make([]float64, n*cols)
		for i := range x {
			x[i] = next()
		}
		for k := range y {
			y[k] = next()
			if k%3 == 0 {
				y[k] = 0 // columns left alone, often
			}
		}
		for i := range a {
			a[i] = next()
		}
		want := slices.Clone(a)
		for k, f := range y {
			if f != 0 {
				addScaled(want[k*n:][:n], f, x)
			}
		}
		AddOuter(a, x, y)
		for i := range a {
			if math.Float64bits(a[i]) != math.Float64bits(want[i]) && !(math.IsNaN(a[i]) && math.IsNaN(want[i])) {
				t.Fatalf("element %d of %d×%d: %x, want %x", i, n, cols, math.Float64bits(a[i]), math.Float64bits(want[i]))
			}
		}
	})
}

func BenchmarkAddOuter(b *testing.B) {
	n := 46
	a, x, y := make([]float64, n*n), make([]float64, n), make([]float64, n)
	for i := range x {
		x[i], y[i] = float64(i)/7, 1e-9*float64(i%5)
	}
	b.Run("wide", func(b *testing.B) {
		for b.Loop() {
			AddOuter(a, x, y)
		}
	})
	b.Run("go", func(b *testing.B) {
		for b.Loop() {
			addOuter(a, x, y)
		}
	})
}

func BenchmarkAddScaled(b *testing.B) {
	for _, n := range []int{46, 69} {
		dst, s := make([]float64, n), make([]float64, n)
		for i := range s {
			s[i] = float64(i) / 7
		}
		b.Run("wide/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				AddScaled(dst, 1e-9, s)
			}
		})
		b.Run("go/"+strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				addScaled(dst, 1e-9, s)
			}
		})
	}
}
