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
	Settings Settings                 `json:"settings"`
	Stats    map[string]*stats.Record `json:"stats,omitempty"` // by StatsKey
}

// Settings are the player's choices.
type Settings struct {
	NoAnimation bool `json:"no_animation,omitempty"`
}

// StatsKey names the record of games of one size and mode.
func StatsKey(size int, m twenty48.Mode) string { return fmt.Sprintf("%d/%v", size, m) }

// Record returns the record for key, or an empty one; it changes nothing.
func (p *Profile) Record(key string) stats.Record {
	if r := p.Stats[key]; r != nil {
		return *r
	}
	return stats.Record{}
}

// Validate implements store.State: it rejects what the game could not
// have written.
func (p *Profile) Validate() error {
	for k, r := range p.Stats {
		var size int
		var mode string
		if n, _ := fmt.Sscanf(k, "%d/%s", &size, &mode); n != 2 {
			return fmt.Errorf("statistics %q: not size/mode", k)
		}
		m, err := twenty48.ParseMode(mode)
		if err != nil || size < twenty48.MinSize || size > twenty48.MaxSize || StatsKey(size, m) != k {
			return fmt.Errorf("statistics %q: not size/mode", k)
		}
		if r == nil {
			return errors.New("statistics " + k + ": empty")
		}
		if err := r.Validate(); err != nil {
			return fmt.Errorf("statistics %s: %w", k, err)
		}
	}
	return nil
}

// add records a finished game in p.
func (p *Profile) add(key string, g stats.Game) {
	if p.Stats == nil {
		p.Stats = map[string]*stats.Record{}
	}
	r := p.Stats[key]
	if r == nil {
		r = &stats.Record{}
		p.Stats[key] = r
	}
	r.Add(g)
}
