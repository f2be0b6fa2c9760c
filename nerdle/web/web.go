// Package web is Nerdle on the web: the page and the API it plays
// through, on the server of package gamelab/web. The server keeps each
// game's secret; a response carries the rows played and their colours,
// and the secret only once the game is over.
package web

import (
	"context"
	crand "crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamelab/internal/cache"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
	site "gamelab/web"
	"gamelab/web/db"
)

// Game is Nerdle on the web server.
type Game struct {
	cache cache.Dir // for the solver's trees and openers
	now   func() time.Time
	// workers run the solver: a variant's first hint enumerates its
	// equations (seconds at length 11), the next ones take milliseconds.
	workers *site.Workers

	mu        sync.Mutex
	universes map[variant]*universe
}

// New returns Nerdle for the server; the solver keeps its trees and
// openers in c (the terminal's cache, so that trees built by gamelab
// nerdle tree serve the web too).
func New(c cache.Dir) *Game {
	return &Game{cache: c, now: time.Now, universes: map[variant]*universe{}, workers: site.NewWorkers(4, solveLimit)}
}

// Card implements site.Game.
func (g *Game) Card() site.Card {
	return site.Card{Name: "/nerdle", Title: "Nerdle", Command: "gamelab nerdle play",
		Blurb: "Find the hidden equation in six guesses: lengths 5 to 11, the daily puzzle, hints from our solver."}
}

// Routes implements site.Game.
func (g *Game) Routes(mux *http.ServeMux, s *site.Server) {
	h := &handlers{g: g, s: s}
	s.Static(mux, "/nerdle", static)
	mux.HandleFunc("GET /nerdle", s.Page(page, "nerdle.html", nil))
	s.API(mux, "POST /api/nerdle/games", `start or resume a game: {"length", "rules", "daily", "new"}`, h.start)
	s.API(mux, "GET /api/nerdle/games/{id}", "a game of the player's", h.show)
	s.API(mux, "POST /api/nerdle/games/{id}/guesses", `play a row: {"guess"}`, h.guess)
	s.API(mux, "POST /api/nerdle/games/{id}/hint", "the solver's next guess (the game is then marked as helped)", h.hint)
	s.API(mux, "POST /api/nerdle/solve", `the solver's next guess after any rows: {"length", "rules", "rows": [{"guess", "colours"}]}`, h.solve)
	s.API(mux, "GET /api/nerdle/stats", "the player's record: ?length=&rules=", h.stats)
	s.API(mux, "GET /api/nerdle/settings", "the player's settings", h.settings)
	s.API(mux, "PUT /api/nerdle/settings", `replace them: {"hard", "commutative", "colourBlind"}`, h.putSettings)
	s.API(mux, "GET /api/nerdle/leaderboard", "a daily puzzle's best: ?length=&rules=&day=2006-01-02", h.leaderboard)
}

// variant is a length and rule set: each has its own equations, records
// and daily puzzle.
type variant struct {
	Length int
	Rules  nerdle.Rules
}

// String is the variant as the database records it: "8 standard".
func (v variant) String() string { return fmt.Sprintf("%d %v", v.Length, v.Rules) }

