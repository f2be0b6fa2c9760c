// Package web is Mastermind on the web: the codebreaker's page and the
// API it plays through, on the server of package gamelab/web. The
// server keeps the code; a response carries the guesses and their
// answers, and the code once the game is over.
package web

import (
	"context"
	crand "crypto/rand"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io/fs"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"gamelab/internal/stats"
	"gamelab/mastermind"
	"gamelab/mastermind/consistent"
	site "gamelab/web"
	"gamelab/web/db"
)

// Game is Mastermind on the web server.
type Game struct {
	counting chan struct{} // a token for each count that may run at once
}

// New returns Mastermind for the server.
func New() *Game { return &Game{counting: make(chan struct{}, maxCounting)} }

// maxCounting is how many counts of consistent codes run at once: each
// uses every core.
const maxCounting = 2

//go:embed static
var static embed.FS

var page = template.Must(template.ParseFS(static, "static/mastermind.html"))

// Card implements site.Game.
func (*Game) Card() site.Card {
	return site.Card{Name: "/mastermind", Title: "Mastermind", OnWeb: true,
		Blurb: "Break the colour code: black for a right colour in the right place, white for a right colour elsewhere."}
}

// Routes implements site.Game.
func (g *Game) Routes(mux *http.ServeMux, s *site.Server) {
	h := &handlers{s: s, g: g}
	sub, _ := fs.Sub(static, "static")
	mux.Handle("GET /mastermind/static/", http.StripPrefix("/mastermind/static/", site.Assets(sub)))
	mux.HandleFunc("GET /mastermind", h.page)
	s.API(mux, "POST /api/mastermind/games", `start or resume a game: {"pegs", "colours", "rows", "new"}`, h.start)
	s.API(mux, "GET /api/mastermind/games/{id}", "a game of the player's", h.show)
	s.API(mux, "POST /api/mastermind/games/{id}/guesses", `play a guess: {"guess": [1, 2, 3, 4]}`, h.guess)
	s.API(mux, "GET /api/mastermind/games/{id}/remaining", "how many codes the answers so far leave (the game is then marked as helped)", h.remaining)
	s.API(mux, "POST /api/mastermind/consistent", `the codes that agree with hints: {"colours", "hints": [{"guess", "blacks", "whites"}], "list"}`, h.consistent)
	s.API(mux, "GET /api/mastermind/stats", "the player's record: ?pegs=&colours=&rows=", h.stats)
}

type handlers struct {
	s *site.Server
	g *Game
}

func (h *handlers) page(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := page.Execute(w, nil); err != nil {
		h.s.Log().Error("mastermind page", "err", err)
	}
}

// shape is a game's pegs, colours and rows, checked against the game's
// limits.
type shape struct{ Pegs, Colours, Rows int }

func (s shape) String() string { return fmt.Sprintf("%d %d %d", s.Pegs, s.Colours, s.Rows) }

func (s shape) check() error {
	switch {
	case s.Pegs < 1 || s.Pegs > mastermind.GameMaxPegs:
		return fmt.Errorf("pegs %d: want 1 to %d", s.Pegs, mastermind.GameMaxPegs)
	case s.Colours < 2 || s.Colours > mastermind.GameMaxColours:
		return fmt.Errorf("colours %d: want 2 to %d", s.Colours, mastermind.GameMaxColours)
	case s.Rows < 1 || s.Rows > mastermind.GameMaxRows:
		return fmt.Errorf("rows %d: want 1 to %d", s.Rows, mastermind.GameMaxRows)
	}
	return nil
}

// orDefault fills what is 0 with the classic game's.
func (s shape) orDefault() shape {
	if s.Pegs == 0 {
		s.Pegs = mastermind.DefaultPegs
	}
	if s.Colours == 0 {
		s.Colours = mastermind.DefaultColours
	}
	if s.Rows == 0 {
		s.Rows = mastermind.DefaultRows
	}
	return s
}

// hintView is a guess and its answer.
type hintView struct {
	Guess  []int `json:"guess"`
	Blacks int   `json:"blacks"`
	Whites int   `json:"whites"`
}

// gameView is a game as its player may see it: the code only once the
// game is over.
type gameView struct {
	ID       string     `json:"id"`
	Pegs     int        `json:"pegs"`
	Colours  int        `json:"colours"`
	Rows     int        `json:"rows"`
	Status   string     `json:"status"` // playing, won or lost
	Assisted bool       `json:"assisted"`
	Hints    []hintView `json:"hints"`
	Code     []int      `json:"code,omitempty"`
}

func ints(c mastermind.Code) []int {
	out := make([]int, len(c))
	for i, x := range c {
		out[i] = int(x)
	}
	return out
}

