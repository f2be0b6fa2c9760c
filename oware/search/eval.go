package search

import "gamelab/oware"

// Weights are the terms of the engine's evaluation, in hundredths of a
// seed, each counted for the side to move's houses and against the
// opponent's.
type Weights struct {
	Empty      Score // an empty house: fewer moves, and a target to feed into
	Vulnerable Score // a house of 1 or 2 seeds: one or two sown make 2 or 3 there
	Large      Score // a house of 12 or more: it goes round and captures later
	Tempo      Score // the side to move
	Row        Score // a seed on one's own row: what a cycle or the end of moves hands over
}

// DefaultWeights are the evaluation's weights, tuned by self-play.
var DefaultWeights = Weights{Empty: -200, Vulnerable: -40, Large: 150, Tempo: 40}

// evaluator rates positions with a table of the value of a house by its
// seeds.
type evaluator struct {
	house [oware.TotalSeeds + 1]Score
	tempo Score
}

// The house table folds the Row weight in: a house of n seeds is worth
// n·Row besides its shape.

func newEvaluator(w Weights) *evaluator {
	e := &evaluator{tempo: w.Tempo}
	e.house[0] = w.Empty
	e.house[1], e.house[2] = w.Vulnerable, w.Vulnerable
	for n := 12; n <= oware.TotalSeeds; n++ {
		e.house[n] = w.Large
	}
	for n := range e.house {
		e.house[n] += Score(n) * w.Row
	}
	return e
}

// evaluate rates p for the side to move: the lead in captured seeds and
// the shape of the two rows.
func (e *evaluator) evaluate(p oware.Position) Score {
	side := p.ToMove()
	s := Score(p.Lead(side))*100 + e.tempo
	own, opp := int(side)*oware.RowLength, int(side.Opponent())*oware.RowLength
	for i := range oware.RowLength {
		s += e.house[p.House(own+i)] - e.house[p.House(opp+i)]
	}
	return s
}
