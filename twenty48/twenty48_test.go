package twenty48

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// lineCases are moves of one line toward its wall (index 0), as values
// (0 empty, -1 evil), with the score they make. Every case runs in all
// four directions, on every line of every board size it fits.
var lineCases = []struct {
	in, want []int
	score    int64
}{
	{[]int{2, 2, 2, 2}, []int{4, 4, 0, 0}, 8},
	{[]int{2, 2, 2, 0}, []int{4, 2, 0, 0}, 4},
	{[]int{0, 2, 2, 2}, []int{4, 2, 0, 0}, 4},
	{[]int{2, 0, 2, 0}, []int{4, 0, 0, 0}, 4},
	{[]int{0, 0, 0, 2}, []int{2, 0, 0, 0}, 0},
	{[]int{4, 2, 2, 4}, []int{4, 4, 4, 0}, 4},
	{[]int{2, 2, 4, 4}, []int{4, 8, 0, 0}, 12},
	{[]int{4, 4, 8, 8}, []int{8, 16, 0, 0}, 24},
	{[]int{8, 4, 2, 2}, []int{8, 4, 4, 0}, 4},
	{[]int{2, 4, 8, 16}, []int{2, 4, 8, 16}, 0},
	{[]int{2, 0, 0, 2}, []int{4, 0, 0, 0}, 4},
	{[]int{1024, 1024, 0, 0}, []int{2048, 0, 0, 0}, 2048},
	{[]int{32768, 32768, 0, 0}, []int{65536, 0, 0, 0}, 65536},
	{[]int{65536, 65536, 0, 0}, []int{131072, 0, 0, 0}, 131072},
	{[]int{-1, -1, 2, 0}, []int{2, 0, 0, 0}, 0},
	{[]int{2, -1, -1, 2}, []int{2, 2, 0, 0}, 0},
	{[]int{-1, 2, 2, -1}, []int{-1, 4, -1, 0}, 4},
	{[]int{-1, -1, -1, 0}, []int{-1, 0, 0, 0}, 0},
	{[]int{2, 2, 2, 2, 2}, []int{4, 4, 2, 0, 0}, 8},
	{[]int{2, 2, 2, 2, 2, 2, 2, 2}, []int{4, 4, 4, 4, 0, 0, 0, 0}, 16},
	{[]int{0, 0, 0, 0, 0, 0, 2, 2}, []int{4, 0, 0, 0, 0, 0, 0, 0}, 4},
	{[]int{2, 2, 2}, []int{4, 2, 0}, 4},
}

func exp(v int) uint8 {
	switch v {
	case 0:
		return 0
	case -1:
		return Evil
	}
	e := uint8(0)
	for 1<<e < v {
		e++
	}
	return e
}

// place returns an n×n grid with the values of line on line l, index 0 at
// the wall of d.
func place(n int, d Direction, l int, line []int) Grid {
	g, _ := NewGrid(n)
	for i, v := range line {
		g.cells[g.cell(d, l, i)] = exp(v)
	}
	return g
}

func TestMerges(t *testing.T) {
	for _, tc := range lineCases {
		for n := max(MinSize, len(tc.in)); n <= MaxSize; n++ {
			for _, d := range Directions {
				for l := range n {
					in, want := place(n, d, l, tc.in), place(n, d, l, tc.want)
					got, score, moved := in.Move(d, nil)
					if got != want || score != tc.score || moved != (in != want) {
						t.Fatalf("%v on line %d of %d×%d, moving %v:\n%v gives\n%v(score %d, moved %v), want\n%v(score %d)",
							tc.in, l, n, n, d, in, got, score, moved, want, tc.score)
					}
				}
			}
		}
	}
}

// TestBoardMatchesGrid moves random 4×4 boards both ways.
func TestBoardMatchesGrid(t *testing.T) {
	for row := range 1 << 16 { // every row, through the tables whole
		compareMoves(t, Board(row))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		b := Board(rng.Uint64())
		compareMoves(t, b)
	}
}

