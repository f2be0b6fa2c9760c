package play

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/nerdle"
)

// helpExample is the example of the help screen: a guess and the secret
// that colours it.
var helpExample = struct{ guess, secret nerdle.Equation }{
	nerdle.MustParseEquation("12+35=47"), nerdle.MustParseEquation("23+34=57"),
}

// guesses says "1 guess" or "6 guesses".
func guesses(n int) string {
	if n == 1 {
		return "1 guess"
	}
	return fmt.Sprintf("%d guesses", n)
}

// explain says in words what the colours of r mean.
func explain(r nerdle.Row) string {
	var by [3][]string
	for i := range r.Guess.Len() {
		c := r.Feedback.At(i)
		by[c] = append(by[c], r.Guess.At(i).String())
	}
	var parts []string
	for _, c := range []struct {
		colour nerdle.Colour
		says   string
	}{{nerdle.Green, "right"}, {nerdle.Magenta, "elsewhere"}, {nerdle.Black, "not in it"}} {
		if len(by[c.colour]) > 0 {
			parts = append(parts, strings.Join(by[c.colour], " ")+" "+c.says)
		}
	}
	return strings.Join(parts, "; ") + "."
}

// helpView draws the rules, the colours with an example, and the keys.
func (m *Model) helpView() string {
	p := m.palette()
	g := m.game
	row := nerdle.Row{Guess: helpExample.guess, Feedback: nerdle.Score(helpExample.secret, helpExample.guess)}
	swatch := func(c nerdle.Colour, text string) string {
		return RenderRow([]Cell{{"", p.of(c)}}, small) + " " + text
	}
	rules := []string{
		tui.Title.Render("HOW TO PLAY"),
		"",
		"Find the hidden equation in " + guesses(g.MaxRows()) + ".",
		"Each guess is a valid equation of " + plural(g.Length(), "symbol") + ":",
		"digits, + - * / and one =, the right side a whole number.",
		"",
		"After each guess the boxes show what it got right:",
		swatch(nerdle.Green, "right symbol, right place"),
		swatch(nerdle.Magenta, "in the equation, but elsewhere"),
		swatch(nerdle.Black, "not in it (or not as often)"),
		"",
		"If the secret were " + helpExample.secret.String() + ", the guess " + helpExample.guess.String() + " would show",
		RenderRow(GuessCells(row, p), small),
		tui.Dim.Render(explain(row)),
		"",
		strings.Join([]string{
			tui.KeyHelp(keys.Left, keys.Home, keys.Delete, keys.Enter),
			tui.KeyHelp(keys.Hint, keys.Settings, keys.Help, keys.Quit),
		}, "\n"),
	}
	return lipgloss.JoinVertical(lipgloss.Center, tui.Panel.Render(lipgloss.JoinVertical(lipgloss.Left, rules...)), "",
		tui.KeyHelp(keys.Back))
}
