package ntuple

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"

	"gamelab/internal/cache"
	"gamelab/twenty48"
)

// cellsOf returns b's sixteen exponents in row order: the slow, obvious
// form the fast bit tricks are checked against.
func cellsOf(b twenty48.Board) [16]uint8 {
	var c [16]uint8
	for i := range c {
		c[i] = b.At(i/4, i%4)
	}
	return c
}

func boardOf(c [16]uint8) twenty48.Board {
	var b twenty48.Board
	for i, e := range c {
		b |= twenty48.Board(e) << (4 * i)
	}
	return b
}

func randomBoard(r *rand.Rand) twenty48.Board { return twenty48.Board(r.Uint64()) }

func TestIndexes(t *testing.T) {
	tuples := [Tuples][6]int{{0, 1, 2, 3, 4, 5}, {4, 5, 6, 7, 8, 9}, {0, 1, 2, 4, 5, 6}, {4, 5, 6, 8, 9, 10}}
	r := rand.New(rand.NewPCG(3, 4))
	for range 1000 {
		b := randomBoard(r)
		c := cellsOf(b)
		got := indexes(b)
		for k, cells := range tuples {
			want := uint32(0)
			for j, cell := range cells {
				want |= uint32(c[cell]) << (4 * j)
			}
			if got[k] != want {
				t.Fatalf("tuple %d of %016x: %06x, want %06x", k, uint64(b), got[k], want)
			}
		}
	}
}

// trained returns a network trained over a few games, two at a time.
func trained(t testing.TB, games int) *Network {
	t.Helper()
	n := New()
	tr := Trainer{Net: n, Alpha: 0.1, Workers: 2, Seed: 7}
	if err := tr.Train(context.Background(), 0, games, func(Block) {}); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestValueIsSymmetric: the network rates a board and its reflections the
// same, as it sums over all of them.
func TestValueIsSymmetric(t *testing.T) {
	n := trained(t, 200)
	r := rand.New(rand.NewPCG(5, 6))
	nonzero := 0
	for range 500 {
		b := randomBoard(r) & 0x3333333333333333
		v := n.Value(b)
		if v != 0 {
			nonzero++
		}
		for _, s := range b.Symmetries() {
			if w := n.Value(s); math.Abs(float64(w-v)) > 1e-3*max(1, math.Abs(float64(v))) {
				t.Fatalf("%016x rated %g, its reflection %016x %g", uint64(b), v, uint64(s), w)
			}
		}
	}
	if nonzero == 0 {
		t.Fatal("training left every weight at zero")
	}
}

// TestTrainingLearns: the blocks cover every game in order, and the last
// games score far more than the first.
func TestTrainingLearns(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("trains over 3,000 games")
	}
	n := New()
	tr := Trainer{Net: n, Alpha: 0.1, Workers: 2, Seed: 1, Every: 1000}
	var blocks []Block
	if err := tr.Train(context.Background(), 500, 3000, func(b Block) { blocks = append(blocks, b) }); err != nil {
		t.Fatal(err)
	}
	if len(blocks) != 3 || blocks[0].First != 500 || blocks[2].First+blocks[2].Games != 3500 {
		t.Fatalf("blocks %+v", blocks)
	}
	if first, last := blocks[0].MeanScore, blocks[2].MeanScore; last < 1.3*first {
		t.Errorf("mean score from %.0f to %.0f", first, last)
	}
	if blocks[2].Share(10) < blocks[0].Share(10) {
		t.Errorf("1024 reached in %.2f, then %.2f of games", blocks[0].Share(10), blocks[2].Share(10))
	}
}

func TestTrainStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tr := Trainer{Net: New(), Alpha: 0.1, Seed: 1}
	if err := tr.Train(ctx, 0, 1000, func(Block) {}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestSaveLoad(t *testing.T) {
	n := trained(t, 50)
	var buf bytes.Buffer
	if err := n.Save(&buf, 50); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	m, games, err := Load(bytes.NewReader(data))
	if err != nil || games != 50 {
		t.Fatalf("Load: %v, %d games", err, games)
	}
	r := rand.New(rand.NewPCG(8, 9))
	for range 200 {
		b := randomBoard(r) & 0x3333333333333333
		if n.Value(b) != m.Value(b) {
			t.Fatalf("%016x rated %g, loaded %g", uint64(b), n.Value(b), m.Value(b))
		}
	}
	damaged := map[string][]byte{
		"empty":         nil,
		"other file":    []byte("hello, world\n"),
		"cut short":     data[:len(data)/2],
		"trailing data": append(append([]byte(nil), data...), 0),
		"header only":   data[:len(magic)+8],
	}
	flipped := append([]byte(nil), data...)
	flipped[len(flipped)-3] ^= 0x40
	damaged["a bit flipped"] = flipped
	for name, d := range damaged {
		for _, r := range readers(d) {
			if _, _, err := Load(r); err == nil {
				t.Errorf("%s: loaded from a %T", name, r)
			}
		}
	}
}

// readers returns data as the two kinds of readers Load reads: a file's
// kind, whose segments it reads where they lie, and a stream.
func readers(data []byte) []io.Reader {
	return []io.Reader{bytes.NewReader(data), struct{ io.Reader }{bytes.NewReader(data)}}
}

func TestCached(t *testing.T) {
	dir := cache.Dir(t.TempDir())
	if _, _, err := LoadCached(dir); !errors.Is(err, cache.ErrMissing) {
		t.Fatalf("nothing cached: %v", err)
	}
	if _, err := CachedGames(dir); !errors.Is(err, cache.ErrMissing) {
		t.Fatalf("nothing cached, its games: %v", err)
	}
	path, err := SaveCached(dir, trained(t, 20), 20)
	if err != nil {
		t.Fatal(err)
	}
	if _, games, err := LoadCached(dir); err != nil || games != 20 {
		t.Fatalf("LoadCached: %v, %d games", err, games)
	}
	if games, err := CachedGames(dir); err != nil || games != 20 {
		t.Fatalf("CachedGames: %v, %d games", err, games)
	}
	// Damaged, the file is set aside whichever reads it first.
	for i, read := range []func() error{
		func() error { _, _, err := LoadCached(dir); return err },
		func() error { _, err := CachedGames(dir); return err },
	} {
		if err := os.WriteFile(path, []byte("not a network"), 0o644); err != nil {
			t.Fatal(err)
		}
		var damaged *cache.DamagedError
		if err := read(); !errors.As(err, &damaged) {
			t.Fatalf("damaged, read %d: %v", i, err)
		}
		if _, err := os.Stat(path); !os.IsNotExist(err) {
			t.Errorf("read %d: the damaged file is still in place", i)
		}
		if backups, _ := filepath.Glob(path + ".damaged-*"); len(backups) == 0 {
			t.Errorf("read %d: no backup", i)
		}
	}
}

// TestStageOf: the second stage's weights rate the boards holding an
// 8192 or more.
func TestStageOf(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 11))
	for range 10000 {
		var c [16]uint8
		top := 1 + r.IntN(15)
		for i := range c {
			c[i] = uint8(r.IntN(top + 1))
		}
		b := boardOf(c)
		want := 0
		if b.MaxExp() >= 13 {
			want = 1
		}
		if got := StageOf(b); got != want {
			t.Fatalf("StageOf(%016x) = %d, largest exponent %d", uint64(b), got, b.MaxExp())
		}
	}
}

// TestStagesLearnApart: what a board of one stage teaches leaves the
// other stage's ratings alone.
func TestStagesLearnApart(t *testing.T) {
	n := New()
	n.Promote()
	early := boardOf([16]uint8{12, 11, 10, 9, 1, 2})
	late := boardOf([16]uint8{13, 11, 10, 9, 1, 2})
	n.add(early, 5)
	v := n.Value(early)
	if v <= 0 || n.Value(late) != 0 {
		t.Fatalf("after teaching the early board: early %g, late %g", v, n.Value(late))
	}
	n.add(late, 7)
	if n.Value(early) != v || n.Value(late) <= 0 {
		t.Fatalf("after teaching the late board: early %g (was %g), late %g", n.Value(early), v, n.Value(late))
	}
}

