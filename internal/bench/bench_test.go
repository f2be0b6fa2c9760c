package bench

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"
)

// dice is a fake game: the value is a die roll determined by the seed.
func dice(ctx context.Context, g Game) (Outcome, error) {
	r := rand.New(rand.NewPCG(g.Seed, 0))
	v := float64(1 + r.IntN(6))
	return Outcome{Values: []float64{v}, Failed: v == 6, Elapsed: time.Millisecond}, nil
}

func newDice() (Player, error) { return PlayerFunc(dice), nil }

var pips = []Metric{{Name: "pips", Better: Lower}}

func values(r *Report) []float64 {
	var v []float64
	for _, o := range r.Outcomes {
		v = append(v, o.Values[0])
	}
	return v
}

func TestRunDoesNotDependOnWorkers(t *testing.T) {
	cfg := Config{Name: "dice", Metrics: pips, Games: 500, Seed: 42}
	var want []float64
	for _, workers := range []int{1, 2, 7} {
		cfg.Workers = workers
		r, err := Run(context.Background(), cfg, newDice, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Outcomes) != 500 {
			t.Fatalf("%d outcomes", len(r.Outcomes))
		}
		for i, o := range r.Outcomes {
			if o.Game != i || o.Seed != SeedFor(42, i) {
				t.Fatalf("outcome %d is game %d seed %d", i, o.Game, o.Seed)
			}
		}
		if want == nil {
			want = values(r)
		} else if !reflect.DeepEqual(values(r), want) {
			t.Errorf("%d workers give other results than 1", workers)
		}
	}
}

func TestShardsMergeToWholeRun(t *testing.T) {
	cfg := Config{Name: "dice", Metrics: pips, Games: 101, Seed: 7}
	whole, err := Run(context.Background(), cfg, newDice, nil)
	if err != nil {
		t.Fatal(err)
	}
	var parts []*Report
	for i := 2; i >= 0; i-- { // any order
		c := cfg
		c.Shard = Shard{i, 3}
		r, err := Run(context.Background(), c, newDice, nil)
		if err != nil {
			t.Fatal(err)
		}
		if r.Complete() {
			t.Error("a shard claims to be complete")
		}
		// Through JSON, as shards travel between machines.
		var buf bytes.Buffer
		if err := r.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := ReadJSON(&buf)
		if err != nil {
			t.Fatal(err)
		}
		parts = append(parts, back)
	}
	merged, err := Merge(parts...)
	if err != nil {
		t.Fatal(err)
	}
	if !merged.Complete() || !reflect.DeepEqual(values(merged), values(whole)) {
		t.Errorf("merged shards differ from the whole run")
	}
	if _, err := Merge(parts[0], parts[0]); err == nil {
		t.Error("merging a shard with itself succeeded")
	}
	split := *parts[1]
	split.Config.Shard = Shard{1, 2}
	if _, err := Merge(parts[0], &split); err == nil || !strings.Contains(err.Error(), "different splits") {
		t.Errorf("merging shards of different splits: %v", err)
	}
	other := *parts[1]
	other.Config.Seed = 8
	if _, err := Merge(parts[0], &other); err == nil {
		t.Error("merging shards of different runs succeeded")
	}
}

func TestRunStopsOnError(t *testing.T) {
	var played atomic.Int64
	boom := errors.New("boom")
	newPlayer := func() (Player, error) {
		return PlayerFunc(func(ctx context.Context, g Game) (Outcome, error) {
			if played.Add(1) == 10 {
				return Outcome{}, boom
			}
			return Outcome{Values: []float64{1}}, nil
		}), nil
	}
	_, err := Run(context.Background(), Config{Games: 1000}, newPlayer, nil)
	if !errors.Is(err, boom) {
		t.Errorf("error = %v, want boom", err)
	}
	if _, err := Run(context.Background(), Config{Games: 0}, newPlayer, nil); err == nil {
		t.Error("a run of 0 games succeeded")
	}
}

// closingDice is a dice player that counts its closes, or one that fails
// every game.
type closingDice struct {
	closed *atomic.Int64
	fail   bool
}

