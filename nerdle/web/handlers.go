package web

import (
	"embed"
	"encoding/json"
	"errors"
	"html/template"
	"net/http"
	"strconv"
	"time"

	"gamelab/internal/stats"
	"gamelab/nerdle"
	site "gamelab/web"
	"gamelab/web/db"
)

//go:embed static
var static embed.FS

var page = template.Must(template.ParseFS(static, "static/nerdle.html"))

type handlers struct {
	g *Game
	s *site.Server
}

// rowView is a row as the player sees it.
type rowView struct {
	Guess   string `json:"guess"`
	Colours string `json:"colours"` // G green, M magenta, B black, one a symbol
}

// gameView is a game as its player may see it: the secret only once the
// game is over.
type gameView struct {
	ID          string            `json:"id"`
	Length      int               `json:"length"`
	Rules       string            `json:"rules"`
	MaxRows     int               `json:"maxRows"`
	Daily       string            `json:"daily,omitempty"`
	Hard        bool              `json:"hard"`
	Commutative bool              `json:"commutative"`
	Status      string            `json:"status"` // playing, won or lost
	Assisted    bool              `json:"assisted"`
	Rows        []rowView         `json:"rows"`
	Keyboard    map[string]string `json:"keyboard"` // each symbol guessed: placed, present or absent
	Secret      string            `json:"secret,omitempty"`
	Seconds     float64           `json:"seconds,omitempty"` // from the start to the end, once over
}

var statusNames = [...]string{nerdle.Playing: "playing", nerdle.Won: "won", nerdle.Lost: "lost"}

func view(dg *db.Game, ng *nerdle.Game, o options) gameView {
	v := gameView{ID: dg.ID, Length: ng.Length(), Rules: ng.Rules().String(), MaxRows: ng.MaxRows(), Daily: dg.Daily,
		Hard: o.Hard, Commutative: o.Commutative, Status: statusNames[ng.Status()], Assisted: dg.Assisted,
		Rows: []rowView{}, Keyboard: map[string]string{}}
	for _, r := range ng.Rows() {
		v.Rows = append(v.Rows, rowView{r.Guess.String(), r.Feedback.Format(ng.Length())})
	}
	names := [...]string{nerdle.Absent: "absent", nerdle.Present: "present", nerdle.Placed: "placed"}
	for s, k := range ng.Knowledge() {
		if k != nerdle.Untried {
			v.Keyboard[nerdle.Symbol(s).String()] = names[k]
		}
	}
	if ng.Status() != nerdle.Playing {
		v.Secret = ng.Secret().String()
		v.Seconds = dg.Finished.Sub(dg.Started).Seconds()
	}
	return v
}

// today reports whether day is the date somewhere on Earth now: time
// zones run from 12 hours behind UTC to 14 ahead. A player's daily
// puzzle is the one of their own date, and no later one can be played.
func today(day string, now time.Time) bool {
	now = now.UTC()
	earliest := now.Add(-12 * time.Hour).Format(time.DateOnly)
	latest := now.Add(14 * time.Hour).Format(time.DateOnly)
	return day >= earliest && day <= latest
}

