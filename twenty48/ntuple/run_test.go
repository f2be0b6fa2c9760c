package ntuple

import "testing"

// TestStretch checks the stretches between two saves of a training run:
// one block first, then whole blocks for about saveInterval, never more
// than saveEvery games or the games left.
func TestStretch(t *testing.T) {
	perInterval := 1 / saveInterval.Seconds() // a rate of one game an interval
	for _, tt := range []struct {
		left, every int
		rate        float64 // games a second
		want        int
	}{
		{1_000_000, 10_000, 0, 10_000},                     // the first: one block
		{5_000, 10_000, 0, 5_000},                          // fewer left
		{1_000_000, 10_000, 35_000 * perInterval, 30_000},  // whole blocks
		{1_000_000, 10_000, 5_000 * perInterval, 10_000},   // at least one block
		{1_000_000, 10_000, 1e6 * perInterval, saveEvery},  // at most saveEvery
		{25_000, 10_000, 35_000 * perInterval, 25_000},     // the rest
		{1_000_000, 300_000, 1e6 * perInterval, saveEvery}, // blocks beyond saveEvery
		{1_000_000, 20, 1_000 * perInterval, 1_000},        // small blocks
	} {
		if got := stretch(tt.left, tt.every, tt.rate); got != tt.want {
			t.Errorf("stretch(%d, %d, %g) = %d, want %d", tt.left, tt.every, tt.rate, got, tt.want)
		}
	}
}
