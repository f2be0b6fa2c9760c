// Package web is 2048 on the web: its page and the API it plays through,
// on the server of package gamelab/web.
//
// The server holds every game and plays every move: the page slides the
// tiles at once by the rules it knows (they need no secret), and the
// server answers with the tile that spawns, drawn from a seed only it
// knows. So no response carries anything from which a future spawn can
// be computed, and every score on the leaderboard is one the server made
// itself, move by move. A game's seed and moves are public once it ends
// (its replay); a game whose player chose its seed, or that had help (a
// hint, autoplay, an undo), sets no best score.
package web

import (
	"context"
	crand "crypto/rand"
	"embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"gamelab/internal/stats"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
	site "gamelab/web"
	"gamelab/web/db"
)

// Selector returns our player: the command gives one that takes the
// trained network where there is one. It is called once, on the first
// request for a move; each budget then plays with its options.
type Selector func() (player.Selection, error)

// Game is 2048 on the web server.
type Game struct {
	workers *site.Workers
	live    liveGames
	players playerPool
}

// New returns 2048 for the server, its players chosen by sel (nil: the
// heuristic's levels).
func New(sel Selector) *Game {
	if sel == nil {
		sel = func() (player.Selection, error) {
			f, err := player.Lookup(player.DefaultPlayer)
			return player.Selection{Factory: f}, err
		}
	}
	return &Game{workers: site.NewWorkers(workers, workLimit), live: liveGames{m: map[string]*live{}},
		players: playerPool{sel: sel, idle: map[string][]player.Strategy{}}}
}

const (
	// workers is how many searches run at once: each weighs its root
	// moves on every core.
	workers = 4
	// workLimit bounds a request's search, waiting included: the fast
	// level takes milliseconds, the strong one a second at most.
	workLimit = 3 * time.Second
	// maxPerMove bounds a budget given as a time per move.
	maxPerMove = time.Second
)

//go:embed static
var static embed.FS

var page = template.Must(template.ParseFS(static, "static/2048.html"))

// Card implements site.Game.
func (*Game) Card() site.Card {
	return site.Card{Name: "/2048", Title: "2048", Command: "gamelab 2048 play",
		Blurb: "Slide and merge tiles to make 2048, and beyond; watch our player go further."}
}

// Routes implements site.Game.
func (g *Game) Routes(mux *http.ServeMux, s *site.Server) {
	h := &handlers{s: s, g: g}
	s.Static(mux, "/2048", static)
	mux.HandleFunc("GET /2048", s.Page(page, "2048.html", nil))
	s.API(mux, "POST /api/2048/games", `start or resume a game: {"size", "mode", "undo", "seed", "new"}`, h.start)
	s.API(mux, "GET /api/2048/games/{id}", "a game of the player's", h.show)
	s.API(mux, "POST /api/2048/games/{id}/moves", `play a move: {"move": "U", "D", "L", "R", "S" (shuffle), "undo", or "auto" with "level"}`, h.move)
	s.API(mux, "GET /api/2048/games/{id}/hint", "our player's move for the board: ?level=fast|strong (the game is then marked as helped)", h.hint)
	s.API(mux, "GET /api/2048/games/{id}/replay", "a finished game's replay file (seed and moves), anyone's", h.replay)
	s.API(mux, "POST /api/2048/replays", "check a replay file: its moves replayed from its seed must make its score", h.check)
	s.API(mux, "POST /api/2048/best", `our player's move for a 4×4 board: {"board": [16 exponents, row by row], "budget": "fast", "strong" or "50ms"}`, h.best)
	s.API(mux, "GET /api/2048/stats", "the player's record: ?size=4&mode=classic", h.stats)
	s.API(mux, "GET /api/2048/leaderboard", "the best scores of named players, made without help: ?size=4&mode=classic", h.leaderboard)
}

type handlers struct {
	s *site.Server
	g *Game
}

// variant is a game's size and mode.
type variant struct {
	Size int
	Mode twenty48.Mode
}

func (v variant) String() string { return fmt.Sprintf("%d %v", v.Size, v.Mode) }

