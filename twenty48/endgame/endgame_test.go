package endgame

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/internal/cache"
	"gamelab/twenty48"
)

func TestNewShape(t *testing.T) {
	tests := []struct {
		layout string
		a      int
		size   uint64 // 0: an error
		want   string // in the error
	}{
		{"FFFF/11AF/2233/3333", 9, 9 * 9 * 8 * 8 * 7 * 7 * 7 * 7 * 7 * 7, ""},
		{"FFFF/FFFF/FA11/2233", 5, 5 * 5 * 4 * 4 * 3 * 3, ""},
		{"FFF1/FFT1/1111/2222", 6, 6 * 6 * 6 * 6 * 6 * 6 * 6 * 5 * 5 * 5 * 5, ""},
		{"FFFF/FFFF/FFFF/FA33", 4, 3 * 3, ""}, // a 4 fits where a 2 would be the bound
		{"FFFF/11AF/2233", 9, 0, "four rows"},
		{"FFFF/11AF/2233/333", 9, 0, "four cells a row"},
		{"FFFF/11AX/2233/3333", 9, 0, `not 'X'`},
		{"FFFF/11AF/2233/3333", 14, 0, "3 to 13"},
		{"FFFF/1AAF/2233/3333", 9, 0, "one anchor"},
		{"FFFF/1TAF/2233/3333", 9, 0, "not both"},
		{"FFFF/11FF/2233/3333", 9, 0, "no cell"},
		{"FFFF/FFAF/FFFF/FFFF", 9, 0, "no cell"},
	}
	for _, tt := range tests {
		s, err := NewShape(tt.layout, tt.a)
		switch {
		case tt.size == 0 && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("NewShape(%q, %d) = %v, want an error saying %q", tt.layout, tt.a, err, tt.want)
		case tt.size != 0 && err != nil:
			t.Errorf("NewShape(%q, %d): %v", tt.layout, tt.a, err)
		case tt.size != 0 && s.Size() != tt.size:
			t.Errorf("NewShape(%q, %d).Size() = %d, want %d", tt.layout, tt.a, s.Size(), tt.size)
		}
	}
}

// small are shapes whose tables the tests compute whole, each in well
// under a second.
var small = []struct {
	layout string
	a      int
}{
	{"FFFF/FFFF/FA11/2233", 5},
	{"FFFF/FFFF/FF1T/1122", 4},
	{"FFFF/F11A/2222/3333", 5},
}

func built(t testing.TB, layout string, a int) *Table {
	t.Helper()
	s, err := NewShape(layout, a)
	if err != nil {
		t.Fatal(err)
	}
	tb := NewTable(s)
	if err := tb.Build(context.Background(), 2, nil); err != nil {
		t.Fatal(err)
	}
	return tb
}

// slow is the obvious solver the tables are checked against: it reads the
// layout itself, plays the engine's Grid, and remembers what it solved
// in a map.
type slow struct {
	chain, target [16]bool
	bound         [16]int
	a             int
	memo          map[twenty48.Board]float64
}

func newSlow(layout string, a int) *slow {
	s := &slow{a: a, memo: map[twenty48.Board]float64{}}
	anchor := -1
	for i, ch := range strings.ReplaceAll(layout, "/", "") {
		switch ch {
		case 'F':
			s.chain[i] = true
		case 'A':
			s.chain[i], anchor = true, i
		case 'T':
			s.target[i], s.bound[i] = true, a-1
		default:
			s.bound[i] = max(a-int(ch-'0'), 2)
		}
	}
	if anchor >= 0 {
		for i := range 16 {
			dr, dc := i/4-anchor/4, i%4-anchor%4
			s.target[i] = !s.chain[i] && dr*dr+dc*dc == 1
		}
	}
	return s
}

