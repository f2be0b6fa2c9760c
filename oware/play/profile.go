package play

import (
	"errors"
	"fmt"
	"strings"

	"gamelab/internal/stats"
	"gamelab/oware"
	"gamelab/oware/search"
)

// The profile's file: its name in the configuration directory, format and
// version.
const (
	ProfileName    = "oware.json"
	ProfileFormat  = "gamelab oware profile"
	ProfileVersion = 1
)

// Profile is what the game remembers between runs: the person's record
// against each opponent.
type Profile struct {
	Stats stats.Book `json:"stats,omitempty"` // by StatsKey
	// Unfinished is the game a person left under way, as its record
	// (oware.Game.Record), to go on with next time; "" if none.
	Unfinished string `json:"unfinished,omitempty"`
}

// StatsKey names the record of games against an engine at a setting, as
// "pvs at 1s" or "alphabeta@6".
func StatsKey(engine search.Spec, limits search.Limits) string {
	if engine.Depth > 0 {
		return engine.String()
	}
	return engine.String() + " at " + limits.String()
}

// Validate implements store.State: it rejects what the game could not
// have written.
func (p *Profile) Validate() error {
	if p.Unfinished != "" {
		if _, err := oware.ParseRecord(strings.NewReader(p.Unfinished)); err != nil {
			return fmt.Errorf("unfinished game: %w", err)
		}
	}
	return p.Stats.Validate(func(k string) error {
		name, _, _ := strings.Cut(k, " at ")
		if _, err := search.ParseSpec(name); err != nil {
			return errors.New("not an engine")
		}
		return nil
	})
}
