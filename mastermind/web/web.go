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
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamelab/internal/stats"
	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
	"gamelab/mastermind/consistent"
	site "gamelab/web"
	"gamelab/web/db"
)

// Game is Mastermind on the web server.
type Game struct {
	// workers count consistent codes and weigh the strategies' guesses:
	// a count uses every core, so two at once, each within workLimit.
	workers  *site.Workers
	breakers breakerPool
}

// New returns Mastermind for the server.
func New() *Game { return &Game{workers: site.NewWorkers(2, workLimit)} }

// workLimit bounds the time of a count or a guess: at the game's shapes
// they take milliseconds, the slowest guess (5 pegs of 9 colours) two
// seconds, and a request is not a place to wait longer.
const workLimit = 5 * time.Second

//go:embed static
var static embed.FS

var pages = template.Must(template.ParseFS(static, "static/*.html"))

// Card implements site.Game.
func (*Game) Card() site.Card {
	return site.Card{Name: "/mastermind", Title: "Mastermind", Command: "gamelab mastermind play",
		Blurb: "Break the colour code: black for a right colour in the right place, white for a right colour elsewhere."}
}

// Routes implements site.Game.
func (g *Game) Routes(mux *http.ServeMux, s *site.Server) {
	h := &handlers{s: s, g: g}
	s.Static(mux, "/mastermind", static)
	mux.HandleFunc("GET /mastermind", s.Page(pages, "mastermind.html", strategies))
	mux.HandleFunc("GET /mastermind/maker", s.Page(pages, "maker.html", strategies))
	mux.HandleFunc("GET /mastermind/solver", s.Page(pages, "solver.html", strategies))
	s.API(mux, "POST /api/mastermind/games", `start or resume a game: {"pegs", "colours", "rows", "new"}`, h.start)
	s.API(mux, "GET /api/mastermind/games/{id}", "a game of the player's", h.show)
	s.API(mux, "POST /api/mastermind/games/{id}/guesses", `play a guess: {"guess": [1, 2, 3, 4]}`, h.guess)
	s.API(mux, "GET /api/mastermind/games/{id}/remaining", "how many codes the answers so far leave (the game is then marked as helped)", h.remaining)
	s.API(mux, "POST /api/mastermind/next", `a strategy's next guess after hints: {"pegs", "colours", "strategy", "hints": [{"guess", "blacks", "whites"}], "seed"}`, h.next)
	s.API(mux, "POST /api/mastermind/consistent", `the codes that agree with hints: {"colours", "hints": [{"guess", "blacks", "whites"}], "list"} or {"instance": "a file's text", "list"}`, h.consistent)
	s.API(mux, "GET /api/mastermind/stats", "the player's record: ?pegs=&colours=&rows=", h.stats)
}

type handlers struct {
	s *site.Server
	g *Game
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
	return h.s.OwnGame(w, r, "mastermind")
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
	if err := h.s.DB().AddMove(r.Context(), dg, m, status); err != nil {
		h.s.MoveError(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, g))
}

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
	n, ok := h.count(w, r, &mastermind.Instance{Max: g.Colours(), Hints: g.Hints()}, g.Pegs(), nil)
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

// count returns how many codes of pegs pegs agree with in's hints, and
// lists up to maxList of them into list if it is not nil, on one of the
// workers. It writes the error itself and reports false when there is no
// count.
func (h *handlers) count(w http.ResponseWriter, r *http.Request, in *mastermind.Instance, pegs int, list *[][]int) (int, bool) {
	if len(in.Hints) == 0 && list == nil {
		n := 1
		for range pegs {
			n *= in.Max
		}
		return n, true
	}
	n := 0
	err := h.g.workers.Do(r.Context(), func(ctx context.Context) error {
		var err error
		if n, err = consistent.Count(ctx, in); err != nil || list == nil || n == 0 {
			return err
		}
		*list = [][]int{}
		return consistent.SolveContext(ctx, in, func(c mastermind.Code) bool {
			*list = append(*list, ints(c))
			return len(*list) < maxList
		})
	})
	switch {
	case errors.Is(err, consistent.ErrTooMany):
		site.Error(w, http.StatusUnprocessableEntity, "more codes agree than can be counted")
	case err != nil:
		h.s.WorkError(w, r, h.g.workers, err)
	}
	return n, err == nil
}

