package play

import (
	"fmt"

	"gamelab/nerdle"
)

// winRemarks praise a win by the row it came on.
var winRemarks = []string{
	"Genius! First try.",
	"Magnificent!",
	"Impressive!",
	"Splendid!",
	"Great!",
	"Phew! Just in time.",
}

// Remark is a word of encouragement for the state of g after a guess,
// in the spirit of the web game.
func Remark(g *nerdle.Game) string {
	rows := g.Rows()
	n := len(rows)
	switch g.Status() {
	case nerdle.Won:
		if n == g.MaxRows() {
			return winRemarks[len(winRemarks)-1]
		}
		return winRemarks[min(n, len(winRemarks)-1)-1]
	}
	last := rows[n-1].Feedback
	greens := 0
	for i := 0; i < g.Length(); i++ {
		if last.At(i) == nerdle.Green {
			greens++
		}
	}
	if g.Status() == nerdle.Lost {
		// The last row says how near the player came.
		switch {
		case greens >= g.Length()-2:
			return fmt.Sprintf("So close! The answer was %v.", g.Secret())
		case 2*greens >= g.Length():
			return fmt.Sprintf("Nearly there. The answer was %v.", g.Secret())
		}
		return fmt.Sprintf("Not this time. The answer was %v.", g.Secret())
	}
	left := g.MaxRows() - n
	switch {
	case left == 1:
		return "Last row. Make it count!"
	case greens == g.Length()-1:
		return "One symbol away!"
	case n >= 3 && 2*greens < g.Length():
		return "That is taking a while…"
	case 2*greens >= g.Length():
		return "Getting warm!"
	case n == 1:
		return "A start. Read the colours."
	}
	return "Keep going."
}
