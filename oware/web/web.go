// Package web is Oware on the web: its page and the API it plays
// through, on the server of package gamelab/web. A person plays our
// engines at named strengths from either side; the server keeps the game
// (Oware has no secret) and answers each move with the engine's reply
// and, for the page to show seed by seed, every ply's sowing and
// captures. Engines also play each other for the page's watch mode, and
// answer bots: the best move of a position at a move time.
package web

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"gamelab/oware"
	"gamelab/oware/search"
	site "gamelab/web"
	"gamelab/web/db"
)

// Game is Oware on the web server.
type Game struct {
	workers *site.Workers
	engines enginePool
	running atomic.Int32 // searches under way, for the move overhead
}

// New returns Oware for the server; tb, if not nil, is the endgame
// database the engine consults.
func New(tb search.Tablebase) *Game {
	return &Game{workers: site.NewWorkers(workers, maxMoveTime+time.Second), engines: enginePool{tablebase: tb}}
}

const (
	// workers is how many searches run at once. A search stops at its
	// move time, not at a number of nodes, so searches side by side each
	// end in time on one thread apiece, sharing the cores: many at once
	// serve many requests a second, where a few searches on every core
	// would serve only cores/movetime.
	workers = 16
	// maxMoveTime bounds a search's time; a request waits for a worker
	// and searches within it and a second more.
	maxMoveTime = 5 * time.Second
	// engineHash is each pooled engine's table, in MiB: enough for the
	// positions of a few seconds' search on one thread.
	engineHash = 8
)

// Opponent is one of the strengths a person plays: a spec and its limits.
type Opponent struct {
	Name   string `json:"name"`  // as the API takes it: "pvs 1s", "alphabeta"
	About  string `json:"about"` // a line for the page
	spec   string // search.ParseSpec's
	limits search.Limits
}

// Opponents are the strengths on offer, weakest first: the source's four
// recommenders at their depth, and our engine at three move times.
var Opponents = []Opponent{
	{"minimax", "the source's minimax, 6 plies deep", "minimax", search.Limits{Depth: search.ClassicDepth}},
	{"negamax", "the source's negamax, 6 plies deep", "negamax", search.Limits{Depth: search.ClassicDepth}},
	{"alphabeta", "the source's alpha-beta, 6 plies deep", "alphabeta", search.Limits{Depth: search.ClassicDepth}},
	{"alphabeta-negamax", "the source's alpha-beta negamax, 6 plies deep", "alphabeta-negamax", search.Limits{Depth: search.ClassicDepth}},
	{"pvs 100ms", "our engine, a tenth of a second a move", "pvs", search.Limits{MoveTime: 100 * time.Millisecond}},
	{"pvs 1s", "our engine, a second a move", "pvs", search.Limits{MoveTime: time.Second}},
	{"pvs 5s", "our engine, five seconds a move: the strongest", "pvs", search.Limits{MoveTime: 5 * time.Second}},
}

func opponent(name string) (Opponent, error) {
	if name == "" {
		return Opponents[4], nil
	}
	for _, o := range Opponents {
		if o.Name == name {
			return o, nil
		}
	}
	var names []string
	for _, o := range Opponents {
		names = append(names, o.Name)
	}
	return Opponent{}, fmt.Errorf("opponent %.30q: one of %s", name, strings.Join(names, ", "))
}

//go:embed static
var static embed.FS

var page = template.Must(template.ParseFS(static, "static/oware.html"))

// Card implements site.Game.
func (*Game) Card() site.Card {
	return site.Card{Name: "/oware", Title: "Oware", Command: "gamelab oware play",
		Blurb: "The mancala game of West Africa: sow, capture, and face a champion engine."}
}

