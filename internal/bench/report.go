package bench

import (
	"cmp"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"gamelab/internal/store"
)

// Better says which way a metric improves.
type Better string

// The directions of a metric.
const (
	Lower  Better = "lower"  // guesses, moves, time
	Higher Better = "higher" // score, largest tile
)

// Metric is one measured quantity of a game, such as Nerdle's guesses or
// 2048's score; a run measures any number of them.
type Metric struct {
	Name   string `json:"name"`             // "guesses", "score", "max tile"
	Better Better `json:"better"`           // which way is good
	Unit   string `json:"unit,omitempty"`   // "ms", if the name does not say
	Format string `json:"format,omitempty"` // fmt verb for the mean, "%.4f" if empty
	// Powers, for values that are powers of two (2048's tiles), makes the
	// histogram one bar per power.
	Powers bool `json:"powers,omitempty"`
	// Octaves, for values with a long tail (turns of a game that may run
	// to its limit), makes the histogram one bar per doubling: 16–31,
	// 32–63, ...
	Octaves bool `json:"octaves,omitempty"`
	// Share, for values that are 1 or 0 (a game won by a player, or not),
	// shows the mean as a share with its 95% margin, and no histogram.
	Share bool `json:"share,omitempty"`
}

// Result is how a game of a win/draw/loss benchmark ended for the player
// measured.
type Result int8

// The results of a game; None for games that are not won or lost.
const (
	None Result = iota
	Loss
	Draw
	Win
)

// Points returns the result's share of a point: 1, ½ or 0.
func (r Result) Points() float64 {
	switch r {
	case Win:
		return 1
	case Draw:
		return 0.5
	}
	return 0
}

// Outcome is the result of one game.
type Outcome struct {
	Game    int           `json:"game"`             // index of the game in the run
	Seed    uint64        `json:"seed"`             // the game's seed, to replay it
	Values  []float64     `json:"values"`           // one per Config.Metrics
	Result  Result        `json:"result,omitempty"` // with Config.Results: 1 loss, 2 draw, 3 win
	Failed  bool          `json:"failed,omitempty"` // lost, over the limit, …
	Elapsed time.Duration `json:"elapsed_ns"`       // time spent in Play
	Detail  string        `json:"detail,omitempty"` // e.g. the secret, for the report's reader
	// Forfeit, if set, is why the game was given up: an outside program
	// that stopped answering, say. The run went on without it.
	Forfeit string `json:"forfeit,omitempty"`
}

// Report is the result of a run or of a shard of one. Its JSON form is what
// `--json` prints and what Merge reads.
type Report struct {
	Config Config        `json:"config"`             // what was run: the game, its metrics, games, seed
	Wall   time.Duration `json:"wall_ns"`            // wall-clock time of the games
	Setup  time.Duration `json:"setup_ns,omitempty"` // start-up before the first game
	// CPU is the processor time (user and system, all threads) the
	// process spent during the games, with that of the players it ran as
	// programs of their own, where the platform tells it.
	CPU      time.Duration `json:"cpu_ns,omitempty"`
	Workers  int           `json:"workers"`  // games played at once (summed over merged shards)
	Outcomes []Outcome     `json:"outcomes"` // sorted by game index

	// Figures are what a game derives from the outcomes for its users
	// (2048's sum of max tiles over 2048, say); the game sets them.
	Figures []Figure `json:"figures,omitempty"`
}

// Figure is one derived figure of a report.
type Figure struct {
	Name  string  `json:"name"`  // "Σ max tile / 2048", say
	Value float64 `json:"value"` // the figure as a number, for programs
	Text  string  `json:"text"`  // the value as people read it
}

// Summary is the statistics of one metric over the games of a report.
type Summary struct {
	Metric    Metric  `json:"metric"`
	Mean      float64 `json:"mean"`
	StdDev    float64 `json:"stddev"` // of the games themselves (divided by n, not n-1)
	Median    float64 `json:"median"` // the mean of the middle two for an even number of games
	Min       float64 `json:"min"`
	Max       float64 `json:"max"`
	Histogram []Bin   `json:"histogram"` // the bars the text report draws
}

// Best returns the best value of the metric, Min or Max by its direction.
func (s Summary) Best() float64 {
	if s.Metric.Better == Higher {
		return s.Max
	}
	return s.Min
}

