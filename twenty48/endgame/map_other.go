//go:build !unix

package endgame

import "os"

// mapValues reads size values from f at offset (map_unix.go maps them).
func mapValues(f *os.File, offset int64, size uint64) ([]uint16, error) {
	return readValues(f, offset, size)
}
