package main

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"

	tea "github.com/charmbracelet/bubbletea"

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
	Tree     nerdleTreeCmd     `cmd:"" help:"Build the decision trees the solver plays for lengths 5 to 8."`
}

// rulesFlag is the --rules flag shared by the Nerdle commands.
type rulesFlag struct {
	Rules string `enum:"standard,nerdlegame" default:"standard" help:"Rule set: standard (the course's) or nerdlegame (the web game's: no lone 0 on the left, fractional steps allowed)."`
}

func (f rulesFlag) rules() nerdle.Rules {
	r, err := nerdle.ParseRules(f.Rules)
	if err != nil {
		panic(err) // kong's enum has already checked it
	}
	return r
}

func checkLength(n int) error {
	if n < nerdle.MinLength || n > nerdle.MaxLength {
		return fmt.Errorf("--length %d: Nerdle equations have %d to %d symbols", n, nerdle.MinLength, nerdle.MaxLength)
	}
	return nil
}

type nerdleListCmd struct {
	Length int `short:"n" default:"8" help:"Symbols per equation (5 to 11)."`
	rulesFlag
}

func (c *nerdleListCmd) Validate() error { return checkLength(c.Length) }

func (c *nerdleListCmd) Run(e *env) error {
	list, err := nerdle.Enumerate(c.Length, c.rules())
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(e.stdout, 1<<16)
	buf := make([]byte, 0, nerdle.MaxLength+1)
	for _, eq := range list {
		buf, _ = eq.AppendText(buf[:0])
		if _, err := w.Write(append(buf, '\n')); err != nil {
			return err
		}
	}
	return w.Flush()
}

type nerdleCheckCmd struct {
	Equation string `arg:"" help:"The equation, e.g. 12+35=47 (quote it in the shell if it has *)."`
	rulesFlag
}

func (c *nerdleCheckCmd) Run(e *env) error {
	if err := nerdle.Check(c.Equation, c.rules()); err != nil {
		fmt.Fprintln(e.stdout, oneLine(err.Error()))
		return &exitError{1}
	}
	fmt.Fprintln(e.stdout, "valid")
	return nil
}

type nerdleFeedbackCmd struct {
	Secret string `required:"" help:"The secret equation."`
	Guess  string `arg:"" help:"The guess, as long as the secret."`
}

func (c *nerdleFeedbackCmd) Run(e *env) error {
	secret, err := nerdle.ParseEquation(c.Secret)
	if err != nil {
		return fmt.Errorf("--secret: %w", err)
	}
	guess, err := nerdle.ParseEquation(c.Guess)
	if err != nil {
		return fmt.Errorf("guess: %w", err)
	}
	if secret.Len() != guess.Len() || secret.Len() == 0 {
		return fmt.Errorf("the guess has %d symbols and the secret %d; they must be equally long", guess.Len(), secret.Len())
	}
	fmt.Fprintln(e.stdout, nerdle.Score(secret, guess).Format(guess.Len()))
	return nil
}

type nerdlePlayCmd struct {
	Length *int    `short:"n" help:"Symbols per row, 5 to 11 (default: as last time, else 8)."`
	Rows   *int    `help:"Guesses per game (default: as last time, else 6)."`
	Seed   *uint64 `help:"Seed for the secrets, to replay the same games."`
	Rules  *string `enum:"standard,nerdlegame" help:"standard or nerdlegame (default: as last time, else standard)."`
}

func (c *nerdlePlayCmd) Validate() error {
	if c.Length != nil {
		if err := checkLength(*c.Length); err != nil {
			return err
		}
	}
	if c.Rows != nil && (*c.Rows < 1 || *c.Rows > 20) {
		return fmt.Errorf("--rows %d: choose 1 to 20", *c.Rows)
	}
	return nil
}

func (c *nerdlePlayCmd) Run(e *env) error {
	return playNerdle(e, c)
}

// playNerdle runs the game with c's flags, falling back on the player's
// saved settings, and resumes an unfinished game of the same kind.
func playNerdle(e *env, c *nerdlePlayCmd) error {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("nerdle play needs a terminal; to drive Nerdle from a program, use nerdle check and nerdle feedback")
	}
	file, err := store.UserFile("nerdle.json")
	if err != nil {
		return err
	}
	var profile play.Profile
	var notice string
	if err := file.Load(&profile); err != nil {
		var ce *store.CorruptError
		if !errors.As(err, &ce) {
			return err
		}
		notice = "Your saved statistics were unreadable and were kept as " + ce.Backup + "; starting afresh."
	}
	s := &profile.Settings
	s.Length = pick(c.Length, s.Length, 8)
	s.Rows = pick(c.Rows, s.Rows, nerdle.DefaultRows)
	s.Rules = pick(c.Rules, s.Rules, nerdle.Standard.String())
	rules, err := nerdle.ParseRules(s.Rules)
	if err != nil || checkLength(s.Length) != nil {
		// A hand-edited profile: fall back to the defaults.
		rules, s.Length, s.Rules = nerdle.Standard, 8, nerdle.Standard.String()
	}
	opts := play.Options{
		Length:  s.Length,
		Rows:    s.Rows,
		Rules:   rules,
		Profile: &profile,
		Save:    func(p *play.Profile) error { return file.Save(p) },
		Notice:  notice,
	}
	if c.Seed != nil {
		opts.Rand = rand.New(rand.NewPCG(*c.Seed, 0x6e65726466c65))
	} else if u := profile.Unfinished[play.StatsKey(s.Length, s.Rows, rules)]; u != nil {
		if g, err := u.Restore(); err == nil {
			opts.Resume = g
		}
	}
	if err := file.Save(&profile); err != nil {
		opts.Notice = "Could not save your settings: " + err.Error()
	}
	p := tea.NewProgram(play.New(opts), tea.WithContext(e.ctx), tea.WithInput(e.stdin), tea.WithOutput(e.stdout), tea.WithAltScreen())
	if _, err := p.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return fmt.Errorf("nerdle play: %w", err)
	}
	return nil
}

// pick returns the flag's value if it was given, else the saved value if
// there is one, else the default.
func pick[T comparable](flag *T, saved, def T) T {
	var zero T
	switch {
	case flag != nil:
		return *flag
	case saved != zero:
		return saved
	}
	return def
}
