// Package stats keeps a player's record over many games: games played and
// won, streaks, and how many tries the wins took.
package stats

// Record is the history of one kind of game (one length and rule set, say).
// The zero Record is an empty history.
type Record struct {
	Played        int   `json:"played"`
	Won           int   `json:"won"`
	CurrentStreak int   `json:"current_streak"`
	BestStreak    int   `json:"best_streak"`
	Tries         []int `json:"tries"` // Tries[i]: games won with i+1 tries
}

// Add records a finished game: won or lost, and the tries it took.
func (r *Record) Add(won bool, tries int) {
	r.Played++
	if !won {
		r.CurrentStreak = 0
		return
	}
	r.Won++
	r.CurrentStreak++
	r.BestStreak = max(r.BestStreak, r.CurrentStreak)
	if tries >= 1 {
		for len(r.Tries) < tries {
			r.Tries = append(r.Tries, 0)
		}
		r.Tries[tries-1]++
	}
}

// WinPercent returns the share of games won, 0 to 100.
func (r *Record) WinPercent() int {
	if r.Played == 0 {
		return 0
	}
	return (100*r.Won + r.Played/2) / r.Played
}