func (d closingDice) Play(ctx context.Context, g Game) (Outcome, error) {
	if d.fail {
		return Outcome{}, errors.New("boom")
	}
	return dice(ctx, g)
}

func (d closingDice) Close() error { d.closed.Add(1); return nil }

// TestRunClosesPlayers: every worker's player that is an io.Closer is
// closed once its games are done, also when the run fails.
func TestRunClosesPlayers(t *testing.T) {
	for _, fail := range []bool{false, true} {
		var made, closed atomic.Int64
		newPlayer := func() (Player, error) {
			made.Add(1)
			return closingDice{&closed, fail}, nil
		}
		_, err := Run(context.Background(), Config{Games: 50, Metrics: pips, Workers: 3}, newPlayer, nil)
		if (err != nil) != fail {
			t.Fatalf("failing players %v: error %v", fail, err)
		}
		if made.Load() != 3 || closed.Load() != 3 {
			t.Errorf("failing players %v: %d players made, %d closed", fail, made.Load(), closed.Load())
		}
	}
}

func TestRunStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := Run(ctx, Config{Games: 100, Metrics: pips}, newDice, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
	}
	if r == nil || r.Complete() {
		t.Errorf("a cancelled run returned %v, want the incomplete report", r)
	}
}

// TestRunLeavesStuckGames: a cancelled run reports the games finished
// without waiting for a game under way whose player does not watch the
// context.
func TestRunLeavesStuckGames(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	release := make(chan struct{})
	defer close(release)
	stuck := PlayerFunc(func(_ context.Context, g Game) (Outcome, error) {
		if g.Index == 3 {
			cancel()
			<-release // never looks at ctx
		}
		return Outcome{Values: []float64{1}}, nil
	})
	start := time.Now()
	r, err := Run(ctx, Config{Games: 10, Metrics: pips, Workers: 1}, func() (Player, error) { return stuck, nil }, nil)
	if !errors.Is(err, context.Canceled) || r == nil || len(r.Outcomes) != 3 {
		t.Errorf("report %v, error %v; want the 3 games before the stuck one", r, err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("the run waited %v for a stuck game", d)
	}
}

func TestParseShard(t *testing.T) {
	tests := []struct {
		in   string
		want Shard
		ok   bool
	}{
		{"0/1", Shard{0, 1}, true},
		{"3/4", Shard{3, 4}, true},
		{"4/4", Shard{}, false},
		{"-1/4", Shard{}, false},
		{"1/0", Shard{}, false},
		{"1", Shard{}, false},
		{"1/2x", Shard{}, false},
	}
	for _, tt := range tests {
		got, err := ParseShard(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseShard(%q) = %v, %v", tt.in, got, err)
		}
	}
}

func TestStats(t *testing.T) {
	r := &Report{Config: Config{Games: 4, Metrics: []Metric{{Name: "guesses", Better: Lower}, {Name: "score", Better: Higher}}}, Outcomes: []Outcome{
		{Values: []float64{3, 10}, Elapsed: time.Second}, {Values: []float64{4, 20}, Elapsed: time.Second},
		{Values: []float64{3, 30}, Elapsed: time.Second}, {Values: []float64{6, 40}, Failed: true, Elapsed: 3 * time.Second},
	}}
	s := r.Stats()
	if s.Games != 4 || s.Failures != 1 || s.PerGame != 1500*time.Millisecond || s.Total != 6*time.Second || s.Results != nil {
		t.Errorf("Stats = %+v", s)
	}
	g, sc := s.Metrics[0], s.Metrics[1]
	if g.Mean != 4 || g.Median != 3.5 || g.Min != 3 || g.Max != 6 || g.Best() != 3 || g.Worst() != 6 {
		t.Errorf("guesses = %+v", g)
	}
	if g.StdDev < 1.2247 || g.StdDev > 1.2248 {
		t.Errorf("StdDev = %v, want sqrt(1.5)", g.StdDev)
	}
	if sc.Mean != 25 || sc.Median != 25 || sc.Best() != 40 || sc.Worst() != 10 {
		t.Errorf("score = %+v", sc)
	}
	if w := r.Worst(1); w[0].Values[0] != 6 {
		t.Errorf("Worst = %v", w)
	}
	r.Config.Metrics[0], r.Config.Metrics[1] = r.Config.Metrics[1], r.Config.Metrics[0]
	for i := range r.Outcomes {
		v := r.Outcomes[i].Values
		v[0], v[1] = v[1], v[0]
	}
	if w := r.Worst(1); w[0].Values[0] != 10 {
		t.Errorf("Worst of a higher-is-better metric = %v, want the score 10", w)
	}
}

func TestTally(t *testing.T) {
	var outcomes []Outcome
	for i, res := range []Result{Win, Win, Win, Draw, Loss, Win, Draw, Loss} {
		outcomes = append(outcomes, Outcome{Game: i, Result: res})
	}
	r := &Report{Config: Config{Games: 8, Results: true}, Outcomes: outcomes}
	tl := r.Stats().Results
	if tl == nil || tl.Wins != 4 || tl.Draws != 2 || tl.Losses != 2 || tl.Score != 0.625 {
		t.Fatalf("Tally = %+v", tl)
	}
	// Points 1,1,1,.5,0,1,.5,0: mean .625, mean of squares .5625-ish.
	variance := (4*1.0+2*0.25)/8 - 0.625*0.625
	if want := 1.96 * math.Sqrt(variance/8); math.Abs(tl.Margin-want) > 1e-12 {
		t.Errorf("Margin = %v, want %v", tl.Margin, want)
	}
	d, lo, hi := tl.Elo()
	if !(lo < d && d < hi) || math.Abs(d-88.7) > 0.1 {
		t.Errorf("Elo = %v (%v to %v), want about +88.7 inside its interval", d, lo, hi)
	}
	var buf bytes.Buffer
	if err := r.WriteSummary(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "4 / 2 / 2") || !strings.Contains(buf.String(), "62.5%") {
		t.Errorf("summary lacks the tally:\n%s", buf.String())
	}
}

// TestPlayerSeed checks what the package documentation promises: the
// player's seed is not the game's, differs between games, and does not
// depend on the worker that plays.
func TestPlayerSeed(t *testing.T) {
	seen := map[uint64]bool{}
	for i := range 1000 {
		g := GameFor(Config{Seed: 1, Games: 1000}, i)
		if g.PlayerSeed == g.Seed || seen[g.PlayerSeed] || seen[g.Seed] {
			t.Fatalf("game %d: player seed %d, game seed %d (seen before or equal)", i, g.PlayerSeed, g.Seed)
		}
		seen[g.PlayerSeed], seen[g.Seed] = true, true
	}
	if PlayerSeedFor(1, 0) == PlayerSeedFor(2, 0) {
		t.Error("the player seed ignores the base seed")
	}
}

func TestSecrets(t *testing.T) {
	every := Config{Games: 50, Secrets: 50, Seed: 3}
	drawn := Config{Games: 50, Secrets: 1000, Seed: 3}
	for i := range 50 {
		if g := GameFor(every, i); g.Secret != i {
			t.Fatalf("exhaustive run: game %d plays secret %d", i, g.Secret)
		}
		g := GameFor(drawn, i)
		if g.Secret < 0 || g.Secret >= 1000 || g.Secret != GameFor(drawn, i).Secret {
			t.Fatalf("drawn run: game %d plays secret %d", i, g.Secret)
		}
	}
	if !every.Exhaustive() || drawn.Exhaustive() || (Config{Games: 5}).Exhaustive() {
		t.Error("Exhaustive is wrong")
	}
}

// recorder is an Observer that logs what it is told.
type recorder struct{ log []string }

func (r *recorder) Begin(g Game) { r.log = append(r.log, fmt.Sprintf("begin %d", g.Index)) }
func (r *recorder) Step(g Game, ev any) {
	r.log = append(r.log, fmt.Sprintf("step %d %v", g.Index, ev))
}
func (r *recorder) End(g Game, o Outcome) {
	r.log = append(r.log, fmt.Sprintf("end %d %v", g.Index, o.Values))
}

func TestObserver(t *testing.T) {
	rec := &recorder{}
	player := PlayerFunc(func(ctx context.Context, g Game) (Outcome, error) {
		g.Observe("a")
		g.Observe("b")
		return Outcome{Values: []float64{float64(g.Index)}}, nil
	})
	cfg := Config{Games: 2, Metrics: pips, Workers: 1, Observer: rec}
	if _, err := Run(context.Background(), cfg, func() (Player, error) { return player, nil }, nil); err != nil {
		t.Fatal(err)
	}
	want := "begin 0,step 0 a,step 0 b,end 0 [0],begin 1,step 1 a,step 1 b,end 1 [1]"
	if got := strings.Join(rec.log, ","); got != want {
		t.Errorf("observer saw %s, want %s", got, want)
	}
}

func TestHistogramBins(t *testing.T) {
	// The range of the extreme floats overflows: it once made no bin.
	if bins := MakeHistogram([]float64{-1e308, 1e308, 0}); len(bins) == 0 || bins[0].Count+bins[len(bins)-1].Count < 2 {
		t.Errorf("extreme values: %+v", bins)
	}
	if bins := MakeHistogram([]float64{math.NaN(), math.Inf(1)}); bins != nil {
		t.Errorf("no finite value: %+v", bins)
	}
	bins := MakeHistogram([]float64{3, 3, 4, 6})
	var labels []string
	for _, b := range bins {
		labels = append(labels, b.Label)
	}
	if got := strings.Join(labels, " "); got != "3 4 5 6" {
		t.Errorf("labels %q", got)
	}
	wide := MakeHistogram([]float64{0, 1000, 2000, 999.5})
	total := 0
	for _, b := range wide {
		total += b.Count
	}
	if total != 4 || len(wide) > 21 {
		t.Errorf("wide data: %d bins, %d values", len(wide), total)
	}
}

func TestSummaryGolden(t *testing.T) {
	cfg := Config{Name: "dice", Metrics: pips, Games: 600, Seed: 1}
	r, err := Run(context.Background(), cfg, newDice, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Wall, r.Workers = 2*time.Second, 2 // wall time varies; pin it
	var buf bytes.Buffer
	if err := r.WriteSummary(&buf); err != nil {
		t.Fatal(err)
	}
	golden.RequireEqual(t, buf.String())
}

func TestBarLine(t *testing.T) {
	b := NewBar(nil, "nerdle")
	got := b.Line(50, 200, 10*time.Second)
	want := "nerdle [███████░░░░░░░░░░░░░░░░░░░░░░░] 50/200  5.0 games/s  ETA 30s\x1b[K"
	if got != want {
		t.Errorf("Line = %q, want %q", got, want)
	}
}

func FuzzParseShard(f *testing.F) {
	for _, s := range []string{"0/1", "3/4", "4/4", "1/0", "-1/2", "1/2x", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sh, err := ParseShard(s)
		if err != nil {
			return
		}
		if sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count {
			t.Fatalf("ParseShard(%q) = %v", s, sh)
		}
		if back, err := ParseShard(sh.String()); err != nil || back != sh {
			t.Fatalf("round trip of %v: %v, %v", sh, back, err)
		}
	})
}

// FuzzReadJSON feeds damaged reports to ReadJSON: it must fail cleanly or
// return a report that summarises without panicking.
func FuzzReadJSON(f *testing.F) {
	r, _ := Run(context.Background(), Config{Name: "dice", Metrics: pips, Games: 5, Seed: 1}, newDice, nil)
	var buf bytes.Buffer
	r.WriteJSON(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(`{"config":{"games":1,"metrics":[{"name":"x"}]},"outcomes":[{"game":0,"values":[1e308]}]}`))
	f.Add([]byte(`{"config":{"games":3,"metrics":[{"name":"x"}]},"outcomes":[{"game":0,"values":[-1e308]},{"game":1,"values":[1e308]},{"game":2,"values":[0]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ReadJSON(bytes.NewReader(data))
		if err != nil {
			return
		}
		var out bytes.Buffer
		if err := r.WriteSummary(&out); err != nil {
			t.Fatal(err)
		}
		if _, err := Merge(r); err != nil && !strings.Contains(err.Error(), "twice") {
			t.Fatal(err)
		}
	})
}

// FuzzHistogram checks that any values make a histogram that counts each
// value once, in few bins, and terminates.
func FuzzHistogram(f *testing.F) {
	f.Add(-1e308, 1e308, 0.0)
	f.Add(1e308, 1e308, 3.0)
	f.Add(1.0, 2.0, 3.0)
	f.Add(-5.5, 1e15, 1e15+1)
	f.Fuzz(func(t *testing.T, a, b, c float64) {
		for _, v := range []float64{a, b, c} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return
			}
		}
		bins := MakeHistogram([]float64{a, b, c})
		total := 0
		for _, bin := range bins {
			total += bin.Count
		}
		if total != 3 || len(bins) > maxIntegerBins+1 {
			t.Fatalf("%v: %d bins counting %d values", []float64{a, b, c}, len(bins), total)
		}
		var out bytes.Buffer
		if err := WriteHistogram(&out, bins, "x", 10); err != nil {
			t.Fatal(err)
		}
	})
}

func TestPowerHistogram(t *testing.T) {
	bins := PowerHistogram([]float64{2048, 4096, 4096, 16384, 3000, 0})
	var got []string
	for _, b := range bins {
		got = append(got, fmt.Sprintf("%s:%d", b.Label, b.Count))
	}
	if s := strings.Join(got, " "); s != "2048:2 4096:2 8192:0 16384:1" {
		t.Errorf("bins %s", s)
	}
	if PowerHistogram([]float64{0, -3}) != nil {
		t.Error("bins for no positive value")
	}
}

func TestPacer(t *testing.T) {
	p := NewPacer()
	p.Permit()
	p.Permit() // one permit at most
	if !p.Wait() {
		t.Fatal("a permitted Wait failed")
	}
	waited := make(chan bool)
	go func() { waited <- p.Wait() }()
	select {
	case <-waited:
		t.Fatal("Wait returned without a permit")
	case <-time.After(20 * time.Millisecond):
	}
	p.Close()
	p.Close()
	if <-waited || p.Wait() {
		t.Error("Wait after Close reported a step")
	}
}

// A run whose Enough says yes ends early, without error, with every game
// it started.
func TestRunStopsWhenEnough(t *testing.T) {
	cfg := Config{Name: "dice", Games: 1000, Seed: 1, Workers: 2,
		Enough: func(o []Outcome) bool { return len(o) >= 10 }}
	r, err := Run(context.Background(), cfg, newDice, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(r.Outcomes); n < 10 || n > 12 {
		t.Errorf("%d games, want 10 and the few under way", n)
	}
}

func TestLogLine(t *testing.T) {
	l := NewLog(nil, "2048")
	tests := []struct {
		done, total int
		elapsed     time.Duration
		want        string
	}{
		{0, 20, 90 * time.Second, "2048: 0/20 games in 1m30s"},
		{3, 20, 18 * time.Minute, "2048: 3/20 games in 18m0s, about 1h42m0s to go"},
		{20, 20, 2 * time.Hour, "2048: 20/20 games in 2h0m0s"},
	}
	for _, tt := range tests {
		if got := l.Line(tt.done, tt.total, tt.elapsed); got != tt.want {
			t.Errorf("Line(%d, %d, %v) = %q, want %q", tt.done, tt.total, tt.elapsed, got, tt.want)
		}
	}
}

// TestLogUpdate: a Log writes a line only once LogEvery has passed since
// the last, so that a short run writes nothing.
func TestLogUpdate(t *testing.T) {
	var buf bytes.Buffer
	l := NewLog(&buf, "oware")
	clock := l.start
	l.now = func() time.Time { return clock }
	var lines []string
	for i, step := range []time.Duration{10 * time.Second, 40 * time.Second, 20 * time.Second, 5 * time.Second, 2 * time.Minute} {
		clock = clock.Add(step)
		l.Update(i+1, 5)
		lines = append(lines, buf.String())
		buf.Reset()
	}
	l.Finish()
	want := []string{"", "", "oware: 3/5 games in 1m10s, about 47s to go\n", "", "oware: 5/5 games in 3m15s\n"}
	if !slices.Equal(lines, want) {
		t.Errorf("lines = %q, want %q", lines, want)
	}
}