func compareMoves(t *testing.T, b Board) {
	t.Helper()
	g := b.Grid()
	if back, ok := BoardOf(g); !ok || back != b {
		t.Fatalf("%x: round trip through Grid gives %x", uint64(b), uint64(back))
	}
	for _, d := range Directions {
		gridNext, gridScore, moved := g.Move(d, nil)
		if gridNext.MaxExp() > 15 {
			continue // two 32768s: beyond a Board
		}
		boardNext, boardScore := b.Move(d)
		if boardNext.Grid() != gridNext || int64(boardScore) != gridScore || (boardNext != b) != moved {
			t.Fatalf("%v moving %v:\nBoard gives\n%v(%d), Grid\n%v(%d)", g, d, boardNext.Grid(), boardScore, gridNext, gridScore)
		}
	}
}

// FuzzBoard compares the fast Board with the general Grid on any 4×4
// board.
func FuzzBoard(f *testing.F) {
	f.Add(uint64(0x1111222233334444))
	f.Add(uint64(0xfedcba9876543210))
	f.Add(uint64(0))
	f.Fuzz(func(t *testing.T, x uint64) { compareMoves(t, Board(x)) })
}

func TestRowsAndColumns(t *testing.T) {
	g, _ := GridOf(4,
		1, 2, 3, 4,
		5, 6, 7, 8,
		9, 10, 11, 12,
		13, 14, 15, 0)
	b, _ := BoardOf(g)
	if b.Row(0) != 0x4321 || b.Row(3) != 0x0FED || b.Column(0) != 0xD951 || b.Column(3) != 0x0C84 {
		t.Errorf("rows %x %x, columns %x %x", b.Row(0), b.Row(3), b.Column(0), b.Column(3))
	}
	if b.Empty() != 1 || b.MaxExp() != 15 || b.At(2, 1) != 10 {
		t.Errorf("Empty %d, MaxExp %d, At(2,1) %d", b.Empty(), b.MaxExp(), b.At(2, 1))
	}
	if _, ok := BoardOf(Grid{n: 5}); ok {
		t.Error("a 5×5 grid made a Board")
	}
}

// cellsOfBoard returns b's sixteen exponents in row order: the slow,
// obvious form the fast bit tricks are checked against.
func cellsOfBoard(b Board) [16]uint8 {
	var c [16]uint8
	for i := range c {
		c[i] = b.At(i/4, i%4)
	}
	return c
}

func boardOfCells(c [16]uint8) Board {
	var b Board
	for i, e := range c {
		b |= Board(e) << (4 * i)
	}
	return b
}

// TestSymmetries checks each form against the cells moved by hand, and
// that a move commutes with every form.
func TestSymmetries(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 1000 {
		b := Board(r.Uint64())
		c := cellsOfBoard(b)
		var want [8][16]uint8
		for i := range 16 {
			row, col := i/4, i%4
			want[0][i] = c[i]
			want[1][i] = c[row*4+3-col]     // rows reversed
			want[2][i] = c[(3-row)*4+col]   // columns reversed
			want[3][i] = c[(3-row)*4+3-col] // both
			want[4][i] = c[col*4+row]       // transposed
			want[5][i] = c[col*4+3-row]     // rows reversed, transposed
			want[6][i] = c[(3-col)*4+row]   // columns reversed, transposed
			want[7][i] = c[(3-col)*4+3-row] // both, transposed
		}
		for k, s := range b.Symmetries() {
			if cellsOfBoard(s) != want[k] {
				t.Fatalf("symmetry %d of %016x: %016x, want %016x", k, uint64(b), uint64(s), uint64(boardOfCells(want[k])))
			}
			for _, d := range Directions {
				moved, _ := b.Move(d)
				found := false
				for _, e := range Directions {
					if next, _ := s.Move(e); next == moved.Symmetries()[k] {
						found = true
					}
				}
				if !found {
					t.Fatalf("symmetry %d of %016x moved %v: no move of the symmetric board makes it", k, uint64(b), d)
				}
			}
		}
	}
}

