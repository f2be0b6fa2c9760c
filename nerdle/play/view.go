package play

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"

	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/stats"
	"gamelab/internal/tui"
	"gamelab/nerdle"
)

// tileSize is the size of a box and the gaps around it.
type tileSize struct{ width, height, gapX, gapY int }

var (
	large   = tileSize{5, 3, 1, 1}
	small   = tileSize{3, 1, 1, 1}
	compact = tileSize{3, 1, 0, 0} // for 80×24 with 11 symbols or many rows
	tiny    = tileSize{1, 1, 0, 0} // and a share grid beside them
)

// Cell is one box to draw: its symbol (or " ") and its colour.
type Cell struct {
	Text   string
	Colour lipgloss.TerminalColor
}

// RenderRow draws a row of boxes side by side. A box without a colour is
// one not reached yet: a dot, no tile, so that it never looks like a tile
// of a symbol that is not there.
func RenderRow(cells []Cell, size tileSize) string {
	tiles := make([]string, len(cells))
	for i, c := range cells {
		if c.Colour == nil {
			tiles[i] = lipgloss.NewStyle().Width(size.width).Height(size.height).
				Align(lipgloss.Center, lipgloss.Center).Foreground(tui.ColourDim).Render(c.Text)
			continue
		}
		tiles[i] = tui.Tile(c.Text, nil, c.Colour, size.width, size.height)
	}
	return tui.JoinTiles(tiles, size.gapX)
}

// GuessCells returns the boxes of an accepted guess, coloured by feedback.
func GuessCells(r nerdle.Row, p palette) []Cell {
	n := r.Guess.Len()
	cells := make([]Cell, n)
	for i := range cells {
		cells[i] = Cell{r.Guess.At(i).String(), p.of(r.Feedback.At(i))}
	}
	return cells
}

// InputCells returns the boxes of the row being typed: grey, with the
// cursor's box in the cursor colour (none when the cursor is past the last
// box).
func InputCells(row string, cursor int) []Cell {
	cells := make([]Cell, len(row))
	for i := range cells {
		cells[i] = Cell{row[i : i+1], colourGrey}
	}
	if cursor >= 0 && cursor < len(cells) {
		cells[cursor].Colour = colourCursor
	}
	return cells
}

// EmptyCells returns the boxes of a row not reached yet.
func EmptyCells(n int) []Cell {
	cells := make([]Cell, n)
	for i := range cells {
		cells[i] = Cell{"·", nil}
	}
	return cells
}

// board draws every row of the game.
func (m *Model) board(size tileSize) string {
	g := m.game
	rows := make([]string, 0, g.MaxRows())
	for _, r := range g.Rows() {
		rows = append(rows, RenderRow(GuessCells(r, m.palette()), size))
	}
	if g.Status() == nerdle.Playing {
		rows = append(rows, RenderRow(InputCells(m.Row(), m.cursor), size))
	}
	for len(rows) < g.MaxRows() {
		rows = append(rows, RenderRow(EmptyCells(g.Length()), size))
	}
	return tui.JoinRows(rows, size.gapY)
}

// keyboardLayout is the on-screen keyboard, row by row.
var keyboardLayout = []string{"1234567890", "+-*/="}

// keyboard draws every symbol coloured by what the guesses revealed of it.
func (m *Model) keyboard() string {
	known := m.game.Knowledge()
	var rows []string
	for _, line := range keyboardLayout {
		cells := make([]Cell, len(line))
		for i := range cells {
			s, _ := nerdle.SymbolOf(line[i])
			cells[i] = Cell{line[i : i+1], knowledgeColour(known[s], m.palette())}
		}
		rows = append(rows, RenderRow(cells, small))
	}
	return lipgloss.JoinVertical(lipgloss.Center, rows...)
}

