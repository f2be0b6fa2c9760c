package ntuple

import (
	"bytes"
	"context"
	"errors"
	"math"
	"testing"

	"gamelab/internal/cache"
)

// distinctBoard holds sixteen different exponents, so that its 32 tuple
// readings (4 tuples in 8 symmetries) are 32 different weights.
var distinctBoard = boardOf([16]uint8{0, 1, 2, 3, 7, 6, 5, 4, 8, 9, 10, 11, 15, 14, 13, 12})

// TestCoherentRates: a weight learns at the rate |Σ changes| / Σ |changes|
// of the changes asked of it before: errors of one sign keep the rate at
// 1; an error undone drops it to 0, and it climbs back as errors agree.
func TestCoherentRates(t *testing.T) {
	for _, tt := range []struct {
		name       string
		errs, want []float32 // the errors asked, the ratings after each
	}{
		{"agreeing", []float32{32, 32, -64}, []float32{32, 64, 0}},
		// Weights 1 (rate 1), 0 (rate 1), 0 (rate 0/2), 1/3 (rate 1/3).
		{"undone", []float32{32, -32, 32, 32}, []float32{32, 0, 0, 32.0 / 3}},
	} {
		n, r := New(), NewRates()
		for i, err := range tt.errs {
			got := n.addCoherent(distinctBoard, err, 1, r)
			if math.Abs(float64(got-tt.want[i])) > 1e-4 || math.Abs(float64(n.Value(distinctBoard)-got)) > 1e-4 {
				t.Fatalf("%s: rating %g after error %d, want %g (Value %g)", tt.name, got, i, tt.want[i], n.Value(distinctBoard))
			}
		}
	}
	// The meta rate scales every weight's move.
	n, r := New(), NewRates()
	if got := n.addCoherent(distinctBoard, 32, 0.5, r); got != 16 {
		t.Errorf("half the meta rate: rating %g, want 16", got)
	}
}

// TestCoherenceLearns: training by the rates learns, as plain TD does
// (TestTrainingLearns).
func TestCoherenceLearns(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("trains over 3,000 games")
	}
	tr := Trainer{Net: New(), Rates: NewRates(), Alpha: CoherenceAlpha, Workers: 2, Seed: 1, Every: 1000}
	var blocks []Block
	if err := tr.Train(context.Background(), 0, 3000, func(b Block) { blocks = append(blocks, b) }); err != nil {
		t.Fatal(err)
	}
	if first, last := blocks[0].MeanScore, blocks[2].MeanScore; last < 1.3*first {
		t.Errorf("mean score from %.0f to %.0f", first, last)
	}
}

// TestRatesPromoted: training promotes the rates with the network, and
// refuses rates of two stages for a network of one.
func TestRatesPromoted(t *testing.T) {
	if raceEnabled {
		t.Skip("a gigabyte of rates, a hundred times slower under the race detector; nothing shared")
	}
	n, r := New(), NewRates()
	n.addCoherent(distinctBoard, 32, 1, r)
	n.addCoherent(distinctBoard, -32, 1, r) // rate 0 from here on
	tr := Trainer{Net: n, Rates: r, Alpha: 1, Seed: 1}
	if err := tr.Train(context.Background(), PromoteAfter, 1, func(Block) {}); err != nil {
		t.Fatal(err)
	}
	if !n.Staged() || !r.staged {
		t.Fatalf("network staged %v, rates staged %v", n.Staged(), r.staged)
	}
	// distinctBoard holds an 8192: rated by the first stage before
	// promotion, by the second after, with the first's weights and rates.
	before := n.Value(distinctBoard)
	if after := n.addCoherent(distinctBoard, 1000, 1, r); after != before {
		t.Errorf("a promoted weight at rate 0 moved: %g -> %g", before, after)
	}
	bad := Trainer{Net: New(), Rates: r, Alpha: 1, Seed: 1}
	if err := bad.Train(context.Background(), 0, 1, func(Block) {}); err == nil {
		t.Error("rates of two stages trained a network of one")
	}
}

// TestRatesSaveLoad: rates saved and loaded go on as they were, in a file
// and in the cache; damaged files do not load.
func TestRatesSaveLoad(t *testing.T) {
	if raceEnabled {
		t.Skip("two gigabytes of networks and rates, a hundred times slower under the race detector; nothing shared")
	}
	n, r := New(), NewRates()
	for _, err := range []float32{32, -16, 8} {
		n.addCoherent(distinctBoard, err, 1, r)
	}
	var buf bytes.Buffer
	if err := SaveRates(&buf, r, 3); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	loaded, games, err := LoadRates(bytes.NewReader(data))
	if err != nil || games != 3 || loaded.staged {
		t.Fatalf("LoadRates: %v, %d games, staged %v", err, games, loaded.staged)
	}
	twin, twinRates := New(), NewRates()
	for _, err := range []float32{32, -16, 8} {
		twin.addCoherent(distinctBoard, err, 1, twinRates)
	}
	if a, b := n.addCoherent(distinctBoard, 4, 1, r), twin.addCoherent(distinctBoard, 4, 1, loaded); a != b {
		t.Fatalf("rated %g going on with the rates, %g with them loaded", a, b)
	}
	var v1 bytes.Buffer // the first version's file: one stream
	if err := saveStream(&v1, 5, ratesMagicV1+"\x01", r.all()); err != nil {
		t.Fatal(err)
	}
	old, games, err := LoadRates(&v1)
	if err != nil || games != 5 {
		t.Fatalf("LoadRates of version 1: %v, %d games", err, games)
	}
	for i, ws := range r.all() {
		w := old.all()[i]
		for j := range ws {
			if w[j].Load() != ws[j].Load() {
				t.Fatalf("version 1: table %d differs at %d", i, j)
			}
		}
	}
	damaged := map[string][]byte{
		"empty":         nil,
		"a network":     append([]byte(magic), 1),
		"cut short":     data[:len(data)/2],
		"trailing data": append(append([]byte(nil), data...), 0),
		"three stages":  append([]byte(ratesMagic), 3),
	}
	for name, d := range damaged {
		if _, _, err := LoadRates(bytes.NewReader(d)); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
	dir := cache.Dir(t.TempDir())
	if _, _, err := LoadRatesCached(dir); !errors.Is(err, cache.ErrMissing) {
		t.Fatalf("nothing cached: %v", err)
	}
	if _, err := SaveRatesCached(dir, r, 4); err != nil {
		t.Fatal(err)
	}
	if _, games, err := LoadRatesCached(dir); err != nil || games != 4 {
		t.Fatalf("LoadRatesCached: %v, %d games", err, games)
	}
}

func FuzzLoadRates(f *testing.F) {
	if raceEnabled {
		f.Skip("half a gigabyte of rates to save, a hundred times slower under the race detector")
	}
	var buf bytes.Buffer
	SaveRates(&buf, NewRates(), 3)
	f.Add(buf.Bytes())
	f.Add([]byte(ratesMagic + "\x02"))
	f.Fuzz(func(t *testing.T, data []byte) {
		LoadRates(bytes.NewReader(data)) // must not panic
	})
}
