// Package tui holds the chrome shared by every gamelab game: the neutral
// colours and text styles, panels, the help line, notices, and the screen
// for a terminal too small to draw a game. It also holds the keys every
// game shares, the helper that picks the largest layout that fits, the menu
// of games, and the program runner that restores the terminal on a panic.
// Each game owns its own colours (tiles, pegs, cards); the chrome makes all
// of them look like one program.
package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// The chrome's colours, chosen to read on dark and light terminals. Each
// names its nearest 256- and 16-colour forms, because automatic conversion
// turns dark greys into navy blue.
var (
	ColourWhite  = lipgloss.CompleteColor{TrueColor: "#ffffff", ANSI256: "231", ANSI: "15"}
	ColourAccent = lipgloss.CompleteColor{TrueColor: "#7aa2f7", ANSI256: "111", ANSI: "12"}
	ColourDim    = lipgloss.AdaptiveColor{Light: "#8a8a8a", Dark: "#6c6c6c"}
	ColourError  = lipgloss.AdaptiveColor{Light: "#b00020", Dark: "#ff6b6b"}
)

// Styles shared by the games.
var (
	Title   = lipgloss.NewStyle().Bold(true).Foreground(ColourAccent)
	Dim     = lipgloss.NewStyle().Foreground(ColourDim)
	Error   = lipgloss.NewStyle().Foreground(ColourError).Bold(true)
	Strong  = lipgloss.NewStyle().Bold(true)
	Panel   = lipgloss.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(ColourDim).Padding(0, 1)
	helpTxt = help.New()
)

// Keys every game shares, so that they mean the same everywhere: Quit
// while the player types (q may be a move), Leave where nothing is typed
// (menus, finished games, watch views).
var Keys = struct {
	Quit, Leave, Help key.Binding
}{
	Quit:  key.NewBinding(key.WithKeys("esc", "ctrl+c"), key.WithHelp("esc", "quit")),
	Leave: key.NewBinding(key.WithKeys("q", "esc", "ctrl+c"), key.WithHelp("q", "quit")),
	Help:  key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
}

// Tile renders text centred on a block of colour bg, width cells wide and
// height lines tall, in bold fg (white if nil): the look of a game tile.
func Tile(text string, fg, bg lipgloss.TerminalColor, width, height int) string {
	if fg == nil {
		fg = ColourWhite
	}
	return lipgloss.NewStyle().
		Width(width).Height(height).
		Align(lipgloss.Center, lipgloss.Center).
		Background(bg).Foreground(fg).Bold(true).
		Render(text)
}

// KeyHelp renders a one-line summary of the given key bindings.
func KeyHelp(bindings ...key.Binding) string {
	return helpTxt.ShortHelpView(bindings)
}

// HelpLines renders key bindings on one line if it fits width cells (or
// width is 0), else each group on a line of its own.
func HelpLines(width int, groups ...[]key.Binding) string {
	var all []key.Binding
	for _, g := range groups {
		all = append(all, g...)
	}
	line := KeyHelp(all...)
	if width == 0 || lipgloss.Width(line) <= width {
		return line
	}
	lines := make([]string, len(groups))
	for i, g := range groups {
		lines[i] = KeyHelp(g...)
	}
	return lipgloss.JoinVertical(lipgloss.Center, lines...)
}

// Notice renders a message the player must see (trouble loading or saving,
// say) wrapped to width cells, each line centred, or unwrapped if width is
// 0: for views centred line by line.
func Notice(text string, width int) string { return notice(text, width, lipgloss.Center) }

// LeftNotice renders a message as Notice does, its lines aligned on the
// left: for views whose lines start at one margin, where a centred second
// line would stand apart from the first.
func LeftNotice(text string, width int) string { return notice(text, width, lipgloss.Left) }

func notice(text string, width int, align lipgloss.Position) string {
	style := Error
	if width > 0 {
		style = style.Width(width).Align(align)
	}
	return style.Render(text)
}

// TooSmall is the view shown instead of a game that does not fit: it says
// how big the terminal is and how big it must be, and shows notice (if any)
// wrapped to the width, so that nothing the player must read is hidden.
func TooSmall(width, height, needWidth, needHeight int, notice string) string {
	msg := fmt.Sprintf("Terminal too small: %d×%d.\nPlease make it at least %d×%d.", width, height, needWidth, needHeight)
	if width > 0 {
		msg = lipgloss.NewStyle().Width(width).Align(lipgloss.Center).Render(msg)
	}
	if notice != "" {
		msg += "\n\n" + Notice(notice, width)
	}
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, msg)
}

// Fit returns the first of layouts, largest first, that fits a width ×
// height screen, centred; if none does, the too-small screen with notice.
// A size of 0 (not known yet) takes the first layout.
func Fit(width, height int, notice string, layouts ...func() string) string {
	var view string
	for _, layout := range layouts {
		view = layout()
		if width == 0 || height == 0 {
			return view
		}
		if lipgloss.Width(view) <= width && lipgloss.Height(view) <= height {
			return Centre(width, height, view)
		}
	}
	return TooSmall(width, height, lipgloss.Width(view), lipgloss.Height(view), notice)
}

// Centre places view in the middle of a width × height screen, or at the
// top left if the screen size is not known yet.
func Centre(width, height int, view string) string {
	if width == 0 || height == 0 {
		return view
	}
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, view)
}

// JoinRows stacks lines of tiles with gap empty lines between them.
func JoinRows(rows []string, gap int) string {
	return strings.Join(rows, strings.Repeat("\n", gap+1))
}

// JoinTiles puts tiles side by side with gap columns between them.
func JoinTiles(tiles []string, gap int) string {
	if len(tiles) == 0 {
		return ""
	}
	spacer := strings.Repeat(" ", gap)
	parts := make([]string, 0, 2*len(tiles)-1)
	for i, t := range tiles {
		if i > 0 {
			parts = append(parts, spacer)
		}
		parts = append(parts, t)
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, parts...)
}

// Change applies change to a game's profile: through update, which saves
// it (under the file's lock, merged with what other processes saved) and
// returns the profile saved, or to *profile itself when update is nil. It
// returns what the player must be told if saving failed, else "".
func Change[P any](profile **P, update func(func(*P)) (*P, error), change func(*P)) string {
	if update == nil {
		change(*profile)
		return ""
	}
	p, err := update(change)
	if p != nil {
		*profile = p
	}
	if err != nil {
		return "Your progress: " + err.Error()
	}
	return ""
}
