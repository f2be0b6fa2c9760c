package player

import (
	"errors"
	"fmt"

	"gamelab/internal/cache"
	"gamelab/twenty48/ntuple"
)

// Rating says how the default player rates positions.
type Rating int

const (
	// Best takes the cached network if it is trained enough
	// (NetworkGames), else the heuristic.
	Best Rating = iota
	// Heuristic always takes the hand-written heuristic.
	Heuristic
	// Network takes the cached network however little it was trained.
	Network
)

// Selection is a player ready to play: its factory and options, a
// description for reports, and, when the player is not what was asked
// for at its best (no network, or one trained too little), a note that
// says why, for the caller to show.
type Selection struct {
	Factory Factory
	Options Options
	About   string
	Note    string
}

// Select returns the registered player name at budget, with the network
// cached in dir as rating allows. Where the network is missing, damaged
// (then set aside) or trained over fewer than NetworkGames games, the
// heuristic plays and Note says so.
func Select(dir cache.Dir, name, budget string, rating Rating) (Selection, error) {
	factory, err := Lookup(name)
	if err != nil {
		return Selection{}, err
	}
	s := Selection{Factory: factory, About: name}
	if name != DefaultPlayer {
		// The budget is the search's: the other players have none.
		s.Options.Budget, err = ParseBudget(budget, false)
		return s, err
	}
	if rating != Heuristic {
		// A network trained too little plays worse than the heuristic:
		// its header says so before hundreds of megabytes are loaded.
		switch games, err := ntuple.CachedGames(dir); {
		case errors.Is(err, cache.ErrMissing):
			s.Note = fmt.Sprintf("no trained network in %s: the heuristic plays (gamelab 2048 train makes one: from %d games of training, stronger at every level, and far faster at the strong one)", dir, NetworkGames)
		case err != nil:
			s.Note = err.Error()
		case games < NetworkGames && rating != Network:
			s.Note = fmt.Sprintf("the network in %s was trained over %d games, fewer than the %d from which it plays better than the heuristic: the heuristic plays (gamelab 2048 train goes on from it; --network takes it anyway)", dir, games, NetworkGames)
		default:
			net, games, err := ntuple.LoadCached(dir)
			if err != nil {
				s.Note = err.Error()
				break
			}
			s.Options.Network = net
			s.About = fmt.Sprintf("%s, network of %d games", s.About, games)
		}
	}
	s.About = fmt.Sprintf("%s, budget %s", s.About, budget)
	if s.Options.Network == nil {
		s.About += ", heuristic"
	}
	s.Options.Budget, err = ParseBudget(budget, s.Options.Network != nil)
	return s, err
}

// TrainingNote says, after a training run that left the network trained
// over trained games, whether the default player takes it yet: "" once
// it does, else how many games are to go.
func TrainingNote(trained int64) string {
	if trained >= NetworkGames {
		return ""
	}
	return fmt.Sprintf("the player takes the network from %d games of training on (%d to go; --network takes it now)", NetworkGames, NetworkGames-trained)
}
