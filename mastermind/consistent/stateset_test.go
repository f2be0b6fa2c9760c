package consistent

import (
	"math/rand/v2"
	"testing"
)

// TestStateTables checks stateMap and stateSet against Go's map through
// growth and clearing, with keys whose low bits repeat.
func TestStateTables(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	var m stateMap
	var s stateSet
	for round, n := range []int{10, 5000, 300, 70000} {
		want := map[uint64]uint64{}
		for i := range n {
			k := r.Uint64()
			if i%2 == 0 {
				k = uint64(r.IntN(n)) << 40 // low bits all zero
			}
			want[k] = uint64(i)
			m.put(k, uint64(i))
			s.add(k)
		}
		for range 2 * n {
			k := r.Uint64()
			if r.IntN(2) == 0 {
				k = uint64(r.IntN(2*n)) << 40
			}
			w, in := want[k]
			if v, ok := m.get(k); ok != in || v != w {
				t.Fatalf("round %d: stateMap.get(%#x) = %d, %v; want %d, %v", round, k, v, ok, w, in)
			}
			if ok := s.has(k); ok != in {
				t.Fatalf("round %d: stateSet.has(%#x) = %v; want %v", round, k, ok, in)
			}
		}
		m.clear()
		s.clear()
		for k := range want {
			if _, ok := m.get(k); ok {
				t.Fatalf("round %d: stateMap holds %#x after clear", round, k)
			}
			if s.has(k) {
				t.Fatalf("round %d: stateSet holds %#x after clear", round, k)
			}
		}
	}
}

// TestDeadCache checks that the cache never remembers a state it was not
// given, keeps the last state added, remembers most of a few recent ones,
// and forgets all on clear.
func TestDeadCache(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var d deadCache
	added := map[uint64]bool{}
	var order []uint64
	for i := range 200000 {
		k := r.Uint64()
		if i%2 == 0 {
			k = uint64(r.IntN(1<<20)) << 40
		}
		d.add(k)
		added[k] = true
		order = append(order, k)
		if !d.has(k) {
			t.Fatalf("state %#x not remembered right after it was added", k)
		}
	}
	for range 100000 {
		k := r.Uint64()
		if d.has(k) && !added[k] {
			t.Fatalf("remembers %#x, never added", k)
		}
	}
	// Of the last maxDead/32 states, each took a slot that the next ones
	// (fewer than a thirty-second of the slots) rarely take again.
	recent, last := 0, maxDead/32
	for _, k := range order[len(order)-last:] {
		if d.has(k) {
			recent++
		}
	}
	if recent < last*95/100 {
		t.Errorf("remembers %d of the last %d states, want 95%% or more", recent, last)
	}
	d.clear()
	for _, k := range order {
		if d.has(k) {
			t.Fatalf("remembers %#x after clear", k)
		}
	}
}