// variantOf reads a size and a mode's name, "" and 0 the classic 4×4.
func variantOf(size int, mode string) (variant, error) {
	v := variant{Size: 4}
	if size != 0 {
		v.Size = size
	}
	if v.Size < twenty48.MinSize || v.Size > twenty48.MaxSize {
		return v, fmt.Errorf("size %d: boards are %d to %d a side", v.Size, twenty48.MinSize, twenty48.MaxSize)
	}
	if mode != "" {
		m, err := twenty48.ParseMode(mode)
		if err != nil {
			return v, err
		}
		v.Mode = m
	}
	return v, nil
}

// secret is what the database keeps of a game that no player may see
// before it ends: its seed (its spawns), and its undo allowance.
type secret struct {
	Seed uint64 `json:"seed"`
	Undo int    `json:"undo"`
}

// maxUndo bounds the undo allowance.
const maxUndo = 100

// seeded marks, in db.Game.Options, a game whose player chose its seed.
const seeded = "seeded"

func (h *handlers) start(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Size int     `json:"size"`
		Mode string  `json:"mode"`
		Undo int     `json:"undo"`
		Seed *uint64 `json:"seed"`
		New  bool    `json:"new"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	v, err := variantOf(body.Size, body.Mode)
	if err == nil && (body.Undo < 0 || body.Undo > maxUndo) {
		err = fmt.Errorf("undo %d: want 0 to %d", body.Undo, maxUndo)
	}
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	ctx, store := r.Context(), h.s.DB()
	dg, err := store.Unfinished(ctx, p.ID, "2048", v.String())
	if err == nil && (body.New || body.Seed != nil) {
		if dg.Played > 0 {
			if err := h.end(ctx, dg); err != nil {
				h.s.Internal(w, r, err)
				return
			}
		} else {
			store.End(ctx, dg.ID, db.Lost) // never played: replaced
		}
		err = db.ErrNotFound
	}
	if errors.Is(err, db.ErrNotFound) {
		sec := secret{Undo: body.Undo}
		options := ""
		if body.Seed != nil {
			sec.Seed, options = *body.Seed, seeded
		} else {
			var b [8]byte
			crand.Read(b[:])
			sec.Seed = binary.LittleEndian.Uint64(b[:])
		}
		raw, _ := json.Marshal(sec)
		dg = &db.Game{Player: p.ID, Game: "2048", Variant: v.String(), Secret: string(raw), Options: options}
		err = store.CreateGame(ctx, dg)
	}
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	h.respond(w, r, dg, "")
}

// end ends a game left for a new one: won if it made 2048.
func (h *handlers) end(ctx context.Context, dg *db.Game) error {
	status := db.Lost
	err := h.g.live.with(ctx, h.s.DB(), dg, func(g *twenty48.Game) error {
		if g.Won() {
			status = db.Won
		}
		return nil
	})
	if err != nil {
		return err
	}
	h.g.live.drop(dg.ID)
	return h.s.DB().End(ctx, dg.ID, status)
}

// respond answers with the game as its player may see it, move being the
// move just played ("" for none).
func (h *handlers) respond(w http.ResponseWriter, r *http.Request, dg *db.Game, move string) {
	var v gameView
	err := h.g.live.with(r.Context(), h.s.DB(), dg, func(g *twenty48.Game) error {
		v = view(dg, g)
		return nil
	})
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	v.Played = move
	site.JSON(w, http.StatusOK, v)
}

// gameView is a game as its player may see it: the board, never the
// seed (unless the player chose it, or the game is over).
type gameView struct {
	ID       string `json:"id"`
	Size     int    `json:"size"`
	Mode     string `json:"mode"`
	Cells    []int  `json:"cells"` // exponents row by row: 0 empty, 11 for 2048, 255 an evil tile
	Score    int64  `json:"score"`
	Moves    int    `json:"moves"`
	Status   string `json:"status"` // playing, won (over, 2048 made) or lost (over)
	Over     bool   `json:"over"`   // no move left (an undo may still help)
	Won      bool   `json:"won"`    // 2048 was made
	Undo     int    `json:"undo"`   // the allowance
	CanUndo  int    `json:"can_undo"`
	Assisted bool   `json:"assisted"`
	Seeded   bool   `json:"seeded"`
	Seed     string `json:"seed,omitempty"`   // a decimal string: JavaScript's numbers do not hold 64 bits
	Played   string `json:"played,omitempty"` // the move just played
}

func view(dg *db.Game, g *twenty48.Game) gameView {
	v := gameView{ID: dg.ID, Size: g.Grid().Size(), Mode: g.Mode().String(), Cells: ints(g.Grid().Cells()), Score: g.Score(),
		Moves: len(g.Moves()), Status: "playing", Over: g.Over(), Won: g.Won(), Undo: g.UndoLimit(), CanUndo: g.CanUndo(),
		Assisted: dg.Assisted, Seeded: dg.Options == seeded}
	switch dg.Status {
	case db.Won:
		v.Status = "won"
	case db.Lost:
		v.Status = "lost"
	}
	if v.Seeded || dg.Status != db.Playing {
		v.Seed = strconv.FormatUint(g.Seed(), 10)
	}
	return v
}

// own returns the game of the request's {id} if it is the player's.
func (h *handlers) own(w http.ResponseWriter, r *http.Request) (*db.Game, bool) {
	return h.s.OwnGameHead(w, r, "2048")
}

func (h *handlers) show(w http.ResponseWriter, r *http.Request) {
	if dg, ok := h.own(w, r); ok {
		h.respond(w, r, dg, "")
	}
}

// undoMove is how an undo is written among a game's moves.
const undoMove = "Z"

// move plays a move of the player's, an undo, or our player's moves,
// each committed before the board it leaves is written.
func (h *handlers) move(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Move  string `json:"move"`
		Level string `json:"level"`
		Count int    `json:"count"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	if body.Count < 0 || body.Count > maxAuto || body.Count > 1 && body.Move != "auto" {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("count %d: our player plays 1 to %d moves a request, the others 1", body.Count, maxAuto))
		return
	}
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	if dg.Status != db.Playing {
		site.Error(w, http.StatusConflict, "the game is over")
		return
	}
	// Help is marked before it is given: no move of it is ever on a game
	// that looks unhelped.
	helped := func() error {
		if dg.Assisted {
			return nil
		}
		dg.Assisted = true
		return h.s.DB().SetAssisted(r.Context(), dg.ID)
	}
	var played strings.Builder
	var v gameView
	err := h.g.live.with(r.Context(), h.s.DB(), dg, func(g *twenty48.Game) error {
	moves:
		for range max(1, body.Count) {
			m, err := h.next(r.Context(), g, body.Move, body.Level, helped)
			switch {
			case err != nil && played.Len() > 0 && errors.Is(err, errBudget):
				break moves // the game ended within the moves asked for
			case err != nil:
				return err
			}
			status := db.Playing
			if g.Over() && g.CanUndo() == 0 {
				status = db.Lost
				if g.Won() {
					status = db.Won
				}
			}
			dg.Score = g.Score()
			if err := h.s.DB().AddMove(r.Context(), dg, db.Move{Move: m, Result: strconv.FormatInt(g.Score(), 10), At: time.Now()}, status); err != nil {
				return err
			}
			played.WriteString(m)
			if status != db.Playing {
				break
			}
		}
		v = view(dg, g) // while the game is ours: no other request moved it
		return nil
	})
	var why *unplayableError
	switch {
	case errors.As(err, &why):
		site.Error(w, http.StatusUnprocessableEntity, why.why)
		return
	case errors.Is(err, db.ErrConflict):
		h.s.MoveError(w, r, err)
		return
	case errors.Is(err, errBudget):
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	case err != nil:
		h.s.WorkError(w, r, h.g.workers, err) // busy, past the limit, the client gone, or a failure
		return
	}
	v.Played = played.String()
	site.JSON(w, http.StatusOK, v)
}

