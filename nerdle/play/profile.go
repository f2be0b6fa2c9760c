package play

import (
	"fmt"

	"gamelab/internal/stats"
	"gamelab/nerdle"
)

// Profile is everything the game remembers between runs: the player's
// settings, statistics per kind of game, and an unfinished game. The
// command line loads and saves it; the game only changes it.
type Profile struct {
	Settings   Settings                 `json:"settings"`
	Stats      map[string]*stats.Record `json:"stats,omitempty"`
	Unfinished map[string]*Unfinished   `json:"unfinished,omitempty"` // by StatsKey
}

// Settings are the choices a player made last time.
type Settings struct {
	Length int    `json:"length,omitempty"`
	Rows   int    `json:"rows,omitempty"`
	Rules  string `json:"rules,omitempty"`
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

// record returns the statistics for key, creating them if needed.
func (p *Profile) record(key string) *stats.Record {
	if p.Stats == nil {
		p.Stats = map[string]*stats.Record{}
	}
	r := p.Stats[key]
	if r == nil {
		r = &stats.Record{}
		p.Stats[key] = r
	}
	return r
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
