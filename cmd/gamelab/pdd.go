package main

import (
	"errors"
	"fmt"
	"strings"

	"gamelab/internal/bench"
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
	if d != "single" && d != "double" {
		return fmt.Errorf("--deck %q: single or double", string(d))
	}
	return nil
}

func (d deckFlag) packs() int {
	if d == "double" {
		return 2
	}
	return 1
}

// bandFlag is --rules: the band of the secret rules, as LO-HI percent.
type bandFlag string

// Validate implements kong's validation hook.
func (b bandFlag) Validate() error {
	_, err := b.band()
	return err
}

func (b bandFlag) band() (pdd.Band, error) {
	band, err := pdd.ParseBand(string(b))
	if err != nil {
		return band, fmt.Errorf("--rules %w", err)
	}
	return band, nil
}

// playersFlag is --players: kinds of computer players, comma-separated.
type playersFlag string

// Validate implements kong's validation hook.
func (p playersFlag) Validate() error {
	kinds := strings.Split(string(p), ",")
	if len(kinds) < 2 || len(kinds) > 8 {
		return fmt.Errorf("--players %q: two to eight players, comma-separated", string(p))
	}
	for _, k := range kinds {
		if _, err := learn.Lookup(k); err != nil {
			return err
		}
	}
	return nil
}

type pddBenchCmd struct {
	Players  playersFlag `default:"learner,simple,simple,simple" help:"Players, comma-separated, in seat order (the seats turn every game): ${pddplayers}."`
	Deck     deckFlag    `default:"single" help:"single (52 cards) or double (104)."`
	Rules    bandFlag    `default:"permissive" help:"Secret rules allowing this share of the (top, played) pairs: permissive (60-95%), restrictive (15-70%) or LO-HI."`
	Games    int         `default:"10000" help:"Games to play."`
	Seed     uint64      `default:"1" help:"Base seed of the games."`
	MaxTurns int         `default:"${pddturns}" help:"Turns after which a game is stopped without a winner."`
	Workers  workers     `help:"Games played at once (default: one per core)."`
	reportFlags
}

func (c *pddBenchCmd) Validate() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("--games %d: want at least one", c.Games)
	case c.MaxTurns < 1:
		return fmt.Errorf("--max-turns %d: want at least one", c.MaxTurns)
	}
	return c.check(c.Workers)
}

func (c *pddBenchCmd) Run(e *env) error {
	band, _ := c.Rules.band()
	t := learn.Tournament{Players: strings.Split(string(c.Players), ","), Packs: c.Deck.packs(), Band: band, MaxTurns: c.MaxTurns}
	cfg := learn.BenchConfig(t, c.Games, c.Seed)
	c.apply(&cfg, c.Workers)
	report, err := runBench(e, "pdd", cfg, func() (bench.Player, error) { return learn.NewBenchPlayer(t) })
	return c.finish(e, report, err)
}

type pddPlayCmd struct {
	Players int      `default:"4" help:"Players at the table, you included: 2 to ${pddmaxplayers}."`
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
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("pdd play needs a terminal")
	}
	pr, err := loadProfile[play.Profile](play.ProfileName, play.ProfileFormat, play.ProfileVersion)
	if err != nil {
		return err
	}
	opts := play.Options{Players: c.Players, Packs: c.Deck.packs(), Profile: pr.loaded, Notice: pr.notice, Update: pr.update}
	if c.Seed != nil {
		opts.Seed, opts.Seeded = *c.Seed, true
	}
	_, err = runProgram(e, newProgram(e, play.New(opts)), "pdd play")
	return err
}

// pddPlayerFlag is --player: a kind of computer player.
type pddPlayerFlag string

// Validate implements kong's validation hook.
func (p pddPlayerFlag) Validate() error {
	_, err := learn.Lookup(string(p))
	return err
}

// pddRuleFlag is --rule: a rule in the rule language.
type pddRuleFlag string

// Validate implements kong's validation hook.
func (r pddRuleFlag) Validate() error {
	_, err := pdd.Parse(string(r))
	if err != nil {
		return fmt.Errorf("--rule %q: %w", string(r), err)
	}
	return nil
}

type pddEngineCmd struct {
	Player pddPlayerFlag `default:"learner" help:"The computer player: ${pddplayers}."`
	Rule   pddRuleFlag   `default:"same suit or same value or played is jack" help:"The player's own rule, in the rule language (the protocol's rule command changes it)."`
	Rules  *bandFlag     `help:"What the learner is told of the other players' rules: permissive (60-95% of the pairs), restrictive (15-70%) or LO-HI; default: nothing."`
	Seed   uint64        `default:"1" help:"Seed of the random player's choices."`
}

func (c *pddEngineCmd) Run(e *env) error {
	var band pdd.Band
	if c.Rules != nil {
		band, _ = c.Rules.band()
	}
	x, _ := pdd.Parse(string(c.Rule))
	m, err := learn.Lookup(string(c.Player))
	if err != nil {
		return err
	}
	seat, ok := m(pddprotocol.Me, x.Rule(), band).(pddprotocol.Seat)
	if !ok {
		return fmt.Errorf("--player %s: this player shows no hand, which the protocol needs", c.Player)
	}
	if s, ok := seat.(interface{ Seed(uint64) }); ok {
		s.Seed(c.Seed)
	}
	return e.interruptible(func() error { return pddprotocol.Serve(e.stdin, e.stdout, pddprotocol.Config{Player: seat, Rule: x}) })
}
