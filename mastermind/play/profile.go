package play

import (
	"errors"
	"fmt"

	"gamelab/internal/stats"
)

// The profile's file: its name in the configuration directory, format and
// version.
const (
	ProfileName    = "mastermind.json"
	ProfileFormat  = "gamelab mastermind profile"
	ProfileVersion = 1
)

// Profile is what the game remembers between runs: the record of the
// games the person broke, per number of pegs and colours.
type Profile struct {
	Stats stats.Book `json:"stats,omitempty"` // by StatsKey
}

// StatsKey names the record of games of pegs pegs over colours colours.
func StatsKey(pegs, colours int) string { return fmt.Sprintf("%d pegs/%d colours", pegs, colours) }

// Validate implements store.State: it rejects what the game could not
// have written.
func (p *Profile) Validate() error {
	return p.Stats.Validate(func(k string) error {
		var pegs, colours int
		if n, _ := fmt.Sscanf(k, "%d pegs/%d colours", &pegs, &colours); n != 2 || StatsKey(pegs, colours) != k ||
			pegs < 1 || pegs > MaxPegs || colours < 2 || colours > MaxColours {
			return errors.New("not pegs/colours")
		}
		return nil
	})
}
