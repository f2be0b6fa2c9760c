package oware

import (
	"encoding/binary"
	"fmt"
	"strconv"
	"strings"
)

// Side is a player: South moves first from the start position and owns
// houses A..F; North owns a..f.
type Side uint8

// The two sides.
const (
	South Side = iota
	North
)

// Opponent returns the other side.
func (s Side) Opponent() Side { return s ^ 1 }

// String returns "South" or "North".
func (s Side) String() string {
	if s == South {
		return "South"
	}
	return "North"
}

// Letter returns the side's letter in the notation: S or N.
func (s Side) Letter() byte { return "SN"[s] }

// Houses, seeds and the winning store.
const (
	HouseCount = 12 // houses on the board: A..F then a..f
	RowLength  = 6  // houses per side
	TotalSeeds = 48 // seeds in a game
	WinSeeds   = 25 // a store of this many wins at once
)

// Position is a moment of a game: the seeds in the twelve houses, the two
// stores and the side to move. It is a comparable value of 16 bytes.
//
// House h (0..5 = A..F, South's, 6..11 = a..f, North's; sowing runs in
// index order and wraps from 11 to 0) is byte h of lo for h < 8 and byte
// h−8 of hi otherwise; hi's bytes 4 and 5 are South's and North's stores
// and byte 6 the side to move. No house or store can exceed 48, so adding
// whole words sows without carries between bytes.
type Position struct {
	lo, hi uint64
}

const (
	storeShift = 32 // hi: stores from bit 32, a byte each
	sideShift  = 48 // hi: the side to move
	housesHi   = 0x00000000ffffffff
)

// Start returns the start position: 4 seeds in every house, South to move.
func Start() Position {
	return Position{lo: 0x0404040404040404, hi: 0x04040404}
}

// NewPosition returns the position with the given houses (A..F, a..f),
// stores (South, North) and side to move, or an error if a count is
// negative or the seeds do not add up to 48.
func NewPosition(houses [HouseCount]int, stores [2]int, toMove Side) (Position, error) {
	var p Position
	total := 0
	for h, n := range houses {
		if n < 0 || n > TotalSeeds {
			return Position{}, fmt.Errorf("house %s holds %d seeds", Move(h).Letter(), n)
		}
		p.setHouse(h, n)
		total += n
	}
	for s, n := range stores {
		if n < 0 || n > TotalSeeds {
			return Position{}, fmt.Errorf("%v's store holds %d seeds", Side(s), n)
		}
		p.hi |= uint64(n) << (storeShift + 8*s)
		total += n
	}
	if total != TotalSeeds {
		return Position{}, fmt.Errorf("the houses and stores hold %d seeds, not %d", total, TotalSeeds)
	}
	if toMove > North {
		return Position{}, fmt.Errorf("no side %d", toMove)
	}
	p.hi |= uint64(toMove) << sideShift
	return p, nil
}

// HouseBytes returns the twelve houses, A..F then a..f, a byte each.
func (p Position) HouseBytes() [HouseCount]uint8 {
	var b [16]uint8
	binary.LittleEndian.PutUint64(b[:8], p.lo)
	binary.LittleEndian.PutUint64(b[8:], p.hi)
	return [HouseCount]uint8(b[:HouseCount])
}

// Setup returns the position of the given houses (A..F, a..f), stores
// and side to move without checking them: for databases and tests that
// build positions by the million. Counts must be at most 48; Apply and
// Legal need nothing else, but only NewPosition makes a position of a
// game.
func Setup(houses [HouseCount]uint8, stores [2]uint8, toMove Side) Position {
	var b [16]uint8
	copy(b[:], houses[:])
	b[8+storeShift/8], b[9+storeShift/8], b[8+sideShift/8] = stores[0], stores[1], uint8(toMove)
	return Position{lo: binary.LittleEndian.Uint64(b[:8]), hi: binary.LittleEndian.Uint64(b[8:])}
}

// House returns the seeds in house h (0..11: A..F, a..f).
func (p Position) House(h int) int {
	if h < 8 {
		return int(uint8(p.lo >> (8 * h)))
	}
	return int(uint8(p.hi >> (8 * (h - 8))))
}

func (p *Position) setHouse(h, n int) {
	if h < 8 {
		p.lo = p.lo&^(0xff<<(8*h)) | uint64(n)<<(8*h)
	} else {
		p.hi = p.hi&^(0xff<<(8*(h-8))) | uint64(n)<<(8*(h-8))
	}
}

// Store returns the seeds s has captured.
func (p Position) Store(s Side) int { return int(uint8(p.hi >> (storeShift + 8*int(s)))) }

// ToMove returns the side to move.
func (p Position) ToMove() Side { return Side(p.hi >> sideShift & 1) }

// Houses returns the twelve houses, A..F then a..f.
func (p Position) Houses() [HouseCount]int {
	var hs [HouseCount]int
	for h := range hs {
		hs[h] = p.House(h)
	}
	return hs
}

