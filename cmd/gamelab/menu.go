package main

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/tui"
)

type menuCmd struct{}

// games is the menu's list; the order is the order of the command tree.
var games = []tui.MenuItem{
	{Name: "Nerdle", Description: "guess the equation", Ready: true},
	{Name: "2048", Description: "slide and merge tiles"},
	{Name: "Oware", Description: "the mancala game of West Africa"},
	{Name: "Mastermind", Description: "break the colour code"},
	{Name: "PDD", Description: "People's Democratic Dictatorship: cards"},
}

// Run shows the menu until the player quits, playing each game chosen.
func (c *menuCmd) Run(e *env) error {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("the menu needs a terminal; see gamelab --help for the commands")
	}
	for {
		m := tui.NewMenu(games)
		p := tea.NewProgram(m, tea.WithContext(e.ctx), tea.WithInput(e.stdin), tea.WithOutput(e.stdout), tea.WithAltScreen())
		if _, err := p.Run(); err != nil {
			if errors.Is(err, tea.ErrProgramKilled) {
				return nil
			}
			return fmt.Errorf("menu: %w", err)
		}
		switch m.Chosen {
		case -1:
			return nil
		case 0:
			if err := playNerdle(e, &nerdlePlayCmd{}); err != nil {
				return err
			}
		}
	}
}
