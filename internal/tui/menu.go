package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
)

// MenuItem is one entry of the games menu.
type MenuItem struct {
	Name        string
	Description string
	Ready       bool // false shows the game as coming soon
}

// Menu is the opening screen: a list of games to choose from. When the
// program ends, Chosen names the game picked, or is "" for none.
type Menu struct {
	Items  []MenuItem
	Chosen string
	cursor int
	width  int
	height int
	notice string
}

var menuKeys = struct {
	Up, Down, Choose, Quit key.Binding
}{
	Up:     key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
	Down:   key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
	Choose: key.NewBinding(key.WithKeys("enter", " "), key.WithHelp("enter", "play")),
	Quit:   Keys.Leave,
}

// NewMenu returns a menu of items with the cursor on the first ready one.
func NewMenu(items []MenuItem) *Menu {
	m := &Menu{Items: items}
	for i, it := range items {
		if it.Ready {
			m.cursor = i
			break
		}
	}
	return m
}

// Select puts the cursor on the ready item called name, if there is one:
// back from a game, the menu shows the game just played.
func (m *Menu) Select(name string) {
	for i, it := range m.Items {
		if it.Name == name && it.Ready {
			m.cursor = i
		}
	}
}

// Init implements tea.Model.
func (m *Menu) Init() tea.Cmd { return nil }

// Update implements tea.Model.
func (m *Menu) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
	case tea.KeyMsg:
		m.notice = ""
		switch {
		case key.Matches(msg, menuKeys.Up):
			m.cursor = (m.cursor + len(m.Items) - 1) % len(m.Items)
		case key.Matches(msg, menuKeys.Down):
			m.cursor = (m.cursor + 1) % len(m.Items)
		case key.Matches(msg, menuKeys.Choose):
			if !m.Items[m.cursor].Ready {
				m.notice = m.Items[m.cursor].Name + " is coming soon."
				return m, nil
			}
			m.Chosen = m.Items[m.cursor].Name
			return m, tea.Quit
		case key.Matches(msg, menuKeys.Quit):
			return m, tea.Quit
		}
	}
	return m, nil
}

// View implements tea.Model.
func (m *Menu) View() string {
	var b strings.Builder
	b.WriteString(Title.Render("gamelab") + Dim.Render("  play, study and beat classic games") + "\n\n")
	for i, it := range m.Items {
		marker := "  "
		name := lipgloss.NewStyle().Width(12).Render(it.Name)
		desc := it.Description
		if !it.Ready {
			desc += " (coming soon)"
		}
		line := name + " " + Dim.Render(desc)
		if i == m.cursor {
			marker = Title.Render("▸ ")
			line = Strong.Render(name) + " " + desc
			if !it.Ready {
				line = Dim.Render(name + " " + desc)
			}
		} else if !it.Ready {
			line = Dim.Render(name + " " + desc)
		}
		b.WriteString(marker + line + "\n")
	}
	b.WriteString("\n")
	if m.notice != "" {
		b.WriteString(m.notice)
	}
	b.WriteString("\n" + KeyHelp(menuKeys.Up, menuKeys.Down, menuKeys.Choose, menuKeys.Quit))
	panel := Panel.Render(b.String())
	return Fit(m.width, m.height, "", func() string { return panel })
}