// splitmix is the specification's stream, written out again.
func splitmix(state *uint64) uint64 {
	*state += 0x9e3779b97f4a7c15
	z := *state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

func TestStream(t *testing.T) {
	s := NewStream(0)
	if got := s.Next(); got != 0xE220A8397B1DCDAF {
		t.Errorf("first draw of seed 0: %#x", got)
	}
}

// TestSpawns plays seeded games and places every tile again by the
// specification: the k-th empty cell, k = ((u >> 32) * empty) >> 32, a 4
// when (u & 0xffffffff) % 10 == 0.
func TestSpawns(t *testing.T) {
	for seed := range uint64(20) {
		g, err := New(4, seed, ClassicMode, 0)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := NewGrid(4)
		state := seed
		put := func() {
			u := splitmix(&state)
			var empty []int
			for i, e := range want.cells[:16] {
				if e == 0 {
					empty = append(empty, i)
				}
			}
			k := int(((u >> 32) * uint64(len(empty))) >> 32)
			want.cells[empty[k]] = 1
			if (u&0xffffffff)%10 == 0 {
				want.cells[empty[k]] = 2
			}
		}
		put()
		put()
		if g.Grid() != want {
			t.Fatalf("seed %d starts with\n%vwant\n%v", seed, g.Grid(), want)
		}
		rng := rand.New(rand.NewPCG(seed, 1))
		for step := 0; step < 200 && !g.Over(); step++ {
			d := Directions[rng.IntN(4)]
			next, _, moved := want.Move(d, nil)
			err := g.Play(Move(d), nil)
			if !moved {
				if !errors.Is(err, ErrNoMove) {
					t.Fatalf("seed %d: a move that moves nothing: %v", seed, err)
				}
				continue
			}
			want = next
			put()
			if g.Grid() != want {
				t.Fatalf("seed %d, move %d: board\n%vwant\n%v", seed, len(g.Moves()), g.Grid(), want)
			}
		}
	}
}

func TestUndo(t *testing.T) {
	g, _ := New(4, 7, ClassicMode, 2)
	start := g.Grid()
	var boards []Grid
	for _, d := range []Direction{Left, Up, Right, Down, Left} {
		if g.Play(Move(d), nil) == nil {
			boards = append(boards, g.Grid())
		}
	}
	n := len(boards)
	if !g.Undo() || g.Grid() != boards[n-2] || !g.Undo() || g.Grid() != boards[n-3] {
		t.Fatal("two undos do not go back two moves")
	}
	if g.Undo() {
		t.Error("a third undo with an allowance of 2")
	}
	if len(g.Moves()) != n-2 {
		t.Errorf("%d moves stand after undoing 2 of %d", len(g.Moves()), n)
	}
	// The same move brings the same tile back.
	last := g.Moves()
	g.Play(Move(Left), nil)
	redo, _ := New(4, 7, ClassicMode, 0)
	for _, m := range append(last, Move(Left)) {
		redo.Play(m, nil)
	}
	if redo.Grid() != g.Grid() {
		t.Error("a game with undos does not replay from its moves")
	}
	none, _ := New(4, 7, ClassicMode, 0)
	none.Play(Move(Left), nil)
	if none.Undo() || start == (Grid{}) {
		t.Error("undo without an allowance")
	}
}

func TestOverAndWon(t *testing.T) {
	full, _ := GridOf(4,
		1, 2, 1, 2,
		2, 1, 2, 1,
		1, 2, 1, 2,
		2, 1, 2, 11)
	g := &Game{state: state{grid: full}}
	if !g.Over() {
		t.Error("a full board with no merge is not over")
	}
	g.mode = ShuffleMode
	if g.Over() {
		t.Error("a shuffle could still help, yet the game is over")
	}
	if err := g.Play(ShuffleMove, nil); err != nil {
		t.Fatal(err)
	}
	if slices.Compare(sorted(g.Grid()), sorted(full)) != 0 {
		t.Error("a shuffle changed the tiles, not only their places")
	}
	w, _ := GridOf(3, 10, 10, 0, 0, 0, 0, 0, 0, 0)
	won := &Game{state: state{grid: w}}
	if err := won.Play(Move(Left), nil); err != nil || !won.Won() || won.Score() != 2048 {
		t.Errorf("1024+1024: won %v, score %d, %v", won.Won(), won.Score(), err)
	}
	if err := won.Play(Move(Left), nil); !errors.Is(err, ErrNoMove) && err != nil {
		t.Errorf("%v", err)
	}
	c, _ := New(4, 1, ClassicMode, 0)
	if err := c.Play(ShuffleMove, nil); err == nil {
		t.Error("a shuffle outside the shuffle mode")
	}
}

func sorted(g Grid) []uint8 { return slices.Sorted(slices.Values(g.Cells())) }

func TestEvilSpawns(t *testing.T) {
	evil := 0
	for seed := range uint64(50) {
		g, _ := New(4, seed, EvilMode, 0)
		for step := 0; step < 100 && !g.Over(); step++ {
			g.Play(Move(Directions[step%4]), nil)
		}
		for _, e := range g.Grid().Cells() {
			if e == Evil {
				evil++
			}
		}
	}
	if evil == 0 {
		t.Error("no evil tile in 50 evil games")
	}
}

func TestRecord(t *testing.T) {
	g, _ := New(5, 99, ShuffleMode, 3)
	for i := 0; i < 60 && !g.Over(); i++ {
		m := Move(i % 5)
		if err := g.Play(m, nil); err != nil && !errors.Is(err, ErrNoMove) {
			t.Fatal(err)
		}
		if i%7 == 0 {
			g.Undo()
		}
	}
	data, err := json.Marshal(g.Record())
	if err != nil {
		t.Fatal(err)
	}
	var back Record
	if err := json.Unmarshal(data, &back); err != nil {
		t.Fatal(err)
	}
	games, err := Replay(back)
	if err != nil {
		t.Fatal(err)
	}
	last := games[len(games)-1]
	if last.Grid() != g.Grid() || last.Score() != g.Score() || len(games) != len(g.Moves())+1 {
		t.Errorf("the replay ends on\n%v(score %d), the game on\n%v(score %d)", last.Grid(), last.Score(), g.Grid(), g.Score())
	}
	for name, bad := range map[string]string{
		"format":  `{"format":"x","version":1,"size":4,"mode":"classic","seed":1,"moves":"","score":0}`,
		"version": `{"format":"gamelab 2048 replay","version":9,"size":4,"mode":"classic","seed":1,"moves":"","score":0}`,
		"size":    `{"format":"gamelab 2048 replay","version":1,"size":9,"mode":"classic","seed":1,"moves":"","score":0}`,
		"mode":    `{"format":"gamelab 2048 replay","version":1,"size":4,"mode":"nice","seed":1,"moves":"","score":0}`,
		"moves":   `{"format":"gamelab 2048 replay","version":1,"size":4,"mode":"classic","seed":1,"moves":"UX","score":0}`,
		"field":   `{"format":"gamelab 2048 replay","version":1,"size":4,"mode":"classic","seed":1,"moves":"","score":0,"x":1}`,
	} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("%s: a bad replay file is accepted", name)
		}
	}
	back.Score++
	if _, err := Replay(back); err == nil {
		t.Error("a replay with the wrong score is accepted")
	}
}