// maxList bounds the codes the consistent endpoint lists.
const maxList = 1000

// maxInstance bounds an instance file sent as text.
const maxInstance = 1 << 20

// hintsOf reads hints sent as JSON, over colours colours, into an
// instance, checked; why says what is wrong, else "".
func hintsOf(colours int, hints []hintView) (in *mastermind.Instance, why string) {
	if colours < 1 || colours > mastermind.MaxColours {
		return nil, fmt.Sprintf("colours %d: want 1 to %d", colours, mastermind.MaxColours)
	}
	in = &mastermind.Instance{Max: colours}
	for i, hv := range hints {
		c := make(mastermind.Code, len(hv.Guess))
		for j, x := range hv.Guess {
			if x < 1 || x > colours {
				return nil, fmt.Sprintf("hint %d, peg %d: colour %d is not one of 1 to %d", i+1, j+1, x, colours)
			}
			c[j] = uint8(x)
		}
		in.Hints = append(in.Hints, mastermind.Hint{Guess: c, Answer: mastermind.Answer{Blacks: hv.Blacks, Whites: hv.Whites}})
	}
	if len(in.Hints) > 0 {
		if err := in.Validate(); err != nil {
			return nil, err.Error()
		}
	}
	return in, ""
}

// consistent answers the solver's page and bots: the number of codes
// that agree with hints, given as JSON or as an instance file's text,
// and, asked, up to 1000 of them.
func (h *handlers) consistent(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Colours  int        `json:"colours"`
		Hints    []hintView `json:"hints"`
		Instance string     `json:"instance"`
		List     bool       `json:"list"`
	}
	if !h.s.DecodeUpTo(w, r, &body, maxInstance) {
		return
	}
	var in *mastermind.Instance
	if body.Instance != "" {
		if body.Colours != 0 || body.Hints != nil {
			site.Error(w, http.StatusUnprocessableEntity, "send an instance or colours and hints, not both")
			return
		}
		var err error
		if in, err = mastermind.Parse(strings.NewReader(body.Instance)); err != nil {
			site.Error(w, http.StatusUnprocessableEntity, "the instance: "+err.Error())
			return
		}
	} else {
		if len(body.Hints) == 0 {
			site.Error(w, http.StatusUnprocessableEntity, "no hints: send at least one, or an instance")
			return
		}
		var why string
		if in, why = hintsOf(body.Colours, body.Hints); why != "" {
			site.Error(w, http.StatusUnprocessableEntity, why)
			return
		}
	}
	if len(in.Hints) == 0 {
		site.Error(w, http.StatusUnprocessableEntity, "the instance has no hints")
		return
	}
	var list *[][]int
	if body.List {
		list = new([][]int)
	}
	n, ok := h.count(w, r, in, in.Pegs(), list)
	if !ok {
		return
	}
	out := map[string]any{"count": n, "pegs": in.Pegs(), "colours": in.Max}
	if list != nil {
		out["codes"] = *list
		if *list == nil {
			out["codes"] = [][]int{}
		}
	}
	site.JSON(w, http.StatusOK, out)
}

// strategies are the codebreakers the web offers, the strongest first:
// those that answer within seconds at every shape the game takes. The
// strategy trees (optimal, the greedy trees) are built for minutes
// first; they stay in the terminal.
var strategies = []string{"entropy", "knuth", "expected-size", "most-parts", "random"}

