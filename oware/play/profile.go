package play

import (
	"errors"
	"strings"

	"gamelab/internal/stats"
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
	return p.Stats.Validate(func(k string) error {
		name, _, _ := strings.Cut(k, " at ")
		if _, err := search.ParseSpec(name); err != nil {
			return errors.New("not an engine")
		}
		return nil
	})
}
