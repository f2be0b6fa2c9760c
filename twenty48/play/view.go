package play

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"gamelab/internal/tui"
	"gamelab/twenty48"
)

// tileSize is the size of a tile and the gaps around it. Terminal cells are
// about twice as tall as wide, so a tile twice as wide as tall looks
// square; the smallest still holds the longest label, 131072.
type tileSize struct{ width, height, gapX, gapY int }

var tileSizes = []tileSize{{10, 5, 2, 1}, {8, 4, 2, 1}, {6, 3, 1, 1}, {6, 2, 1, 0}, {6, 1, 1, 0}}

// View implements tea.Model. The largest tiles that let the whole board,
// with the lines above and below it, fit the terminal are used.
func (m *Model) View() string {
	if m.help {
		return tui.Fit(m.width, m.height, m.notice, m.helpView)
	}
	return fitTiles(m.width, m.height, m.notice, m.layout)
}

// helpView explains the game, its mode and its keys.
func (m *Model) helpView() string {
	rules := []string{
		"Slide the tiles with the arrows: they all move as far as they can,",
		"and two of a value that meet merge into one of twice the value,",
		"which adds it to the score. After each move a 2 (or, one time in",
		"ten, a 4) appears on an empty cell. Make a 2048, then go on; the",
		"game ends when no move changes the board.",
	}
	switch m.opts.Mode {
	case twenty48.ShuffleMode:
		rules = append(rules, "", "Shuffle: x moves every tile to a random cell, as a move.")
	case twenty48.EvilMode:
		rules = append(rules, "",
			"Evil tiles (X) take the place of a 2 one time in ten. They merge",
			"with no number and block the way; two evil tiles that meet vanish.")
	}
	keyLines := []string{
		"arrows    move",
		"u         undo (when the game was started with --undo N)",
		"h         a hint from the computer player; a autoplays",
		"n         a new game",
		"r         save the game as a replay file, once it is over",
		"m         animation on or off",
		"?         this page",
		"q or esc  leave (a game under way goes on next time)",
	}
	if m.opts.Mode == twenty48.ShuffleMode {
		keyLines = slices.Insert(keyLines, 1, "x         shuffle")
	}
	return lipgloss.JoinVertical(lipgloss.Left,
		tui.Title.Render("2048")+tui.Dim.Render("  rules and keys"), "",
		strings.Join(rules, "\n"), "",
		strings.Join(keyLines, "\n"), "",
		tui.Dim.Render("Any key goes back to the game."))
}

// fitTiles returns layout with the largest tiles that fit a width ×
// height screen, or the too-small screen with notice.
func fitTiles(width, height int, notice string, layout func(tileSize) string) string {
	layouts := make([]func() string, len(tileSizes))
	for i, size := range tileSizes {
		layouts[i] = func() string { return layout(size) }
	}
	return tui.Fit(width, height, notice, layouts...)
}

// layout composes the screen with tiles of the given size: the title and
// figures above the board, the message and keys below it.
func (m *Model) layout(size tileSize) string {
	g := m.game
	about := fmt.Sprintf("  %d×%d %v", m.opts.Size, m.opts.Size, m.opts.Mode)
	if m.opts.Seed.Given || g.Over() {
		// The seed draws the tiles to come: shown only when the player
		// chose it, or once the game is over.
		about += fmt.Sprintf(" · seed %d", g.Seed())
	}
	title := tui.Title.Render("2048") + tui.Dim.Render(about)
	figures := fmt.Sprintf("score %s   best %s   moves %s",
		tui.Strong.Render(fmt.Sprint(g.Score())), tui.Strong.Render(fmt.Sprint(m.best())), tui.Strong.Render(fmt.Sprint(len(g.Moves()))))
	if m.opts.Undo > 0 {
		figures += fmt.Sprintf("   undo %s", tui.Strong.Render(fmt.Sprintf("%d/%d", g.CanUndo(), m.opts.Undo)))
	}
	if m.helped {
		figures += tui.Dim.Render("   with help")
	}
	status := m.message
	switch {
	case m.winPause:
		status = tui.Panel.Render(tui.Strong.Render("You made 2048!") + fmt.Sprintf("  Score %d.", g.Score()) + "\n" +
			tui.KeyHelp(keys.Keep, keys.New, keys.Quit))
	case g.Over():
		best := "best " + fmt.Sprint(m.best())
		if !m.helped && g.Score() >= m.best() && g.Score() > 0 {
			best = "a new best"
		}
		head := tui.Strong.Render("Game over.") + fmt.Sprintf("  Score %d, %s.", g.Score(), best)
		r := m.opts.Profile.Stats.Get(StatsKey(m.opts.Size, m.opts.Mode))
		record := fmt.Sprintf("%d×%d %v: played %d, 2048 in %d, mean score %.0f", m.opts.Size, m.opts.Size, m.opts.Mode, r.Played, r.Won, r.MeanScore())
		status = tui.Panel.Render(head + "\n" + tui.Dim.Render(record) + "\n" + tui.Dim.Render(m.message))
	case status != "":
		status = tui.Title.Render(status)
	case g.Won():
		status = tui.Dim.Render("2048 reached.")
	}
	moves := []key.Binding{keys.Up, keys.Undo, keys.New, keys.Hint, keys.Auto}
	if m.opts.Mode == twenty48.ShuffleMode {
		moves = slices.Insert(moves, 1, keys.Shuffle)
	}
	help := tui.HelpLines(m.width, moves, []key.Binding{keys.Save, keys.Animate, keys.Help, keys.Quit})
	parts := []string{title, figures, "", m.board(size), "", status, help}
	view := lipgloss.JoinVertical(lipgloss.Center, parts...)
	if m.notice != "" {
		view = lipgloss.JoinVertical(lipgloss.Center, view, tui.Notice(m.notice, lipgloss.Width(view)))
	}
	return view
}

// board draws the tiles: the board as it is, or a frame of the slide under
// way.
func (m *Model) board(size tileSize) string {
	grid := m.game.Grid()
	if m.slides != nil {
		grid = m.slideFrame()
	}
	return boardView(grid, size)
}

// boardView draws a board with tiles of the given size.
func boardView(grid twenty48.Grid, size tileSize) string {
	n := grid.Size()
	rows := make([]string, n)
	for r := range n {
		tiles := make([]string, n)
		for c := range n {
			tiles[c] = renderTile(grid.At(r, c), size)
		}
		rows[r] = tui.JoinTiles(tiles, size.gapX)
	}
	return tui.JoinRows(rows, size.gapY)
}

// slideFrame returns the board at the current frame of the slide: every
// tile part of the way from its cell to where it goes, before merging.
func (m *Model) slideFrame() twenty48.Grid {
	frame, _ := twenty48.NewGrid(m.from.Size())
	t := float64(m.frame+1) / float64(slideFrames+1)
	for _, s := range m.slides {
		r := int(math.Round(float64(s.FromR) + float64(s.ToR-s.FromR)*t))
		c := int(math.Round(float64(s.FromC) + float64(s.ToC-s.FromC)*t))
		frame.Set(r, c, s.Exp)
	}
	return frame
}

// renderTile draws one cell: its value centred on its colour.
func renderTile(e uint8, size tileSize) string {
	label := twenty48.Label(e)
	if e == 0 {
		label = ""
	}
	fg, bg := tileStyle(e)
	return tui.Tile(label, fg, bg, size.width, size.height)
}