// parseVariant reads a length and rules as the API takes them: the
// length 5 to 11 (8 if ""), the rules standard or nerdlegame (standard if
// "").
func parseVariant(length, rules string) (variant, error) {
	v := variant{Length: nerdle.DefaultLength, Rules: nerdle.Standard}
	if length != "" {
		n, err := strconv.Atoi(length)
		if err != nil {
			return v, fmt.Errorf("length %q: want a whole number", clip(length))
		}
		v.Length = n
	}
	if err := nerdle.CheckLength(v.Length); err != nil {
		return v, fmt.Errorf("length %d: %w", v.Length, err)
	}
	if rules != "" {
		r, err := nerdle.ParseRules(rules)
		if err != nil {
			return v, errors.New(clip(err.Error()))
		}
		v.Rules = r
	}
	return v, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// universe is a variant's equations and its solver, which serves one
// hint at a time.
type universe struct {
	once sync.Once
	u    *solve.Universe
	err  error

	mu     sync.Mutex
	solver solve.Solver
}

// universe returns v's equations, enumerated on first use.
func (g *Game) universe(v variant) (*universe, error) {
	g.mu.Lock()
	u := g.universes[v]
	if u == nil {
		u = &universe{}
		g.universes[v] = u
	}
	g.mu.Unlock()
	u.once.Do(func() { u.u, u.err = solve.NewUniverse(v.Length, v.Rules, g.cache) })
	return u, u.err
}

// solveLimit bounds a hint's time, waiting for a worker included. A
// variant's first enumeration, which cannot stop midway, goes on past it
// on its worker, and serves the next hints.
const solveLimit = 10 * time.Second

// advise returns the solver's next guess after rows for variant v, and
// how many equations the rows leave possible, worked out on a worker.
func (g *Game) advise(ctx context.Context, v variant, rows []nerdle.Row) (guess nerdle.Equation, remaining int, err error) {
	werr := g.workers.Do(ctx, func(context.Context) error {
		u, err := g.universe(v)
		if err != nil {
			return err
		}
		guess, remaining, err = u.advise(rows)
		return err
	})
	if err == nil {
		err = werr
	}
	return guess, remaining, err
}

// advise returns the solver's next guess after rows, and how many
// equations the rows leave possible.
func (u *universe) advise(rows []nerdle.Row) (nerdle.Equation, int, error) {
	h := solve.History{Length: u.u.Length, Rules: u.u.Rules, Rows: rows}
	remaining := len(u.u.Candidates(h))
	if remaining == 0 {
		return 0, 0, errNoFit
	}
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.solver == nil {
		f, err := solve.Lookup(solve.DefaultSolver)
		if err != nil {
			return 0, 0, err
		}
		if u.solver, err = f(u.u); err != nil {
			return 0, 0, err
		}
	}
	guess, err := u.solver.Guess(h)
	return guess, remaining, err
}

// errNoFit is rows that no equation of the variant fits.
var errNoFit = errors.New("no equation fits these colours")

// secretRand returns a source of secrets that no one can predict.
func secretRand() *rand.Rand {
	var seed [32]byte
	crand.Read(seed[:])
	return rand.New(rand.NewChaCha8(seed))
}

// options are the modes a game is played under, fixed when it starts.
type options struct {
	Hard        bool `json:"hard"`
	Commutative bool `json:"commutative"`
}

func (o options) mode() nerdle.Mode { return nerdle.Mode{Hard: o.Hard, Commutative: o.Commutative} }

// Settings are a player's Nerdle settings, as the terminal game's.
type Settings struct {
	Hard bool `json:"hard"` // every hint revealed must be used
	// Commutative takes 35+12=47 for 12+35=47; null, it follows the
	// rules: on for the web game's (nerdlegame), as the web game does.
	Commutative *bool `json:"commutative"`
	ColourBlind bool  `json:"colourBlind"` // orange and blue rather than green and magenta
}

// options returns the modes the settings give a game under rules r.
func (s Settings) options(r nerdle.Rules) options {
	o := options{Hard: s.Hard, Commutative: r == nerdle.NerdleGame}
	if s.Commutative != nil {
		o.Commutative = *s.Commutative
	}
	return o
}

func (h *handlers) loadSettings(ctx context.Context, player string) (Settings, error) {
	var s Settings
	raw, err := h.s.DB().Settings(ctx, player, "nerdle")
	if err != nil || raw == "" {
		return s, err
	}
	return s, json.Unmarshal([]byte(raw), &s)
}

// replay rebuilds the game a row of the database holds.
func replay(dg *db.Game) (*nerdle.Game, options, error) {
	var o options
	if dg.Options != "" {
		if err := json.Unmarshal([]byte(dg.Options), &o); err != nil {
			return nil, o, fmt.Errorf("game %s: options: %w", dg.ID, err)
		}
	}
	length, rules, _ := strings.Cut(dg.Variant, " ")
	v, err := parseVariant(length, rules)
	if err != nil {
		return nil, o, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	secret, err := nerdle.ParseEquation(dg.Secret)
	if err != nil {
		return nil, o, fmt.Errorf("game %s: secret: %w", dg.ID, err)
	}
	ng, err := nerdle.NewGame(secret, nerdle.DefaultRows, v.Rules)
	if err != nil {
		return nil, o, err
	}
	ng.SetMode(o.mode())
	for _, m := range dg.Moves {
		if _, err := ng.Guess(m.Move); err != nil {
			return nil, o, fmt.Errorf("game %s: move %q: %w", dg.ID, m.Move, err)
		}
	}
	return ng, o, nil
}
