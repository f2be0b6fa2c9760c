package main

import (
	"errors"
	"fmt"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/cmdline"
	"gamelab/internal/tui"
	"gamelab/pdd"
	"gamelab/pdd/learn"
	"gamelab/pdd/play"
	pddprotocol "gamelab/pdd/protocol"
)

type pddCmd struct {
	Play   pddPlayCmd   `cmd:"" help:"Play against computer players whose rules are secret."`
	Bench  pddBenchCmd  `cmd:"" help:"A tournament of computer players with random secret rules."`
	Engine pddEngineCmd `cmd:"" help:"Speak the player protocol on stdin/stdout: a computer player takes a seat at your table (docs/protocols/pdd.md)."`
}

// deckFlag is --deck: single or double.
type deckFlag string

// Validate implements kong's validation hook.
func (d deckFlag) Validate() error {
	if _, err := learn.ParseDeck(string(d)); err != nil {
		return fmt.Errorf("--deck %w", err)
	}
	return nil
}

func (d deckFlag) packs() int {
	packs, _ := learn.ParseDeck(string(d))
	return packs
}

// playersFlag is --players: kinds of computer players, comma-separated.
type playersFlag string

// Validate implements kong's validation hook.
func (p playersFlag) Validate() error {
	_, err := learn.ParsePlayers(string(p))
	return err
}

type pddBenchCmd struct {
	Players  playersFlag     `default:"learner,simple,simple,simple" help:"Players, comma-separated, in seat order (the seats turn every game): ${pddplayers}, or cmd:<command> for a program speaking the player protocol (docs/protocols/pdd.md)."`
	Deck     deckFlag        `default:"single" help:"single (52 cards) or double (104)."`
	Rules    pdd.Band        `default:"permissive" help:"Secret rules allowing this share of the (top, played) pairs: permissive (60-95%), restrictive (15-70%) or LO-HI."`
	Games    int             `default:"10000" help:"Games to play."`
	Seed     uint64          `default:"1" help:"Base seed of the games."`
	MaxTurns int             `default:"${pddturns}" help:"Turns after which a game is stopped without a winner."`
	Workers  cmdline.Workers `help:"Games played at once (default: one per core)."`
	cmdline.ReportFlags
	Watch       bool            `help:"Watch the games at the table: space pauses and resumes, s steps, +/- change the speed."`
	MoveTimeout cmdline.Seconds `name:"move-timeout" default:"30s" help:"How long an outside program (cmd:) may take to answer; one that takes longer draws to the end of the game and is restarted."`
}

func (c *pddBenchCmd) Validate() error {
	if err := cmdline.CheckGames(&c.Games); err != nil {
		return err
	}
	if c.MaxTurns < 1 {
		return fmt.Errorf("--max-turns %d: want at least one", c.MaxTurns)
	}
	return c.Check(c.Workers)
}

func (c *pddBenchCmd) Run(e *env) error {
	kinds, _ := learn.ParsePlayers(string(c.Players))
	t := learn.Tournament{Players: kinds, Outside: func(command, label string) (learn.Seat, error) {
		return pddprotocol.StartSeat(e.Ctx, command, label, time.Duration(c.MoveTimeout))
	}, Packs: c.Deck.packs(), Band: c.Rules, MaxTurns: c.MaxTurns}
	cfg := learn.BenchConfig(t, c.Games, c.Seed)
	c.Apply(&cfg, c.Workers)
	newPlayer := func() (bench.Player, error) { return learn.NewBenchPlayer(t) }
	report, err := e.Bench("pdd", c.Watch, func() cmdline.WatchView { return play.NewWatch(cfg.Games) }, cfg, newPlayer)
	return finish(e, c.ReportFlags, report, err)
}

type pddPlayCmd struct {
	Players int      `default:"${pddplayers_default}" help:"Players at the table, you included: 2 to ${pddmaxplayers}."`
	Deck    deckFlag `default:"single" help:"single (52 cards) or double (104)."`
	Seed    *uint64  `help:"Seed of the deal and of the computer players' rules, to play the same game again."`
}

func (c *pddPlayCmd) Validate() error {
	if c.Players < 2 || c.Players > play.MaxPlayers {
		return fmt.Errorf("--players %d: 2 to %d players, you included", c.Players, play.MaxPlayers)
	}
	return nil
}

func (c *pddPlayCmd) Run(e *env) error { return playPDD(e, c) }

// playPDD runs the card game with c's flags and the player's saved
// profile.
func playPDD(e *env, c *pddPlayCmd) error {
	if !e.Terminal() {
		return errors.New("needs a terminal")
	}
	pr, err := loadProfile[play.Profile](play.ProfileName, play.ProfileFormat, play.ProfileVersion)
	if err != nil {
		return err
	}
	opts := play.Options{Players: c.Players, Packs: c.Deck.packs(), Profile: pr.Loaded, Notice: pr.Notice, Update: pr.Update, Seed: tui.SeedOf(c.Seed)}
	return e.Play(play.New(opts), "pdd play")
}

// pddPlayerFlag is --player: a kind of computer player.
type pddPlayerFlag string

// Validate implements kong's validation hook.
func (p pddPlayerFlag) Validate() error {
	_, err := learn.Lookup(string(p))
	return err
}

type pddEngineCmd struct {
	Player pddPlayerFlag `default:"learner" help:"The computer player: ${pddplayers}."`
	Rule   pdd.Expr      `default:"same suit or same value or played is jack" help:"The player's own rule, in the rule language (the protocol's rule command changes it)."`
	Rules  *pdd.Band     `help:"What the learner is told of the other players' rules: permissive (60-95% of the pairs), restrictive (15-70%) or LO-HI; default: nothing."`
	Seed   uint64        `default:"1" help:"Seed of the random player's choices."`
}

func (c *pddEngineCmd) Run(e *env) error {
	var band pdd.Band
	if c.Rules != nil {
		band = *c.Rules
	}
	seat, err := pddprotocol.NewSeat(string(c.Player), c.Rule.Rule(), band, c.Seed)
	if err != nil {
		return fmt.Errorf("--player %w", err)
	}
	return e.Interruptible(func() error {
		return pddprotocol.Serve(e.Stdin, e.Stdout, pddprotocol.Config{Player: seat, Rule: c.Rule})
	})
}
