package oware

import "math/bits"

// MoveSet is a set of moves, bit m for move m.
type MoveSet uint16

// Contains reports whether m is in the set.
func (s MoveSet) Contains(m Move) bool { return m < HouseCount && s&(1<<m) != 0 }

// Len returns the number of moves in the set.
func (s MoveSet) Len() int { return bits.OnesCount16(uint16(s)) }

// First returns the lowest move of a non-empty set; iterate with
// for ; s != 0; s = s.Rest() { m := s.First() }.
func (s MoveSet) First() Move { return Move(bits.TrailingZeros16(uint16(s))) }

// Rest returns the set without its lowest move.
func (s MoveSet) Rest() MoveSet { return s & (s - 1) }

// Moves returns the moves in house order.
func (s MoveSet) Moves() []Move {
	moves := make([]Move, 0, s.Len())
	for ; s != 0; s = s.Rest() {
		moves = append(moves, s.First())
	}
	return moves
}

// sowing holds, for each origin h and count n < 12, the words that add
// one seed to each of the n houses after h, and the house the last seed
// lands in; lap adds one seed to every house but the origin.
var sowing = func() (t struct {
	lo, hi [HouseCount][HouseCount]uint64
	last   [HouseCount][HouseCount]uint8
	lapLo  [HouseCount]uint64
	lapHi  [HouseCount]uint64
}) {
	for h := range HouseCount {
		for n := range HouseCount {
			var p Position
			for i := 1; i <= n; i++ {
				p.setHouse((h+i)%HouseCount, 1)
			}
			t.lo[h][n], t.hi[h][n] = p.lo, p.hi
			t.last[h][n] = uint8((h + n) % HouseCount)
		}
		var p Position
		for i := range HouseCount {
			if i != h {
				p.setHouse(i, 1)
			}
		}
		t.lapLo[h], t.lapHi[h] = p.lo, p.hi
	}
	return t
}()

// Legal returns the legal moves of the side to move: its non-empty
// houses, only those that give the opponent seeds when the opponent's row
// is empty, and (GrandSlamForbidden) no grand slam unless nothing else is
// left. It is empty when the game cannot go on.
func (p Position) Legal(r Rules) MoveSet {
	side := p.ToMove()
	nonEmpty := p.nonEmpty()
	own := nonEmpty & rowMask[side]
	if nonEmpty&rowMask[side.Opponent()] == 0 {
		// Feeding: the seeds must reach the opponent's first house.
		reach := int(side+1) * RowLength
		var feeding uint16
		for s := own; s != 0; s &= s - 1 {
			h := bits.TrailingZeros16(s)
			if h+p.House(h) >= reach {
				feeding |= 1 << h
			}
		}
		own = feeding
	}
	if r.GrandSlam == GrandSlamForbidden && own != 0 {
		allowed := own
		for s := own; s != 0; s &= s - 1 {
			if p.IsGrandSlam(Move(bits.TrailingZeros16(s))) {
				allowed &^= 1 << bits.TrailingZeros16(s)
			}
		}
		if allowed != 0 {
			own = allowed
		}
	}
	return MoveSet(own)
}

// Apply plays m, a legal move, and returns the seeds it captured. It
// checks nothing: Game.Play is the checked move. Whether the game ended
// is the caller's question (Ended, Legal, a repetition).
func (p *Position) Apply(m Move, r Rules) int {
	h := int(m)
	last := p.sow(h)
	mover := p.ToMove()
	captured := 0
	if Move(last).Side() != mover {
		captured = p.capture(last, mover, r)
	}
	p.hi ^= 1 << sideShift
	return captured
}

// sow empties house h into the houses after it and returns the house the
// last seed landed in.
func (p *Position) sow(h int) int {
	n := p.House(h)
	p.setHouse(h, 0)
	if n < HouseCount {
		p.lo += sowing.lo[h][n]
		p.hi += sowing.hi[h][n]
		return int(sowing.last[h][n])
	}
	laps, rest := uint64(n/(HouseCount-1)), n%(HouseCount-1)
	p.lo += laps*sowing.lapLo[h] + sowing.lo[h][rest]
	p.hi += laps*sowing.lapHi[h] + sowing.hi[h][rest]
	if rest == 0 {
		return (h + HouseCount - 1) % HouseCount
	}
	return (h + rest) % HouseCount
}

