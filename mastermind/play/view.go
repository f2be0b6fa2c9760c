package play

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/mastermind"
)

// pegColours are the colours of pegs 1 to 9, chosen apart on dark and
// light terminals; each peg also shows its number.
var pegColours = [MaxColours + 1]lipgloss.CompleteColor{
	{}, // no colour 0
	{TrueColor: "#e53935", ANSI256: "160", ANSI: "1"},
	{TrueColor: "#43a047", ANSI256: "34", ANSI: "2"},
	{TrueColor: "#1e88e5", ANSI256: "33", ANSI: "4"},
	{TrueColor: "#fdd835", ANSI256: "220", ANSI: "3"},
	{TrueColor: "#8e24aa", ANSI256: "91", ANSI: "5"},
	{TrueColor: "#fb8c00", ANSI256: "208", ANSI: "11"},
	{TrueColor: "#00acc1", ANSI256: "37", ANSI: "6"},
	{TrueColor: "#f06292", ANSI256: "205", ANSI: "13"},
	{TrueColor: "#8d6e63", ANSI256: "137", ANSI: "8"},
}

// peg draws colour c (0: an empty hole) as a coloured block with its
// number.
func peg(c uint8) string {
	if c == 0 {
		return tui.Dim.Render(" · ")
	}
	return lipgloss.NewStyle().Background(pegColours[c]).Foreground(lipgloss.Color("#000000")).Bold(true).Render(fmt.Sprintf(" %d ", c))
}

func pegs(code mastermind.Code) string {
	parts := make([]string, len(code))
	for i, c := range code {
		parts[i] = peg(c)
	}
	return strings.Join(parts, " ")
}

// pins draws an answer as black and white pins: ● for blacks, ○ for
// whites, · for the rest.
func pins(a mastermind.Answer, n int) string {
	return strings.Repeat("●", a.Blacks) + strings.Repeat("○", a.Whites) + tui.Dim.Render(strings.Repeat("·", n-a.Blacks-a.Whites))
}

// View implements tea.Model.
func (m *Model) View() string {
	if m.help {
		return tui.Centre(m.width, m.height, helpText())
	}
	block := func(layout func() string) func() string {
		return func() string { return lipgloss.JoinVertical(lipgloss.Left, strings.Split(layout(), "\n")...) }
	}
	switch m.screen {
	case breakScreen:
		// A board taller than the terminal shows its latest rows.
		layouts := []func() string{block(func() string { return m.breakView(0) })}
		for _, window := range []int{16, 12, 8, 5, 3, 1} {
			layouts = append(layouts, block(func() string { return m.breakView(window) }))
		}
		return tui.Fit(m.width, m.height, m.notice, layouts...)
	case makeScreen:
		return tui.Fit(m.width, m.height, m.notice, block(m.makeView))
	}
	return tui.Fit(m.width, m.height, m.notice, block(m.chooseView))
}

func (m *Model) title() string {
	return tui.Title.Render("Mastermind") + tui.Dim.Render(fmt.Sprintf("   %d pegs, colours 1 to %d", m.opts.Pegs, m.opts.Colours))
}

func (m *Model) footer(help ...key.Binding) string {
	var parts []string
	for _, s := range []string{m.message, m.notice} {
		if s != "" {
			parts = append(parts, tui.LeftNotice(s, min(max(m.width, 40), 76)))
		}
	}
	return strings.Join(append(parts, tui.HelpLines(m.width, help, []key.Binding{tui.Keys.Help, tui.Keys.Quit})), "\n")
}

func (m *Model) chooseView() string {
	var b strings.Builder
	b.WriteString(m.title() + "\n\n")
	for i, s := range []string{"Break the code: find the computer's secret", "Make the code: think of one, the computer finds it"} {
		marker := "  "
		if i == m.choice {
			marker = tui.Title.Render("▸ ")
		}
		b.WriteString(marker + s + "\n")
	}
	b.WriteString("\n" + m.footer(Keys.Up, Keys.Enter))
	return b.String()
}

