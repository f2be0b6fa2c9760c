package tuitest_test

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/tui/tuitest"
)

// typed is a model that keeps what is typed, until enter.
type typed struct{ text string }

func (m *typed) Init() tea.Cmd { return nil }

func (m *typed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyMsg); ok {
		if k.Type == tea.KeyEnter {
			return m, tea.Quit
		}
		m.text += string(k.Runes)
	}
	return m, nil
}

func (m *typed) View() string { return m.text }

func ExampleSend() {
	m := &typed{}
	cmd := tuitest.Send(m, tuitest.Runes("12"), tuitest.Runes("+3"), tea.KeyMsg{Type: tea.KeyEnter})
	_, quit := cmd().(tea.QuitMsg)
	fmt.Println(m.View(), quit)
	// Output: 12+3 true
}
