package player

import (
	"fmt"
	"slices"
	"time"

	"gamelab/internal/bench"
)

// Figures derives from a 2048 benchmark report what its users compare: the
// specification's sum of max tile / 2048 (not capped at 1), the share of
// games reaching each tile from 2048, and the mean and median score. It
// adds the time per 10,000 points and the moves per second, the time summed
// over the games, which each use every core for their root moves.
func Figures(r *bench.Report) []bench.Figure {
	var sum, score, moves float64
	var elapsed time.Duration
	scores := make([]float64, 0, len(r.Outcomes))
	for _, o := range r.Outcomes {
		sum += o.Values[0] / 2048
		score += o.Values[1]
		moves += o.Values[2]
		elapsed += o.Elapsed
		scores = append(scores, o.Values[1])
	}
	n := float64(max(1, len(r.Outcomes)))
	figures := []bench.Figure{{Name: "Σ max tile / 2048", Value: sum, Text: fmt.Sprintf("%.2f (%.1f per 100 games)", sum, 100*sum/n)}}
	for tile := 2048.0; tile <= 65536; tile *= 2 {
		k := 0
		for _, o := range r.Outcomes {
			if o.Values[0] >= tile {
				k++
			}
		}
		figures = append(figures, bench.Figure{Name: fmt.Sprintf("reached %.0f", tile), Value: float64(k) / n,
			Text: fmt.Sprintf("%.0f%% (%d)", 100*float64(k)/n, k)})
	}
	slices.Sort(scores)
	median := 0.0
	if len(scores) > 0 {
		median = scores[len(scores)/2]
		if len(scores)%2 == 0 {
			median = (scores[len(scores)/2-1] + median) / 2
		}
	}
	figures = append(figures,
		bench.Figure{Name: "mean score", Value: score / n, Text: fmt.Sprintf("%.0f", score/n)},
		bench.Figure{Name: "median score", Value: median, Text: fmt.Sprintf("%.0f", median)},
		bench.Figure{Name: "moves per second", Value: moves / elapsed.Seconds(), Text: fmt.Sprintf("%.0f", moves/max(elapsed.Seconds(), 1e-9))},
	)
	if score == 0 {
		return figures // no points: no time per point
	}
	per10k := elapsed.Seconds() / (score / 10000)
	figures = append(figures, bench.Figure{Name: "seconds per 10,000 points", Value: per10k, Text: fmt.Sprintf("%.3f s (wall time of the games)", per10k)})
	if r.CPU > 0 {
		cpu := r.CPU.Seconds() / (score / 10000)
		figures = append(figures, bench.Figure{Name: "CPU seconds per 10,000 points", Value: cpu,
			Text: fmt.Sprintf("%.3f s (all threads, the whole process and any player program)", cpu)})
	}
	return figures
}
