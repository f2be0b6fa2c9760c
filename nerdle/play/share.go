package play

import (
	"fmt"
	"strings"

	"gamelab/nerdle"
)

// ShareText is the result grid players post: a title line (the game, its
// length, the day or seed, the guesses used out of the rows, * for hard
// mode) and a row of coloured squares per guess. It never shows an
// equation.
func ShareText(g *nerdle.Game, label string, hinted bool, p palette) string {
	used := "X"
	if g.Status() == nerdle.Won {
		used = fmt.Sprint(len(g.Rows()))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "gamelab Nerdle %d · %s · %s/%d", g.Length(), label, used, g.MaxRows())
	if g.Mode().Hard {
		b.WriteByte('*')
	}
	if hinted {
		b.WriteString(" (with hints)")
	}
	for _, r := range g.Rows() {
		b.WriteByte('\n')
		for i := range g.Length() {
			b.WriteString(p.squares[r.Feedback.At(i)])
		}
	}
	return b.String()
}
