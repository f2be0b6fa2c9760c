package play

import (
	"errors"
	"fmt"

	"gamelab/internal/stats"
	"gamelab/mastermind"
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
	// Unfinished holds the code the person was breaking when they left,
	// by StatsKey, to go on with next time. It holds the secret, which
	// the game never shows before the end.
	Unfinished map[string]*mastermind.Snapshot `json:"unfinished,omitempty"`
}

// StatsKey names the record of games of pegs pegs over colours colours.
func StatsKey(pegs, colours int) string { return fmt.Sprintf("%d pegs/%d colours", pegs, colours) }

// Validate implements store.State: it rejects what the game could not
// have written.
func (p *Profile) Validate() error {
	for k, u := range p.Unfinished {
		if u == nil || StatsKey(u.Pegs, u.Colours) != k || u.Pegs > MaxPegs || u.Colours > MaxColours || u.Rows > MaxRows {
			return fmt.Errorf("unfinished game %q: not a game of that shape", k)
		}
		g, err := mastermind.Resume(*u)
		if err != nil {
			return fmt.Errorf("unfinished game %s: %w", k, err)
		}
		if g.Over() {
			return fmt.Errorf("unfinished game %s: it is over", k)
		}
	}
	return p.Stats.Validate(func(k string) error {
		var pegs, colours int
		if n, _ := fmt.Sscanf(k, "%d pegs/%d colours", &pegs, &colours); n != 2 || StatsKey(pegs, colours) != k ||
			pegs < 1 || pegs > MaxPegs || colours < 2 || colours > MaxColours {
			return errors.New("not pegs/colours")
		}
		return nil
	})
}