func TestParse(t *testing.T) {
	if m, err := ParseMoves("udLRs"); err != nil || fmt.Sprint(m) != "[U D L R S]" {
		t.Errorf("ParseMoves = %v, %v", m, err)
	}
	if _, err := ParseMode("evil"); err != nil {
		t.Error(err)
	}
	if _, err := New(2, 0, ClassicMode, 0); err == nil {
		t.Error("a 2×2 game")
	}
	if _, err := New(4, 0, ClassicMode, -1); err == nil {
		t.Error("a negative undo")
	}
}

func BenchmarkBoardMove(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	boards := make([]Board, 1024)
	for i := range boards {
		boards[i] = Board(rng.Uint64() & 0x7777777777777777)
	}
	var sink Board
	i := 0
	for b.Loop() {
		next, _ := boards[i&1023].Move(Directions[i&3])
		sink ^= next
		i++
	}
	_ = sink
}

func BenchmarkGridMove(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	grids := make([]Grid, 1024)
	for i := range grids {
		grids[i] = Board(rng.Uint64() & 0x7777777777777777).Grid()
	}
	i := 0
	for b.Loop() {
		grids[i&1023].Move(Directions[i&3], nil)
		i++
	}
}

// FuzzRecord reads any bytes as a replay file: it fails cleanly, or gives
// a record that replays or is refused, never a panic.
func FuzzRecord(f *testing.F) {
	g, _ := New(4, 5, ClassicMode, 0)
	for _, d := range Directions {
		g.Play(Move(d), nil)
	}
	good, _ := json.Marshal(g.Record())
	f.Add(good)
	f.Add([]byte(`{"format":"gamelab 2048 replay","version":1,"size":3,"mode":"evil","seed":1,"moves":"LLLLS","score":0,"start":[1,1,0,0,0,0,0,0,255]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Record
		if json.Unmarshal(data, &r) != nil {
			return
		}
		games, err := Replay(r)
		if err == nil && games[len(games)-1].Score() != r.Score {
			t.Fatalf("a replay ends on score %d, its record says %d", games[len(games)-1].Score(), r.Score)
		}
	})
}
