package ntuple

import (
	"strings"
	"testing"
	"time"
)

// TestProgress: a header, then a line a block; the curve groups blocks
// into at most 30 bars, each the mean score of its fresh games.
func TestProgress(t *testing.T) {
	var lines strings.Builder
	p := NewProgress(&lines)
	for i := range 45 {
		b := Block{First: i * 10, Games: 10, Fresh: 10, MeanScore: float64(1000 * (i + 1)), Moves: 5000, Elapsed: time.Duration(i+1) * time.Second}
		b.Reached[11] = 5
		p.Report(b)
	}
	got := strings.Split(strings.TrimSpace(lines.String()), "\n")
	if len(got) != 46 || !strings.Contains(got[0], "moves/s") || !strings.Contains(got[1], " 50.0%") || !strings.Contains(got[1], "5000") {
		t.Fatalf("%d lines:\n%s", len(got), lines.String())
	}
	var curve strings.Builder
	if err := p.WriteCurve(&curve); err != nil {
		t.Fatal(err)
	}
	if bars := strings.Count(curve.String(), "│"); bars != 23 {
		t.Errorf("%d bars for 45 blocks, want 23 of two:\n%s", bars, curve.String())
	}
	if !strings.Contains(curve.String(), "1500") || !strings.Contains(curve.String(), "45000") {
		t.Errorf("the first bar is the mean of two blocks (1500), the last of one (45000):\n%s", curve.String())
	}
}
