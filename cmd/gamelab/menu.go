package main

import (
	"errors"
	"time"

	"gamelab/internal/tui"
	"gamelab/mastermind/breaker"
	"gamelab/oware/search"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

type menuCmd struct{}

// game is an entry of the menu: its item, and how to play it (nil while
// it is coming).
type game struct {
	item tui.MenuItem
	play func(e *env) error
}

// games is the menu's list, in the order of the command tree.
var games = []game{
	{tui.MenuItem{Name: "Nerdle", Description: "guess the equation"}, func(e *env) error { return playNerdle(e, &nerdlePlayCmd{}) }},
	{tui.MenuItem{Name: "Nerdle daily", Description: "today's puzzle, the same for everyone"}, func(e *env) error { return playNerdle(e, &nerdlePlayCmd{Daily: true}) }},
	{tui.MenuItem{Name: "2048", Description: "slide and merge tiles"}, func(e *env) error {
		return play2048(e, &twenty48PlayCmd{budgetFlags: budgetFlags{Player: player.DefaultPlayer, Budget: defaultBudget2048}, Size: twenty48.DefaultSize, Mode: "classic"})
	}},
	{tui.MenuItem{Name: "Oware", Description: "the mancala game of West Africa"}, func(e *env) error {
		return playOware(e, &owarePlayCmd{South: "human", North: "computer", Engine: search.DefaultEngine, MoveTime: millis(time.Second), Rules: "abapa", Delay: millis(700 * time.Millisecond)})
	}},
	{tui.MenuItem{Name: "Mastermind", Description: "break the colour code"}, func(e *env) error {
		return playMastermind(e, &mastermindPlayCmd{Pegs: 4, Colors: 6, Rows: 10, Strategy: breaker.DefaultStrategy})
	}},
	{tui.MenuItem{Name: "PDD", Description: "People's Democratic Dictatorship: cards"}, func(e *env) error {
		return playPDD(e, &pddPlayCmd{Players: 4, Deck: "single"})
	}},
}

// Run shows the menu until the player quits, playing each game chosen.
func (c *menuCmd) Run(e *env) error {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("the menu needs a terminal; see gamelab --help for the commands")
	}
	items := make([]tui.MenuItem, len(games))
	play := map[string]func(*env) error{}
	for i, g := range games {
		items[i] = g.item
		items[i].Ready = g.play != nil
		play[g.item.Name] = g.play
	}
	last := ""
	for {
		m := tui.NewMenu(items)
		m.Select(last)
		if _, err := runProgram(e, newProgram(e, m), "menu"); err != nil {
			return err
		}
		if m.Chosen == "" || e.ctx.Err() != nil {
			return nil
		}
		if err := play[m.Chosen](e); err != nil {
			return err
		}
		last = m.Chosen
	}
}