// Routes implements site.Game.
func (g *Game) Routes(mux *http.ServeMux, s *site.Server) {
	h := &handlers{s: s, g: g}
	s.Static(mux, "/oware", static)
	mux.HandleFunc("GET /oware", s.Page(page, "oware.html", Opponents))
	s.API(mux, "GET /api/oware/opponents", "the engines a person may play, weakest first", h.opponents)
	s.API(mux, "POST /api/oware/games", `start or resume a game: {"opponent", "side": "south"|"north", "rules", "record", "new"}`, h.start)
	s.API(mux, "GET /api/oware/games/{id}", "a game of the player's", h.show)
	s.API(mux, "POST /api/oware/games/{id}/moves", `play a move (a house letter, A..F for South, a..f for North), then the engine replies: {"move"}; {"move": "engine"} asks the engine again`, h.move)
	s.API(mux, "POST /api/oware/games/{id}/undo", "take moves back to the player's last turn (the game is then marked as helped)", h.undo)
	s.API(mux, "GET /api/oware/games/{id}/hint", "our engine's move and evaluation for the player: ?movetime=1s (the game is then marked as helped)", h.hint)
	s.API(mux, "GET /api/oware/games/{id}/record", "the game's record in the protocol's notation, as gamelab oware play --load reads it", h.record)
	s.API(mux, "POST /api/oware/best", `an engine's move for a game: {"rules", "position", "moves", "engine", "movetime", "depth"}`, h.best)
	s.API(mux, "GET /api/oware/stats", "the player's record against an opponent: ?opponent=pvs%201s&rules=abapa", h.stats)
}

type handlers struct {
	s *site.Server
	g *Game
}

func (h *handlers) opponents(w http.ResponseWriter, r *http.Request) {
	site.JSON(w, http.StatusOK, map[string]any{"opponents": Opponents})
}

// setup is what the database keeps of a game beside its moves: who plays
// which side, the rules and where the game started.
type setup struct {
	Opponent string `json:"opponent"`
	Person   string `json:"person"` // "south" or "north"
	Rules    string `json:"rules"`
	Start    string `json:"start"`
}

func sideOf(s string) (oware.Side, error) {
	switch s {
	case "", "south":
		return oware.South, nil
	case "north":
		return oware.North, nil
	}
	return 0, fmt.Errorf("side %.20q: south or north", s)
}

func (su setup) variant() string { return su.Rules + " " + su.Opponent }

// undoPly is how a ply taken back is written among a game's moves.
const undoPly = "Z"