// value returns the probability of building the tile from grid g.
func (s *slow) value(g twenty48.Grid) float64 {
	b, _ := twenty48.BoardOf(g)
	if v, ok := s.memo[b]; ok {
		return v
	}
	best := 0.0
	for _, d := range twenty48.Directions {
		next, _, moved := g.Move(d, nil)
		if !moved || !s.chainStays(g, next) {
			continue
		}
		if s.reached(next) {
			best = 1
			break
		}
		if !s.inBounds(next) {
			continue
		}
		sum, empty := 0.0, 0
		for i := range 16 {
			if next.At(i/4, i%4) != 0 {
				continue
			}
			empty++
			for _, spawn := range []struct {
				exp  uint8
				prob float64
			}{{1, 0.9}, {2, 0.1}} {
				if int(spawn.exp) > s.bound[i] {
					continue // the phase is lost
				}
				child := next
				child.Set(i/4, i%4, spawn.exp)
				sum += spawn.prob * s.value(child)
			}
		}
		best = max(best, sum/float64(empty))
	}
	s.memo[b] = best
	return best
}

func (s *slow) chainStays(g, next twenty48.Grid) bool {
	for i := range 16 {
		if s.chain[i] && g.At(i/4, i%4) != next.At(i/4, i%4) {
			return false
		}
	}
	return true
}

func (s *slow) reached(g twenty48.Grid) bool {
	for i := range 16 {
		if s.target[i] && int(g.At(i/4, i%4)) == s.a {
			return true
		}
	}
	return false
}

func (s *slow) inBounds(g twenty48.Grid) bool {
	for i := range 16 {
		if !s.chain[i] && int(g.At(i/4, i%4)) > s.bound[i] {
			return false
		}
	}
	return true
}

// TestExact checks every position of the small tables against the slow
// solver, on boards with the chain's stand-ins.
func TestExact(t *testing.T) {
	for _, sh := range small {
		tb := built(t, sh.layout, sh.a)
		slow := newSlow(sh.layout, sh.a)
		for i := range tb.Shape.Size() {
			b := tb.Shape.board(i)
			want := slow.value(b.Grid())
			if got := float64(tb.value(i)); got < want-1e-3 || got > want+1e-3 {
				t.Fatalf("%v: position %d (%x) = %.5f, want %.5f", tb.Shape, i, uint64(b), got, want)
			}
		}
	}
}

