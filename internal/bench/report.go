package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
)

// Report is the result of a run or of a shard of one. Its JSON form is what
// `--json` prints and what Merge reads.
type Report struct {
	Config   Config        `json:"config"`
	Wall     time.Duration `json:"wall_ns"`            // wall-clock time of the games
	Setup    time.Duration `json:"setup_ns,omitempty"` // start-up before the first game
	Workers  int           `json:"workers"`
	Outcomes []Outcome     `json:"outcomes"` // sorted by game index
}

// Stats summarises the values of a report.
type Stats struct {
	Games    int           `json:"games"`
	Mean     float64       `json:"mean"`
	StdDev   float64       `json:"stddev"`
	Median   float64       `json:"median"`
	Min      float64       `json:"min"`
	Max      float64       `json:"max"`
	Failures int           `json:"failures"`
	PerGame  time.Duration `json:"per_game_ns"` // mean time of one game
	Total    time.Duration `json:"total_ns"`    // time of all games, summed over workers
	Wall     time.Duration `json:"wall_ns"`
}

// Stats computes the summary of r.
func (r *Report) Stats() Stats {
	s := Stats{Games: len(r.Outcomes), Wall: r.Wall}
	if s.Games == 0 {
		return s
	}
	values := make([]float64, 0, s.Games)
	sum := 0.0
	for _, o := range r.Outcomes {
		values = append(values, o.Value)
		sum += o.Value
		s.Total += o.Elapsed
		if o.Failed {
			s.Failures++
		}
	}
	slices.Sort(values)
	s.Mean = sum / float64(s.Games)
	s.Min, s.Max = values[0], values[len(values)-1]
	if h := len(values) / 2; len(values)%2 == 1 {
		s.Median = values[h]
	} else {
		s.Median = (values[h-1] + values[h]) / 2
	}
	for _, v := range values {
		s.StdDev += (v - s.Mean) * (v - s.Mean)
	}
	s.StdDev = math.Sqrt(s.StdDev / float64(s.Games))
	s.PerGame = s.Total / time.Duration(s.Games)
	return s
}

// Worst returns up to n outcomes with the highest values, highest first.
func (r *Report) Worst(n int) []Outcome {
	w := slices.Clone(r.Outcomes)
	slices.SortStableFunc(w, func(a, b Outcome) int {
		switch {
		case a.Value > b.Value:
			return -1
		case a.Value < b.Value:
			return 1
		}
		return 0
	})
	return w[:min(n, len(w))]
}

// JSON is the document `--json` prints: the report and its statistics.
type JSON struct {
	*Report
	Stats     Stats `json:"stats"`
	Complete  bool  `json:"complete"` // every game of the run is present
	Histogram []Bin `json:"histogram"`
}

// WriteJSON writes r as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(JSON{Report: r, Stats: r.Stats(), Complete: r.Complete(), Histogram: r.Histogram()})
}

// ReadJSON reads a report written by WriteJSON.
func ReadJSON(rd io.Reader) (*Report, error) {
	var doc JSON
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("reading benchmark report: %w", err)
	}
	if doc.Report == nil || doc.Config.Games < 1 {
		return nil, fmt.Errorf("reading benchmark report: no run configuration")
	}
	return doc.Report, nil
}

// Complete reports whether r holds every game of its run.
func (r *Report) Complete() bool { return len(r.Outcomes) == r.Config.Games }

// Merge joins the reports of shards of one run (same name, games and seed)
// into one. Shards may be given in any order; a game present twice is an
// error, a missing one is not (the result is then incomplete).
func Merge(reports ...*Report) (*Report, error) {
	if len(reports) == 0 {
		return nil, fmt.Errorf("merge: no reports")
	}
	first := reports[0].Config
	out := &Report{Config: first}
	out.Config.Shard = Whole
	seen := make(map[int]bool)
	for _, r := range reports {
		c := r.Config
		if c.Name != first.Name || c.Games != first.Games || c.Seed != first.Seed || c.Unit != first.Unit {
			return nil, fmt.Errorf("merge: shard %v is of another run (%s, %d games, seed %d) than the first (%s, %d games, seed %d)",
				c.Shard, c.Name, c.Games, c.Seed, first.Name, first.Games, first.Seed)
		}
		for _, o := range r.Outcomes {
			if seen[o.Game] {
				return nil, fmt.Errorf("merge: game %d appears twice (shard %v)", o.Game, c.Shard)
			}
			seen[o.Game] = true
			out.Outcomes = append(out.Outcomes, o)
		}
		out.Wall = max(out.Wall, r.Wall)
		out.Setup = max(out.Setup, r.Setup)
		out.Workers += r.Workers
	}
	slices.SortFunc(out.Outcomes, func(a, b Outcome) int { return a.Game - b.Game })
	return out, nil
}

// WriteSummary writes the statistics as an aligned table, then the
// histogram, for people.
func (r *Report) WriteSummary(w io.Writer) error {
	s := r.Stats()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	unit := r.Config.Unit
	fmt.Fprintf(tw, "benchmark\t%s\n", r.Config.Name)
	games := fmt.Sprintf("%d", s.Games)
	if r.Config.Shard != Whole && r.Config.Shard.Count > 0 {
		games += fmt.Sprintf(" (shard %v of %d)", r.Config.Shard, r.Config.Games)
	} else if !r.Complete() {
		games += fmt.Sprintf(" of %d (incomplete)", r.Config.Games)
	}
	fmt.Fprintf(tw, "games\t%s, seed %d\n", games, r.Config.Seed)
	fmt.Fprintf(tw, "average\t%.4f %s (sd %.3f)\n", s.Mean, unit, s.StdDev)
	fmt.Fprintf(tw, "median\t%s\n", formatValue(s.Median))
	fmt.Fprintf(tw, "best / worst\t%s / %s\n", formatValue(s.Min), formatValue(s.Max))
	fmt.Fprintf(tw, "failed\t%d (%.2f%%)\n", s.Failures, 100*float64(s.Failures)/float64(max(1, s.Games)))
	fmt.Fprintf(tw, "time per game\t%v\n", roundDuration(s.PerGame))
	if r.Setup > 0 {
		fmt.Fprintf(tw, "start-up\t%v\n", roundDuration(r.Setup))
	}
	workers := "workers"
	if r.Workers == 1 {
		workers = "worker"
	}
	fmt.Fprintf(tw, "time in total\t%v on %d %s\n", roundDuration(r.Setup+s.Wall), r.Workers, workers)
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return WriteHistogram(w, r.Histogram(), unit, 40)
}

func formatValue(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%d", int64(v))
	}
	return fmt.Sprintf("%.3f", v)
}

func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= time.Second:
		return d.Round(time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(time.Microsecond)
	}
	return d
}

// labelWidth pads histogram labels.
func labelWidth(bins []Bin) int {
	w := 0
	for _, b := range bins {
		w = max(w, len(b.Label))
	}
	return w
}

// pad right-aligns s in w columns.
func pad(s string, w int) string { return strings.Repeat(" ", max(0, w-len(s))) + s }
