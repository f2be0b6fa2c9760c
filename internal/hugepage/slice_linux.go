package hugepage

import (
	"syscall"
	"unsafe"
)

// page is the size of a transparent huge page on the machines Go runs
// Linux on (x86-64 and arm64 with 4 KiB pages).
const page = 2 << 20

// Slice returns n zero elements whose memory Linux is asked to back
// with huge pages where it holds whole ones. Page faults are costly on
// large tables written once (Mastermind's lists of long codes, 2048's
// network of half a gigabyte). From one huge page on, the slice is
// allocated with room to start on a huge page's boundary, so that all
// but its last part take huge pages. Memory the advice does not reach,
// or a kernel that ignores it, costs nothing but the faults. Measured
// in docs/notes/2048-code.md#hugepage-slice.
func Slice[T any](n int) []T {
	elem := unsafe.Sizeof(*new(T))
	if uintptr(n)*elem < page {
		return make([]T, n)
	}
	s := make([]T, n+int(page/elem)+1)
	base := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	skip := int(((page-base%page)%page + elem - 1) / elem)
	s = s[skip : skip+n : skip+n]
	start := uintptr(unsafe.Pointer(unsafe.SliceData(s)))
	size := uintptr(n) * elem
	from := (page - start%page) % page
	if size >= from+page {
		b := unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), size)
		_ = syscall.Madvise(b[from:from+(size-from)/page*page], syscall.MADV_HUGEPAGE)
	}
	return s
}
