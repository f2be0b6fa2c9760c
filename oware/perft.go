package oware

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