// breakView draws the breaking role's board: every row, or, with window
// above 0, the latest window rows played, the row being typed and how
// many are left, for terminals too short for all of them.
func (m *Model) breakView(window int) string {
	var b strings.Builder
	b.WriteString(m.title() + "\n\n")
	g := m.breaking
	hints := g.Hints()
	first := 0
	if window > 0 && len(hints) > window {
		first = len(hints) - window
		b.WriteString(tui.Dim.Render(fmt.Sprintf("    ⋮ %s before", plural(first, "row"))) + "\n")
	}
	for i, h := range hints[first:] {
		b.WriteString(fmt.Sprintf("%2d  %s   %s\n", first+i+1, pegs(h.Guess), pins(h.Answer, m.opts.Pegs)))
	}
	if !g.Over() {
		cursor := make([]string, m.opts.Pegs)
		for i := range cursor {
			cursor[i] = "   "
			if i == m.cursor {
				cursor[i] = tui.Title.Render(" ▲ ")
			}
		}
		b.WriteString(fmt.Sprintf("%2d  %s\n    %s\n", len(hints)+1, pegs(m.row), strings.Join(cursor, " ")))
		left := m.opts.Rows - len(hints) - 1
		if window > 0 {
			b.WriteString(tui.Dim.Render(fmt.Sprintf("    %s left after this one", plural(left, "row"))) + "\n")
		} else {
			holes := pegs(make(mastermind.Code, m.opts.Pegs))
			for r := range left {
				b.WriteString(tui.Dim.Render(fmt.Sprintf("%2d  ", len(hints)+2+r)) + holes + "\n")
			}
		}
	}
	b.WriteString("\n")
	switch {
	case g.Won():
		found := tui.Strong.Render(fmt.Sprintf("Found in %d!", len(hints)))
		if m.helped {
			found += tui.Dim.Render(" With hints.")
		}
		b.WriteString(found + "\n")
	case g.Over():
		secret, _ := g.Secret()
		b.WriteString(tui.Strong.Render("Out of rows.") + " The code was " + pegs(secret) + "\n")
	case m.left >= 0:
		b.WriteString(fmt.Sprintf("%d codes are still possible.\n", m.left))
	default:
		b.WriteString("\n")
	}
	if g.Over() {
		r := m.opts.Profile.Stats.Get(StatsKey(m.opts.Pegs, m.opts.Colours))
		b.WriteString(tui.Dim.Render(fmt.Sprintf("Played %d, won %d (%d%%), best streak %d.", r.Played, r.Won, r.WinPercent(), r.BestStreak)) + "\n")
		return b.String() + "\n" + m.footer(Keys.New)
	}
	digits := key.NewBinding(key.WithKeys("1"), key.WithHelp(fmt.Sprintf("1-%d", m.opts.Colours), "colour"))
	return b.String() + "\n" + m.footer(digits, Keys.Left, Keys.Back, Keys.Enter, Keys.Count, Keys.Hint)
}

func (m *Model) makeView() string {
	var b strings.Builder
	b.WriteString(m.title() + "\n\n")
	b.WriteString(tui.Dim.Render("Think of a code; answer each guess: blacks (right colour, right peg),\nwhites (right colour, wrong peg).") + "\n\n")
	for i, h := range m.answers {
		b.WriteString(fmt.Sprintf("%2d  %s   %s\n", i+1, pegs(h.Guess), pins(h.Answer, m.opts.Pegs)))
	}
	if m.found {
		b.WriteString("\n" + tui.Strong.Render(fmt.Sprintf("Found in %d.", len(m.answers))) + "\n\n")
		return b.String() + m.footer(Keys.New)
	}
	field := func(i, v int, name string) string {
		s := fmt.Sprintf("%s %d", name, v)
		if i == m.field {
			return tui.Title.Render("[" + s + "]")
		}
		return " " + s + " "
	}
	digits := key.NewBinding(key.WithKeys("0"), key.WithHelp(fmt.Sprintf("0-%d, ↑/↓", m.opts.Pegs), "set"))
	footer := m.footer(digits, Keys.Left, withHelp(Keys.Enter, "enter", "answer"), withHelp(Keys.Back, "⌫", "take back a row"))
	if m.thinking {
		// Empty holes where the guess comes, and everything as wide as
		// when it has come, so that nothing on the screen moves.
		holes := pegs(make(mastermind.Code, m.opts.Pegs))
		b.WriteString(fmt.Sprintf("%2d  %s   %s\n\n", len(m.answers)+1, holes, tui.Dim.Render(fmt.Sprintf("%-21s", "thinking…"))))
		return b.String() + footer
	}
	b.WriteString(fmt.Sprintf("%2d  %s   %s %s\n\n", len(m.answers)+1, pegs(m.guess), field(0, m.answer.Blacks, "blacks"), field(1, m.answer.Whites, "whites")))
	return b.String() + footer
}

func withHelp(b key.Binding, k, h string) key.Binding {
	b.SetHelp(k, h)
	return b
}

func helpText() string {
	return lipgloss.NewStyle().Width(70).Render(strings.Join([]string{
		tui.Title.Render("How to play"),
		"",
		"A code is a row of coloured pegs; colours may repeat. Each guess is answered with black pins (●), one for each peg of the right colour in the right place, and white pins (○), one for each other peg of a colour the code has (as many as the code has of it).",
		"",
		"Breaking: type a colour's number for each peg, enter to guess; c says how many codes are still possible, h fills the row with the codebreaker's guess (a game won with it is marked so).",
		"",
		"Making: think of a code; for each of the computer's guesses type the blacks and the whites, enter to answer. The computer says so if an answer contradicts the earlier ones.",
		"",
		tui.Dim.Render("Any key goes back."),
	}, "\n"))
}

// plural writes n and word, in the plural unless n is 1.
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// formatCode writes a code as its colours' digits: 1 1 2 3.
func formatCode(c mastermind.Code) string {
	parts := make([]string, len(c))
	for i, x := range c {
		parts[i] = fmt.Sprint(x)
	}
	return strings.Join(parts, " ")
}
