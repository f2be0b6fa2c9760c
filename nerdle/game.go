package nerdle

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
)

// The game's defaults and limits, as a player meets them.
const (
	DefaultLength = 8  // symbols per equation unless told otherwise
	DefaultRows   = 6  // guesses a player gets unless told otherwise
	MaxRows       = 20 // the most guesses a game may allow
)

// CheckLength says what is wrong with n as a length of equations, if
// anything; the caller names n.
func CheckLength(n int) error {
	if n < MinLength || n > MaxLength {
		return fmt.Errorf("equations have %d to %d symbols", MinLength, MaxLength)
	}
	return nil
}

// CheckRows says what is wrong with n as a number of rows, if anything;
// the caller names n.
func CheckRows(n int) error {
	if n < 1 || n > MaxRows {
		return fmt.Errorf("a game has 1 to %d rows", MaxRows)
	}
	return nil
}

// Status is the state of a game.
type Status uint8

// The states of a game.
const (
	Playing Status = iota
	Won
	Lost
)

// Row is one accepted guess and its colouring.
type Row struct {
	Guess    Equation
	Feedback Feedback
}

// Game is one game of Nerdle: a secret, a number of rows and the guesses
// made so far. Its methods validate every move, so a Game is always in a
// legal state; solvers that need speed use [Score] directly.
type Game struct {
	secret  Equation
	rules   Rules
	maxRows int
	mode    Mode
	rows    []Row
}

// SetMode sets the game's options; they apply from the next guess.
func (g *Game) SetMode(m Mode) { g.mode = m }

// Mode returns the game's options.
func (g *Game) Mode() Mode { return g.mode }

// ErrGameOver is returned by Guess once the game is won or lost.
var ErrGameOver = errors.New("the game is over")

// NewGame starts a game with the given secret (which the caller has drawn,
// e.g. with [RandomSecret]) and number of rows.
func NewGame(secret Equation, maxRows int, r Rules) (*Game, error) {
	if err := Check(secret.String(), r); err != nil {
		return nil, fmt.Errorf("secret %v: %w", secret, err)
	}
	if err := CheckRows(maxRows); err != nil {
		return nil, fmt.Errorf("%d rows: %w", maxRows, err)
	}
	return &Game{secret: secret, rules: r, maxRows: maxRows}, nil
}

// RandomSecret draws an equation uniformly from list, the output of
// [Enumerate].
func RandomSecret(rng *rand.Rand, list []Equation) Equation {
	return list[rng.IntN(len(list))]
}

// Guess plays the row s. It returns an error, leaving the game unchanged, if
// the game is over, s has the wrong length, s is not a valid equation (an
// *InvalidError saying why) or, in hard mode, s ignores a hint (a
// *HardModeError). In commutative mode a guess that commutes with the
// secret is played as the secret.
func (g *Game) Guess(s string) (Feedback, error) {
	if g.Status() != Playing {
		return 0, ErrGameOver
	}
	if n := g.Length(); len(s) != n {
		return 0, &InvalidError{Equation: s, Reason: fmt.Sprintf("the row needs %d symbols, it has %d", n, len(s))}
	}
	if err := Check(s, g.rules); err != nil {
		return 0, err
	}
	guess := MustParseEquation(s)
	if g.mode.Hard {
		if err := checkHard(g.rows, guess); err != nil {
			return 0, err
		}
	}
	if g.mode.Commutative && Commutes(guess, g.secret) {
		guess = g.secret
	}
	f := Score(g.secret, guess)
	g.rows = append(g.rows, Row{guess, f})
	return f, nil
}

// Status reports whether the game is still on, won or lost.
func (g *Game) Status() Status {
	if n := len(g.rows); n > 0 && g.rows[n-1].Feedback == AllGreen(g.Length()) {
		return Won
	}
	if len(g.rows) >= g.maxRows {
		return Lost
	}
	return Playing
}

// Rows returns the guesses made so far; the caller must not modify it.
func (g *Game) Rows() []Row { return g.rows }

// Secret returns the equation to be found.
func (g *Game) Secret() Equation { return g.secret }

// Length returns the number of symbols per row.
func (g *Game) Length() int { return g.secret.Len() }

// MaxRows returns the number of guesses allowed.
func (g *Game) MaxRows() int { return g.maxRows }

// Rules returns the game's rule set.
func (g *Game) Rules() Rules { return g.rules }

// Knowledge is what the guesses so far tell about one symbol, for the
// on-screen keyboard.
type Knowledge uint8

// What is known of a symbol, from least to most.
const (
	Untried Knowledge = iota // never guessed
	Absent                   // guessed, and only ever black
	Present                  // magenta somewhere, never green
	Placed                   // green somewhere
)

// Knowledge returns, for every symbol, the most the guesses reveal of it.
func (g *Game) Knowledge() [NumSymbols]Knowledge {
	var k [NumSymbols]Knowledge
	for _, r := range g.rows {
		for i := 0; i < g.Length(); i++ {
			s := r.Guess.At(i)
			k[s] = max(k[s], Knowledge(r.Feedback.At(i))+Absent)
		}
	}
	return k
}

// DailySecret returns the puzzle of the day for the equations list (the
// output of [Enumerate] for one length and rule set): the same for everyone
// on that calendar day, and, being drawn through SHA-256 of the day, the
// length and the rules, unknown in advance to anyone who does not run the
// program. day is a date as "2006-01-02"; the caller reads the clock.
func DailySecret(day string, list []Equation, r Rules) Equation {
	sum := sha256.Sum256(fmt.Appendf(nil, "gamelab nerdle daily %s %d %v", day, list[0].Len(), r))
	return list[binary.LittleEndian.Uint64(sum[:8])%uint64(len(list))]
}