// Worst returns the worst value of the metric.
func (s Summary) Worst() float64 {
	if s.Metric.Better == Higher {
		return s.Min
	}
	return s.Max
}

// Tally counts the wins, draws and losses of a win/draw/loss benchmark.
type Tally struct {
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`  // points per game, 0 to 1 (a draw is ½)
	Margin float64 `json:"margin"` // half the 95% confidence interval of Score
}

// Elo returns the rating difference that Score implies, with the bounds of
// its 95% interval; ±Inf when the score is 0 or 1.
func (t Tally) Elo() (diff, lo, hi float64) {
	return elo(t.Score), elo(t.Score - t.Margin), elo(t.Score + t.Margin)
}

func elo(score float64) float64 {
	score = min(1, max(0, score))
	return -400 * math.Log10(1/score-1)
}

// Stats summarises a report.
type Stats struct {
	Games    int           `json:"games"`
	Failures int           `json:"failures"`          // games whose Outcome.Failed is set
	Metrics  []Summary     `json:"metrics"`           // one per Config.Metrics, in order
	Results  *Tally        `json:"results,omitempty"` // with Config.Results
	PerGame  time.Duration `json:"per_game_ns"`       // mean time of one game
	Total    time.Duration `json:"total_ns"`          // time of all games, summed over workers
	Wall     time.Duration `json:"wall_ns"`           // Report.Wall
}

// Stats computes the summary of r.
func (r *Report) Stats() Stats {
	s := Stats{Games: len(r.Outcomes), Wall: r.Wall}
	for _, o := range r.Outcomes {
		s.Total += o.Elapsed
		if o.Failed {
			s.Failures++
		}
	}
	if s.Games > 0 {
		s.PerGame = s.Total / time.Duration(s.Games)
	}
	for k, m := range r.Config.Metrics {
		s.Metrics = append(s.Metrics, summarise(m, r.values(k)))
	}
	if r.Config.Results {
		s.Results = r.tally()
	}
	return s
}

// values returns metric k of every outcome (0 where an outcome lacks it).
func (r *Report) values(k int) []float64 {
	v := make([]float64, len(r.Outcomes))
	for i, o := range r.Outcomes {
		if k < len(o.Values) {
			v[i] = o.Values[k]
		}
	}
	return v
}

func summarise(m Metric, values []float64) Summary {
	s := Summary{Metric: m}
	switch {
	case m.Powers:
		s.Histogram = PowerHistogram(values)
	case m.Octaves:
		s.Histogram = PowerHistogram(values)
		for i, b := range s.Histogram {
			s.Histogram[i].Label = formatValue(b.Lo) + "–" + formatValue(b.Hi-1)
		}
	default:
		s.Histogram = MakeHistogram(values)
	}
	if len(values) == 0 {
		return s
	}
	sorted := slices.Sorted(slices.Values(values))
	sum := 0.0
	for _, v := range sorted {
		sum += v
	}
	n := float64(len(sorted))
	s.Mean = sum / n
	s.Min, s.Max = sorted[0], sorted[len(sorted)-1]
	if h := len(sorted) / 2; len(sorted)%2 == 1 {
		s.Median = sorted[h]
	} else {
		s.Median = sorted[h-1]/2 + sorted[h]/2
	}
	for _, v := range sorted {
		s.StdDev += (v - s.Mean) * (v - s.Mean)
	}
	s.StdDev = math.Sqrt(s.StdDev / n)
	return s
}

func (r *Report) tally() *Tally {
	t := &Tally{}
	sum, sq := 0.0, 0.0
	for _, o := range r.Outcomes {
		switch o.Result {
		case Win:
			t.Wins++
		case Draw:
			t.Draws++
		case Loss:
			t.Losses++
		}
		p := o.Result.Points()
		sum += p
		sq += p * p
	}
	if n := float64(t.Wins + t.Draws + t.Losses); n > 0 {
		t.Score = sum / n
		variance := max(0, sq/n-t.Score*t.Score)
		t.Margin = 1.96 * math.Sqrt(variance/n)
	}
	return t
}

// Worst returns up to n outcomes that are worst by the first metric,
// worst first.
func (r *Report) Worst(n int) []Outcome {
	w := slices.Clone(r.Outcomes)
	if len(r.Config.Metrics) == 0 {
		return w[:min(n, len(w))]
	}
	sign := 1.0
	if r.Config.Metrics[0].Better == Higher {
		sign = -1
	}
	value := func(o Outcome) float64 {
		if len(o.Values) == 0 {
			return 0
		}
		return sign * o.Values[0]
	}
	slices.SortStableFunc(w, func(a, b Outcome) int { return -cmp.Compare(value(a), value(b)) })
	return w[:min(n, len(w))]
}

// JSON is the document `--json` prints: the report and its statistics.
type JSON struct {
	*Report
	Stats    Stats `json:"stats"`
	Complete bool  `json:"complete"` // every game of the run is present
}

// WriteJSON writes r as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(JSON{Report: r, Stats: r.Stats(), Complete: r.Complete()})
}

// ReadJSON reads a report written by WriteJSON and checks that it holds
// together: a run of at least one game, a shard inside its split, each
// outcome a game of the shard with a value for every metric.
func ReadJSON(rd io.Reader) (*Report, error) {
	var doc JSON
	dec := json.NewDecoder(rd)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&doc); err != nil {
		return nil, fmt.Errorf("reading benchmark report: %w", store.JSONError(err))
	}
	if doc.Report == nil || doc.Config.Games < 1 {
		return nil, fmt.Errorf("reading benchmark report: no run configuration")
	}
	r := doc.Report
	if sh := r.Config.Shard; sh != (Shard{}) {
		if _, err := ParseShard(sh.String()); err != nil {
			return nil, fmt.Errorf("reading benchmark report: %w", err)
		}
	} else {
		r.Config.Shard = Whole
	}
	for _, o := range r.Outcomes {
		if o.Game < 0 || o.Game >= r.Config.Games || o.Game%r.Config.Shard.Count != r.Config.Shard.Index {
			return nil, fmt.Errorf("reading benchmark report: game %d is not in shard %v of %d games", o.Game, r.Config.Shard, r.Config.Games)
		}
		if len(o.Values) != len(r.Config.Metrics) {
			return nil, fmt.Errorf("reading benchmark report: game %d has %d values for %d metrics", o.Game, len(o.Values), len(r.Config.Metrics))
		}
	}
	return r, nil
}

// Complete reports whether r holds every game of its run.
func (r *Report) Complete() bool { return len(r.Outcomes) == r.Config.Games }

// Merge joins the reports of the shards of one run (same name, metrics,
// games and seed, split the same way) into one. Shards may be given in any
// order; a game present twice is an error, a missing shard is not (the
// result is then incomplete).
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
		if c.Game != first.Game || c.Name != first.Name || c.Games != first.Games || c.Seed != first.Seed || c.Secrets != first.Secrets ||
			c.Results != first.Results || !slices.Equal(c.Metrics, first.Metrics) {
			return nil, fmt.Errorf("merge: shard %v is of another run (%s, %d games, seed %d) than the first (%s, %d games, seed %d)",
				c.Shard, c.Name, c.Games, c.Seed, first.Name, first.Games, first.Seed)
		}
		if c.Shard.Count != first.Shard.Count {
			return nil, fmt.Errorf("merge: shard %v and shard %v come from different splits of the run (%d parts and %d); merge the shards of one split",
				first.Shard, c.Shard, first.Shard.Count, c.Shard.Count)
		}
		for _, o := range r.Outcomes {
			if seen[o.Game] {
				return nil, fmt.Errorf("merge: game %d appears twice (shard %v)", o.Game, c.Shard)
			}
			seen[o.Game] = true
			out.Outcomes = append(out.Outcomes, o)
		}
		out.Wall = max(out.Wall, r.Wall)
		out.CPU += r.CPU
		out.Setup = max(out.Setup, r.Setup)
		out.Workers += r.Workers
	}
	slices.SortFunc(out.Outcomes, func(a, b Outcome) int { return a.Game - b.Game })
	return out, nil
}

// WriteSummary writes the statistics as an aligned table, then a histogram
// of each metric, for people.
func (r *Report) WriteSummary(w io.Writer) error {
	s := r.Stats()
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "benchmark\t%s\n", r.Config.Name)
	games := fmt.Sprintf("%d", s.Games)
	switch {
	case r.Config.Shard != Whole && r.Config.Shard.Count > 0:
		games += fmt.Sprintf(" (shard %v of %d)", r.Config.Shard, r.Config.Games)
		if n := r.Config.Shard.Size(r.Config.Games); s.Games < n {
			games += fmt.Sprintf(", incomplete: %d of its %d", s.Games, n)
		}
	case !r.Complete():
		games += fmt.Sprintf(" of %d (incomplete)", r.Config.Games)
	}
	if r.Config.Exhaustive() {
		// The seed still draws what the games do not share (2048's tiles
		// to come, a player's choices), so it is said either way.
		secret := cmp.Or(r.Config.Secret, "secret")
		games += fmt.Sprintf(", every %s once", secret)
	}
	games += fmt.Sprintf(", seed %d", r.Config.Seed)
	fmt.Fprintf(tw, "games\t%s\n", games)
	if t := s.Results; t != nil {
		fmt.Fprintf(tw, "wins / draws / losses\t%d / %d / %d\n", t.Wins, t.Draws, t.Losses)
		d, lo, hi := t.Elo()
		fmt.Fprintf(tw, "score\t%.1f%% ± %.1f%% (Elo %+.0f, %+.0f to %+.0f)\n", 100*t.Score, 100*t.Margin, d, lo, hi)
	}
	for _, m := range s.Metrics {
		if m.Metric.Share {
			margin := 1.96 * math.Sqrt(m.Mean*(1-m.Mean)/float64(max(1, s.Games)))
			fmt.Fprintf(tw, "%s\t%.1f%% ± %.1f%% (%.0f of %d)\n", m.Metric.label(), 100*m.Mean, 100*margin, m.Mean*float64(s.Games), s.Games)
			continue
		}
		format := m.Metric.Format
		if format == "" {
			format = "%.4f"
		}
		fmt.Fprintf(tw, "%s\t"+format+" mean, median %s, sd %.3f, best %s, worst %s (%s is better)\n",
			m.Metric.label(), m.Mean, formatValue(m.Median), m.StdDev, formatValue(m.Best()), formatValue(m.Worst()), m.Metric.Better)
	}
	// Every game's report has these rows, in this order, whether or not
	// they count anything in this run.
	fmt.Fprintf(tw, "failed\t%d (%.2f%%)\n", s.Failures, 100*float64(s.Failures)/float64(max(1, s.Games)))
	if n, first := r.forfeits(); n > 0 {
		fmt.Fprintf(tw, "forfeits\t%d (the first, game %d: %s)\n", n, first.Game, first.Forfeit)
	} else {
		fmt.Fprintf(tw, "forfeits\t0\n")
	}
	for _, f := range r.Figures {
		fmt.Fprintf(tw, "%s\t%s\n", f.Name, f.Text)
	}
	fmt.Fprintf(tw, "time per game\t%v\n", roundDuration(s.PerGame))
	fmt.Fprintf(tw, "start-up\t%v\n", roundDuration(r.Setup))
	workers := "workers"
	if r.Workers == 1 {
		workers = "worker"
	}
	fmt.Fprintf(tw, "time in total\t%v on %d %s\n", roundDuration(r.Setup+s.Wall), r.Workers, workers)
	if err := tw.Flush(); err != nil {
		return err
	}
	for _, m := range s.Metrics {
		if m.Metric.Share {
			continue
		}
		fmt.Fprintln(w)
		if err := WriteHistogram(w, m.Histogram, m.Metric.label(), 40); err != nil {
			return err
		}
	}
	return nil
}

// forfeits returns how many games were forfeited, and the first.
func (r *Report) forfeits() (int, Outcome) {
	n, first := 0, Outcome{}
	for _, o := range r.Outcomes {
		if o.Forfeit != "" {
			if n == 0 {
				first = o
			}
			n++
		}
	}
	return n, first
}

// label names the metric with its unit.
func (m Metric) label() string {
	if m.Unit == "" {
		return m.Name
	}
	return m.Name + " (" + m.Unit + ")"
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
		w = max(w, utf8.RuneCountInString(b.Label))
	}
	return w
}

// pad right-aligns s in w columns.
func pad(s string, w int) string {
	return strings.Repeat(" ", max(0, w-utf8.RuneCountInString(s))) + s
}

// ReadJSONFiles reads the report files names, each as ReadJSON does; an
// error names the file.
func ReadJSONFiles(names ...string) ([]*Report, error) {
	var reports []*Report
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			return nil, err
		}
		r, err := ReadJSON(f)
		f.Close()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		reports = append(reports, r)
	}
	return reports, nil
}
