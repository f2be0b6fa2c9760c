package play

import "github.com/charmbracelet/lipgloss"

// Nerdle's colours. The tiles follow the web Nerdle; each colour names its
// nearest 256- and 16-colour forms, because automatic conversion turns dark
// greys into navy blue.
var (
	colourGreen   = lipgloss.CompleteColor{TrueColor: "#398874", ANSI256: "29", ANSI: "2"}
	colourMagenta = lipgloss.CompleteColor{TrueColor: "#820458", ANSI256: "89", ANSI: "5"}
	colourBlack   = lipgloss.CompleteColor{TrueColor: "#161803", ANSI256: "233", ANSI: "0"}
	colourGrey    = lipgloss.CompleteColor{TrueColor: "#6e6e73", ANSI256: "242", ANSI: "8"} // a tile being typed
	colourEmpty   = lipgloss.CompleteColor{TrueColor: "#2c2c30", ANSI256: "236", ANSI: "0"} // a tile not yet reached
	colourCursor  = lipgloss.CompleteColor{TrueColor: "#c98a1b", ANSI256: "172", ANSI: "3"} // the cursor: used for nothing else
)