// rebuild replays a game from the database.
func rebuild(dg *db.Game) (*oware.Game, setup, error) {
	var su setup
	if err := json.Unmarshal([]byte(dg.Options), &su); err != nil {
		return nil, su, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	rules, err := oware.ParseRules(su.Rules)
	if err != nil {
		return nil, su, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	start, err := oware.ParsePosition(su.Start)
	if err != nil {
		return nil, su, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	g := oware.NewGame(start, rules)
	for i, m := range dg.Moves {
		if m.Move == undoPly {
			g.Undo()
			continue
		}
		mv, err := oware.ParseMove(m.Move)
		if err == nil {
			_, err = g.Play(mv)
		}
		if err != nil {
			return nil, su, fmt.Errorf("game %s: ply %d: %w", dg.ID, i+1, err)
		}
	}
	return g, su, nil
}

// plyView is one ply for the page to show: the move, the position before
// and after it (before the seeds left are gathered at an end), the seeds
// captured and the houses they came from.
type plyView struct {
	Move     string `json:"move"`
	Side     string `json:"side"`
	Before   []int  `json:"before"` // the twelve houses, A..F then a..f, and the two stores
	After    []int  `json:"after"`
	Captured int    `json:"captured"`
	Taken    []int  `json:"taken"`
}

func board(p oware.Position) []int {
	hs := p.Houses()
	return append(hs[:], p.Store(oware.South), p.Store(oware.North))
}

// plyOf returns the view of m played in before.
func plyOf(before oware.Position, m oware.Move, rules oware.Rules) plyView {
	after := before
	captured := after.Apply(m, rules)
	return plyView{Move: m.String(), Side: before.ToMove().String(), Before: board(before), After: board(after),
		Captured: captured, Taken: nonNil(oware.Taken(before, after, m, captured))}
}

func nonNil(s []int) []int {
	if s == nil {
		return []int{}
	}
	return s
}

// gameView is a game as the page shows it.
type gameView struct {
	ID       string    `json:"id"`
	Opponent string    `json:"opponent"`
	Person   string    `json:"person"`
	Rules    string    `json:"rules"`
	Board    []int     `json:"board"` // houses A..F, a..f, then the stores of South and North
	ToMove   string    `json:"to_move"`
	Legal    []string  `json:"legal"`
	Moves    string    `json:"moves"`
	Status   string    `json:"status"` // playing, won, lost or drawn: the person's result
	Result   string    `json:"result,omitempty"`
	Assisted bool      `json:"assisted"`
	Plies    []plyView `json:"plies"` // those the request played, in order
}

func view(dg *db.Game, g *oware.Game, su setup, plies []plyView) gameView {
	v := gameView{ID: dg.ID, Opponent: su.Opponent, Person: su.Person, Rules: su.Rules, Board: board(g.Position()),
		ToMove: g.Position().ToMove().String(), Legal: []string{}, Moves: oware.FormatMoves(g.Moves()), Status: "playing",
		Assisted: dg.Assisted, Plies: plies}
	if v.Plies == nil {
		v.Plies = []plyView{}
	}
	for _, m := range g.Legal().Moves() {
		v.Legal = append(v.Legal, m.String())
	}
	if g.Over() {
		res := g.Result()
		v.Result = res.String()
		person, _ := sideOf(su.Person)
		switch {
		case res.Draw:
			v.Status = "drawn"
		case res.Winner == person:
			v.Status = "won"
		default:
			v.Status = "lost"
		}
	}
	return v
}

// status is the state of the game for the database: the person's result.
func status(g *oware.Game, person oware.Side) int {
	if !g.Over() {
		return db.Playing
	}
	if res := g.Result(); !res.Draw && res.Winner == person {
		return db.Won
	}
	return db.Lost // a draw is not a win
}

func (h *handlers) start(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Opponent string `json:"opponent"`
		Side     string `json:"side"`
		Rules    string `json:"rules"`
		Record   string `json:"record"`
		New      bool   `json:"new"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	opp, err := opponent(body.Opponent)
	var person oware.Side
	if err == nil {
		person, err = sideOf(body.Side)
	}
	var rules oware.Rules
	if err == nil {
		rules, err = oware.ParseRules(body.Rules)
	}
	start := oware.Start()
	var moves []oware.Move
	if err == nil && body.Record != "" {
		var g *oware.Game
		if g, err = oware.ParseRecord(strings.NewReader(body.Record)); err != nil {
			err = fmt.Errorf("the record: %w", err)
		} else {
			rules, start, moves = g.Rules(), g.Start(), g.Moves()
			if g.Over() {
				err = fmt.Errorf("the record's game is over: %v", g.Result())
			}
		}
	}
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	su := setup{Opponent: opp.Name, Person: strings.ToLower(person.String()), Rules: rules.String(), Start: start.String()}
	ctx, store := r.Context(), h.s.DB()
	dg, err := store.Unfinished(ctx, p.ID, "oware", su.variant())
	if err == nil && (body.New || body.Record != "") {
		store.Abandon(ctx, dg.ID) // a game left is lost, as in the terminal's record
		err = db.ErrNotFound
	}
	if errors.Is(err, db.ErrNotFound) {
		options, _ := json.Marshal(su)
		dg = &db.Game{Player: p.ID, Game: "oware", Variant: su.variant(), Secret: "", Options: string(options)}
		if err = store.CreateGame(ctx, dg); err == nil {
			for _, m := range moves {
				if err = store.AddMove(ctx, dg, db.Move{Move: m.String(), At: time.Now()}, db.Playing); err != nil {
					break
				}
			}
		}
	}
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	if dg, err = store.Game(ctx, dg.ID); err != nil {
		h.s.Internal(w, r, err)
		return
	}
	h.play(w, r, dg, "")
}

// own returns the game of the request's {id} if it is the player's.
func (h *handlers) own(w http.ResponseWriter, r *http.Request) (*db.Game, bool) {
	return h.s.OwnGame(w, r, "oware")
}

func (h *handlers) show(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	g, su, err := rebuild(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, g, su, nil))
}

func (h *handlers) move(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Move string `json:"move"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	if dg, ok := h.own(w, r); ok {
		h.play(w, r, dg, body.Move)
	}
}

// play plays the person's move (none: ""; "engine": none, the engine's
// turn asked again), then the engine's replies while it is to move, each
// committed as it is played, and answers the game with the plies played.
func (h *handlers) play(w http.ResponseWriter, r *http.Request, dg *db.Game, move string) {
	g, su, err := rebuild(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	person, _ := sideOf(su.Person)
	var plies []plyView
	commit := func(m oware.Move) error {
		before := g.Position()
		if _, err := g.Play(m); err != nil {
			return err
		}
		plies = append(plies, plyOf(before, m, g.Rules()))
		return h.s.DB().AddMove(r.Context(), dg, db.Move{Move: m.String(), At: time.Now()}, status(g, person))
	}
	if move != "" && move != "engine" {
		m, err := oware.ParseMove(move)
		switch {
		case g.Over():
			site.Error(w, http.StatusConflict, "the game is over: "+g.Result().String())
			return
		case err != nil:
			site.Error(w, http.StatusUnprocessableEntity, err.Error())
			return
		case g.Position().ToMove() != person:
			site.Error(w, http.StatusConflict, "it is the engine's turn: ask it with {\"move\": \"engine\"}")
			return
		}
		if err := commit(m); errors.Is(err, oware.ErrIllegalMove) {
			site.Error(w, http.StatusUnprocessableEntity, err.Error())
			return
		} else if err != nil {
			h.s.MoveError(w, r, err)
			return
		}
	}
	opp, _ := opponent(su.Opponent)
	for !g.Over() && g.Position().ToMove() != person {
		res, err := h.search(r.Context(), opp.spec, opp.limits, g)
		if err != nil {
			h.s.WorkError(w, r, h.g.workers, err)
			return
		}
		if err := commit(res.Move); err != nil {
			h.s.MoveError(w, r, err)
			return
		}
	}
	site.JSON(w, http.StatusOK, view(dg, g, su, plies))
}

// search runs spec within limits on g's position, on a worker.
func (h *handlers) search(ctx context.Context, spec string, limits search.Limits, g *oware.Game) (search.Result, error) {
	var res search.Result
	start := time.Now()
	err := h.g.workers.Do(ctx, func(ctx context.Context) error {
		running := int(h.g.running.Add(1))
		defer h.g.running.Add(-1)
		if limits.MoveTime > 0 {
			limits.MoveTime = searchTime(limits.MoveTime, time.Since(start), running)
		}
		s, err := h.g.engines.get(spec)
		if err != nil {
			return err
		}
		defer h.g.engines.put(spec, s)
		res = s.Search(ctx, g, limits, nil)
		if res.Move == oware.NoMove {
			return fmt.Errorf("the engine found no move in %v", g.Position())
		}
		return ctx.Err()
	})
	return res, err
}

// searchTime is the time a search of a request for moveTime may take,
// once the request waited for a worker and with running searches under
// way: what is left of the move time, less an overhead (as engines keep
// one for the time their move takes to reach the board). Searches past
// the cores share them, and each one's end, its answer and the next
// requests wait their turns on a core: the overhead grows with them.
func searchTime(moveTime, waited time.Duration, running int) time.Duration {
	overhead := moveOverhead + time.Duration(max(0, running-runtime.GOMAXPROCS(0)))*sharedOverhead
	return max(moveTime/4, moveTime-waited-overhead)
}

// The move overhead: its part always kept, and its part per search past
// the cores (docs/notes/web.md).
const (
	moveOverhead   = 5 * time.Millisecond
	sharedOverhead = 15 * time.Millisecond
)

// undo takes the plies back to the person's last turn.
func (h *handlers) undo(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	g, su, err := rebuild(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	if dg.Status != db.Playing {
		site.Error(w, http.StatusConflict, "the game is over")
		return
	}
	person, _ := sideOf(su.Person)
	taken := 0
	for g.Undo() {
		taken++
		if g.Position().ToMove() == person {
			break
		}
	}
	if taken == 0 || g.Position().ToMove() != person {
		site.Error(w, http.StatusUnprocessableEntity, "nothing of yours to take back")
		return
	}
	if err := h.s.DB().SetAssisted(r.Context(), dg.ID); err != nil {
		h.s.Internal(w, r, err)
		return
	}
	dg.Assisted = true
	for range taken {
		if err := h.s.DB().AddMove(r.Context(), dg, db.Move{Move: undoPly, At: time.Now()}, db.Playing); err != nil {
			h.s.MoveError(w, r, err)
			return
		}
	}
	site.JSON(w, http.StatusOK, view(dg, g, su, nil))
}

// moveTime reads a move time of 10ms to maxMoveTime.
func moveTime(s string, or time.Duration) (time.Duration, error) {
	if s == "" {
		return or, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 10*time.Millisecond || d > maxMoveTime {
		return 0, fmt.Errorf("movetime %.20q: a time from 10ms to %v, such as 500ms", s, maxMoveTime)
	}
	return d, nil
}

// evaluation is a search's verdict for the side to move.
type evaluation struct {
	Move  string   `json:"move"`
	Score string   `json:"score"` // "cp 150": a seed and a half ahead; "win 7", "loss 6": plies to the end
	Depth int      `json:"depth"`
	Nodes uint64   `json:"nodes"`
	PV    []string `json:"pv"`
}

func evaluationOf(res search.Result) evaluation {
	e := evaluation{Move: res.Move.String(), Score: res.Score.String(), Depth: res.Depth, Nodes: res.Nodes, PV: []string{}}
	for _, m := range res.PV {
		e.PV = append(e.PV, m.String())
	}
	return e
}

// hint answers our engine's move for the person, and marks the game.
func (h *handlers) hint(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	d, err := moveTime(r.URL.Query().Get("movetime"), time.Second)
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	g, _, err := rebuild(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	if g.Over() {
		site.Error(w, http.StatusConflict, "the game is over")
		return
	}
	res, err := h.search(r.Context(), search.DefaultEngine, search.Limits{MoveTime: d}, g)
	if err != nil {
		h.s.WorkError(w, r, h.g.workers, err)
		return
	}
	if !dg.Assisted {
		if err := h.s.DB().SetAssisted(r.Context(), dg.ID); err != nil {
			h.s.Internal(w, r, err)
			return
		}
	}
	site.JSON(w, http.StatusOK, evaluationOf(res))
}

// record answers the game's record as text.
func (h *handlers) record(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	g, _, err := rebuild(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, map[string]string{"record": g.Record()})
}

// best answers the watch mode and bots: an engine's move for the game of
// rules from position after moves.
func (h *handlers) best(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Rules    string `json:"rules"`
		Position string `json:"position"`
		Moves    string `json:"moves"`
		Engine   string `json:"engine"`
		MoveTime string `json:"movetime"`
		Depth    int    `json:"depth"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	g, spec, limits, err := bestRequest(body.Rules, body.Position, body.Moves, body.Engine, body.MoveTime, body.Depth)
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	if g.Over() {
		site.Error(w, http.StatusUnprocessableEntity, "the game is over: "+g.Result().String())
		return
	}
	res, err := h.search(r.Context(), spec, limits, g)
	if err != nil {
		h.s.WorkError(w, r, h.g.workers, err)
		return
	}
	before := g.Position()
	out := struct {
		evaluation
		Ply    plyView `json:"ply"`
		Result string  `json:"result,omitempty"`
	}{evaluation: evaluationOf(res), Ply: plyOf(before, res.Move, g.Rules())}
	if g.Play(res.Move); g.Over() {
		out.Result = g.Result().String()
	}
	site.JSON(w, http.StatusOK, out)
}

// bestRequest reads the best endpoint's request: the game, and the
// engine's spec and limits (pvs at 100 ms unless told).
func bestRequest(rules, position, moves, engine, movetime string, depth int) (*oware.Game, string, search.Limits, error) {
	rs, err := oware.ParseRules(rules)
	if err != nil {
		return nil, "", search.Limits{}, err
	}
	start := oware.Start()
	if position != "" && position != "startpos" {
		if start, err = oware.ParsePosition(position); err != nil {
			return nil, "", search.Limits{}, err
		}
	}
	if len(moves) > maxMoves {
		return nil, "", search.Limits{}, fmt.Errorf("%d moves: up to %d", len(moves), maxMoves)
	}
	ms, err := oware.ParseMoves(moves)
	if err != nil {
		return nil, "", search.Limits{}, err
	}
	g := oware.NewGame(start, rs)
	for i, m := range ms {
		if _, err := g.Play(m); err != nil {
			return nil, "", search.Limits{}, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	if engine == "" {
		engine = search.DefaultEngine
	}
	if _, err := search.ParseSpec(engine); err != nil || strings.ContainsAny(engine, "@:") {
		return nil, "", search.Limits{}, fmt.Errorf("engine %.30q: one of %s (depth and movetime are fields of their own)", engine, strings.Join(search.Names(), ", "))
	}
	var limits search.Limits
	if depth < 0 || depth > search.MaxDepth {
		return nil, "", search.Limits{}, fmt.Errorf("depth %d: 1 to %d", depth, search.MaxDepth)
	}
	limits.Depth = depth
	or := 100 * time.Millisecond
	if depth > 0 {
		or = maxMoveTime // a depth, within the longest time
	}
	if limits.MoveTime, err = moveTime(movetime, or); err != nil {
		return nil, "", search.Limits{}, err
	}
	return g, engine, limits, nil
}

// maxMoves bounds the moves of a game sent to the best endpoint.
const maxMoves = 2000

// stats returns the player's record against an opponent under rules.
func (h *handlers) stats(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	opp, err := opponent(q.Get("opponent"))
	var rules oware.Rules
	if err == nil {
		rules, err = oware.ParseRules(q.Get("rules"))
	}
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	su := setup{Opponent: opp.Name, Rules: rules.String()}
	results, err := h.s.DB().Results(r.Context(), p.ID, "oware", su.variant())
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	won, lost := 0, 0
	for _, res := range results {
		if res.Status == db.Won {
			won++
		} else {
			lost++
		}
	}
	site.JSON(w, http.StatusOK, map[string]any{"opponent": opp.Name, "rules": su.Rules, "played": len(results), "won": won, "not_won": lost})
}

// enginePool keeps engines for the requests, up to one a worker for
// each spec: our engine's table is kept between searches; the
// recommenders keep nothing.
type enginePool struct {
	tablebase search.Tablebase
	mu        sync.Mutex
	idle      map[string][]search.Searcher
}

func (p *enginePool) get(spec string) (search.Searcher, error) {
	p.mu.Lock()
	if idle := p.idle[spec]; len(idle) > 0 {
		s := idle[len(idle)-1]
		p.idle[spec] = idle[:len(idle)-1]
		p.mu.Unlock()
		return s, nil
	}
	p.mu.Unlock()
	sp, err := search.ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	return search.NewFromSpec(sp, search.EngineOptions{HashMiB: engineHash, Threads: 1, Tablebase: p.tablebase}), nil
}

func (p *enginePool) put(spec string, s search.Searcher) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.idle == nil {
		p.idle = map[string][]search.Searcher{}
	}
	if len(p.idle[spec]) < workers && slices.Contains(search.Names(), spec) {
		p.idle[spec] = append(p.idle[spec], s)
	}
}
