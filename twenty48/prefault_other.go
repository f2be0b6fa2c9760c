//go:build !linux

package twenty48

import "unsafe"

// prefault does nothing but on Linux: see prefault_linux.go.
func prefault(p unsafe.Pointer, n uintptr) {}
