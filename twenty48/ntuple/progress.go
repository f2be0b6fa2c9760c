package ntuple

import (
	"fmt"
	"io"
	"time"

	"gamelab/internal/bench"
)

// Progress prints a training run's blocks as they come, a line each under
// a header, and keeps them for the learning curve.
type Progress struct {
	w      io.Writer
	blocks []Block
	last   time.Duration // when the block before ended
}

// NewProgress returns a Progress printing to w.
func NewProgress(w io.Writer) *Progress { return &Progress{w: w} }

// Report prints b: games so far, their mean score, the share of them that
// made each large tile, the best score and the speed. It is a Run's
// report function.
func (p *Progress) Report(b Block) {
	if p.blocks == nil {
		fmt.Fprintf(p.w, "%10s %9s %6s %6s %6s %6s %6s %9s %12s\n", "games", "mean", "2048", "4096", "8192", "16384", "32768", "best", "moves/s")
	}
	speed := float64(b.Moves) / max((b.Elapsed-p.last).Seconds(), 1e-9)
	p.last = b.Elapsed
	fmt.Fprintf(p.w, "%10d %9.0f %5.1f%% %5.1f%% %5.1f%% %5.1f%% %5.2f%% %9d %12.0f\n", b.First+b.Games,
		b.MeanScore, 100*b.Share(11), 100*b.Share(12), 100*b.Share(13), 100*b.Share(14), 100*b.Share(15), b.MaxScore, speed)
	p.blocks = append(p.blocks, b)
}

// WriteCurve draws the learning curve of the blocks reported: the mean
// score of their games, in at most 30 bars.
func (p *Progress) WriteCurve(w io.Writer) error {
	per := (len(p.blocks) + 29) / 30
	var points []bench.Point
	for i := 0; i < len(p.blocks); i += per {
		group := p.blocks[i:min(i+per, len(p.blocks))]
		games, sum := 0, 0.0
		for _, b := range group {
			games += b.Fresh
			sum += b.MeanScore * float64(b.Fresh)
		}
		last := group[len(group)-1]
		points = append(points, bench.Point{Label: fmt.Sprint(last.First + last.Games), Value: sum / float64(max(1, games))})
	}
	return bench.WriteCurve(w, "mean score of the games, by games trained", points, "%.0f", 40)
}
