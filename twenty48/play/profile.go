package play

import (
	"errors"
	"fmt"

	"gamelab/internal/stats"
	"gamelab/twenty48"
)

// The profile's file: its name in the configuration directory, format and
// version.
const (
	ProfileName    = "2048.json"
	ProfileFormat  = "gamelab 2048 profile"
	ProfileVersion = 1
)

// Profile is what the game remembers between runs: the settings and, per
// board size and mode, the record (games, wins as games reaching 2048,
// best and mean score). The command line loads and saves it; the game only
// changes it.
type Profile struct {
	Settings Settings   `json:"settings"`
	Stats    stats.Book `json:"stats,omitempty"` // by StatsKey
	// Unfinished holds the game left under way of each size and mode, by
	// StatsKey, to resume: its seed and moves replay it.
	Unfinished map[string]*twenty48.Record `json:"unfinished,omitempty"`
}

// Settings are the player's choices.
type Settings struct {
	NoAnimation bool `json:"no_animation,omitempty"`
}

// StatsKey names the record of games of one size and mode.
func StatsKey(size int, m twenty48.Mode) string { return fmt.Sprintf("%d/%v", size, m) }

// Validate implements store.State: it rejects what the game could not
// have written.
func (p *Profile) Validate() error {
	for k, r := range p.Unfinished {
		if r == nil || StatsKey(r.Size, r.Mode) != k {
			return fmt.Errorf("unfinished game %q: not a game of that size and mode", k)
		}
		if _, err := twenty48.Replay(*r); err != nil {
			return fmt.Errorf("unfinished game %s: %w", k, err)
		}
	}
	return p.Stats.Validate(func(k string) error {
		var size int
		var mode string
		if n, _ := fmt.Sscanf(k, "%d/%s", &size, &mode); n != 2 {
			return errors.New("not size/mode")
		}
		m, err := twenty48.ParseMode(mode)
		if err != nil || size < twenty48.MinSize || size > twenty48.MaxSize || StatsKey(size, m) != k {
			return errors.New("not size/mode")
		}
		return nil
	})
}