// captureRange returns the opponent's houses from..last that a sowing
// ending in last captures by the 2-or-3 rule, and their seeds.
func (p *Position) captureRange(last int, mover Side) (from, seeds int) {
	first := int(mover.Opponent()) * RowLength
	from = last + 1
	for from > first {
		n := p.House(from - 1)
		if n != 2 && n != 3 {
			break
		}
		seeds += n
		from--
	}
	return from, seeds
}

// capture takes what the sowing that ended in house last captures, the
// grand slam rule applied, into mover's store.
func (p *Position) capture(last int, mover Side, r Rules) int {
	from, seeds := p.captureRange(last, mover)
	if seeds == 0 {
		return 0
	}
	if seeds == p.RowSeeds(mover.Opponent()) {
		first := int(mover.Opponent()) * RowLength
		switch r.GrandSlam {
		case GrandSlamNoCapture, GrandSlamForbidden:
			return 0
		case GrandSlamLeaveFirst:
			if from == first {
				seeds -= p.House(from)
				from++
			}
		case GrandSlamLeaveLast:
			if last == first+RowLength-1 {
				seeds -= p.House(last)
				last--
			}
		}
	}
	for h := from; h <= last; h++ {
		p.setHouse(h, 0)
	}
	p.hi += uint64(seeds) << (storeShift + 8*int(mover))
	return seeds
}

// IsGrandSlam reports whether m would capture every seed on the
// opponent's row (before any grand slam rule).
func (p Position) IsGrandSlam(m Move) bool {
	mover := p.ToMove()
	last := p.sow(int(m))
	if Move(last).Side() == mover {
		return false
	}
	_, seeds := p.captureRange(last, mover)
	return seeds > 0 && seeds == p.RowSeeds(mover.Opponent())
}

// Gather ends a game with each side capturing the seeds on its own row.
func (p *Position) Gather() {
	south, north := p.RowSeeds(South), p.RowSeeds(North)
	p.lo, p.hi = 0, p.hi&^housesHi
	p.hi += uint64(south)<<storeShift | uint64(north)<<(storeShift+8)
}

// split ends a game with the seeds on the board shared evenly; an odd
// seed is set aside.
func (p *Position) split() {
	half := uint64(p.OnBoard() / 2)
	p.lo, p.hi = 0, p.hi&^housesHi
	p.hi += half<<storeShift | half<<(storeShift+8)
}

// Ending returns why the game ends in p whatever came before it (a store
// of 25, no legal move, both rows under four seeds under CycleUnderFour),
// or NotOver. Repetitions and the ply limit depend on the history: Game
// and the searches see to those.
func (p Position) Ending(r Rules) End { return p.EndingWith(p.Legal(r), r) }

// EndingWith is Ending for a search that has found p's legal moves
// already.
func (p Position) EndingWith(legal MoveSet, r Rules) End {
	switch {
	case p.Decided():
		return Majority
	case legal == 0:
		return NoMoves
	case r.Cycle == CycleUnderFour && p.RowSeeds(South) < 4 && p.RowSeeds(North) < 4:
		return UnderFour
	}
	return NotOver
}

// Finish returns the final position of a game that ends in p for the
// reason end: the seeds left gathered by each side from its own row, or
// split evenly after a repetition under CycleThirdRepetition.
func (p Position) Finish(end End, r Rules) Position {
	switch {
	case end == Majority || end == NotOver:
	case end == Repetition && r.Cycle == CycleThirdRepetition:
		p.split()
	default:
		p.Gather()
	}
	return p
}

// Decided reports whether a store holds 25 seeds or more, which ends the
// game at once.
func (p Position) Decided() bool {
	return p.Store(South) >= WinSeeds || p.Store(North) >= WinSeeds
}

// Lead returns side's store less the opponent's.
func (p Position) Lead(side Side) int { return p.Store(side) - p.Store(side.Opponent()) }

// Taken returns the houses of the opponent's row that move m, played in
// before, captured (captured seeds in all), given the position after it:
// for the pages and the terminal to mark them. A house the move sowed
// into holds seeds after it unless they were captured.
func Taken(before, after Position, m Move, captured int) []int {
	if captured == 0 {
		return nil
	}
	var taken []int
	seeds := before.House(int(m))
	opp := int(before.ToMove().Opponent()) * RowLength
	for h := opp; h < opp+RowLength; h++ {
		distance := (h - int(m) + HouseCount) % HouseCount
		if after.House(h) == 0 && (distance <= seeds || seeds >= HouseCount-1) {
			taken = append(taken, h)
		}
	}
	return taken
}
