package twenty48

// Stream is the random source of a seeded game: SplitMix64 with its state
// starting at the seed, as the project's specification of reproducible
// games fixes it, so that (seed, moves) replays the same game anywhere.
// Seed 0 gives 0xE220A8397B1DCDAF first.
type Stream struct{ state uint64 }

// NewStream returns the stream of seed.
func NewStream(seed uint64) Stream { return Stream{seed} }

// Next returns the next 64-bit draw.
func (s *Stream) Next() uint64 {
	s.state += 0x9e3779b97f4a7c15
	z := s.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// spawnOf returns what one draw u places: the k-th empty cell in row-major order
// of empty ones, and a 4 (exponent 2) one time in ten, else a 2.
func spawnOf(u uint64, empty int) (k int, exp uint8) {
	k = int((u >> 32) * uint64(empty) >> 32)
	exp = 1
	if (u&0xffffffff)%10 == 0 {
		exp = 2
	}
	return k, exp
}
