package consistent

// Both searches read every hint at each step. They keep the hints' small
// counts (0 to wordPegs, below 128) in the bytes of words, eight hints a
// word, and work on a word at a time; the arrangements keep the pegs left
// of each colour alike, eight colours a word. The lanes of a word never
// carry into each other, as every byte stays below 128 or, in atLeast and
// laneExcess, within 1 to 255.

const (
	laneOnes = 0x0101010101010101 // 1 in every byte
	laneHigh = 0x8080808080808080 // the high bit of every byte
)

// lanesFor returns the words holding one byte a hint for n hints.
func lanesFor(n int) int { return (n + 7) / 8 }

// packLanes returns v (values below 128) as bytes in words, v[0] in the
// lowest byte of the first word; the bytes past len(v) are 0.
func packLanes(v []int) []uint64 {
	w := make([]uint64, lanesFor(len(v)))
	for i, x := range v {
		w[i/8] |= uint64(x) << (8 * (i % 8))
	}
	return w
}

// atLeast returns 0xff in the bytes where x's byte is at least y's and 0
// elsewhere, for bytes below 128.
func atLeast(x, y uint64) uint64 {
	return ((x | laneHigh) - y) & laneHigh >> 7 * 0xff
}

// laneMin returns the smaller byte of x and y in each byte, for bytes
// below 128.
func laneMin(x, y uint64) uint64 {
	m := atLeast(x, y)
	return y&m | x&^m
}

// anyAbove reports whether some byte of x is above y's, for bytes below
// 128.
func anyAbove(x, y uint64) bool {
	return ((y|laneHigh)-x)&laneHigh != laneHigh
}

// laneExcess returns x less y in the bytes where x's is at least y's and
// 0 elsewhere, for bytes below 128.
func laneExcess(x, y uint64) uint64 {
	d := (x | laneHigh) - y // x+128-y in each byte: 1 to 255, no borrow
	return d &^ laneHigh & (d & laneHigh >> 7 * 0xff)
}

// gather returns the low bits of x's bytes, byte k's as bit k, for x
// with no other bits: the multiplication moves each to the top byte
// without carries.
func gather(x uint64) uint64 { return x * 0x0102040810204080 >> 56 }
