package mastermind

import (
	"syscall"
	"unsafe"
)

// hugePage is the size of a transparent huge page on the machines Go
// runs Linux on (x86-64 and arm64 with 4 KiB pages).
const hugePage = 2 << 20

// adviseHuge asks Linux to back the whole huge pages inside s's memory
// with huge pages when they are first touched. The lists of long codes
// (suffixes, halves met in the middle) are tens of megabytes written
// once: with 4 KiB pages a quarter of a solve went to the kernel's page
// faults. Memory the advice does not reach, or a kernel that ignores it,
// costs nothing but the faults.
func adviseHuge[T any](s []T) {
	size := uintptr(cap(s)) * unsafe.Sizeof(*new(T))
	if size < 2*hugePage {
		return
	}
	data := unsafe.Pointer(unsafe.SliceData(s))
	b := unsafe.Slice((*byte)(data), size)
	b = b[(hugePage-uintptr(data)%hugePage)%hugePage:]
	_ = syscall.Madvise(b[:uintptr(len(b))/hugePage*hugePage], syscall.MADV_HUGEPAGE)
}