func view(dg *db.Game, g *mastermind.Game) gameView {
	v := gameView{ID: dg.ID, Pegs: g.Pegs(), Colours: g.Colours(), Rows: g.Rows(), Status: "playing", Assisted: dg.Assisted, Hints: []hintView{}}
	for _, hn := range g.Hints() {
		v.Hints = append(v.Hints, hintView{ints(hn.Guess), hn.Answer.Blacks, hn.Answer.Whites})
	}
	if code, over := g.Secret(); over {
		v.Code, v.Status = ints(code), "lost"
		if g.Won() {
			v.Status = "won"
		}
	}
	return v
}

// replay rebuilds the game a row of the database holds: its secret is
// the snapshot of its start.
func replay(dg *db.Game) (*mastermind.Game, error) {
	var snap mastermind.Snapshot
	if err := json.Unmarshal([]byte(dg.Secret), &snap); err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	for _, m := range dg.Moves {
		c, err := parseCode(m.Move)
		if err != nil {
			return nil, fmt.Errorf("game %s: %w", dg.ID, err)
		}
		snap.Guesses = append(snap.Guesses, c)
	}
	return mastermind.Resume(snap)
}

func parseCode(s string) (mastermind.Code, error) {
	var c mastermind.Code
	for _, f := range strings.Fields(s) {
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 || n > 255 {
			return nil, fmt.Errorf("code %q", s)
		}
		c = append(c, uint8(n))
	}
	return c, nil
}

func (h *handlers) start(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Pegs    int  `json:"pegs"`
		Colours int  `json:"colours"`
		Rows    int  `json:"rows"`
		New     bool `json:"new"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	sh := shape{body.Pegs, body.Colours, body.Rows}.orDefault()
	if err := sh.check(); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	ctx, store := r.Context(), h.s.DB()
	dg, err := store.Unfinished(ctx, p.ID, "mastermind", sh.String())
	if err == nil && body.New {
		if len(dg.Moves) > 0 {
			store.Abandon(ctx, dg.ID) // counts as lost, as in the terminal
			err = db.ErrNotFound
		}
	}
	if errors.Is(err, db.ErrNotFound) {
		var seed [32]byte
		crand.Read(seed[:])
		g, gerr := mastermind.NewGame(sh.Pegs, sh.Colours, sh.Rows, rand.New(rand.NewChaCha8(seed)))
		if gerr != nil {
			h.s.Internal(w, r, gerr)
			return
		}
		secret, _ := json.Marshal(g.Snapshot())
		dg = &db.Game{Player: p.ID, Game: "mastermind", Variant: sh.String(), Secret: string(secret)}
		err = store.CreateGame(ctx, dg)
	}
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	h.respond(w, r, dg)
}

func (h *handlers) respond(w http.ResponseWriter, r *http.Request, dg *db.Game) {
	g, err := replay(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, g))
}

// own returns the game of the request's {id} if it is the player's.
func (h *handlers) own(w http.ResponseWriter, r *http.Request) (*db.Game, bool) {
	p, ok := h.s.Player(w, r)
	if !ok {
		return nil, false
	}
	dg, err := h.s.DB().Game(r.Context(), r.PathValue("id"))
	if errors.Is(err, db.ErrNotFound) || err == nil && (dg.Player != p.ID || dg.Game != "mastermind") {
		site.Error(w, http.StatusNotFound, "no such game of yours")
		return nil, false
	}
	if err != nil {
		h.s.Internal(w, r, err)
		return nil, false
	}
	return dg, true
}

func (h *handlers) show(w http.ResponseWriter, r *http.Request) {
	if dg, ok := h.own(w, r); ok {
		h.respond(w, r, dg)
	}
}

// guess plays a guess, committed before its answer is written.
func (h *handlers) guess(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Guess []int `json:"guess"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	g, err := replay(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	c := make(mastermind.Code, len(body.Guess))
	for i, x := range body.Guess {
		if x < 1 || x > g.Colours() {
			site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("peg %d: colour %d is not one of 1 to %d", i+1, x, g.Colours()))
			return
		}
		c[i] = uint8(x)
	}
	a, err := g.Guess(c)
	switch {
	case errors.Is(err, mastermind.ErrGameOver):
		site.Error(w, http.StatusConflict, "the game is over")
		return
	case err != nil:
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	status := db.Playing
	if g.Over() {
		status = db.Lost
		if g.Won() {
			status = db.Won
		}
	}
	m := db.Move{Move: strings.Trim(fmt.Sprint(ints(c)), "[]"), Result: a.String(), At: time.Now()}
	switch err := h.s.DB().AddMove(r.Context(), dg, m, status); {
	case errors.Is(err, db.ErrConflict):
		site.Error(w, http.StatusConflict, "the game changed meanwhile (another tab?): reload it")
		return
	case err != nil:
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, g))
}

