// Package stats keeps a player's record over many games of one kind: games
// played, won, drawn and lost, win streaks, how many tries the wins took,
// and the best and mean score, for every game gamelab has.
package stats

import (
	"fmt"
	"time"
)

// Result is how a game ended for the player.
type Result int8

// The results of a game.
const (
	Loss Result = iota
	Win
	Draw
)

// Game is a finished game as a record counts it.
type Game struct {
	Result   Result
	Tries    int    // for a win, the tries it took (guesses, moves); 0 if the game counts none
	Score    int64  // the game's score, with Scored
	Scored   bool   // the game has a score (2048 does, Nerdle does not)
	Assisted bool   // the player had help (hints): counted, and marked
	Day      string // for a daily puzzle, its date ("2006-01-02"): streaks count days
}

// dayLayout is how days are written.
const dayLayout = "2006-01-02"

// Record is the history of one kind of game (one length and rule set, say).
// The zero Record is an empty history.
//
// Invariants, checked by Validate: every count is at least 0, Won + Drawn
// <= Played, the streaks are at most Won, and Tries sums to at most Won.
type Record struct {
	Played        int   `json:"played"`
	Won           int   `json:"won"`
	Drawn         int   `json:"drawn,omitempty"`
	CurrentStreak int   `json:"current_streak"` // wins in a row, up to the last game
	BestStreak    int   `json:"best_streak"`
	Tries         []int `json:"tries,omitempty"` // Tries[i]: games won with i+1 tries

	Scored     int   `json:"scored,omitempty"` // games with a score
	BestScore  int64 `json:"best_score,omitempty"`
	TotalScore int64 `json:"total_score,omitempty"`

	Assisted int    `json:"assisted,omitempty"` // wins with help
	LastDay  string `json:"last_day,omitempty"` // the day of the last daily game
}

// Add records a finished game. A game played with help counts, and is
// marked (Assisted), but sets no best score and no streak: it neither
// lengthens the current streak nor ends it. A best score never goes down.
func (r *Record) Add(g Game) {
	r.Played++
	if g.Scored {
		if !g.Assisted && (r.bestUnset() || g.Score > r.BestScore) {
			r.BestScore = g.Score
		}
		r.Scored++
		r.TotalScore += g.Score
	}
	if g.Day != "" {
		// A streak of days: a day missed ends it.
		if r.LastDay != "" && dayAfter(r.LastDay) != g.Day {
			r.CurrentStreak = 0
		}
		r.LastDay = g.Day
	}
	switch g.Result {
	case Win:
		r.Won++
		if g.Assisted {
			r.Assisted++
		} else {
			r.CurrentStreak++
			r.BestStreak = max(r.BestStreak, r.CurrentStreak)
		}
		if g.Tries >= 1 {
			for len(r.Tries) < g.Tries {
				r.Tries = append(r.Tries, 0)
			}
			r.Tries[g.Tries-1]++
		}
		return
	case Draw:
		r.Drawn++
	}
	r.CurrentStreak = 0
}

// bestUnset reports whether no unaided scored game has set a best score.
func (r *Record) bestUnset() bool { return r.BestScore == 0 }

// StreakOn returns the current streak as it stands on day, for records of
// daily games: a streak whose last game is older than the day before has
// ended.
func (r *Record) StreakOn(day string) int {
	if r.LastDay == day || dayAfter(r.LastDay) == day {
		return r.CurrentStreak
	}
	return 0
}

// dayAfter returns the date after day, or "" if day is not a date.
func dayAfter(day string) string {
	t, err := time.Parse(dayLayout, day)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, 1).Format(dayLayout)
}

// Lost returns the games lost.
func (r *Record) Lost() int { return r.Played - r.Won - r.Drawn }

// WinPercent returns the share of games won, 0 to 100, rounded.
func (r *Record) WinPercent() int {
	if r.Played == 0 {
		return 0
	}
	return (100*r.Won + r.Played/2) / r.Played
}

// MeanScore returns the mean score of the games with one, or 0.
func (r *Record) MeanScore() float64 {
	if r.Scored == 0 {
		return 0
	}
	return float64(r.TotalScore) / float64(r.Scored)
}

// Validate reports a record that no sequence of games could have made: a
// hand-edited or damaged file.
func (r *Record) Validate() error {
	tries := 0
	for _, n := range r.Tries {
		if n < 0 {
			return fmt.Errorf("a negative count of wins (%d)", n)
		}
		tries += n
	}
	switch {
	case r.Played < 0 || r.Won < 0 || r.Drawn < 0 || r.CurrentStreak < 0 || r.BestStreak < 0 || r.Scored < 0:
		return fmt.Errorf("a negative count")
	case r.Won+r.Drawn > r.Played:
		return fmt.Errorf("%d won and %d drawn of %d played", r.Won, r.Drawn, r.Played)
	case r.CurrentStreak > r.BestStreak || r.BestStreak > r.Won:
		return fmt.Errorf("streaks %d and %d with %d won", r.CurrentStreak, r.BestStreak, r.Won)
	case tries > r.Won:
		return fmt.Errorf("%d wins counted by tries, %d won", tries, r.Won)
	case r.Scored > r.Played:
		return fmt.Errorf("%d scored of %d played", r.Scored, r.Played)
	case r.Assisted < 0 || r.Assisted > r.Won:
		return fmt.Errorf("%d wins with help of %d won", r.Assisted, r.Won)
	case r.LastDay != "" && dayAfter(r.LastDay) == "":
		return fmt.Errorf("last day %q is not a date", r.LastDay)
	}
	return nil
}

// Book holds a player's records by key: one per variant of a game (a
// length and rule set, a board size and mode). Its JSON form is an object
// of records.
type Book map[string]*Record

// Get returns the record for key, or an empty one; it changes nothing,
// for views.
func (b Book) Get(key string) Record {
	if r := b[key]; r != nil {
		return *r
	}
	return Record{}
}

// Add records a finished game under key.
func (b *Book) Add(key string, g Game) {
	if *b == nil {
		*b = Book{}
	}
	r := (*b)[key]
	if r == nil {
		r = &Record{}
		(*b)[key] = r
	}
	r.Add(g)
}

// Validate checks every key with validKey (the game's own test) and every
// record.
func (b Book) Validate(validKey func(string) error) error {
	for k, r := range b {
		if err := validKey(k); err != nil {
			return fmt.Errorf("statistics %q: %w", k, err)
		}
		if r == nil {
			return fmt.Errorf("statistics %q: empty", k)
		}
		if err := r.Validate(); err != nil {
			return fmt.Errorf("statistics %s: %w", k, err)
		}
	}
	return nil
}
