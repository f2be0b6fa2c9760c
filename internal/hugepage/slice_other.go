//go:build !linux

package hugepage

// Slice returns n zero elements: huge pages are asked for on Linux only
// (slice_linux.go).
func Slice[T any](n int) []T { return make([]T, n) }