// maxAuto bounds the moves of our player's one request plays: at the
// fast level a game is some 15,000 moves, a few milliseconds each.
const maxAuto = 50

// next makes the next move of a request on g and returns it as the
// database writes it: the move named (a direction or S), an undo (Z), or
// our player's move at level. It calls helped before an undo or our
// player's move.
func (h *handlers) next(ctx context.Context, g *twenty48.Game, move, lv string, helped func() error) (string, error) {
	var m twenty48.Move
	switch move {
	case "undo":
		if g.CanUndo() == 0 {
			return "", unplayable("nothing to undo")
		}
		if err := helped(); err != nil {
			return "", err
		}
		g.Undo()
		return undoMove, nil
	case "auto":
		lv, err := level(lv)
		if err != nil {
			return "", err
		}
		d, err := h.choose(ctx, lv, g.Grid())
		if err != nil {
			return "", err
		}
		if err := helped(); err != nil {
			return "", err
		}
		m = twenty48.Move(d)
	default:
		ms, err := twenty48.ParseMoves(move)
		if err != nil || len(ms) != 1 {
			return "", unplayable(fmt.Sprintf("move %.10q: U, D, L, R, S (shuffle), undo or auto", move))
		}
		m = ms[0]
	}
	if err := g.Play(m, nil); err != nil {
		return "", unplayable(err.Error())
	}
	return m.String(), nil
}

