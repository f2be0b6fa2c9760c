package consistent

import (
	"math/rand/v2"
	"testing"
)

// TestLanes checks the byte-lane operations against the bytes one by one,
// on random bytes below 128 and on the edges 0 and 127.
func TestLanes(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	edge := []uint64{0, 1, 63, 64, 126, 127}
	lane := func() uint64 {
		var x uint64
		for b := range 8 {
			v := r.Uint64N(128)
			if r.IntN(3) == 0 {
				v = edge[r.IntN(len(edge))]
			}
			x |= v << (8 * b)
		}
		return x
	}
	for range 100000 {
		x, y := lane(), lane()
		above := false
		for b := range 8 {
			xb, yb := x>>(8*b)&0xff, y>>(8*b)&0xff
			wantGE := uint64(0)
			if xb >= yb {
				wantGE = 0xff
			}
			if got := atLeast(x, y) >> (8 * b) & 0xff; got != wantGE {
				t.Fatalf("atLeast(%#x, %#x) byte %d = %#x, want %#x", x, y, b, got, wantGE)
			}
			if got := laneMin(x, y) >> (8 * b) & 0xff; got != min(xb, yb) {
				t.Fatalf("laneMin(%#x, %#x) byte %d = %d, want %d", x, y, b, got, min(xb, yb))
			}
			wantExcess := uint64(0)
			if xb >= yb {
				wantExcess = xb - yb
			}
			if got := laneExcess(x, y) >> (8 * b) & 0xff; got != wantExcess {
				t.Fatalf("laneExcess(%#x, %#x) byte %d = %d, want %d", x, y, b, got, wantExcess)
			}
			above = above || xb > yb
		}
		if got := anyAbove(x, y); got != above {
			t.Fatalf("anyAbove(%#x, %#x) = %v, want %v", x, y, got, above)
		}
	}
}

func TestGather(t *testing.T) {
	for bits := range uint64(256) {
		var x uint64
		for b := range 8 {
			x |= bits >> b & 1 << (8 * b)
		}
		if got := gather(x); got != bits {
			t.Fatalf("gather(%#x) = %#b, want %#b", x, got, bits)
		}
	}
}

func TestPackLanes(t *testing.T) {
	v := []int{3, 0, 127, 64, 1, 2, 3, 4, 5}
	w := packLanes(v)
	if len(w) != 2 || w[0] != 0x04030201407f0003 || w[1] != 5 {
		t.Errorf("packLanes(%v) = %#x", v, w)
	}
}
