// Package quietterm keeps the terminal libraries from querying the terminal
// when the program starts. Import it, for its side effect only, from the
// main package of a program that links bubbletea.
//
// bubbletea v1 asks lipgloss, in its package initialiser, for the
// terminal's background colour: lipgloss writes OSC 11 and a cursor
// position request to standard output and waits up to five seconds for the
// answer. A command that draws no terminal UI (a list, a check, a
// benchmark) must neither wait for a silent terminal nor leave those bytes
// in its output. This package's initialiser runs before bubbletea's (Go
// initialises, among the packages whose imports are ready, the first by
// import path, and "gamelab/…" sorts before "github.com/…") and fixes the
// background as dark, so bubbletea's question is answered without asking.
// A terminal UI asks for itself, just before it starts (tui.Program).
package quietterm

import "github.com/charmbracelet/lipgloss"

func init() {
	lipgloss.SetHasDarkBackground(true)
}