// TestBuildResumes stops a build, saves it, loads it and goes on: the
// table is the one built at once, to the bit.
func TestBuildResumes(t *testing.T) {
	sh := small[0]
	whole := built(t, sh.layout, sh.a)
	s := whole.Shape
	dir := cache.Dir(t.TempDir())
	ctx, cancel := context.WithCancel(context.Background())
	part := NewTable(s)
	layers := 0
	err := part.Build(ctx, 2, func(done, all uint64) {
		if layers++; layers == 5 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || part.Whole() {
		t.Fatalf("a build stopped: %v, whole %v", err, part.Whole())
	}
	if _, err := SaveCached(dir, part); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCached(dir, s); !errors.Is(err, ErrPartial) {
		t.Fatalf("loading a part of a table: %v, want ErrPartial", err)
	}
	if err := BuildCached(context.Background(), dir, []*Shape{s}, 2, nil); err != nil {
		t.Fatal(err)
	}
	again, err := LoadCached(dir, s)
	if err != nil {
		t.Fatal(err)
	}
	if !again.Whole() || !slicesEqual(again.values, whole.values) {
		t.Fatalf("the table built in two goes differs from the one built at once")
	}
}

func slicesEqual(a, b []uint16) bool { return bytes.Equal(u16bytes(a), u16bytes(b)) }

func u16bytes(v []uint16) []byte {
	var buf bytes.Buffer
	for _, x := range v {
		buf.WriteByte(byte(x))
		buf.WriteByte(byte(x >> 8))
	}
	return buf.Bytes()
}

// TestDamaged: a file cut short, or of another table, is set aside and
// reported; the build starts that table again.
func TestDamaged(t *testing.T) {
	tb := built(t, small[0].layout, small[0].a)
	other, _ := NewShape(small[2].layout, small[2].a)
	for name, damage := range map[string]func(path string) error{
		"cut short": func(path string) error {
			info, _ := os.Stat(path)
			return os.Truncate(path, info.Size()-1)
		},
		"another table": func(path string) error {
			return os.Rename(path, filepath.Join(filepath.Dir(path), FileName(other)))
		},
		"not a table": func(path string) error { return os.WriteFile(path, []byte("hello\n"), 0o600) },
	} {
		dir := cache.Dir(t.TempDir())
		path, err := SaveCached(dir, tb)
		if err != nil {
			t.Fatal(err)
		}
		if err := damage(path); err != nil {
			t.Fatal(err)
		}
		s := tb.Shape
		if name == "another table" {
			s = other
		}
		var damaged *cache.DamagedError
		if _, err := LoadCached(dir, s); !errors.As(err, &damaged) {
			t.Errorf("%s: %v, want a DamagedError", name, err)
			continue
		}
		if _, err := os.Stat(damaged.Backup); err != nil {
			t.Errorf("%s: the file set aside: %v", name, err)
		}
		if err := BuildCached(context.Background(), dir, []*Shape{s}, 1, nil); err != nil {
			t.Errorf("%s: building again: %v", name, err)
		}
		if _, err := LoadCached(dir, s); err != nil {
			t.Errorf("%s: after building again: %v", name, err)
		}
	}
}

// TestBusy: a second build of the same table fails at once.
func TestBusy(t *testing.T) {
	s, _ := NewShape(small[0].layout, small[0].a)
	dir := cache.Dir(t.TempDir())
	release, err := dir.Hold(FileName(s))
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	if err := BuildCached(context.Background(), dir, []*Shape{s}, 1, nil); !errors.Is(err, cache.ErrBusy) {
		t.Fatalf("a build while another holds the table: %v, want ErrBusy", err)
	}
}

// TestSymmetries: a board fitting a table in any of its eight symmetries
// is given the same probability, and moves that make the same board.
func TestSymmetries(t *testing.T) {
	tb := built(t, small[0].layout, small[0].a)
	set := NewSet(tb)
	rng := rand.New(rand.NewPCG(1, 2))
	seen := 0
	for try := 0; try < 100_000 && seen < 200; try++ {
		i := rng.Uint64N(tb.Shape.Size())
		// A real chain: distinct tiles above the anchor, falling.
		b := tb.Shape.board(i)
		rank := twenty48.Board(15)
		for n := range 16 {
			if tb.Shape.fixed>>(4*n)&15 != 0 && uint8(n) != tb.Shape.anchor {
				b = b&^(15<<(4*n)) | rank<<(4*n)
				rank--
			}
		}
		_, p0, ok := set.Move(b)
		if !ok || p0 == 0 {
			continue // no move keeps the chain, or any will do
		}
		for k, v := range b.Symmetries() {
			d, p, ok := set.Move(v)
			if next, _ := v.Move(d); !ok || p != p0 || next == v {
				t.Fatalf("symmetry %d of %x: %v (%v) with %v, want %v", k, uint64(b), d, ok, p, p0)
			}
		}
		seen++
	}
	if seen < 200 {
		t.Fatalf("%d boards tried", seen)
	}
}

// FuzzReadHeader: any bytes are read without a panic, and a header taken
// is one a table of the shape could have.
func FuzzReadHeader(f *testing.F) {
	s, _ := NewShape(small[0].layout, small[0].a)
	var buf bytes.Buffer
	NewTable(s).Write(&buf)
	f.Add(buf.Bytes()[:headerSize])
	f.Add([]byte("gamelab 2048 endgame 1 FFFF/FFFF/FA11/2233 5 -4 3600"))
	f.Fuzz(func(t *testing.T, data []byte) {
		layer, err := readHeader(bytes.NewReader(data), s)
		if err == nil && (layer > s.suffix[0] || layer < -2 || layer%2 != 0) {
			t.Fatalf("header %q taken with layer %d", data, layer)
		}
	})
}

func BenchmarkBuild(b *testing.B) {
	s, err := NewShape("FFFF/11AF/2233/3333", 7)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		NewTable(s).Build(context.Background(), 0, nil)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(s.Size()), "ns/position")
}

// BenchmarkSetMove looks up boards that fit a table in one of their
// symmetries: what a player pays for a move from the table.
func BenchmarkSetMove(b *testing.B) {
	tb := built(b, small[0].layout, small[0].a)
	set := NewSet(tb)
	rng := rand.New(rand.NewPCG(1, 2))
	boards := make([]twenty48.Board, 1024)
	for i := range boards {
		boards[i] = tb.Shape.board(rng.Uint64N(tb.Shape.Size())).Symmetries()[i%8]
	}
	i := 0
	for b.Loop() {
		set.Move(boards[i%len(boards)])
		i++
	}
}