// knowledgeColour colours a key: grey if untried, else as the best colour
// the symbol has had (Absent, Present and Placed follow Black, Magenta and
// Green).
func knowledgeColour(k nerdle.Knowledge, p palette) lipgloss.TerminalColor {
	if k == nerdle.Untried {
		return colourGrey
	}
	return p.of(nerdle.Colour(k - nerdle.Absent))
}

// endPanel shows the result and the statistics after a game: the bar of
// the game just played stands out, a win with hints says so, and the daily
// puzzle counts its streak in days.
func (m *Model) endPanel() string {
	g := m.game
	var head string
	if g.Status() == nerdle.Won {
		head = fmt.Sprintf("Solved in %d of %d!", len(g.Rows()), g.MaxRows())
		if m.hinted {
			head = fmt.Sprintf("Solved in %d of %d, with hints.", len(g.Rows()), g.MaxRows())
		}
	} else {
		head = "Out of rows."
	}
	key, label := StatsKey(g.Length(), g.MaxRows(), g.Rules()), "free play"
	if m.daily != "" {
		key, label = DailyKey(g.Length(), g.Rules()), "daily puzzle "+m.daily
	}
	rec := m.opts.Profile.Stats.Get(key)
	streak := rec.CurrentStreak
	if m.daily != "" {
		streak = rec.StreakOn(m.daily)
	}
	this := 0
	if g.Status() == nerdle.Won {
		this = len(g.Rows())
	}
	body := tui.Strong.Render(head) + "\n" + tui.Dim.Render(label) + "\n\n" + statsLine(rec, streak) + "\n\n"
	if m.shared != "" {
		body += m.shared // in the distribution's place, to fit short terminals
	} else {
		body += distribution(rec, g.MaxRows(), this, m.palette())
	}
	if rec.Assisted > 0 {
		body += "\n" + tui.Dim.Render(fmt.Sprintf("%s with hints", plural(rec.Assisted, "win")))
	}
	if m.daily != "" {
		body += "\n" + tui.Dim.Render("next daily puzzle in "+untilTomorrow(m.now()))
	}
	return tui.Panel.Render(body)
}

// untilTomorrow says how long it is from now to the next local midnight,
// when the next daily puzzle comes, in hours and minutes.
func untilTomorrow(now time.Time) string {
	y, mo, d := now.Date()
	left := time.Date(y, mo, d+1, 0, 0, 0, 0, now.Location()).Sub(now)
	h, min := int(left.Hours()), int(left.Minutes())%60
	if h == 0 {
		return fmt.Sprintf("%dm", max(min, 1))
	}
	return fmt.Sprintf("%dh %02dm", h, min)
}

// now returns the time by the model's clock.
func (m *Model) now() time.Time {
	if m.opts.Now != nil {
		return m.opts.Now()
	}
	return time.Now()
}

func statsLine(r stats.Record, streak int) string {
	item := func(v, label string) string {
		return lipgloss.JoinVertical(lipgloss.Center, tui.Strong.Render(v), tui.Dim.Render(label))
	}
	return lipgloss.JoinHorizontal(lipgloss.Top,
		item(fmt.Sprint(r.Played), "played"), "   ",
		item(fmt.Sprint(r.WinPercent()), "win %"), "   ",
		item(fmt.Sprint(streak), "streak"), "   ",
		item(fmt.Sprint(r.BestStreak), "best"))
}

// distribution draws how many wins took each number of guesses, the bar of
// the game just won in the colour of a right symbol.
func distribution(r stats.Record, rows, this int, p palette) string {
	most := 1
	for _, c := range r.Tries {
		most = max(most, c)
	}
	const width = 20
	var b strings.Builder
	b.WriteString(tui.Dim.Render("guess distribution"))
	for t := 1; t <= rows; t++ {
		c := 0
		if t <= len(r.Tries) {
			c = r.Tries[t-1]
		}
		bar := strings.Repeat("█", max(1, c*width/most)) + " " + fmt.Sprint(c)
		if t == this {
			bar = lipgloss.NewStyle().Foreground(p.placed).Bold(true).Render(bar + " ◂ this game")
		}
		fmt.Fprintf(&b, "\n%2d %s", t, bar)
	}
	return b.String()
}