// RowSeeds returns the seeds on s's row.
func (p Position) RowSeeds(s Side) int {
	return byteSum(p.rowWords(s))
}

// OnBoard returns the seeds in all twelve houses.
func (p Position) OnBoard() int { return byteSum(p.lo, p.hi&housesHi) }

// rowWords returns s's houses alone, still in place in lo and hi.
func (p Position) rowWords(s Side) (lo, hi uint64) {
	if s == South {
		return p.lo & 0x0000ffffffffffff, 0
	}
	return p.lo & 0xffff000000000000, p.hi & housesHi
}

// byteSum adds the bytes of two words (each sum under 256).
func byteSum(lo, hi uint64) int {
	const ones = 0x0101010101010101
	return int((lo*ones)>>56) + int((hi*ones)>>56)
}

// nonEmpty returns the houses holding seeds as bits 0..11.
func (p Position) nonEmpty() uint16 {
	return uint16(nonZeroBytes(p.lo)) | uint16(nonZeroBytes(p.hi&housesHi))<<8
}

// nonZeroBytes returns bit i set for each non-zero byte i of x.
func nonZeroBytes(x uint64) uint8 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	t := ((x & low7) + low7 | x) & 0x8080808080808080
	return uint8((t >> 7) * 0x0102040810204080 >> 56)
}

// rowMask is the houses of each side as bits 0..11.
var rowMask = [2]uint16{0x03f, 0xfc0}

// String returns the position in the notation: the houses A..F and a..f,
// the stores of South and North and the side to move, joined by dashes.
func (p Position) String() string {
	var b strings.Builder
	for h := range HouseCount {
		b.WriteString(strconv.Itoa(p.House(h)))
		b.WriteByte('-')
	}
	fmt.Fprintf(&b, "%d-%d-%c", p.Store(South), p.Store(North), p.ToMove().Letter())
	return b.String()
}

// ParsePosition reads a position in the notation of String, e.g. the start
// 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S.
func ParsePosition(s string) (Position, error) {
	fields := strings.Split(strings.TrimSpace(s), "-")
	if len(fields) != HouseCount+3 {
		return Position{}, fmt.Errorf("position %q: want 12 houses, 2 stores and S or N joined by dashes, got %d fields", s, len(fields))
	}
	var counts [HouseCount + 2]int
	for i := range counts {
		n, err := strconv.Atoi(fields[i])
		if err != nil || n < 0 {
			return Position{}, fmt.Errorf("position %q: field %d (%s) is not a count of seeds: %q", s, i+1, fieldName(i), fields[i])
		}
		counts[i] = n
	}
	var side Side
	switch fields[HouseCount+2] {
	case "S", "s":
		side = South
	case "N", "n":
		side = North
	default:
		return Position{}, fmt.Errorf("position %q: the side to move is %q, not S or N", s, fields[HouseCount+2])
	}
	p, err := NewPosition([HouseCount]int(counts[:HouseCount]), [2]int{counts[12], counts[13]}, side)
	if err != nil {
		return Position{}, fmt.Errorf("position %q: %w", s, err)
	}
	return p, nil
}

func fieldName(i int) string {
	switch {
	case i < HouseCount:
		return "house " + Move(i).Letter()
	case i == HouseCount:
		return "South's store"
	default:
		return "North's store"
	}
}

// Move is the house a move sows from: 0..5 for South's A..F, 6..11 for
// North's a..f.
type Move uint8

// NoMove is the absence of a move.
const NoMove Move = 0xff

// Letter returns the move's letter: A..F for South, a..f for North.
func (m Move) Letter() string {
	switch {
	case m < RowLength:
		return string(rune('A' + m))
	case m < HouseCount:
		return string(rune('a' + m - RowLength))
	}
	return "-"
}

// String returns the move's letter.
func (m Move) String() string { return m.Letter() }

// Side returns the side that owns the house the move sows from.
func (m Move) Side() Side { return Side(m / RowLength) }

// ParseMove reads a move letter: A..F (South's houses) or a..f (North's).
func ParseMove(s string) (Move, error) {
	if len(s) == 1 {
		switch c := s[0]; {
		case 'A' <= c && c <= 'F':
			return Move(c - 'A'), nil
		case 'a' <= c && c <= 'f':
			return Move(c-'a') + RowLength, nil
		}
	}
	return NoMove, fmt.Errorf("move %q: want a house letter, A..F for South or a..f for North", s)
}

// ParseMoves reads moves written together, one letter each, as "FaEb".
func ParseMoves(s string) ([]Move, error) {
	moves := make([]Move, 0, len(s))
	for i := range len(s) {
		m, err := ParseMove(s[i : i+1])
		if err != nil {
			return nil, fmt.Errorf("move %d of %q: %w", i+1, s, err)
		}
		moves = append(moves, m)
	}
	return moves, nil
}

// FormatMoves writes moves together, one letter each.
func FormatMoves(moves []Move) string {
	b := make([]byte, len(moves))
	for i, m := range moves {
		b[i] = m.Letter()[0]
	}
	return string(b)
}
