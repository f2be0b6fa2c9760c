//go:build !linux

package mastermind

// adviseHuge does nothing but on Linux: see huge_linux.go.
func adviseHuge[T any](s []T) {}