// View implements tea.Model.
func (m *Model) View() string {
	if m.game == nil {
		if m.notice != "" {
			return tui.Error.Render(m.notice) + "\n"
		}
		return tui.Centre(m.width, m.height, tui.Dim.Render(fmt.Sprintf("Preparing the equations of length %d…", m.opts.Length)))
	}
	switch m.screen {
	case helping:
		return tui.Fit(m.width, m.height, m.notice, m.helpView)
	case settings:
		return tui.Fit(m.width, m.height, m.notice, m.settingsView)
	}
	return tui.Fit(m.width, m.height, m.notice,
		func() string { return m.layout(large, false) },
		func() string { return m.layout(large, true) },
		func() string { return m.layout(small, false) },
		func() string { return m.layout(small, true) },
		func() string { return m.layout(compact, false) },
		func() string { return m.layout(compact, true) },
		func() string { return m.layout(tiny, true) })
}

// layout composes the whole screen with boxes of the given size; after a
// game, side puts the results beside the board rather than under it, for
// wide, short terminals.
func (m *Model) layout(size tileSize, side bool) string {
	g := m.game
	what := fmt.Sprintf("  %d symbols · %v rules · %d rows", g.Length(), g.Rules(), g.MaxRows())
	if m.daily != "" {
		what = fmt.Sprintf("  daily puzzle %s · %d symbols · %v rules", m.daily, g.Length(), g.Rules())
	}
	if g.Mode().Hard {
		what += " · hard"
	}
	title := tui.Title.Render("NERDLE") + tui.Dim.Render(what)
	var status string
	switch {
	case m.message != "":
		status = tui.Error.Render(m.message)
	case m.thinking:
		status = tui.Dim.Render("Thinking…")
	case m.hint != "" && m.hintRows == len(g.Rows()) && g.Status() == nerdle.Playing:
		status = tui.Title.Render(m.hint)
	case m.remark != "":
		status = m.remark
	}
	keyboard := g.Status() == nerdle.Playing || size.gapX > 0
	parts := []string{title, "", m.board(size), "", status, ""}
	if keyboard {
		// After the game the keyboard tells nothing new: the compact
		// layouts leave it out to fit 80 columns.
		parts = append(parts, m.keyboard(), "")
	}
	var view string
	switch {
	case g.Status() == nerdle.Playing:
		parts = append(parts, tui.HelpLines(m.width,
			[]key.Binding{keys.Left, keys.Delete, keys.Enter},
			[]key.Binding{keys.Hint, keys.New, keys.Help, keys.Settings, keys.Quit}))
		view = lipgloss.JoinVertical(lipgloss.Center, parts...)
	case side:
		results := lipgloss.JoinVertical(lipgloss.Center, m.endPanel(), "", tui.KeyHelp(keys.Again, keys.Share),
			tui.KeyHelp(keys.Help, keys.Settings, keys.QuitEnd))
		// The title and the status span both columns: beside the results
		// they made the screen wider than 80 columns.
		left := []string{m.board(size)}
		if keyboard {
			left = append(left, "", m.keyboard())
		}
		view = lipgloss.JoinVertical(lipgloss.Center, title, "",
			lipgloss.JoinHorizontal(lipgloss.Center, lipgloss.JoinVertical(lipgloss.Center, left...), "   ", results),
			"", status)
	default:
		parts = append(parts, m.endPanel(), "", tui.HelpLines(m.width,
			[]key.Binding{keys.Again, keys.Share},
			[]key.Binding{keys.Help, keys.Settings, keys.QuitEnd}))
		view = lipgloss.JoinVertical(lipgloss.Center, parts...)
	}
	if m.notice != "" {
		view = lipgloss.JoinVertical(lipgloss.Center, view, tui.Notice(m.notice, lipgloss.Width(view)))
	}
	return view
}
