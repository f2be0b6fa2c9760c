//go:build unix

package endgame

import (
	"os"
	"syscall"
	"unsafe"
)

// mapValues maps size values from f at offset, read only: a process
// starts at once, reads the pages it meets, and shares them with others.
// The mapping outlives f. Where the offset is not a page's start, or the
// values are not kept as memory keeps them, it reads them instead.
func mapValues(f *os.File, offset int64, size uint64) ([]uint16, error) {
	if !littleEndian || size == 0 {
		return readValues(f, offset, size)
	}
	page := int64(os.Getpagesize())
	start := offset / page * page
	data, err := syscall.Mmap(int(f.Fd()), start, int(offset-start)+int(2*size), syscall.PROT_READ, syscall.MAP_SHARED)
	if err != nil {
		return readValues(f, offset, size)
	}
	return unsafe.Slice((*uint16)(unsafe.Pointer(&data[offset-start])), size), nil
}
