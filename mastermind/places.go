package mastermind

import (
	"math/bits"
	"slices"
)

// A multiset of pegs may give every hint its matches and still have no
// arrangement, for want of places: a hint answered with no blacks shuts
// its guess's colour out of each of its places, and where some colours
// are left fewer places between them than they have pegs, no
// arrangement places them all (Hall's theorem). The searches see one
// colour at a time (a colour with fewer places than pegs), so an
// instance built as the pigeonhole principle is (one peg each of k
// colours, each shut out of all but the same k-1 places by a hint
// answered 0/1) sent them through every way of seating k-1 of the k
// colours. So each multiset's pegs are first seated, in the places left
// to their colours, before it is searched (seatable). Whole processes on
// both cores, best of three, the build before and this one alternately
// (2026-12-06, an Intel Xeon): 64 pegs over 10 and 12 colours (k+2), more
// than 10 s to 4.6 and 5.2 ms; over 8 colours 930 to 6.1; 48 pegs over 8
// colours 567 to 6.8, over 7 60 to 5.8; 40 pegs over 7 colours 44 to
// 5.1. It costs nothing measurable: 0.99 times the time in the geometric
// mean of 281 random instances of 4 to 26 pegs over 2 to 20 colours
// taking 3 ms or more, 0.99 on 72 of the README's shapes, 1.00 on 101 of
// 16 to 64 pegs, true or one answer altered; no count changed.

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
// so they fill the rest. It seats them greedily, a colour at a time, and
// only where that fails looks for a seating by augmenting paths (Kuhn's
// method): a peg takes a free place, or one whose peg can move to
// another, and so on. It takes pegs at most wordPegs, as the word
// searches' multisets have.
func placesFit[K counts[uint8]](p *problem, k *K) bool {
	all := ^uint64(0) >> (wordPegs - p.pegs)
	free := all
	for _, c := range p.shutColours {
		open := free &^ p.shut[c]
		n := int((*k)[c])
		if bits.OnesCount64(open) < n {
			return seatAll(p, k, all)
		}
		for range n {
			free &^= open & -open
			open &= open - 1
		}
	}
	return true
}

// seatAll reports whether the pegs of placesFit's colours can all be
// seated, by augmenting paths.
func seatAll[K counts[uint8]](p *problem, k *K, all uint64) bool {
	var owner [wordPegs]uint8 // the colour seated at each place, 0 for none
	for _, c := range p.shutColours {
		for range (*k)[c] {
			var seen uint64
			if !seat(p, c, all, &owner, &seen) {
				return false
			}
		}
	}
	return true
}

// seat seats a peg of colour c in a place left to it and not yet seen
// on this path: a free one, or one whose peg can be seated elsewhere.
func seat(p *problem, c uint8, all uint64, owner *[wordPegs]uint8, seen *uint64) bool {
	for open := all &^ p.shut[c]; open&^*seen != 0; {
		q := bits.TrailingZeros64(open &^ *seen)
		*seen |= 1 << q
		if owner[q] == 0 || seat(p, owner[q], all, owner, seen) {
			owner[q] = c
			return true
		}
	}
	return false
}
