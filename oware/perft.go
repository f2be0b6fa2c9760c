package oware

import (
	"fmt"
	"io"
	"time"
)

// Perft returns the number of move sequences of exactly depth moves from
// p under rules, as the spec counts them: a line ends early when a store
// reaches 25 or the side to move has no legal move; repetitions are not
// applied. The last ply is counted, not played.
func Perft(p Position, depth int, rules Rules) uint64 {
	switch {
	case depth <= 0:
		return 1
	case depth == 1:
		return uint64(p.Legal(rules).Len())
	}
	var leaves uint64
	for moves := p.Legal(rules); moves != 0; moves = moves.Rest() {
		child := p
		child.Apply(moves.First(), rules)
		if child.Decided() {
			continue
		}
		leaves += Perft(child, depth-1, rules)
	}
	return leaves
}

// Divide returns the perft count below each legal move of p, for finding
// where two move generators disagree.
func Divide(p Position, depth int, rules Rules) map[Move]uint64 {
	counts := map[Move]uint64{}
	for moves := p.Legal(rules); moves != 0; moves = moves.Rest() {
		m := moves.First()
		child := p
		child.Apply(m, rules)
		switch {
		case depth <= 1:
			counts[m] = 1
		case child.Decided():
			counts[m] = 0
		default:
			counts[m] = Perft(child, depth-1, rules)
		}
	}
	return counts
}

// WritePerft writes to w the perft count of each depth from 1 to depth,
// with its time and speed; with divide, first the count of depth below
// each legal move.
func WritePerft(w io.Writer, p Position, depth int, rules Rules, divide bool) error {
	if divide {
		counts := Divide(p, depth, rules)
		for moves := p.Legal(rules); moves != 0; moves = moves.Rest() {
			if _, err := fmt.Fprintf(w, "%v %d\n", moves.First(), counts[moves.First()]); err != nil {
				return err
			}
		}
	}
	for d := 1; d <= depth; d++ {
		start := time.Now()
		n := Perft(p, d, rules)
		elapsed := time.Since(start)
		if _, err := fmt.Fprintf(w, "perft %2d %15d  %8.3fs  %6.1f M leaves/s\n", d, n, elapsed.Seconds(), float64(n)/max(elapsed.Seconds(), 1e-9)/1e6); err != nil {
			return err
		}
	}
	return nil
}