// TestPromote: a promoted network rates every board as before, until the
// stages learn apart; it is saved and loaded promoted, and a network of
// one stage as it is.
func TestPromote(t *testing.T) {
	n := trained(t, 50)
	if n.Staged() {
		t.Fatal("a new network has two stages in use")
	}
	r := rand.New(rand.NewPCG(12, 13))
	var boards []twenty48.Board
	for range 100 {
		early := randomBoard(r) & 0x3333333333333333
		boards = append(boards, early, early|13) // and with an 8192 in the corner
	}
	before := make([]float32, len(boards))
	for i, b := range boards {
		before[i] = n.Value(b)
	}
	roundTrip := func(n *Network) *Network {
		var buf bytes.Buffer
		if err := n.Save(&buf, 50); err != nil {
			t.Fatal(err)
		}
		m, _, err := Load(&buf)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	if m := roundTrip(n); m.Staged() {
		t.Fatal("a network of one stage loads with two")
	}
	n.Promote()
	m := roundTrip(n)
	for _, x := range []*Network{n, m} {
		if !x.Staged() {
			t.Fatal("a promoted network has one stage in use")
		}
		for i, b := range boards {
			if v := x.Value(b); v != before[i] {
				t.Fatalf("%016x rated %g before promotion, %g after", uint64(b), before[i], v)
			}
		}
	}
}

// saveStream writes a file of the formats before segments (networks of
// versions 1 to 3, rates of version 1): head, the games, then the records
// of all the tuples in one stream.
func saveStream(w io.Writer, games int64, head string, weights [][]atomic.Uint32) error {
	return save(w, games, head, weights, writeRecords)
}

// TestLoadEarlierVersions: files of the earlier formats load as they were
// saved: the first, of one stage, and the third, of one or two.
func TestLoadEarlierVersions(t *testing.T) {
	n := trained(t, 50)
	for _, tt := range []struct {
		name    string
		promote bool // before this case and those after it
		head    string
	}{
		{"version 1", false, magicV1},
		{"version 3, one stage", false, magicV3 + "\x01"},
		{"version 3, two stages", true, magicV3 + "\x02"},
	} {
		if tt.promote {
			n.Promote()
			n.add(twenty48.Board(0x0000_0100_2310_654d), 3) // the stages apart
		}
		var buf bytes.Buffer
		if err := saveStream(&buf, 50, tt.head, n.all()[:n.stages()*Tuples]); err != nil {
			t.Fatal(err)
		}
		if games, err := Games(bytes.NewReader(buf.Bytes())); err != nil || games != 50 {
			t.Fatalf("%s: Games: %v, %d games", tt.name, err, games)
		}
		m, games, err := Load(&buf)
		if err != nil || games != 50 || m.Staged() != n.Staged() {
			t.Fatalf("%s: %v, %d games, staged %v", tt.name, err, games, m.Staged())
		}
		r := rand.New(rand.NewPCG(14, 15))
		for range 200 {
			b := randomBoard(r)&0x3333333333333333 | 13
			if m.Value(b) != n.Value(b) {
				t.Fatalf("%s: %016x rated %g, loaded %g", tt.name, uint64(b), n.Value(b), m.Value(b))
			}
		}
	}
}

// TestLoadDamaged: a file damaged anywhere is refused, never loaded.
func TestLoadDamaged(t *testing.T) {
	n := trained(t, 50)
	var buf bytes.Buffer
	if err := n.Save(&buf, 50); err != nil {
		t.Fatal(err)
	}
	data := buf.Bytes()
	for _, r := range readers(data) {
		m, games, err := Load(r)
		if err != nil || games != 50 || m.Staged() {
			t.Fatalf("Load: %v, %d games, staged %v", err, games, m.Staged())
		}
	}
	head := len(magic) + 1 + 8
	size := binary.LittleEndian.Uint64(data[head:])
	damaged := map[string][]byte{
		"cut in the header":        data[:head-3],
		"cut in a segment's size":  data[:head+5],
		"cut in the first segment": data[:head+8+int(size)/2],
		"cut in the last segment":  data[:len(data)-1],
		"trailing data":            append(slices.Clone(data), 0),
		"a segment's size too big": binary.LittleEndian.AppendUint64(slices.Clone(data[:head]), 1<<62),
		"a byte changed":           slices.Concat(data[:head+8+int(size)/2], []byte{^data[head+8+int(size)/2]}, data[head+8+int(size)/2+1:]),
	}
	for name, d := range damaged {
		if _, _, err := Load(bytes.NewReader(d)); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

// TestTrainingPromotes: training from PromoteAfter games on promotes a
// network of one stage; before, it does not.
func TestTrainingPromotes(t *testing.T) {
	for _, first := range []int{PromoteAfter - 1, PromoteAfter} {
		n := New()
		tr := Trainer{Net: n, Alpha: 0.1, Seed: 1}
		if err := tr.Train(context.Background(), first, 1, func(Block) {}); err != nil {
			t.Fatal(err)
		}
		if want := first >= PromoteAfter; n.Staged() != want {
			t.Errorf("trained from game %d: staged %v, want %v", first, n.Staged(), want)
		}
	}
}

func FuzzLoad(f *testing.F) {
	var buf bytes.Buffer
	New().Save(&buf, 3)
	f.Add(buf.Bytes())
	f.Add([]byte(magic))
	f.Add([]byte(magicV1))
	f.Add([]byte(magic + "\x02"))
	f.Add([]byte(magic + "\x03"))
	var v3 bytes.Buffer
	saveStream(&v3, 3, magicV3+"\x01", New().all()[:Tuples])
	f.Add(v3.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, r := range readers(data) {
			// Must not panic; where the whole file loads, its header
			// alone says the same games.
			if _, games, err := Load(r); err == nil {
				if g, err := Games(bytes.NewReader(data)); err != nil || g != games {
					t.Fatalf("Load: %d games; Games: %d, %v", games, g, err)
				}
			}
		}
	})
}

func BenchmarkValue(b *testing.B) {
	n := New()
	board := twenty48.Board(0x0000_0100_2310_6543)
	var sink float32
	for b.Loop() {
		sink += n.Value(board)
		board++
	}
	_ = sink
}

func BenchmarkTrainingGame(b *testing.B) {
	tr := &Trainer{Net: New(), Alpha: 0.1}
	var path []step
	for i := 0; b.Loop(); i++ {
		path, _, _, _ = tr.learnGame(uint64(i), nil, path[:0])
	}
}

func BenchmarkTrainingGameCoherent(b *testing.B) {
	tr := &Trainer{Net: New(), Rates: NewRates(), Alpha: CoherenceAlpha}
	var path []step
	for i := 0; b.Loop(); i++ {
		path, _, _, _ = tr.learnGame(uint64(i), nil, path[:0])
	}
}

// TestRestarts: a restarted game begins at a position of the pool, and
// on the empty board while the pool has none; the pool keeps the latest
// positions of each stage, at most keep.
func TestRestarts(t *testing.T) {
	tr := &Trainer{Net: New(), Alpha: 0.1, Restart: 1}
	var pool restarts
	if _, _, _, fresh := tr.learnGame(1, &pool, nil); !fresh {
		t.Fatal("a game restarted from an empty pool")
	}
	pool = restarts{}
	// An 8192 in the corner, a row of smaller tiles beside it.
	start := boardOf([16]uint8{13, 12, 11, 10, 1, 2, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0})
	pool.add(1, start)
	path, _, maxExp, fresh := tr.learnGame(2, &pool, nil)
	if fresh {
		t.Fatal("a game did not restart with a position in the pool")
	}
	first := false
	for _, d := range twenty48.Directions {
		if next, _ := start.Move(d); next == path[0].after {
			first = true
		}
	}
	if !first || maxExp < 13 {
		t.Fatalf("the restarted game's first afterstate %016x is no move of %016x (largest tile 2^%d)", uint64(path[0].after), uint64(start), maxExp)
	}
	for i := range keep + 3 {
		pool.add(2, twenty48.Board(i))
	}
	if got := len(pool.boards[2]); got != keep {
		t.Fatalf("a stage holds %d positions, want %d", got, keep)
	}
	if pool.boards[2][0] != keep || pool.boards[2][3] != 3 {
		t.Fatalf("the oldest positions were not the ones replaced: %v", pool.boards[2][:4])
	}
}