// next answers the codemaker's page and bots: the next guess of a
// strategy after the hints so far, or which answer no code could give.
func (h *handlers) next(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Pegs     int        `json:"pegs"`
		Colours  int        `json:"colours"`
		Strategy string     `json:"strategy"`
		Hints    []hintView `json:"hints"`
		Seed     uint64     `json:"seed"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	sh := shape{body.Pegs, body.Colours, mastermind.GameMaxRows}.orDefault()
	if err := sh.check(); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	if body.Strategy == "" {
		body.Strategy = strategies[0]
	}
	if !slices.Contains(strategies, body.Strategy) {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("strategy %.40q: want one of %s", body.Strategy, strings.Join(strategies, ", ")))
		return
	}
	if len(body.Hints) >= sh.Rows {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("%d hints: the game takes up to %d rows", len(body.Hints), sh.Rows))
		return
	}
	in, why := hintsOf(sh.Colours, body.Hints)
	if why == "" && len(in.Hints) > 0 && in.Pegs() != sh.Pegs {
		why = fmt.Sprintf("hints of %d pegs in a game of %d", in.Pegs(), sh.Pegs)
	}
	if why != "" {
		site.Error(w, http.StatusUnprocessableEntity, why)
		return
	}
	for i, hn := range in.Hints {
		if hn.Answer.Blacks == sh.Pegs {
			site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("answer %d is all black: the code is found", i+1))
			return
		}
	}
	var guess mastermind.Code
	var wrong int // the first answer no code gives with those before it, from 1
	err := h.g.workers.Do(r.Context(), func(ctx context.Context) error {
		var err error
		if wrong, err = contradiction(ctx, in); err != nil || wrong > 0 {
			return err
		}
		key := body.Strategy + " " + sh.String()
		b := h.g.breakers.get(key)
		if b == nil {
			f, _ := breaker.Lookup(body.Strategy)
			if b, err = f(sh.Pegs, sh.Colours, breaker.Options{}); err != nil {
				return err
			}
		}
		if s, ok := b.(breaker.Seeder); ok {
			s.Seed(body.Seed)
		}
		guess = slices.Clone(b.Guess(in.Hints))
		h.g.breakers.put(key, b)
		return nil
	})
	if err != nil {
		h.s.WorkError(w, r, h.g.workers, err)
		return
	}
	if wrong > 0 {
		hv := body.Hints[wrong-1]
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("answer %d (%d black, %d white to %v) contradicts the answers before it: no code gives them all",
			wrong, hv.Blacks, hv.Whites, strings.Trim(fmt.Sprint(hv.Guess), "[]")))
		return
	}
	site.JSON(w, http.StatusOK, map[string]any{"guess": ints(guess), "strategy": body.Strategy})
}

// contradiction returns the first of in's answers that no code gives
// with those before it, counted from 1, or 0 if some code gives them
// all.
func contradiction(ctx context.Context, in *mastermind.Instance) (int, error) {
	if len(in.Hints) == 0 {
		return 0, nil
	}
	if ok, err := consistent.Exists(ctx, in); ok || err != nil {
		return 0, err
	}
	for k := 1; k <= len(in.Hints); k++ {
		ok, err := consistent.Exists(ctx, &mastermind.Instance{Max: in.Max, Hints: in.Hints[:k]})
		if err != nil {
			return 0, err
		}
		if !ok {
			return k, nil
		}
	}
	return len(in.Hints), nil
}

// breakerPool keeps breakers made for earlier requests (a strategy's
// tables for 4 pegs of 8 colours take 16 MiB and 10 ms to make), a few
// at most; a breaker is used by one request at a time.
type breakerPool struct {
	mu   sync.Mutex
	idle []pooled
}

type pooled struct {
	key string
	b   breaker.Breaker
}

// maxPooled bounds the breakers kept.
const maxPooled = 4

func (p *breakerPool) get(key string) breaker.Breaker {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, e := range p.idle {
		if e.key == key {
			p.idle = slices.Delete(p.idle, i, i+1)
			return e.b
		}
	}
	return nil
}

// put keeps b, the most recently used, dropping the least recently used
// if there are too many.
func (p *breakerPool) put(key string, b breaker.Breaker) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.idle = append(p.idle, pooled{key, b})
	if len(p.idle) > maxPooled {
		p.idle = slices.Delete(p.idle, 0, 1)
	}
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
