package play

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"gamelab/internal/stats"
	"gamelab/nerdle"
)

// The profile's file: its name in the configuration directory, format and
// version. Version 1 is the first with an envelope; files written before
// it hold a bare Profile, to be read as legacy.
const (
	ProfileName    = "nerdle.json"
	ProfileFormat  = "gamelab nerdle profile"
	ProfileVersion = 1
)

// Profile is everything the game remembers between runs: the player's
// settings, statistics per kind of game, and an unfinished game. The
// command line loads and saves it; the game only changes it.
type Profile struct {
	Settings   Settings               `json:"settings"`
	Stats      stats.Book             `json:"stats,omitempty"`      // by StatsKey or DailyKey
	Unfinished map[string]*Unfinished `json:"unfinished,omitempty"` // by StatsKey
	Daily      map[string]*DailyGame  `json:"daily,omitempty"`      // the last daily puzzle, by DailyKey
}

// Settings are the choices a player made last time.
type Settings struct {
	Length int    `json:"length,omitempty"`
	Rows   int    `json:"rows,omitempty"`
	Rules  string `json:"rules,omitempty"`

	// Commutative accepts reordered answers; unset, it follows the rule
	// set (on for the web game's, as the web game does).
	Commutative *bool `json:"commutative,omitempty"`
	ColourBlind bool  `json:"colour_blind,omitempty"`
	Hard        bool  `json:"hard,omitempty"`
}

// Mode returns the game options the settings choose under rules r.
func (s Settings) Mode(r nerdle.Rules) nerdle.Mode {
	m := nerdle.Mode{Commutative: r == nerdle.NerdleGame, Hard: s.Hard}
	if s.Commutative != nil {
		m.Commutative = *s.Commutative
	}
	return m
}

// DailyGame is the player's daily puzzle of one length and rule set: the
// day and the guesses, so that it is played once and shown again after.
type DailyGame struct {
	Day     string   `json:"day"`
	Guesses []string `json:"guesses,omitempty"`
	Hinted  bool     `json:"hinted,omitempty"`
}

// DailyKey names the daily puzzles of one length and rule set, and their
// statistics, kept apart from free play.
func DailyKey(length int, r nerdle.Rules) string {
	return fmt.Sprintf("daily/%d/%v", length, r)
}

// Unfinished is a game left before it ended, to be resumed.
type Unfinished struct {
	Settings
	Secret  string   `json:"secret"`
	Guesses []string `json:"guesses"`
}

// StatsKey names the statistics of games of one length, rule set and
// number of rows: a win in 6 rows is not a win in 10.
func StatsKey(length, rows int, r nerdle.Rules) string {
	return fmt.Sprintf("%d/%v/%d", length, r, rows)
}

// Validate implements store.State: it rejects what the game could not have
// written, such as settings outside the flags' limits, impossible
// statistics or an unfinished game that does not replay.
func (p *Profile) Validate() error {
	if err := p.Settings.validate(); err != nil {
		return fmt.Errorf("settings: %w", err)
	}
	if err := p.Stats.Validate(validStatsKey); err != nil {
		return err
	}
	for k, u := range p.Unfinished {
		if u == nil {
			return fmt.Errorf("unfinished game %q: empty", k)
		}
		g, err := u.Restore()
		if err != nil {
			return fmt.Errorf("unfinished game %s: %w", k, err)
		}
		if key := StatsKey(g.Length(), g.MaxRows(), g.Rules()); key != k {
			return fmt.Errorf("unfinished game %s is a game of %s", k, key)
		}
	}
	for k, d := range p.Daily {
		if err := validDailyKey(k); err != nil {
			return fmt.Errorf("daily puzzle %q: %w", k, err)
		}
		if d == nil || len(d.Guesses) > nerdle.DefaultRows {
			return fmt.Errorf("daily puzzle %q: not a day's game", k)
		}
		if _, err := time.Parse("2006-01-02", d.Day); err != nil {
			return fmt.Errorf("daily puzzle %q: day %q is not a date", k, d.Day)
		}
	}
	return nil
}

// validStatsKey checks that k is a StatsKey or a DailyKey.
func validStatsKey(k string) error {
	if strings.HasPrefix(k, "daily/") {
		return validDailyKey(k)
	}
	return validKey(k)
}

// validDailyKey checks that k is a DailyKey.
func validDailyKey(k string) error {
	var length int
	var rules string
	if n, _ := fmt.Sscanf(k, "daily/%d/%s", &length, &rules); n != 2 {
		return errors.New("not daily/length/rules")
	}
	r, err := nerdle.ParseRules(rules)
	if err != nil {
		return err
	}
	if DailyKey(length, r) != k || nerdle.CheckLength(length) != nil {
		return errors.New("not daily/length/rules")
	}
	return nil
}

// validate checks settings as the command-line flags would; zero values
// mean "not chosen yet".
func (s Settings) validate() error {
	var errs []error
	if s.Length != 0 {
		if err := nerdle.CheckLength(s.Length); err != nil {
			errs = append(errs, fmt.Errorf("length %d: %w", s.Length, err))
		}
	}
	if s.Rows != 0 {
		if err := nerdle.CheckRows(s.Rows); err != nil {
			errs = append(errs, fmt.Errorf("%d rows: %w", s.Rows, err))
		}
	}
	if s.Rules != "" {
		_, err := nerdle.ParseRules(s.Rules)
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

// validKey checks that k is a StatsKey.
func validKey(k string) error {
	var length, rows int
	var rules string
	if n, _ := fmt.Sscanf(k, "%d/%s", &length, &rules); n != 2 {
		return errors.New("not length/rules/rows")
	}
	name, rowsText, ok := cutLast(rules, '/')
	if !ok {
		return errors.New("not length/rules/rows")
	}
	if _, err := fmt.Sscanf(rowsText, "%d", &rows); err != nil {
		return errors.New("not length/rules/rows")
	}
	r, err := nerdle.ParseRules(name)
	if err != nil {
		return err
	}
	if err := (Settings{Length: length, Rows: rows, Rules: name}).validate(); err != nil {
		return err
	}
	if StatsKey(length, rows, r) != k {
		return errors.New("not length/rules/rows")
	}
	return nil
}

func cutLast(s string, sep byte) (before, after string, ok bool) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == sep {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// Restore rebuilds the unfinished game u.
func (u *Unfinished) Restore() (*nerdle.Game, error) {
	r, err := nerdle.ParseRules(u.Rules)
	if err != nil {
		return nil, err
	}
	secret, err := nerdle.ParseEquation(u.Secret)
	if err != nil {
		return nil, err
	}
	g, err := nerdle.NewGame(secret, u.Rows, r)
	if err != nil {
		return nil, err
	}
	for _, s := range u.Guesses {
		if _, err := g.Guess(s); err != nil {
			return nil, fmt.Errorf("saved guess %s: %w", s, err)
		}
	}
	if g.Status() != nerdle.Playing {
		return nil, fmt.Errorf("the saved game is already over")
	}
	return g, nil
}

// snapshot returns g as an Unfinished game.
func snapshot(g *nerdle.Game) *Unfinished {
	u := &Unfinished{
		Settings: Settings{Length: g.Length(), Rows: g.MaxRows(), Rules: g.Rules().String()},
		Secret:   g.Secret().String(),
	}
	for _, r := range g.Rows() {
		u.Guesses = append(u.Guesses, r.Guess.String())
	}
	return u
}