// countLimit bounds the time a count may take: counts of the game's
// shapes take milliseconds, and a request is not a place to wait.
const countLimit = 2 * time.Second

// remaining counts the codes the answers so far leave: the terminal
// game's help, which marks the game as helped.
func (h *handlers) remaining(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	g, err := replay(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	n, ok := h.count(w, r, g.Colours(), g.Pegs(), g.Hints())
	if !ok {
		return
	}
	if !dg.Assisted {
		if err := h.s.DB().SetAssisted(r.Context(), dg.ID); err != nil {
			h.s.Internal(w, r, err)
			return
		}
	}
	site.JSON(w, http.StatusOK, map[string]int{"remaining": n})
}

// count returns how many codes of pegs pegs over colours colours agree
// with hints, counted within countLimit while no more than maxCounting
// others run. It writes the error itself (429 when busy, 422 past the
// limit) and reports false when there is no count.
func (h *handlers) count(w http.ResponseWriter, r *http.Request, colours, pegs int, hints []mastermind.Hint) (int, bool) {
	if len(hints) == 0 {
		n := 1
		for range pegs {
			n *= colours
		}
		return n, true
	}
	select {
	case h.g.counting <- struct{}{}:
		defer func() { <-h.g.counting }()
	default:
		w.Header().Set("Retry-After", "1")
		site.Error(w, http.StatusTooManyRequests, "the server is counting for others: try again in a second")
		return 0, false
	}
	ctx, cancel := context.WithTimeout(r.Context(), countLimit)
	defer cancel()
	n, err := consistent.Count(ctx, &mastermind.Instance{Max: colours, Hints: hints})
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("the count takes more than %v: give more hints", countLimit))
		return 0, false
	}
	return n, true
}

// maxList bounds the codes the consistent endpoint lists.
const maxList = 1000

// consistent answers a bot: the number of codes that agree with hints,
// and, asked, up to 1000 of them.
func (h *handlers) consistent(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Colours int        `json:"colours"`
		Hints   []hintView `json:"hints"`
		List    bool       `json:"list"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	if body.Colours < 1 || body.Colours > mastermind.MaxColours {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("colours %d: want 1 to %d", body.Colours, mastermind.MaxColours))
		return
	}
	if len(body.Hints) == 0 || len(body.Hints) > 100 {
		site.Error(w, http.StatusUnprocessableEntity, "hints: want 1 to 100")
		return
	}
	in := &mastermind.Instance{Max: body.Colours}
	for i, hv := range body.Hints {
		c := make(mastermind.Code, len(hv.Guess))
		for j, x := range hv.Guess {
			if x < 1 || x > body.Colours {
				site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("hint %d, peg %d: colour %d is not one of 1 to %d", i+1, j+1, x, body.Colours))
				return
			}
			c[j] = uint8(x)
		}
		in.Hints = append(in.Hints, mastermind.Hint{Guess: c, Answer: mastermind.Answer{Blacks: hv.Blacks, Whites: hv.Whites}})
	}
	if err := in.Validate(); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	if in.Pegs() > mastermind.GameMaxPegs {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("codes of %d pegs: the API takes up to %d (gamelab mastermind solve takes more)", in.Pegs(), mastermind.GameMaxPegs))
		return
	}
	n, ok := h.count(w, r, body.Colours, in.Pegs(), in.Hints)
	if !ok {
		return
	}
	out := map[string]any{"count": n}
	if body.List {
		codes := [][]int{}
		ctx, cancel := context.WithTimeout(r.Context(), countLimit)
		defer cancel()
		err := consistent.Solve(in, func(c mastermind.Code) bool {
			codes = append(codes, ints(c))
			return len(codes) < maxList && ctx.Err() == nil
		})
		if err != nil {
			site.Error(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		out["codes"] = codes
	}
	site.JSON(w, http.StatusOK, out)
}

// stats returns the player's record of a shape.
func (h *handlers) stats(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	num := func(k string) int { n, _ := strconv.Atoi(q.Get(k)); return n }
	sh := shape{num("pegs"), num("colours"), num("rows")}.orDefault()
	if err := sh.check(); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	results, err := h.s.DB().Results(r.Context(), p.ID, "mastermind", sh.String())
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	var rec stats.Record
	for _, res := range results {
		g := stats.Game{Result: stats.Loss, Assisted: res.Assisted}
		if res.Status == db.Won {
			g.Result, g.Tries = stats.Win, res.Moves
		}
		rec.Add(g)
	}
	site.JSON(w, http.StatusOK, map[string]any{"record": rec, "rows": sh.Rows})
}
