package mastermind

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// Game is a game as a person plays it against a secret code: the rules'
// state, every guess checked before it counts. The secret stays inside
// until the game is over (Secret).
type Game struct {
	pegs, colours, rows int
	secret              Code
	hints               []Hint
	won                 bool
}

// The classic game, which every command plays unless told otherwise: four
// pegs, six colours, ten guesses.
const (
	DefaultPegs    = 4
	DefaultColours = 6
	DefaultRows    = 10
)

// The limits of the game as people play it, in the terminal and on the
// web: each colour is one key, 1 to 9.
const (
	GameMaxPegs    = 8
	GameMaxColours = 9
	GameMaxRows    = 30
)

// ErrGameOver is returned by Guess once the code is found or the rows are
// used up.
var ErrGameOver = errors.New("the game is over")

// NewGame returns a game of rows guesses against a secret of pegs pegs
// over colours colours drawn from rng.
func NewGame(pegs, colours, rows int, rng *rand.Rand) (*Game, error) {
	switch {
	case pegs < 1 || pegs > MaxPegs:
		return nil, fmt.Errorf("%d pegs: want 1 to %d", pegs, MaxPegs)
	case colours < 2 || colours > MaxColours:
		return nil, fmt.Errorf("%d colours: want 2 to %d", colours, MaxColours)
	case rows < 1:
		return nil, fmt.Errorf("%d rows: want at least one", rows)
	}
	secret := make(Code, pegs)
	for i := range secret {
		secret[i] = uint8(1 + rng.IntN(colours))
	}
	return &Game{pegs: pegs, colours: colours, rows: rows, secret: secret}, nil
}

// Guess plays code c and returns its answer. It fails, changing nothing,
// if c is not a code of the game's pegs and colours or the game is over.
func (g *Game) Guess(c Code) (Answer, error) {
	if g.Over() {
		return Answer{}, ErrGameOver
	}
	if len(c) != g.pegs {
		return Answer{}, fmt.Errorf("a guess of %d pegs; the code has %d", len(c), g.pegs)
	}
	for i, x := range c {
		if x < 1 || int(x) > g.colours {
			return Answer{}, fmt.Errorf("peg %d: colour %d is not one of 1 to %d", i+1, x, g.colours)
		}
	}
	a := Score(c, g.secret)
	g.hints = append(g.hints, Hint{Guess: slices.Clone(c), Answer: a})
	g.won = a.Blacks == g.pegs
	return a, nil
}

// Pegs returns the length of the code.
func (g *Game) Pegs() int { return g.pegs }

// Colours returns the number of colours.
func (g *Game) Colours() int { return g.colours }

// Rows returns the guesses allowed.
func (g *Game) Rows() int { return g.rows }

// Hints returns the guesses so far with their answers; the caller must
// not change them.
func (g *Game) Hints() []Hint { return g.hints }

// Over reports whether the code is found or the rows are used up.
func (g *Game) Over() bool { return g.won || len(g.hints) == g.rows }

// Won reports whether the code was found.
func (g *Game) Won() bool { return g.won }

// Secret returns the code once the game is over, and false before.
func (g *Game) Secret() (Code, bool) {
	if !g.Over() {
		return nil, false
	}
	return slices.Clone(g.secret), true
}

// Snapshot is a game under way as it is kept between sessions: its shape,
// its secret and the guesses played. It holds the secret: a program keeps
// it for the player, never shows it.
type Snapshot struct {
	Pegs    int    `json:"pegs"`
	Colours int    `json:"colours"`
	Rows    int    `json:"rows"`
	Secret  Code   `json:"secret"`
	Guesses []Code `json:"guesses"`
}

// Snapshot returns the game as it stands, to resume with Resume.
func (g *Game) Snapshot() Snapshot {
	guesses := make([]Code, len(g.hints))
	for i, h := range g.hints {
		guesses[i] = slices.Clone(h.Guess)
	}
	return Snapshot{Pegs: g.pegs, Colours: g.colours, Rows: g.rows, Secret: slices.Clone(g.secret), Guesses: guesses}
}

// Resume returns the game s was taken of, every guess played again and
// checked; an error for a snapshot no game could have made.
func Resume(s Snapshot) (*Game, error) {
	g, err := NewGame(s.Pegs, s.Colours, s.Rows, rand.New(rand.NewPCG(0, 0)))
	if err != nil {
		return nil, err
	}
	if len(s.Secret) != s.Pegs {
		return nil, fmt.Errorf("a secret of %d pegs in a game of %d", len(s.Secret), s.Pegs)
	}
	for i, c := range s.Secret {
		if c < 1 || int(c) > s.Colours {
			return nil, fmt.Errorf("secret peg %d: colour %d is not one of 1 to %d", i+1, c, s.Colours)
		}
	}
	g.secret = slices.Clone(s.Secret)
	for i, guess := range s.Guesses {
		if _, err := g.Guess(guess); err != nil {
			return nil, fmt.Errorf("guess %d: %w", i+1, err)
		}
	}
	return g, nil
}