// unplayableError is a move the game refuses; the game is as it was.
type unplayableError struct{ why string }

func (e *unplayableError) Error() string { return e.why }

func unplayable(why string) error { return &unplayableError{why} }

// level reads the level of a hint or an autoplayed move.
func level(s string) (string, error) {
	switch s {
	case "", "fast":
		return "fast", nil
	case "strong":
		return s, nil
	}
	return "", fmt.Errorf("%w: level %.20q: fast or strong", errBudget, s)
}

// choose returns our player's move at budget for grid, searched on a
// worker.
func (h *handlers) choose(ctx context.Context, budget string, grid twenty48.Grid) (twenty48.Direction, error) {
	if _, ok := twenty48.BoardOf(grid); !ok {
		return 0, fmt.Errorf("%w: our player plays 4×4 boards without evil tiles", errBudget)
	}
	var d twenty48.Direction
	var found bool
	err := h.g.workers.Do(ctx, func(context.Context) error {
		s, err := h.g.players.get(budget)
		if err != nil {
			return err
		}
		d, found = player.Choose(s, grid)
		h.g.players.put(budget, s)
		return nil
	})
	if err == nil && !found {
		err = fmt.Errorf("%w: no move is left", errBudget)
	}
	return d, err
}

// errBudget is a request for our player it cannot answer.
var errBudget = errors.New("our player")

// hint answers our player's move for the board on screen, and marks the
// game as helped.
func (h *handlers) hint(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	var grid twenty48.Grid
	if err := h.g.live.with(r.Context(), h.s.DB(), dg, func(g *twenty48.Game) error { grid = g.Grid(); return nil }); err != nil {
		h.s.Internal(w, r, err)
		return
	}
	lv, err := level(r.URL.Query().Get("level"))
	var d twenty48.Direction
	if err == nil {
		d, err = h.choose(r.Context(), lv, grid)
	}
	switch {
	case errors.Is(err, errBudget):
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	case err != nil:
		h.s.WorkError(w, r, h.g.workers, err)
		return
	}
	if !dg.Assisted && dg.Status == db.Playing {
		if err := h.s.DB().SetAssisted(r.Context(), dg.ID); err != nil {
			h.s.Internal(w, r, err)
			return
		}
	}
	site.JSON(w, http.StatusOK, map[string]string{"move": d.String()})
}

