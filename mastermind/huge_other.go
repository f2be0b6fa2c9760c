//go:build !linux

package mastermind

// hugeSlice returns n zero elements: huge pages are asked for on Linux
// only (huge_linux.go).
func hugeSlice[T any](n int) []T { return make([]T, n) }
