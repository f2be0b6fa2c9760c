package play

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/oware"
)

// The board's colours: the house under the cursor, the house last sown
// and the houses it captured.
var (
	cursorStyle = lipgloss.NewStyle().Background(tui.ColourAccent).Foreground(lipgloss.Color("#000000")).Bold(true)
	lastStyle   = lipgloss.NewStyle().Underline(true).Bold(true).Foreground(tui.ColourAccent)
	takenStyle  = lipgloss.NewStyle().Background(tui.ColourError).Foreground(lipgloss.Color("#ffffff")).Bold(true)
	houseStyle  = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(tui.ColourDim)
)

// cell draws house h, 5 cells wide.
func (m *Model) cell(p oware.Position, h int) string {
	text := fmt.Sprintf(" %2d  ", p.House(h))
	if p.House(h) == 0 {
		text = "  ·  "
	}
	switch {
	case slices.Contains(m.lastTaken, h):
		return takenStyle.Render(text)
	case m.showCursor() && h == int(m.cursorMove()):
		return cursorStyle.Render(text)
	case h == int(m.last):
		return lastStyle.Render(text)
	}
	return text
}

// showCursor reports whether a person is to move.
func (m *Model) showCursor() bool { return !m.game.Over() && !m.computerToMove() }

// board draws the game's board as the person sees it.
func (m *Model) board() string {
	p := m.game.Position()
	return drawBoard(p, m.turned(), func(h int) string { return m.cell(p, h) })
}

// drawBoard draws the two rows, North's from f to a above South's from A
// to F, each store beside its owner's end of the board, each house drawn
// by cell; turned half round (South's row on top), so that a person
// playing North has their row nearer.
func drawBoard(p oware.Position, turned bool, cell func(h int) string) string {
	var north, south []string
	for i := range oware.RowLength {
		north = append(north, cell(oware.HouseCount-1-i))
		south = append(south, cell(i))
	}
	letters := func(from byte, reverse bool) string {
		var ls []string
		for i := range oware.RowLength {
			c := from + byte(i)
			if reverse {
				c = from + byte(oware.RowLength-1-i)
			}
			ls = append(ls, fmt.Sprintf("  %c  ", c))
		}
		return tui.Dim.Render(strings.Join(ls, "│"))
	}
	store := func(s oware.Side) string {
		return lipgloss.JoinVertical(lipgloss.Center, tui.Dim.Render(s.String()), tui.Strong.Render(fmt.Sprintf("%2d", p.Store(s))))
	}
	line := strings.Repeat("─", 6*oware.RowLength-1)
	if turned {
		slices.Reverse(north)
		slices.Reverse(south)
		rows := strings.Join([]string{letters('A', true), strings.Join(south, "│"), line, strings.Join(north, "│"), letters('a', false)}, "\n")
		return lipgloss.JoinHorizontal(lipgloss.Center, store(oware.South), " ", houseStyle.Render(rows), " ", store(oware.North))
	}
	rows := strings.Join([]string{letters('a', true), strings.Join(north, "│"), line, strings.Join(south, "│"), letters('A', false)}, "\n")
	return lipgloss.JoinHorizontal(lipgloss.Center, store(oware.North), " ", houseStyle.Render(rows), " ", store(oware.South))
}

// plainCell draws house h of p, 5 cells wide, underlined if it is last.
func plainCell(p oware.Position, h int, last oware.Move) string {
	text := fmt.Sprintf(" %2d  ", p.House(h))
	if p.House(h) == 0 {
		text = "  ·  "
	}
	if h == int(last) {
		return lastStyle.Render(text)
	}
	return text
}

// turned reports whether the board is drawn with North's row nearer: the
// person plays North against the computer.
func (m *Model) turned() bool {
	return m.opts.Players == [2]Who{Computer, Human}
}

// moveList writes the last moves of the game, numbered by move pairs, as
// wide as the board.
func (m *Model) moveList() string {
	moves := m.game.Moves()
	if len(moves) == 0 {
		return ""
	}
	var parts []string
	for i := 0; i < len(moves); i += 2 {
		pair := fmt.Sprintf("%d.%v", i/2+1, moves[i])
		if i+1 < len(moves) {
			pair += moves[i+1].String()
		}
		parts = append(parts, pair)
	}
	text := strings.Join(parts, " ")
	const width = 44
	if len(text) > width {
		text = "…" + text[len(text)-width+1:]
		if i := strings.IndexByte(text, ' '); i > 0 {
			text = "…" + text[i:]
		}
	}
	return tui.Dim.Render(text)
}

