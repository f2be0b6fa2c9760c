package egdb

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"gamelab/internal/cache"
	"gamelab/oware"
)

func TestRankUnrankNext(t *testing.T) {
	for n := range 7 {
		h := unrank(0, n)
		for r := range Size(n) {
			if got := rank(&h, n); got != r {
				t.Fatalf("level %d: rank(%v) = %d, want %d", n, h, got, r)
			}
			if u := unrank(r, n); u != h {
				t.Fatalf("level %d: unrank(%d) = %v, want %v", n, r, u, h)
			}
			more := next(&h)
			if more != (r+1 < Size(n)) {
				t.Fatalf("level %d: next after %d of %d reports %v", n, r, Size(n), more)
			}
		}
	}
}

var small = func() *DB {
	db, err := Build(context.Background(), 8, 2, nil)
	if err != nil {
		panic(err)
	}
	return db
}()

// Every position's bounds are what its best move gives from its
// children's (the levels are fixed points), and most values are exact.
func TestFixedPoint(t *testing.T) {
	for n := 1; n <= small.seeds; n++ {
		h := unrank(0, n)
		exact := 0
		level := make([]uint32, len(small.levels[n]))
		for i, x := range small.levels[n] {
			level[i] = uint32(x)
		}
		for r := range Size(n) {
			v := small.levels[n][r]
			if got := small.bounds(&h, n, level); v&0xff != v>>8 && got != uint32(v) {
				t.Fatalf("level %d %v: stored %d..%d, best move gives %d..%d", n, h, v&0xff, v>>8, got&0xff, got>>8)
			}
			if v&0xff == v>>8 {
				exact++
			}
			next(&h)
		}
		if exact < int(Size(n))/2 {
			t.Errorf("level %d: only %d of %d values exact", n, exact, Size(n))
		}
	}
}

func TestKnownEndings(t *testing.T) {
	tests := []struct {
		position string
		want     int
	}{
		// South cannot feed North: South keeps its two seeds.
		{"1-1-0-0-0-0-0-0-0-0-0-0-22-24-S", 2},
		// F captures a and b (4), leaving North one seed it cannot give
		// South, who has none: North keeps it.
		{"0-0-0-0-0-2-1-1-1-0-0-0-22-21-S", 4},
	}
	for _, tt := range tests {
		p, err := oware.ParsePosition(tt.position)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi, ok := small.Bounds(p)
		if !ok || lo != tt.want || hi != tt.want {
			t.Errorf("Bounds(%s) = %d, %d, %v; want %d exactly", tt.position, lo, hi, ok, tt.want)
		}
	}
}

// A position and its mirror (the rows swapped, the other side to move)
// have the same value.
func TestMirror(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	for range 1000 {
		n := rng.IntN(small.seeds + 1)
		var hs [oware.HouseCount]int
		for range n {
			hs[rng.IntN(oware.HouseCount)]++
		}
		var mirror [oware.HouseCount]int
		for i := range hs {
			mirror[i] = hs[(i+oware.RowLength)%oware.HouseCount]
		}
		p, _ := oware.NewPosition(hs, [2]int{48 - n, 0}, oware.South)
		q, _ := oware.NewPosition(mirror, [2]int{0, 48 - n}, oware.North)
		a, _, _ := small.Bounds(p)
		b, _, _ := small.Bounds(q)
		if a != b {
			t.Fatalf("%v: %d, mirrored %v: %d", p, a, q, b)
		}
	}
}

func TestFileRoundTrip(t *testing.T) {
	var buf bytes.Buffer
	if err := small.Write(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := Read(bytes.NewReader(buf.Bytes()))
	if err != nil || back.seeds != small.seeds || !slices.Equal(back.levels[8], small.levels[8]) {
		t.Fatalf("read back: %v", err)
	}
	data := buf.Bytes()
	data[len(data)/2] ^= 1
	if _, err := Read(bytes.NewReader(data)); err == nil {
		t.Error("a damaged file was read")
	}
}

func FuzzRead(f *testing.F) {
	var buf bytes.Buffer
	db, _ := Build(context.Background(), 2, 1, nil)
	db.Write(&buf)
	f.Add(buf.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		Read(bytes.NewReader(data))
	})
}

func BenchmarkBuild(b *testing.B) {
	for b.Loop() {
		Build(context.Background(), 10, 0, nil)
	}
}

func TestLazy(t *testing.T) {
	var l Lazy
	p, _ := oware.ParsePosition("0-0-0-0-0-2-1-1-1-0-0-0-22-21-S")
	if _, _, ok := l.Bounds(p); ok || l.DB() != nil {
		t.Error("an empty Lazy knows a position")
	}
	l.Set(small)
	lo, hi, ok := l.Bounds(p)
	if wlo, whi, _ := small.Bounds(p); !ok || lo != wlo || hi != whi {
		t.Errorf("Lazy.Bounds = %d, %d, %v; the database says %d, %d", lo, hi, ok, wlo, whi)
	}
}

// A build stops once its context is done, with the context's cause: a
// build of 14 seeds, minutes long, went on to its end after Ctrl-C.
func TestBuildCancelled(t *testing.T) {
	stopped := errors.New("interrupt signal received")
	ctx, cancel := context.WithCancelCause(context.Background())
	db, err := Build(ctx, 8, 1, func(seeds int, _ uint64, _ int, _ uint64) {
		if seeds == 3 {
			cancel(stopped)
		}
	})
	if db != nil || !errors.Is(err, stopped) {
		t.Errorf("Build cancelled at 3 seeds of 8: %v, %v; want no database and the cause", db, err)
	}
}

// TestReport: what the commands say of a database: which one the engines
// use, a build's table, and a probe of the cached one.
func TestReport(t *testing.T) {
	if got := About(nil); got != "endgame database off" {
		t.Errorf("About(nil) = %q", got)
	}
	if got := About(small); !strings.Contains(got, "up to 8 seeds") {
		t.Errorf("About(small) = %q", got)
	}
	if got := About(&Lazy{}); !strings.Contains(got, "in the background") {
		t.Errorf("About(lazy) = %q", got)
	}
	var table strings.Builder
	if _, err := Build(context.Background(), 3, 1, Table(&table)); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(table.String()), "\n"); len(lines) != 4 || !strings.Contains(lines[0], "positions") {
		t.Errorf("table:\n%s", table.String())
	}
	dir := cache.Dir(t.TempDir())
	p, _ := oware.ParsePosition("0-0-0-0-0-2-1-1-1-0-0-0-22-21-S")
	if _, err := Probe(dir, p); err == nil || !strings.Contains(err.Error(), "no endgame database is cached") {
		t.Errorf("probe with none cached: %v", err)
	}
	if _, err := SaveCached(dir, small); err != nil {
		t.Fatal(err)
	}
	answer, err := Probe(dir, p)
	if lo, hi, _ := small.Bounds(p); err != nil || !strings.Contains(answer, fmt.Sprintf("captures %d", lo)) || (lo != hi) != strings.Contains(answer, "cycle rule") {
		t.Errorf("probe: %q, %v; bounds %d, %d", answer, err, lo, hi)
	}
	if _, err := Probe(dir, oware.Start()); err == nil || !strings.Contains(err.Error(), "48 seeds on the board") {
		t.Errorf("probe of the start: %v", err)
	}
}
