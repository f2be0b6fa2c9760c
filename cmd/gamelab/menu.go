package main

import (
	"errors"

	"gamelab/internal/tui"
)

// game describes a game to the command: its name on the command line, its
// commands, and its entries in the menu, each the command line it plays
// (so that the menu and the flags share one set of defaults).
type game struct {
	name string
	tree func() any // a new struct of its commands, for kong
	menu []menuEntry
}

// menuEntry is an item of the menu and the command line it runs.
type menuEntry struct {
	item tui.MenuItem
	args []string
}

// games lists the games, in the order of the command tree and the menu.
var games = []game{
	{"nerdle", func() any { return &nerdleTree{} }, []menuEntry{
		{tui.MenuItem{Name: "Nerdle", Description: "guess the equation"}, []string{"nerdle", "play"}},
		{tui.MenuItem{Name: "Nerdle daily", Description: "today's puzzle, the same for everyone"}, []string{"nerdle", "play", "--daily"}},
	}},
	{"2048", func() any { return &twenty48Tree{} }, []menuEntry{
		{tui.MenuItem{Name: "2048", Description: "slide and merge tiles"}, []string{"2048", "play"}},
	}},
	{"oware", func() any { return &owareTree{} }, []menuEntry{
		{tui.MenuItem{Name: "Oware", Description: "the mancala game of West Africa"}, []string{"oware", "play"}},
	}},
	{"mastermind", func() any { return &mastermindTree{} }, []menuEntry{
		{tui.MenuItem{Name: "Mastermind", Description: "break the colour code"}, []string{"mastermind", "play"}},
	}},
	{"pdd", func() any { return &pddTree{} }, []menuEntry{
		{tui.MenuItem{Name: "PDD", Description: "People's Democratic Dictatorship: cards"}, []string{"pdd", "play"}},
	}},
}

type menuCmd struct{}

// Run shows the menu until the player quits, playing each game chosen by
// running its command line.
func (c *menuCmd) Run(e *env) error {
	if !e.Terminal() {
		return errors.New("the menu needs a terminal; see gamelab --help for the commands")
	}
	var items []tui.MenuItem
	args := map[string][]string{}
	for _, g := range games {
		for _, m := range g.menu {
			item := m.item
			item.Ready = true
			items = append(items, item)
			args[item.Name] = m.args
		}
	}
	last := ""
	for {
		m := tui.NewMenu(items)
		m.Select(last)
		if _, err := e.Run(e.Program(m), "menu"); err != nil {
			return err
		}
		if m.Chosen == "" || e.Ctx.Err() != nil {
			return nil
		}
		if err := e.runArgs(args[m.Chosen]); err != nil {
			return err
		}
		last = m.Chosen
	}
}
