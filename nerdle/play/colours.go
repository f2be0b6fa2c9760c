package play

import (
	"github.com/charmbracelet/lipgloss"

	"gamelab/nerdle"
)

// palette is the colours of the feedback, with the squares of the shared
// result grid.
type palette struct {
	placed, present, absent lipgloss.TerminalColor
	squares                 [3]string // by nerdle.Colour: Black, Magenta, Green
}

// The palettes. Each colour names its nearest 256- and 16-colour forms,
// because automatic conversion turns dark greys into navy blue. The usual
// one follows the web Nerdle; the colour-blind one puts orange and blue in
// place of green and magenta.
var (
	usual = palette{
		placed:  lipgloss.CompleteColor{TrueColor: "#398874", ANSI256: "29", ANSI: "2"},
		present: lipgloss.CompleteColor{TrueColor: "#820458", ANSI256: "89", ANSI: "5"},
		absent:  colourAbsent,
		squares: [3]string{"⬛", "🟪", "🟩"},
	}
	colourBlind = palette{
		placed:  lipgloss.CompleteColor{TrueColor: "#e8731d", ANSI256: "166", ANSI: "3"},
		present: lipgloss.CompleteColor{TrueColor: "#2f6eb5", ANSI256: "25", ANSI: "4"},
		absent:  colourAbsent,
		squares: [3]string{"⬛", "🟦", "🟧"},
	}
)

var (
	// colourAbsent is a symbol tried and not there: a solid dark tile,
	// unlike the empty box of a row not reached, which has no colour.
	colourAbsent = lipgloss.CompleteColor{TrueColor: "#3a3a3c", ANSI256: "237", ANSI: "0"}
	colourGrey   = lipgloss.CompleteColor{TrueColor: "#818384", ANSI256: "245", ANSI: "8"} // a tile being typed, a key not tried
	colourCursor = lipgloss.CompleteColor{TrueColor: "#c98a1b", ANSI256: "172", ANSI: "3"} // the cursor: used for nothing else
)

// of maps a feedback colour to its tile colour.
func (p palette) of(c nerdle.Colour) lipgloss.TerminalColor {
	switch c {
	case nerdle.Green:
		return p.placed
	case nerdle.Magenta:
		return p.present
	}
	return p.absent
}
