package play

import (
	"errors"
	"fmt"

	"gamelab/internal/stats"
	"gamelab/pdd"
)

// The profile's file: its name in the configuration directory, format and
// version.
const (
	ProfileName    = "pdd.json"
	ProfileFormat  = "gamelab pdd profile"
	ProfileVersion = 1
)

// Profile is what the game remembers between runs: the last rule and, per
// table size and deck, the record (wins, losses, and games without a
// winner as draws). The command line loads and saves it; the game only
// changes it.
type Profile struct {
	Settings Settings   `json:"settings"`
	Stats    stats.Book `json:"stats,omitempty"` // by StatsKey
	// Unfinished is the game the person left under way, to go on with
	// next time, or nil.
	Unfinished *Unfinished `json:"unfinished,omitempty"`
}

// Unfinished is a game left under way as what replays it: the table, the
// person's rule, the seed of the deal and of the computer players'
// rules, and the person's moves, a card (as pdd.ParseCard reads it) or
// "draw" a turn. The computer players play the same again.
type Unfinished struct {
	Players int      `json:"players"`
	Packs   int      `json:"packs"`
	Rule    string   `json:"rule"`
	Seed    uint64   `json:"seed"`
	Moves   []string `json:"moves"`
}

// Settings are the player's choices.
type Settings struct {
	Rule string `json:"rule,omitempty"` // the last rule played, in the rule language
}

// StatsKey names the record of games of players players with packs packs.
func StatsKey(players, packs int) string { return fmt.Sprintf("%d players/%d deck", players, packs) }

// Validate implements store.State: it rejects what the game could not
// have written.
func (p *Profile) Validate() error {
	if u := p.Unfinished; u != nil {
		if u.Players < 2 || u.Players > MaxPlayers || u.Packs < 1 || u.Packs > 2 {
			return errors.New("unfinished game: not a table gamelab deals")
		}
		if _, err := pdd.Parse(u.Rule); err != nil {
			return fmt.Errorf("unfinished game: the rule %q: %w", u.Rule, err)
		}
		for i, mv := range u.Moves {
			if _, err := pdd.ParseCard(mv); err != nil && mv != "draw" {
				return fmt.Errorf("unfinished game: move %d %q is no card", i+1, mv)
			}
		}
	}
	if p.Settings.Rule != "" {
		if _, err := pdd.Parse(p.Settings.Rule); err != nil {
			return fmt.Errorf("the last rule %q: %w", p.Settings.Rule, err)
		}
	}
	return p.Stats.Validate(func(k string) error {
		var players, packs int
		if n, _ := fmt.Sscanf(k, "%d players/%d deck", &players, &packs); n != 2 || StatsKey(players, packs) != k ||
			players < 2 || players > MaxPlayers || packs < 1 || packs > 2 {
			return errors.New("not players/deck")
		}
		return nil
	})
}
