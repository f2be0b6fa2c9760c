package hugepage

import (
	"runtime"
	"testing"
	"unsafe"
)

// TestSlice: a slice of any size has its n zero elements, room for no
// more, and, from two huge pages on Linux, starts on a huge page.
func TestSlice(t *testing.T) {
	for _, n := range []int{0, 1, 1000, 1 << 19, 1<<20 + 3, 3 << 20} {
		s := Slice[uint32](n)
		if len(s) != n || cap(s) != n {
			t.Fatalf("Slice(%d): len %d, cap %d", n, len(s), cap(s))
		}
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("Slice(%d)[%d] = %d", n, i, s[i])
			}
			s[i] = uint32(i)
		}
		start := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
		if runtime.GOOS == "linux" && n*4 >= 2<<20 && start%(2<<20) != 0 {
			t.Errorf("Slice(%d) starts at %#x, not on a huge page", n, start)
		}
	}
	// An element that does not divide a page.
	if s := Slice[[3]uint8](1 << 20); len(s) != 1<<20 || s[len(s)-1] != [3]uint8{} {
		t.Errorf("Slice of 3-byte elements: len %d", len(s))
	}
}
