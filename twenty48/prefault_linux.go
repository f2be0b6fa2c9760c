package twenty48

import (
	"syscall"
	"unsafe"
)

// madvPopulateWrite is Linux's MADV_POPULATE_WRITE (5.14 and later).
const madvPopulateWrite = 23

// prefault asks Linux to map the pages under [p, p+n) at once, ready to
// be written: one call instead of a page fault a page, each dear in a
// virtual machine. A kernel without the advice refuses it, and the pages
// fault in as they are written.
func prefault(p unsafe.Pointer, n uintptr) {
	page := uintptr(syscall.Getpagesize())
	start := uintptr(p) &^ (page - 1)
	end := (uintptr(p) + n + page - 1) &^ (page - 1)
	syscall.Syscall(syscall.SYS_MADVISE, start, end-start, madvPopulateWrite)
}
