package hugepage

import (
	"syscall"
	"unsafe"
)

// page is the size of a transparent huge page on the machines Go runs
// Linux on (x86-64 and arm64 with 4 KiB pages).
const page = 2 << 20

// Slice returns n zero elements whose memory Linux is asked to back with
// huge pages where it holds whole ones. A page fault costs 15-18 µs on
// the project's VM: Mastermind's lists of long codes (suffixes, halves
// met in the middle) are megabytes written once, and a 4 MB list in 4 KiB
// pages took a quarter of a 20-peg solve in faults; 2048's network is
// half a gigabyte, filled as it loads. From one huge page on,
// the slice is allocated with room to start on a huge page's boundary, so
// that all but its last part take huge pages (a slice that starts
// anywhere loses up to a huge page's worth at each end). Memory the
// advice does not reach, or a kernel that ignores it, costs nothing but
// the faults.
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
