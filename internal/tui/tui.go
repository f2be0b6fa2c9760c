// Package tui holds the look shared by every gamelab game: the palette,
// panels, key help, the message for a terminal too small to draw a game,
// and the menu of games. Games build their own views from these pieces, so
// all of them look like one program.
package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"
)

// The palette. Tile colours follow the web Nerdle; the rest is chosen to
// read on both dark and light terminals. Each colour names its nearest
// 256- and 16-colour forms, because automatic conversion turns dark greys
// into navy blue.
var (
	ColourGreen   = lipgloss.CompleteColor{TrueColor: "#398874", ANSI256: "29", ANSI: "2"}
	ColourMagenta = lipgloss.CompleteColor{TrueColor: "#820458", ANSI256: "89", ANSI: "5"}
	ColourBlack   = lipgloss.CompleteColor{TrueColor: "#161803", ANSI256: "233", ANSI: "0"}
	ColourGrey    = lipgloss.CompleteColor{TrueColor: "#6e6e73", ANSI256: "242", ANSI: "8"} // a tile being typed
	ColourEmpty   = lipgloss.CompleteColor{TrueColor: "#2c2c30", ANSI256: "236", ANSI: "0"} // a tile not yet reached
	ColourCursor  = lipgloss.CompleteColor{TrueColor: "#c98a1b", ANSI256: "172", ANSI: "3"} // the cursor: used for nothing else
	ColourWhite   = lipgloss.CompleteColor{TrueColor: "#ffffff", ANSI256: "231", ANSI: "15"}
	ColourAccent  = lipgloss.CompleteColor{TrueColor: "#7aa2f7", ANSI256: "111", ANSI: "12"}
	ColourDim     = lipgloss.AdaptiveColor{Light: "#8a8a8a", Dark: "#6c6c6c"}
	ColourError   = lipgloss.AdaptiveColor{Light: "#b00020", Dark: "#ff6b6b"}
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

// Tile renders text centred on a block of colour bg, width cells wide and
// height lines tall, in bold white: the look of a game tile.
func Tile(text string, bg lipgloss.TerminalColor, width, height int) string {
	return lipgloss.NewStyle().
		Width(width).Height(height).
		Align(lipgloss.Center, lipgloss.Center).
		Background(bg).Foreground(ColourWhite).Bold(true).
		Render(text)
}

// KeyHelp renders a one-line summary of the given key bindings.
func KeyHelp(bindings ...key.Binding) string {
	return helpTxt.ShortHelpView(bindings)
}

// TooSmall is the view shown instead of a game that does not fit: it says
// how big the terminal is and how big it must be, centred in what there is.
func TooSmall(width, height, needWidth, needHeight int) string {
	msg := fmt.Sprintf("Terminal too small: %d×%d.\nPlease make it at least %d×%d.", width, height, needWidth, needHeight)
	return lipgloss.Place(width, height, lipgloss.Center, lipgloss.Center, msg)
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
