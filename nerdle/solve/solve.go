// Package solve holds Nerdle solvers: programs that choose guesses so as to
// find the secret in as few rows as possible.
//
// A Solver sees what a player sees, the guesses so far and their colours
// (a History), and returns the next guess; it may guess any valid equation,
// not only those consistent with the colours. Solvers are not safe for
// concurrent use: give each goroutine its own, made by a Factory.
//
// The default solver, Best, plays a decision tree when one has been built for
// the length (see Tree) and an online strategy otherwise: an opener computed
// once per length, then at each step the guess that minimises the expected
// number of guesses still needed, estimated from how the guess splits the
// equations still possible, searched exactly when few remain.
package solve

import (
	"errors"

	"gamelab/internal/cache"
	"gamelab/internal/registry"
	"gamelab/nerdle"
)

// History is the state of a game as a solver sees it.
type History struct {
	Length int
	Rules  nerdle.Rules
	Rows   []nerdle.Row
}

// Solver chooses the next guess of a game.
type Solver interface {
	// Guess returns the next guess for h. It returns ErrInconsistent if no
	// equation fits the colours of h.
	Guess(h History) (nerdle.Equation, error)
}

// ErrInconsistent reports colours that no valid equation fits.
var ErrInconsistent = errors.New("no equation fits these colours")

// Factory makes a solver for equations of one universe.
type Factory func(u *Universe) (Solver, error)

// factories holds the solvers users can name.
var factories = registry.New[Factory]("solver")

// Register makes a solver available by name to the benchmark and the
// protocol. It panics if the name is taken.
func Register(name string, f Factory) { factories.Register(name, f) }

// Names returns the names of the registered solvers, sorted.
func Names() []string { return factories.Names() }

// Lookup returns the factory registered as name.
func Lookup(name string) (Factory, error) { return factories.Lookup(name) }

// Universe is every valid equation of one length and rule set: the possible
// secrets, and the guesses a solver may make. It is read-only once made and
// shared by all solvers of its length.
type Universe struct {
	Length int
	Rules  nerdle.Rules
	All    []nerdle.Equation

	// Cache is where solvers keep what they precompute for the universe
	// (trees, openers); the empty Dir keeps nothing.
	Cache cache.Dir
}

// NewUniverse enumerates the equations of length n under rules r, with c
// as the solvers' cache.
func NewUniverse(n int, r nerdle.Rules, c cache.Dir) (*Universe, error) {
	all, err := nerdle.Enumerate(n, r)
	if err != nil {
		return nil, err
	}
	return &Universe{Length: n, Rules: r, All: all, Cache: c}, nil
}

// Filter returns the equations of set that give feedback f to guess: the
// secrets still possible after seeing f.
func Filter(set []nerdle.Equation, guess nerdle.Equation, f nerdle.Feedback) []nerdle.Equation {
	var out []nerdle.Equation
	for _, s := range set {
		if nerdle.Score(s, guess) == f {
			out = append(out, s)
		}
	}
	return out
}

// Candidates returns the equations of u consistent with every row of h.
func (u *Universe) Candidates(h History) []nerdle.Equation {
	set := u.All
	for _, r := range h.Rows {
		set = Filter(set, r.Guess, r.Feedback)
	}
	return set
}
