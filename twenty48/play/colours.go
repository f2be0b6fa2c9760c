package play

import (
	"github.com/charmbracelet/lipgloss"

	"gamelab/twenty48"
)

// tileColours gives each exponent its own colour, from 2 (1) to 131072
// (17): the web game's up to 2048, then darker purples and blues. Each
// names its nearest 256- and 16-colour forms.
var tileColours = []lipgloss.CompleteColor{
	{TrueColor: "#3a3a3c", ANSI256: "237", ANSI: "0"}, // empty
	{TrueColor: "#eee4da", ANSI256: "255", ANSI: "7"},
	{TrueColor: "#ede0c8", ANSI256: "230", ANSI: "7"},
	{TrueColor: "#f2b179", ANSI256: "215", ANSI: "3"},
	{TrueColor: "#f59563", ANSI256: "209", ANSI: "11"},
	{TrueColor: "#f67c5f", ANSI256: "203", ANSI: "1"},
	{TrueColor: "#f65e3b", ANSI256: "202", ANSI: "9"},
	{TrueColor: "#edcf72", ANSI256: "222", ANSI: "3"},
	{TrueColor: "#edcc61", ANSI256: "221", ANSI: "11"},
	{TrueColor: "#edc850", ANSI256: "220", ANSI: "3"},
	{TrueColor: "#edc53f", ANSI256: "214", ANSI: "11"},
	{TrueColor: "#edc22e", ANSI256: "178", ANSI: "3"},
	{TrueColor: "#b784ab", ANSI256: "139", ANSI: "5"},
	{TrueColor: "#aa60a6", ANSI256: "133", ANSI: "13"},
	{TrueColor: "#8e3f9c", ANSI256: "96", ANSI: "5"},
	{TrueColor: "#6c3483", ANSI256: "54", ANSI: "13"},
	{TrueColor: "#3f51b5", ANSI256: "61", ANSI: "4"},
	{TrueColor: "#1f3a93", ANSI256: "25", ANSI: "12"},
}

var (
	colourEvil     = lipgloss.CompleteColor{TrueColor: "#8b0000", ANSI256: "88", ANSI: "1"}
	colourDarkText = lipgloss.CompleteColor{TrueColor: "#776e65", ANSI256: "243", ANSI: "0"}
)

// tileStyle returns the foreground and background of a tile.
func tileStyle(e uint8) (fg, bg lipgloss.TerminalColor) {
	switch {
	case e == twenty48.Evil:
		return nil, colourEvil
	case e <= 2:
		return colourDarkText, tileColours[e]
	case int(e) < len(tileColours):
		return nil, tileColours[e]
	}
	return nil, tileColours[len(tileColours)-1]
}
