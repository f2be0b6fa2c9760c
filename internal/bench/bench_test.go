package bench

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
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
	return Outcome{Value: v, Failed: v == 6, Elapsed: time.Millisecond}, nil
}

func newDice() (Player, error) { return PlayerFunc(dice), nil }

func values(r *Report) []float64 {
	var v []float64
	for _, o := range r.Outcomes {
		v = append(v, o.Value)
	}
	return v
}

func TestRunDoesNotDependOnWorkers(t *testing.T) {
	cfg := Config{Name: "dice", Unit: "pips", Games: 500, Seed: 42}
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
	cfg := Config{Name: "dice", Unit: "pips", Games: 101, Seed: 7}
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
			return Outcome{Value: 1}, nil
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

func TestRunStopsOnCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, Config{Games: 100}, newDice, nil); !errors.Is(err, context.Canceled) {
		t.Errorf("error = %v, want context.Canceled", err)
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
	r := &Report{Config: Config{Games: 4}, Outcomes: []Outcome{
		{Value: 3, Elapsed: time.Second}, {Value: 4, Elapsed: time.Second},
		{Value: 3, Elapsed: time.Second}, {Value: 6, Failed: true, Elapsed: 3 * time.Second},
	}}
	s := r.Stats()
	want := Stats{Games: 4, Mean: 4, StdDev: s.StdDev, Median: 3.5, Min: 3, Max: 6, Failures: 1, PerGame: 1500 * time.Millisecond, Total: 6 * time.Second}
	if s != want {
		t.Errorf("Stats = %+v, want %+v", s, want)
	}
	if s.StdDev < 1.2247 || s.StdDev > 1.2248 {
		t.Errorf("StdDev = %v, want sqrt(1.5)", s.StdDev)
	}
	if w := r.Worst(1); w[0].Value != 6 {
		t.Errorf("Worst = %v", w)
	}
}

func TestHistogramBins(t *testing.T) {
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
	cfg := Config{Name: "dice", Unit: "pips", Games: 600, Seed: 1}
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
	r, _ := Run(context.Background(), Config{Name: "dice", Unit: "pips", Games: 5, Seed: 1}, newDice, nil)
	var buf bytes.Buffer
	r.WriteJSON(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(`{"config":{"games":1},"outcomes":[{"game":0,"value":1e308}]}`))
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
