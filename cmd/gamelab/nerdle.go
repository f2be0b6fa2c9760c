package main

import (
	"errors"
	"fmt"
	"time"

	"gamelab/internal/cmdline"
	"gamelab/internal/store"
	"gamelab/nerdle"
	"gamelab/nerdle/play"
)

type nerdleCmd struct {
	List     nerdleListCmd     `cmd:"" help:"Print every valid equation of a length, one a line, in byte order."`
	Check    nerdleCheckCmd    `cmd:"" help:"Say whether an equation is valid, and if not, why."`
	Feedback nerdleFeedbackCmd `cmd:"" help:"Colour a guess against a secret: G green, M magenta, B black."`
	Play     nerdlePlayCmd     `cmd:"" help:"Play Nerdle in the terminal."`
	Solve    nerdleSolveCmd    `cmd:"" help:"Speak the solver protocol on stdin/stdout (docs/protocols/nerdle.md)."`
	Assist   nerdleAssistCmd   `cmd:"" help:"Help with a real puzzle: type your guesses and colours, get the best next guess."`
	Bench    nerdleBenchCmd    `cmd:"" help:"Benchmark a solver over many secrets."`
	Tree     nerdleTreeCmd     `cmd:"" help:"Build the decision trees and openers the solver plays."`
}

// rulesFlag is the --rules flag shared by the Nerdle commands.
type rulesFlag struct {
	Rules nerdle.Rules `default:"${rule}" help:"Rule set: standard (the course's) or nerdlegame (the web game's: no lone 0 on the left, fractional steps allowed)."`
}

// lengthFlag is the --length flag shared by the Nerdle commands.
type lengthFlag struct {
	Length length `short:"n" default:"${length}" help:"Symbols per equation (${min_length} to ${max_length})."`
}

// length is a length of equations given on the command line; kong
// validates it wherever it is used.
type length int

// Validate implements kong's validation hook.
func (n length) Validate() error { return flagError("--length", int(n), nerdle.CheckLength(int(n))) }

// flagError names the flag and its value in err, if there is one.
func flagError(flag string, value any, err error) error {
	if err != nil {
		return fmt.Errorf("%s %v: %w", flag, value, err)
	}
	return nil
}

type nerdleListCmd struct {
	lengthFlag
	rulesFlag
}

func (c *nerdleListCmd) Run(e *env) error {
	return nerdle.WriteList(e.Stdout, int(c.Length), c.Rules)
}

type nerdleCheckCmd struct {
	Equation string `arg:"" help:"The equation, e.g. 12+35=47 (quote it in the shell if it has *)."`
	rulesFlag
}

func (c *nerdleCheckCmd) Run(e *env) error {
	if err := nerdle.Check(c.Equation, c.Rules); err != nil {
		fmt.Fprintln(e.Stdout, cmdline.OneLine(err.Error()))
		return &cmdline.ExitError{Code: 1}
	}
	fmt.Fprintln(e.Stdout, "valid")
	return nil
}

type nerdleFeedbackCmd struct {
	Secret string `required:"" help:"The secret equation."`
	Guess  string `arg:"" help:"The guess, as long as the secret."`
	rulesFlag
}

func (c *nerdleFeedbackCmd) Run(e *env) error {
	secret, err := checked(c.Secret, c.Rules)
	if err != nil {
		return fmt.Errorf("the secret %q: %w", c.Secret, err)
	}
	guess, err := checked(c.Guess, c.Rules)
	if err != nil {
		return fmt.Errorf("the guess %q: %w", c.Guess, err)
	}
	if secret.Len() != guess.Len() {
		return fmt.Errorf("the guess has %d symbols and the secret %d; they must be equally long", guess.Len(), secret.Len())
	}
	fmt.Fprintln(e.Stdout, nerdle.Score(secret, guess).Format(guess.Len()))
	return nil
}

// checked parses s as an equation valid under r, saying why not.
func checked(s string, r nerdle.Rules) (nerdle.Equation, error) {
	if err := nerdle.Check(s, r); err != nil {
		return 0, errors.New(cmdline.OneLine(err.Error()))
	}
	return nerdle.ParseEquation(s)
}

type nerdlePlayCmd struct {
	Length *int    `short:"n" help:"Symbols per row, ${min_length} to ${max_length} (default: as last time, else ${length})."`
	Rows   *int    `help:"Guesses per game, 1 to ${max_rows} (default: as last time, else ${rows})."`
	Seed   *uint64 `help:"Seed for the secrets, to replay the same games."`
	Rules  *string `enum:"${rules}" help:"${rules_or} (default: as last time, else ${rule})."`
	Daily  bool    `help:"Play today's puzzle: the same for everyone today, for each length and rule set, once a day."`
}

func (c *nerdlePlayCmd) Validate() error {
	if c.Length != nil {
		if err := flagError("--length", *c.Length, nerdle.CheckLength(*c.Length)); err != nil {
			return err
		}
	}
	if c.Rows != nil {
		return flagError("--rows", *c.Rows, nerdle.CheckRows(*c.Rows))
	}
	return nil
}

func (c *nerdlePlayCmd) Run(e *env) error {
	return playNerdle(e, c)
}

// playNerdle runs the game with c's flags, falling back on the player's
// saved settings, and resumes an unfinished game of the same kind.
func playNerdle(e *env, c *nerdlePlayCmd) error {
	if !e.Terminal() {
		return errors.New("needs a terminal; to drive Nerdle from a program, use nerdle check and nerdle feedback")
	}
	file, err := store.UserFile(play.ProfileName, play.ProfileFormat, play.ProfileVersion)
	if err != nil {
		return err
	}
	file.Legacy = true // profiles from before files had a format
	choice := play.Choice{Length: c.Length, Rows: c.Rows, Rules: c.Rules, Seed: c.Seed}
	if c.Daily {
		choice.Today = time.Now().Format("2006-01-02") // the player's own calendar day
	}
	opts, err := play.Prepare(choice, store.Updater[play.Profile](file))
	if err != nil {
		return err
	}
	opts.Clipboard = e.Clipboard()
	if opts.Cache, err = e.Cache(); err != nil {
		opts.Cache = "" // hints then do without cached trees
	}
	m := play.New(opts)
	if _, err := e.Run(e.Program(m), "nerdle play"); err != nil {
		return err
	}
	if shared := m.Shared(); shared != "" {
		fmt.Fprintln(e.Stdout, shared) // for terminals that do not pass OSC 52 on
	}
	return nil
}