// best answers a bot: our player's move for a board at a budget.
func (h *handlers) best(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Board  []int  `json:"board"`
		Budget string `json:"budget"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	if len(body.Board) != 16 {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("a board of %d cells: want 16, row by row", len(body.Board)))
		return
	}
	exps := make([]uint8, 16)
	for i, e := range body.Board {
		if e < 0 || e > 15 {
			site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("cell %d: exponent %d, want 0 (empty) to 15 (32768)", i+1, e))
			return
		}
		exps[i] = uint8(e)
	}
	grid, _ := twenty48.GridOf(4, exps...)
	budget := body.Budget
	if budget == "" {
		budget = "fast"
	}
	if budget != "fast" && budget != "strong" {
		d, err := time.ParseDuration(budget)
		if err != nil || d <= 0 || d > maxPerMove {
			site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("budget %.20q: fast, strong, or a time per move up to %v such as 50ms", budget, maxPerMove))
			return
		}
	}
	d, err := h.choose(r.Context(), budget, grid)
	switch {
	case errors.Is(err, errBudget):
		site.JSON(w, http.StatusOK, map[string]any{"move": nil, "why": "no move changes the board"})
		return
	case err != nil:
		h.s.WorkError(w, r, h.g.workers, err)
		return
	}
	site.JSON(w, http.StatusOK, map[string]any{"move": d.String()})
}

// replay answers a finished game's replay file: its seed and moves are
// no secret once it is over.
func (h *handlers) replay(w http.ResponseWriter, r *http.Request) {
	dg, err := h.s.DB().Head(r.Context(), r.PathValue("id"))
	if errors.Is(err, db.ErrNotFound) || err == nil && dg.Game != "2048" {
		site.Error(w, http.StatusNotFound, "no such game")
		return
	}
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	if dg.Status == db.Playing {
		site.Error(w, http.StatusConflict, "the game is not over: its replay comes when it ends")
		return
	}
	var rec twenty48.Record
	if err := h.g.live.with(r.Context(), h.s.DB(), dg, func(g *twenty48.Game) error { rec = g.Record(); return nil }); err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, rec)
}

// check answers whether a replay file holds: its moves, replayed from its
// seed, must be moves and make its score. A record checked is not a
// score made here: it never reaches the leaderboard.
func (h *handlers) check(w http.ResponseWriter, r *http.Request) {
	var rec twenty48.Record
	if !h.s.DecodeUpTo(w, r, &rec, maxReplayBytes) {
		return
	}
	if len(rec.Moves) > maxReplayMoves {
		site.Error(w, http.StatusUnprocessableEntity, fmt.Sprintf("%d moves: the server checks up to %d", len(rec.Moves), maxReplayMoves))
		return
	}
	games, err := twenty48.Replay(rec)
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, "the replay does not hold: "+err.Error())
		return
	}
	last := games[len(games)-1]
	site.JSON(w, http.StatusOK, map[string]any{"score": last.Score(), "moves": len(rec.Moves), "max_tile": twenty48.Label(last.Grid().MaxExp())})
}

// maxReplayMoves bounds a replay the server checks: a game to 32768 is
// about 16,000 moves.
const maxReplayMoves = 200_000

// maxReplayBytes bounds a replay file the server reads: a letter a move,
// and room for the rest.
const maxReplayBytes = maxReplayMoves + 4<<10

// stats returns the player's record of a variant.
func (h *handlers) stats(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	size, _ := strconv.Atoi(q.Get("size"))
	v, err := variantOf(size, q.Get("mode"))
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	results, err := h.s.DB().Results(r.Context(), p.ID, "2048", v.String())
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	var rec stats.Record
	var best, total int64
	for _, res := range results {
		g := stats.Game{Result: stats.Loss, Assisted: res.Assisted}
		if res.Status == db.Won {
			g.Result = stats.Win
		}
		rec.Add(g)
		total += res.Score
		if !res.Assisted {
			best = max(best, res.Score)
		}
	}
	mean := 0.0
	if len(results) > 0 {
		mean = float64(total) / float64(len(results))
	}
	site.JSON(w, http.StatusOK, map[string]any{"played": len(results), "won": rec.Won, "best": best, "mean": mean,
		"current_streak": rec.CurrentStreak, "best_streak": rec.BestStreak})
}

// leaderboard returns the best scores of a variant.
func (h *handlers) leaderboard(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	size, _ := strconv.Atoi(q.Get("size"))
	v, err := variantOf(size, q.Get("mode"))
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	scores, err := h.s.DB().BestScores(r.Context(), "2048", v.String(), 20)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	type line struct {
		Name  string `json:"name"`
		Score int64  `json:"score"`
		Moves int    `json:"moves"`
		Game  string `json:"game"`
	}
	out := []line{}
	for _, s := range scores {
		out = append(out, line{s.Name, s.Score, s.Moves, s.Game})
	}
	site.JSON(w, http.StatusOK, map[string]any{"size": v.Size, "mode": v.Mode.String(), "scores": out})
}

// liveGames keeps the games being played in memory, each as the replay
// of its moves: a move then costs one row read and one written, not the
// replay of thousands. The database stays the truth: a copy behind it
// (another server played a move) is read again.
type liveGames struct {
	mu sync.Mutex
	m  map[string]*live
}

type live struct {
	mu     sync.Mutex
	game   *twenty48.Game // nil until read
	played int            // the moves of the database it holds
}

// maxLive bounds the games kept in memory; past it, some are dropped
// (and read again when played).
const maxLive = 20_000

// with calls f with the game of dg, read from the database if the copy in
// memory is missing or behind, while no other request has it. If f fails
// the copy is dropped, as f may have changed it.
func (lg *liveGames) with(ctx context.Context, store *db.DB, dg *db.Game, f func(*twenty48.Game) error) error {
	lg.mu.Lock()
	l := lg.m[dg.ID]
	if l == nil {
		if len(lg.m) >= maxLive {
			for id := range lg.m {
				delete(lg.m, id)
				if len(lg.m) < maxLive*9/10 {
					break
				}
			}
		}
		l = &live{}
		lg.m[dg.ID] = l
	}
	lg.mu.Unlock()
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.game == nil || l.played != dg.Played {
		full, err := store.Game(ctx, dg.ID)
		if err != nil {
			return err
		}
		g, err := rebuild(full)
		if err != nil {
			return err
		}
		*dg = *full
		l.game, l.played = g, len(full.Moves)
		dg.Moves = nil // the copy in memory stands for them
	}
	if err := f(l.game); err != nil {
		l.game = nil
		return err
	}
	l.played = dg.Played
	return nil
}

func (lg *liveGames) drop(id string) {
	lg.mu.Lock()
	delete(lg.m, id)
	lg.mu.Unlock()
}

// rebuild replays a game's moves, undos included, from its secret.
func rebuild(dg *db.Game) (*twenty48.Game, error) {
	var sec secret
	if err := json.Unmarshal([]byte(dg.Secret), &sec); err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	var size int
	var modeName string
	if _, err := fmt.Sscanf(dg.Variant, "%d %s", &size, &modeName); err != nil {
		return nil, fmt.Errorf("game %s: variant %q: %w", dg.ID, dg.Variant, err)
	}
	v, err := variantOf(size, modeName)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	g, err := twenty48.New(v.Size, sec.Seed, v.Mode, sec.Undo)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	for i, m := range dg.Moves {
		if m.Move == undoMove {
			if !g.Undo() {
				return nil, fmt.Errorf("game %s: move %d: an undo with nothing to undo", dg.ID, i+1)
			}
			continue
		}
		ms, err := twenty48.ParseMoves(m.Move)
		if err == nil && len(ms) == 1 {
			err = g.Play(ms[0], nil)
		}
		if err != nil {
			return nil, fmt.Errorf("game %s: move %d (%s): %v", dg.ID, i+1, m.Move, err)
		}
	}
	return g, nil
}

// playerPool keeps our players for the requests, a few a budget: each
// plays one board at a time. The player is selected once (with a network
// it loads hundreds of megabytes), each budget taking its options.
type playerPool struct {
	sel  Selector
	once sync.Once
	base player.Selection
	err  error
	mu   sync.Mutex
	idle map[string][]player.Strategy
}

// maxIdle bounds the idle players kept per budget.
const maxIdle = workers

// maxBudgets bounds the budgets whose players are kept (bots may name
// any time).
const maxBudgets = 16

func (p *playerPool) get(budget string) (player.Strategy, error) {
	p.mu.Lock()
	if idle := p.idle[budget]; len(idle) > 0 {
		s := idle[len(idle)-1]
		p.idle[budget] = idle[:len(idle)-1]
		p.mu.Unlock()
		return s, nil
	}
	p.mu.Unlock()
	p.once.Do(func() { p.base, p.err = p.sel() })
	if p.err != nil {
		return nil, p.err
	}
	opts := p.base.Options
	b, err := player.ParseBudget(budget, opts.Network != nil)
	if err != nil {
		return nil, err
	}
	opts.Budget = b
	return p.base.Factory(opts), nil
}

func (p *playerPool) put(budget string, s player.Strategy) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.idle) >= maxBudgets && p.idle[budget] == nil {
		for b := range p.idle {
			if b != "fast" && b != "strong" {
				delete(p.idle, b)
			}
		}
	}
	if len(p.idle[budget]) < maxIdle {
		p.idle[budget] = append(p.idle[budget], s)
	}
}

func ints(exps []uint8) []int {
	out := make([]int, len(exps))
	for i, e := range exps {
		out[i] = int(e)
	}
	return out
}
