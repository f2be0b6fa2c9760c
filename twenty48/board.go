package twenty48

import "math/bits"

// Board is a 4×4 board in 64 bits: the exponent of cell (r, c) in the four
// bits at 16r + 4c, so that row r is the 16-bit integer Row(r) with column
// 0 in its low nibble. Moves look whole rows up in tables of 65,536
// entries: the fastest representation known, for search. It holds
// exponents up to 15 (32768); two 32768s merging is beyond it (Grid plays
// those), and it has no evil tiles. Board's methods trust their input.
type Board uint64

// The moves read rows in rowTables (rows.go), made by TestRowTables from
// slideLeft and kept as data in the binary, whose pages only a command
// that moves tiles reads: filled at init, they cost every command 1-2 ms
// and 100 page faults at its start, 2048 or not (a fill twice as fast
// saved nothing: the time is the pages).
//
//go:generate go test -run TestRowTables -update

// slideLeft moves a row of four (column 0 in the low nibble) to column 0
// by the rules, as Grid.Move does, and returns the points of its merges:
// the rule rowTables are made from.
func slideLeft(row uint16) (moved uint16, points uint32) {
	next := 0 // where the next tile goes
	last := uint16(0)
	for c := 0; c < 16; c += 4 {
		switch e := row >> c & 15; {
		case e == 0:
		case e == last && e < 15:
			moved += 1 << (next - 4) // the tile before doubles
			points += 1 << (e + 1)
			last = 0 // a merged tile merges no more in this move
		default:
			moved |= e << next
			next += 4
			last = e
		}
	}
	return moved, points
}

func reverseRow(v uint16) uint16 {
	return v>>12 | v>>4&0x00f0 | v<<4&0x0f00 | v<<12
}

// BoardOf returns the Board of a 4×4 grid as a player sees it, and false
// if the grid does not fit one (another size, an evil tile). A tile over
// 32768 (two 32768s merged: 65536, or 131072) is a 32768 on the Board,
// which never merges 32768s: every move that changes the Board then
// changes the grid too, and only a merge of those tiles is beyond it.
func BoardOf(g Grid) (Board, bool) {
	if g.n != 4 {
		return 0, false
	}
	var b Board
	for i, e := range g.cells[:16] {
		if e == Evil {
			return 0, false
		}
		b |= Board(min(e, 15)) << (4 * i)
	}
	return b, true
}

// Grid returns the board as a Grid.
func (b Board) Grid() Grid {
	g := Grid{n: 4}
	for i := range 16 {
		g.cells[i] = uint8(b >> (4 * i) & 15)
	}
	return g
}

// Row returns row r (0 at the top) as 16 bits, column 0 in the low nibble.
func (b Board) Row(r int) uint16 { return uint16(b >> (16 * r)) }

// Column returns column c (0 at the left) as 16 bits, row 0 in the low
// nibble.
func (b Board) Column(c int) uint16 { return b.Transpose().Row(c) }

// At returns the exponent of cell (r, c).
func (b Board) At(r, c int) uint8 { return uint8(b >> (16*r + 4*c) & 15) }

// Transpose mirrors the board on its diagonal: cell (r, c) to (c, r).
func (b Board) Transpose() Board {
	a1 := b & 0xF0F00F0FF0F00F0F
	a2 := b & 0x0000F0F00000F0F0
	a3 := b & 0x0F0F00000F0F0000
	a := a1 | a2<<12 | a3>>12
	b1 := a & 0xFF00FF0000FF00FF
	b2 := a & 0x00FF00FF00000000
	b3 := a & 0x00000000FF00FF00
	return b1 | b2>>24 | b3<<24
}

// Symmetries returns b in its eight symmetric forms: itself, each row
// reversed, the rows in reverse order, both, and each of these
// transposed. A move commutes with them: the k-th form of b moved is the
// k-th form of b moved the matching way, so a player may look a board up
// in whichever form a table or a network keeps.
func (b Board) Symmetries() [8]Board {
	h := b.reverseRows()
	v := b.reverseRowOrder()
	hv := h.reverseRowOrder()
	return [8]Board{b, h, v, hv, b.Transpose(), h.Transpose(), v.Transpose(), hv.Transpose()}
}

// reverseRows reverses every row.
func (b Board) reverseRows() Board {
	x := uint64(b)
	x = x&0x0F0F0F0F0F0F0F0F<<4 | x>>4&0x0F0F0F0F0F0F0F0F
	x = x&0x00FF00FF00FF00FF<<8 | x>>8&0x00FF00FF00FF00FF
	return Board(x)
}

// reverseRowOrder puts the rows in reverse order.
func (b Board) reverseRowOrder() Board {
	x := uint64(b)
	return Board(x<<48 | x<<16&0xFFFF00000000 | x>>16&0xFFFF0000 | x>>48)
}

// Move returns the board moved in d and the score of its merges; the board
// is unchanged if nothing moves.
func (b Board) Move(d Direction) (Board, uint32) {
	switch d {
	case Left, Right:
		return b.moveRows(d == Left)
	}
	t, score := b.Transpose().moveRows(d == Up)
	return t.Transpose(), score
}

// MoveRows moves every row left or right, without the score: Move(Left)
// and Move(Right), and Move(Up) and Move(Down) on the transposed board, for
// a search that keeps the transposed board at hand.
func (b Board) MoveRows(left bool) Board {
	table := &rowTables.right
	if left {
		table = &rowTables.left
	}
	return b ^ (Board(table[uint16(b)]) | Board(table[uint16(b>>16)])<<16 |
		Board(table[uint16(b>>32)])<<32 | Board(table[uint16(b>>48)])<<48)
}

func (b Board) moveRows(left bool) (Board, uint32) {
	return b.MoveRows(left), b.RowPoints()
}

// RowPoints returns the points of moving b's rows, left or right: merges
// score the same either way.
func (b Board) RowPoints() uint32 {
	q := &rowTables.quarterPoints
	return 4 * (uint32(q[uint16(b)]) + uint32(q[uint16(b>>16)]) + uint32(q[uint16(b>>32)]) + uint32(q[uint16(b>>48)]))
}

// Empty returns the number of empty cells.
func (b Board) Empty() int {
	// A cell is empty when its four bits are zero: fold each nibble onto
	// its low bit and count the nibbles left at zero.
	x := uint64(b)
	x |= x >> 2
	x |= x >> 1
	return 16 - bits.OnesCount64(x&0x1111111111111111)
}

// MaxExp returns the largest exponent on the board.
func (b Board) MaxExp() uint8 {
	m := uint8(0)
	for i := range 16 {
		m = max(m, uint8(b>>(4*i)&15))
	}
	return m
}

// Spawn returns b with the tile of draw u placed as a classic game places
// it (see Stream), or b itself if it has no empty cell: the fast game of
// training and simulation.
func (b Board) Spawn(u uint64) Board {
	empty := b.Empty()
	if empty == 0 {
		return b
	}
	k, exp := spawnOf(u, empty)
	for i := 0; ; i++ {
		if b>>(4*i)&15 != 0 {
			continue
		}
		if k == 0 {
			return b | Board(exp)<<(4*i)
		}
		k--
	}
}
