package consistent

import (
	"math/bits"
	"slices"
)

// A multiset of pegs may give every hint its matches and still have no
// arrangement, for want of places: a hint answered with no blacks shuts its
// guess's colour out of each of its places, and where some colours are left
// fewer places between them than they have pegs, no arrangement places them
// all (Hall's theorem). The searches see one colour at a time (a colour with
// fewer places than pegs), so an instance built as the pigeonhole principle
// is (one peg each of k colours, each shut out of all but the same k-1
// places by a hint answered 0/1) sent them through every way of seating k-1
// of the k colours. So each multiset's pegs are first seated, in the places
// left to their colours, before it is searched (seatable). Measured in
// docs/notes/mastermind-code.md#places-seatable.

// Hints shut colours out of places as the searches go, too: a hint whose
// blacks are all placed shuts its guess's colours out of the rest of its
// places. So the blacks-first search seats the pegs at its root, once it has
// followed what the hints force there (seated), and the positions' search,
// which has no such root, has the blacks-first search do so for it once it
// has run some time (rootSeated). Measured in
// docs/notes/mastermind-code.md#places-rootseated.

// seated reports whether the pegs left at s, a node of the blacks-first
// search, can each have an open place of its own among those left to its
// colour.
func (b *blackFirst) seated(s *blackState) bool {
	return seatsFit(len(s.left), func(r int) (uint64, int) { return s.allowed[r] & s.open, int(s.left[r]) })
}

// rootSeated reports whether the pegs of the multiset a arranges can be
// seated once the blacks-first search has followed what the hints force
// at its root (seated); false too if they force a contradiction there.
func (a *arranger) rootSeated() bool {
	if a.byBlacks == nil {
		a.byBlacks = newBlackFirst(a.problem)
	}
	b := a.byBlacks
	b.reset(a.multiset[:])
	s := &b.levels[0]
	ok, _, _ := b.propagate(s)
	return ok && b.seated(s)
}

// seatable returns the multisets of p (countMultisets) whose pegs have
// places (placesFit), for the searches to arrange.
func seatable[K counts[uint8]](p *problem) func(yield func(*K) bool) {
	return func(yield func(*K) bool) {
		countMultisets(p, func(k *K) bool { return !placesFit(p, k) || yield(k) })
	}
}

// shutPlaces records, for each colour, the places a hint answered with no
// blacks shuts it out of (shut), and the colours with any (shutColours),
// those with the fewest places left first: they are seated first, where
// seating the others first would more often take their places.
func (p *problem) shutPlaces() {
	p.shut = make([]uint64, p.max+1)
	for i, g := range p.guess {
		if p.blacks[i] != 0 {
			continue
		}
		for q, c := range g {
			p.shut[c] |= 1 << q
		}
	}
	p.shutColours = p.shutColours[:0]
	for c, shut := range p.shut {
		if shut != 0 {
			p.shutColours = append(p.shutColours, uint8(c))
		}
	}
	slices.SortStableFunc(p.shutColours, func(a, b uint8) int {
		return bits.OnesCount64(p.shut[b]) - bits.OnesCount64(p.shut[a])
	})
}

// placesFit reports whether multiset k's pegs of the colours that hints
// shut out of some places (shutColours) can each have a place of its own
// among those left to its colour; the other colours may take any place,
// so they fill the rest. It takes pegs at most wordPegs, as the word
// searches' multisets have.
func placesFit[K counts[uint8]](p *problem, k *K) bool {
	all := ^uint64(0) >> (wordPegs - p.pegs)
	return seatsFit(len(p.shutColours), func(i int) (uint64, int) {
		c := p.shutColours[i]
		return all &^ p.shut[c], int((*k)[c])
	})
}

// seatsFit reports whether the pegs of n colours can each have a place of
// its own, colour i having pegs pegs and the places places, as group(i)
// returns them. It seats them greedily, a colour at a time in their order,
// and only where that fails looks for a seating by augmenting paths (Kuhn's
// method): a peg takes a free place, or one whose peg can move to another,
// and so on.
func seatsFit(n int, group func(i int) (places uint64, pegs int)) bool {
	taken := uint64(0)
	for i := range n {
		places, pegs := group(i)
		open := places &^ taken
		if bits.OnesCount64(open) < pegs {
			return seatAll(n, group)
		}
		for range pegs {
			taken |= open & -open
			open &= open - 1
		}
	}
	return true
}

// seatAll is seatsFit by augmenting paths alone.
func seatAll(n int, group func(i int) (places uint64, pegs int)) bool {
	var owner [wordPegs]int16 // 1 + the colour seated at each place, 0 for none
	var seat func(i int, seen *uint64) bool
	seat = func(i int, seen *uint64) bool {
		places, _ := group(i)
		for places&^*seen != 0 {
			q := bits.TrailingZeros64(places &^ *seen)
			*seen |= 1 << q
			if owner[q] == 0 || seat(int(owner[q])-1, seen) {
				owner[q] = int16(i + 1)
				return true
			}
		}
		return false
	}
	for i := range n {
		_, pegs := group(i)
		for range pegs {
			var seen uint64
			if !seat(i, &seen) {
				return false
			}
		}
	}
	return true
}

// seated reports whether the pegs left at s, the root of the plain search
// once propagated, can each have an open place of its own among those its
// colour may take, as the blacks-first search's seated does. The plain
// search's codes are long (up to 65,536 pegs) and its places keep their
// colours, so the open places are grouped by the colours they may take, and
// the pegs flow from the colours to the groups, along augmenting paths that
// each carry as many pegs as they can. Measured in
// docs/notes/mastermind-code.md#places-seated.
func (a *plainArranger) seated(s *plainState) bool {
	group := map[uint64]int{}
	var may []uint64
	var room []int // the places of each group no peg has yet
	for q, c := range s.code {
		if c != 0 {
			continue
		}
		g, ok := group[s.may[q]]
		if !ok {
			g = len(may)
			group[s.may[q]] = g
			may, room = append(may, s.may[q]), append(room, 0)
		}
		room[g]++
	}
	var colours []uint8
	for c := 1; c <= a.max; c++ {
		if s.left[c] > 0 {
			colours = append(colours, uint8(c))
		}
	}
	flow := make([]int, len(colours)*len(may)) // flow[i*len(may)+g]: colour i's pegs in group g
	seenColour, seenGroup := make([]bool, len(colours)), make([]bool, len(may))
	// carry moves up to n more pegs of colour i into the groups, moving
	// other colours' pegs on where a group is full; it returns how many.
	var carry func(i, n int) int
	carry = func(i, n int) int {
		seenColour[i] = true
		bit := uint64(1) << (colours[i] - 1)
		for g, m := range may {
			if m&bit == 0 || seenGroup[g] {
				continue
			}
			seenGroup[g] = true
			if room[g] > 0 {
				d := min(n, room[g])
				room[g] -= d
				flow[i*len(may)+g] += d
				return d
			}
			for j := range colours {
				if f := flow[j*len(may)+g]; f > 0 && !seenColour[j] {
					if d := carry(j, min(n, f)); d > 0 {
						flow[j*len(may)+g] -= d
						flow[i*len(may)+g] += d
						return d
					}
				}
			}
		}
		return 0
	}
	for i, c := range colours {
		for n := s.left[c]; n > 0; {
			clear(seenColour)
			clear(seenGroup)
			d := carry(i, n)
			if d == 0 {
				return false
			}
			n -= d
		}
	}
	return true
}