// recordLine says the person's record against the computer's setting.
func (m *Model) recordLine() string {
	if m.opts.Players[oware.South] == m.opts.Players[oware.North] {
		return ""
	}
	key := StatsKey(m.opts.Engine, m.opts.Limits)
	r := m.opts.Profile.Stats.Get(key)
	if r.Played == 0 {
		return ""
	}
	return tui.Dim.Render(fmt.Sprintf("you against %s: %d won, %d drawn, %d lost", key, r.Won, r.Drawn, r.Lost()))
}

// who names the player of a side.
func (m *Model) who(s oware.Side) string {
	if m.opts.Players[s] == Human {
		if m.opts.Players == [2]Who{Human, Human} {
			return s.String()
		}
		return s.String() + " (you)"
	}
	return fmt.Sprintf("%v (%s)", s, StatsKey(m.opts.Engine, m.opts.Limits))
}

// status says whose turn it is, or how the game ended.
func (m *Model) status() string {
	if m.game.Over() {
		p := m.game.Position()
		r := m.game.Result()
		score := fmt.Sprintf("%d–%d", p.Store(oware.South), p.Store(oware.North))
		if r.Draw {
			return tui.Title.Render("A draw, " + score + ": " + r.End.String())
		}
		return tui.Title.Render(fmt.Sprintf("%s wins %s: %v", m.who(r.Winner), score, r.End))
	}
	side := m.game.Position().ToMove()
	switch {
	case m.paused:
		return fmt.Sprintf("%s to move (paused)", m.who(side))
	case m.computerToMove():
		return fmt.Sprintf("%s is thinking…", m.who(side))
	}
	return fmt.Sprintf("%s to move: choose a house (%s)", m.who(side), legalLetters(m.game.Legal()))
}

func legalLetters(s oware.MoveSet) string {
	var ls []string
	for _, mv := range s.Moves() {
		ls = append(ls, mv.String())
	}
	return strings.Join(ls, " ")
}

// View implements tea.Model.
func (m *Model) View() string {
	if m.help {
		return tui.Centre(m.width, m.height, helpText())
	}
	layout := func(withHelp bool) func() string {
		return func() string {
			parts := []string{
				tui.Title.Render("Oware") + tui.Dim.Render(fmt.Sprintf("  ·  %v", m.game.Rules())),
				"",
				m.board(),
				"",
				m.status(),
				m.message,
				m.moveList(),
				m.recordLine(),
			}
			if m.notice != "" {
				parts = append(parts, tui.Notice(m.notice, min(m.width, 70)))
			}
			if withHelp {
				parts = append(parts, "", tui.HelpLines(m.width,
					[]key.Binding{Keys.Left, Keys.Sow, Keys.Hint, Keys.Undo},
					[]key.Binding{Keys.Save, Keys.New, Keys.Pause, Keys.Rules, tui.Keys.Leave}))
			}
			return lipgloss.JoinVertical(lipgloss.Center, parts...)
		}
	}
	return tui.Fit(m.width, m.height, m.notice, layout(true), layout(false))
}

func helpText() string {
	return tui.Panel.Render(strings.Join([]string{
		tui.Title.Render("Oware (Abapa)"),
		"",
		"Each side owns six houses: South A–F along the bottom, North a–f",
		"along the top. Sowing runs anticlockwise: A→F, then a→f, back to A.",
		"",
		"• A move takes every seed of one of your houses and sows them one",
		"  by one into the following houses (skipping the house it left).",
		"• If the last seed lands on the opponent's side and makes 2 or 3,",
		"  those are captured, and so are the houses before it that hold",
		"  2 or 3, back to the first that does not.",
		"• A capture that would take every seed of the opponent captures",
		"  nothing (a grand slam).",
		"• If your opponent has no seeds you must give them some.",
		"• 25 seeds win. A position that repeats, or no move left, ends the",
		"  game: each side takes the seeds on its own row.",
		"",
		"Keys: ←/→ and enter, or a house letter (either case), to sow;",
		"h recommends a move; u undoes; ctrl+s saves the game record;",
		"n starts again; p pauses two computers; q leaves (your game",
		"goes on next time); ? shows this page. Any key closes it.",
	}, "\n"))
}