// start begins a game, or resumes the one under way: the day's puzzle if
// daily names a day, else the player's unfinished game of the variant,
// or a new one (new asks for a new one, the unfinished one counting as
// lost).
func (h *handlers) start(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Length int    `json:"length"`
		Rules  string `json:"rules"`
		Daily  string `json:"daily"`
		New    bool   `json:"new"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	v, ok := bodyVariant(w, body.Length, body.Rules)
	if !ok {
		return
	}
	if body.Daily != "" {
		if _, err := time.Parse(time.DateOnly, body.Daily); err != nil || !today(body.Daily, h.g.now()) {
			site.Error(w, http.StatusUnprocessableEntity, "daily: want today's date as 2006-01-02")
			return
		}
	}
	u, err := h.g.universe(v)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	ctx, store := r.Context(), h.s.DB()
	var dg *db.Game
	switch {
	case body.Daily != "":
		dg, err = store.Daily(ctx, p.ID, "nerdle", v.String(), body.Daily)
	case !body.New:
		dg, err = store.Unfinished(ctx, p.ID, "nerdle", v.String())
	default:
		if old, err := store.Unfinished(ctx, p.ID, "nerdle", v.String()); err == nil {
			store.Abandon(ctx, old.ID)
		}
		err = db.ErrNotFound
	}
	if errors.Is(err, db.ErrNotFound) {
		settings, serr := h.loadSettings(ctx, p.ID)
		if serr != nil {
			h.s.Internal(w, r, serr)
			return
		}
		o := settings.options(v.Rules)
		opts, _ := json.Marshal(o)
		secret := nerdle.RandomSecret(secretRand(), u.u.All)
		if body.Daily != "" {
			secret = nerdle.DailySecret(body.Daily, u.u.All, v.Rules)
		}
		dg = &db.Game{Player: p.ID, Game: "nerdle", Variant: v.String(), Daily: body.Daily, Secret: secret.String(), Options: string(opts)}
		err = store.CreateGame(ctx, dg)
		if errors.Is(err, db.ErrTaken) { // the same daily begun at once in another tab
			dg, err = store.Daily(ctx, p.ID, "nerdle", v.String(), body.Daily)
		}
	}
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	h.respond(w, r, dg)
}

func itoa(n int) string { return strconv.Itoa(n) }

// bodyVariant reads the length and rules of a request's body (0 and ""
// for the defaults), or answers 422.
func bodyVariant(w http.ResponseWriter, length int, rules string) (variant, bool) {
	l := ""
	if length != 0 {
		l = itoa(length)
	}
	v, err := parseVariant(l, rules)
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
	}
	return v, err == nil
}

// respond writes the game as its player sees it.
func (h *handlers) respond(w http.ResponseWriter, r *http.Request, dg *db.Game) {
	ng, o, err := replay(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, ng, o))
}

// own returns the game of the request's {id} if it is the player's.
func (h *handlers) own(w http.ResponseWriter, r *http.Request) (*db.Game, bool) {
	return h.s.OwnGame(w, r, "nerdle")
}

func (h *handlers) show(w http.ResponseWriter, r *http.Request) {
	if dg, ok := h.own(w, r); ok {
		h.respond(w, r, dg)
	}
}

// guess plays a row. The row is committed before the answer is written,
// so a guess the player has seen coloured is never lost.
func (h *handlers) guess(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Guess string `json:"guess"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	ng, o, err := replay(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	f, err := ng.Guess(body.Guess)
	switch {
	case errors.Is(err, nerdle.ErrGameOver):
		site.Error(w, http.StatusConflict, "the game is over")
		return
	case err != nil: // the reason the terminal game gives too
		site.Error(w, http.StatusUnprocessableEntity, clipReason(err.Error()))
		return
	}
	status := [...]int{nerdle.Playing: db.Playing, nerdle.Won: db.Won, nerdle.Lost: db.Lost}[ng.Status()]
	played := ng.Rows()[len(ng.Rows())-1].Guess.String() // the secret itself for a commuting guess, which wins
	m := db.Move{Move: played, Result: f.Format(ng.Length()), At: time.Now()}
	if err := h.s.DB().AddMove(r.Context(), dg, m, status); err != nil {
		h.s.MoveError(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, ng, o))
}

// clipReason keeps an error that quotes the guess short.
func clipReason(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}

// hint asks the solver for the next guess, from the rows alone (never
// the secret), and marks the game as played with help.
func (h *handlers) hint(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	ng, o, err := replay(dg)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	if ng.Status() != nerdle.Playing {
		site.Error(w, http.StatusConflict, "the game is over")
		return
	}
	guess, remaining, err := h.g.advise(r.Context(), variant{ng.Length(), ng.Rules()}, ng.Rows())
	if err != nil {
		h.s.WorkError(w, r, h.g.workers, err)
		return
	}
	if !dg.Assisted {
		if err := h.s.DB().SetAssisted(r.Context(), dg.ID); err != nil {
			h.s.Internal(w, r, err)
			return
		}
		dg.Assisted = true
	}
	site.JSON(w, http.StatusOK, map[string]any{"guess": guess.String(), "remaining": remaining, "game": view(dg, ng, o)})
}

// solve answers a bot's question: the solver's next guess after the rows
// given, with no game on the server.
func (h *handlers) solve(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Length int       `json:"length"`
		Rules  string    `json:"rules"`
		Rows   []rowView `json:"rows"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	v, ok := bodyVariant(w, body.Length, body.Rules)
	if !ok {
		return
	}
	if len(body.Rows) > nerdle.MaxRows {
		site.Error(w, http.StatusUnprocessableEntity, "rows: at most 20")
		return
	}
	var rows []nerdle.Row
	for i, rv := range body.Rows {
		if err := nerdle.Check(rv.Guess, v.Rules); err != nil || len(rv.Guess) != v.Length {
			site.Error(w, http.StatusUnprocessableEntity, "row "+itoa(i+1)+": the guess is no valid equation of length "+itoa(v.Length))
			return
		}
		f, err := nerdle.ParseFeedback(rv.Colours, v.Length)
		if err != nil {
			site.Error(w, http.StatusUnprocessableEntity, "row "+itoa(i+1)+": "+clipReason(err.Error()))
			return
		}
		rows = append(rows, nerdle.Row{Guess: nerdle.MustParseEquation(rv.Guess), Feedback: f})
	}
	guess, remaining, err := h.g.advise(r.Context(), v, rows)
	switch {
	case errors.Is(err, errNoFit):
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
	case err != nil:
		h.s.WorkError(w, r, h.g.workers, err)
	default:
		site.JSON(w, http.StatusOK, map[string]any{"guess": guess.String(), "remaining": remaining})
	}
}

// stats returns the player's record of the variant: games played freely
// and daily puzzles apart.
func (h *handlers) stats(w http.ResponseWriter, r *http.Request) {
	v, err := parseVariant(r.URL.Query().Get("length"), r.URL.Query().Get("rules"))
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	results, err := h.s.DB().Results(r.Context(), p.ID, "nerdle", v.String())
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	var free, daily stats.Record
	for _, res := range results {
		g := stats.Game{Result: stats.Loss, Assisted: res.Assisted, Day: res.Daily}
		if res.Status == db.Won {
			g.Result, g.Tries = stats.Win, res.Moves
		}
		if res.Daily != "" {
			daily.Add(g)
		} else {
			free.Add(g)
		}
	}
	site.JSON(w, http.StatusOK, map[string]any{"free": free, "daily": daily, "maxRows": nerdle.DefaultRows})
}

func (h *handlers) settings(w http.ResponseWriter, r *http.Request) {
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	s, err := h.loadSettings(r.Context(), p.ID)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, s)
}

// putSettings replaces the player's settings; the modes apply from the
// next game.
func (h *handlers) putSettings(w http.ResponseWriter, r *http.Request) {
	var s Settings
	if !h.s.Decode(w, r, &s) {
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	raw, _ := json.Marshal(s)
	if err := h.s.DB().PutSettings(r.Context(), p.ID, "nerdle", string(raw)); err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, s)
}

// leaderboard returns the best unassisted wins of a day's puzzle.
func (h *handlers) leaderboard(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	v, err := parseVariant(q.Get("length"), q.Get("rules"))
	if err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	day := q.Get("day")
	if _, err := time.Parse(time.DateOnly, day); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, "day: want a date as 2006-01-02")
		return
	}
	entries, err := h.s.DB().Leaderboard(r.Context(), "nerdle", v.String(), day, 50)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	type line struct {
		Name    string  `json:"name"`
		Guesses int     `json:"guesses"`
		Seconds float64 `json:"seconds"`
	}
	out := []line{}
	for _, e := range entries {
		out = append(out, line{e.Name, e.Moves, e.Time.Seconds()})
	}
	site.JSON(w, http.StatusOK, map[string]any{"day": day, "length": v.Length, "rules": v.Rules.String(), "entries": out})
}
