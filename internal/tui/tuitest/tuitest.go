// Package tuitest helps test the games' terminal models as bubbletea's own
// tests do: Update driven by key messages as a terminal sends them, views
// rendered in true colour and compared as text with the colours stripped.
package tuitest

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"gamelab/internal/testenv"
)

// Main runs a play package's tests, for its TestMain: views in true
// colour, once for all tests (whatever the terminal running them), with
// the tests' own cache and configuration directories, so that no profile
// of the person running them is read or written. It returns the exit code
// for os.Exit.
func Main(m *testing.M) int {
	lipgloss.SetColorProfile(termenv.TrueColor)
	return testenv.RunWithOwnDirs(m)
}

// Runes returns the key message of typing s: several runes in one
// message, as a terminal reports keys typed quickly (tui.Program hands
// them to a model one by one) or a paste.
func Runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

// Send hands msgs to m's Update in turn and returns the command the last
// one returned, for the test to run or inspect.
func Send(m tea.Model, msgs ...tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	for _, msg := range msgs {
		_, cmd = m.Update(msg)
	}
	return cmd
}

// Quits reports whether cmd ends the program: it is tea.Quit, or a
// command whose message is tea.QuitMsg. Only run it on a command that
// quits or does nothing slow.
func Quits(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}
