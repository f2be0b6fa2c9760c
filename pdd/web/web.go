// Package web is People's Democratic Dictatorship on the web: the table
// and the help page, and the API they play through, on the server of
// package gamelab/web. The person (or a bot: the API is a seat at a
// table) plays against computer players whose rules are secret; the
// server deals from a seed it keeps and replays the person's moves, and
// a response carries the person's hand, the others' card counts, the
// pile and what happened, never a rule of theirs or a card they hold,
// until the game ends and every rule is revealed.
package web

import (
	crand "crypto/rand"
	"embed"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"math/rand/v2"
	"net/http"
	"slices"
	"strconv"
	"time"

	"gamelab/pdd"
	"gamelab/pdd/learn"
	site "gamelab/web"
	"gamelab/web/db"
)

// Game is the card game on the web server.
type Game struct {
	maxTurns int
}

// New returns the card game for the server, its games ended, if nobody
// wins, at pdd.DefaultMaxTurns turns.
func New() *Game { return NewCapped(pdd.DefaultMaxTurns) }

// NewCapped returns the card game with games ended at turns turns if
// nobody wins before: for tests, which need games that end soon. Every
// server on one database must cap alike, as the games replay.
func NewCapped(turns int) *Game { return &Game{maxTurns: turns} }

//go:embed static
var static embed.FS

var pages = template.Must(template.ParseFS(static, "static/*.html"))

// Card implements site.Game.
func (*Game) Card() site.Card {
	return site.Card{Name: "/pdd", Title: "People's Democratic Dictatorship", Command: "gamelab pdd play",
		Blurb: "A card game whose rules are secret: everyone invents one, and the computer players learn yours."}
}

// Routes implements site.Game.
func (g *Game) Routes(mux *http.ServeMux, s *site.Server) {
	h := &handlers{s: s, maxTurns: g.maxTurns}
	s.Static(mux, "/pdd", static)
	mux.HandleFunc("GET /pdd", s.Page(pages, "pdd.html", presets))
	mux.HandleFunc("GET /pdd/help", s.Page(pages, "help.html", presets))
	s.API(mux, "GET /api/pdd/rules", "rules to choose from, and the computer players' kinds", h.rules)
	s.API(mux, "POST /api/pdd/games", `sit at a table: {"rule", "players", "packs", "kind", "new"}`, h.start)
	s.API(mux, "GET /api/pdd/games/{id}", "a game of the player's", h.show)
	s.API(mux, "POST /api/pdd/games/{id}/moves", `lay a card, {"card": "QH"}, or draw, {"draw": true}; the computer players then play`, h.move)
	s.API(mux, "GET /api/pdd/games/{id}/hint", "the card our advisor would lay, and the chance the others allow it (the game is then marked as helped)", h.hint)
	s.API(mux, "GET /api/pdd/stats", "the player's record: ?players=4&packs=1", h.stats)
}

type handlers struct {
	s        *site.Server
	maxTurns int
}

// presets are the rules the page offers, with a word on each.
var presets = []struct {
	Rule  string `json:"rule"`
	About string `json:"about"`
}{
	{"same suit or same value or played is jack", "Mau-Mau, jacks wild"},
	{"same colour", "red on red, black on black"},
	{"higher value or played is ace", "climb, aces restart"},
	{"not same suit", "never the same suit"},
	{"values within 2", "a neighbour in value"},
	{"played is even or same suit", "evens, or the suit"},
}

func (h *handlers) rules(w http.ResponseWriter, r *http.Request) {
	site.JSON(w, http.StatusOK, map[string]any{"presets": presets, "kinds": learn.Names(), "max_players": learn.MaxPlayers})
}

// setup is what the database keeps of a table beside the person's moves;
// the seed, which deals the cards and the others' rules, is its secret.
type setup struct {
	Rule    string `json:"rule"`
	Players int    `json:"players"`
	Packs   int    `json:"packs"`
	Kind    string `json:"kind"`
}

func (su setup) variant() string { return fmt.Sprintf("%d %d", su.Players, su.Packs) }

// drawMove is how a turn the person drew is written.
const drawMove = "draw"

// table is a game replayed from the database: the table, and the turns
// played, in order.
type table struct {
	*learn.Table
	setup setup
	turns []pdd.Turn
}

// errReplay is a stored game that no longer replays.
var errReplay = errors.New("the game does not replay")

// replay deals the table of dg and plays the person's moves on it, and
// the computer players' turns between them and after the last.
func replay(dg *db.Game, maxTurns int) (*table, error) {
	var su setup
	if err := json.Unmarshal([]byte(dg.Options), &su); err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	seed, err := strconv.ParseUint(dg.Secret, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("game %s: the seed: %w", dg.ID, err)
	}
	x, err := pdd.Parse(su.Rule)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	lt, err := learn.NewTable(seed, x.Rule(), su.Players, su.Packs, su.Kind)
	if err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	t := &table{Table: lt, setup: su}
	t.Game.SetMaxTurns(maxTurns)
	if err := t.Game.Deal(); err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	if err := t.others(); err != nil {
		return nil, fmt.Errorf("game %s: %w", dg.ID, err)
	}
	for i, m := range dg.Moves {
		if err := t.play(m.Move); err != nil {
			return nil, fmt.Errorf("game %s: move %d (%s): %w: %v", dg.ID, i+1, m.Move, errReplay, err)
		}
	}
	return t, nil
}

// others plays the computer players' turns until the person's or the end.
func (t *table) others() error {
	for t.Game.End() == pdd.Running && t.Game.Next() != 0 {
		turn, err := t.Game.Step()
		if err != nil {
			return err
		}
		t.turns = append(t.turns, turn)
	}
	return nil
}

// check says why the person may not make move now, or returns nil.
func (t *table) check(move string) error {
	if t.Game.End() != pdd.Running {
		return errors.New("the game is over")
	}
	if move == drawMove {
		return nil
	}
	c, err := pdd.ParseCard(move)
	if err != nil {
		return err
	}
	top := t.Game.Deck().Top()
	switch {
	case !slices.Contains(t.You.Cards(), c):
		return fmt.Errorf("%v is not in your hand", c)
	case !t.You.Allows(top, c):
		return fmt.Errorf("your own rule (%s) does not allow %v on %v", t.setup.Rule, c, top)
	}
	return nil
}

// play makes the person's move, then the others' turns.
func (t *table) play(move string) error {
	if err := t.check(move); err != nil {
		return err
	}
	if move != drawMove {
		c, _ := pdd.ParseCard(move)
		t.You.Lay(c)
	}
	turn, err := t.Game.Step()
	if err != nil {
		return err
	}
	t.turns = append(t.turns, turn)
	return t.others()
}

// turnView is a turn as everyone at the table saw it: who laid what on
// what, and whose rules refused it (never why).
type turnView struct {
	Seat    int    `json:"seat"`
	Top     string `json:"top"`
	Laid    string `json:"laid,omitempty"`
	Refused []int  `json:"refused"`
	Drew    bool   `json:"drew"`
}

func turnOf(t pdd.Turn) turnView {
	v := turnView{Seat: t.Player, Top: t.Top.Short(), Refused: slices.Clone(t.Refused), Drew: t.Drew}
	if v.Refused == nil {
		v.Refused = []int{}
	}
	if t.Laid {
		v.Laid = t.Played.Short()
	}
	return v
}

// gameView is the table as the person sees it: their hand, the others'
// card counts, the pile, and the turns; the others' rules once it is
// over.
type gameView struct {
	ID       string     `json:"id"`
	Rule     string     `json:"rule"`
	Players  int        `json:"players"`
	Packs    int        `json:"packs"`
	Kind     string     `json:"kind"`
	Names    []string   `json:"names"`
	Hand     []string   `json:"hand"`
	Allowed  []string   `json:"allowed"` // the cards of the hand the person's rule allows on the top card
	Counts   []int      `json:"counts"`  // cards held, seat by seat
	Top      string     `json:"top"`
	DrawPile int        `json:"draw_pile"`
	Turns    int        `json:"turns"`
	Status   string     `json:"status"` // playing, won, lost, or drawn (no winner: out of cards, or the turn limit)
	Winner   int        `json:"winner"` // the seat, or -1
	End      string     `json:"end,omitempty"`
	Assisted bool       `json:"assisted"`
	Played   []turnView `json:"played"` // the turns this request played, in order
	Recent   []turnView `json:"recent"` // the last turns of the game
	Rules    []string   `json:"rules,omitempty"`
}

// recent is how many of the last turns a view carries.
const recent = 12

func view(dg *db.Game, t *table, from int) gameView {
	g := t.Game
	v := gameView{ID: dg.ID, Rule: t.setup.Rule, Players: t.setup.Players, Packs: t.setup.Packs, Kind: t.setup.Kind,
		Top: g.Deck().Top().Short(), Turns: g.Turns(), Status: "playing", Winner: g.WinnerSeat(),
		Assisted: dg.Assisted, Hand: []string{}, Allowed: []string{}, Played: []turnView{}, Recent: []turnView{}}
	if d, ok := g.Deck().(interface{ DrawPile() int }); ok {
		v.DrawPile = d.DrawPile()
	}
	for _, p := range g.Players() {
		v.Names = append(v.Names, p.Name())
		v.Counts = append(v.Counts, p.NumberOfCards())
	}
	top := g.Deck().Top()
	for _, c := range t.You.Cards() {
		v.Hand = append(v.Hand, c.Short())
		if t.You.Allows(top, c) {
			v.Allowed = append(v.Allowed, c.Short())
		}
	}
	for _, turn := range t.turns[from:] {
		v.Played = append(v.Played, turnOf(turn))
	}
	for _, turn := range t.turns[max(0, len(t.turns)-recent):] {
		v.Recent = append(v.Recent, turnOf(turn))
	}
	if g.End() != pdd.Running {
		v.End = g.End().String()
		switch w := g.WinnerSeat(); {
		case w == 0:
			v.Status = "won"
		case w > 0:
			v.Status = "lost"
		default:
			v.Status = "drawn"
		}
		v.Rules = []string{t.setup.Rule}
		for _, x := range t.Secrets[1:] {
			v.Rules = append(v.Rules, x.String())
		}
	}
	return v
}

func status(t *table) int {
	switch {
	case t.Game.End() == pdd.Running:
		return db.Playing
	case t.Game.WinnerSeat() == 0:
		return db.Won
	}
	return db.Lost
}

func (h *handlers) start(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Rule    string `json:"rule"`
		Players int    `json:"players"`
		Packs   int    `json:"packs"`
		Kind    string `json:"kind"`
		New     bool   `json:"new"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	su := setup{Rule: body.Rule, Players: body.Players, Packs: body.Packs, Kind: body.Kind}
	if su.Players == 0 {
		su.Players = 4
	}
	if su.Packs == 0 {
		su.Packs = 1
	}
	if su.Kind == "" {
		su.Kind = "learner"
	}
	var seed [8]byte
	crand.Read(seed[:])
	if err := su.check(binary.LittleEndian.Uint64(seed[:])); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	ctx, store := r.Context(), h.s.DB()
	dg, err := store.Unfinished(ctx, p.ID, "pdd", su.variant())
	if err == nil && (body.New || body.Rule != "") {
		store.Abandon(ctx, dg.ID) // a game left counts as lost
		err = db.ErrNotFound
	}
	if errors.Is(err, db.ErrNotFound) {
		if su.Rule == "" {
			site.Error(w, http.StatusUnprocessableEntity, "no rule: invent one (\"rule\": \"same suit or higher value\", or \"random\")")
			return
		}
		options, _ := json.Marshal(su)
		dg = &db.Game{Player: p.ID, Game: "pdd", Variant: su.variant(), Secret: strconv.FormatUint(binary.LittleEndian.Uint64(seed[:]), 10), Options: string(options)}
		err = store.CreateGame(ctx, dg)
	}
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	h.respond(w, r, dg)
}

// check reads the table's settings: the rule (a random one for "random",
// drawn from seed) must allow some card on some card.
func (su *setup) check(seed uint64) error {
	if su.Players < 2 || su.Players > learn.MaxPlayers {
		return fmt.Errorf("players %d: 2 to %d, you included", su.Players, learn.MaxPlayers)
	}
	if su.Packs != 1 && su.Packs != 2 {
		return fmt.Errorf("packs %d: 1 or 2", su.Packs)
	}
	if _, err := learn.Lookup(su.Kind); err != nil {
		return err
	}
	if su.Rule == "" {
		return nil // the unfinished game's
	}
	if su.Rule == "random" {
		x, _ := pdd.RandomRule(rand.New(rand.NewPCG(seed, 0x72756c65)), pdd.Permissive)
		su.Rule = x.String()
	}
	x, err := pdd.Parse(su.Rule)
	if err != nil {
		return fmt.Errorf("your rule: %w", err)
	}
	if pdd.TableOf(x.Rule()).Count() == 0 {
		return errors.New("your rule allows no card on any card: you could never play")
	}
	su.Rule = x.String()
	return nil
}

func (h *handlers) respond(w http.ResponseWriter, r *http.Request, dg *db.Game) {
	t, err := replay(dg, h.maxTurns)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, t, len(t.turns)))
}

// own returns the game of the request's {id} if it is the player's.
func (h *handlers) own(w http.ResponseWriter, r *http.Request) (*db.Game, bool) {
	return h.s.OwnGame(w, r, "pdd")
}

func (h *handlers) show(w http.ResponseWriter, r *http.Request) {
	if dg, ok := h.own(w, r); ok {
		h.respond(w, r, dg)
	}
}

// move plays the person's turn and the others', committed before the
// table is written.
func (h *handlers) move(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Card string `json:"card"`
		Draw bool   `json:"draw"`
	}
	if !h.s.Decode(w, r, &body) {
		return
	}
	if (body.Card == "") == !body.Draw {
		site.Error(w, http.StatusUnprocessableEntity, `lay a card, {"card": "QH"}, or draw, {"draw": true}`)
		return
	}
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	t, err := replay(dg, h.maxTurns)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	move := drawMove
	if !body.Draw {
		c, err := pdd.ParseCard(body.Card)
		if err != nil {
			site.Error(w, http.StatusUnprocessableEntity, err.Error())
			return
		}
		move = c.Short()
	}
	if t.Game.End() != pdd.Running {
		site.Error(w, http.StatusConflict, "the game is over")
		return
	}
	if err := t.check(move); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	from := len(t.turns)
	if err := t.play(move); err != nil {
		h.s.Internal(w, r, err)
		return
	}
	if err := h.s.DB().AddMove(r.Context(), dg, db.Move{Move: move, Result: strconv.Itoa(t.Game.Turns()), At: time.Now()}, status(t)); err != nil {
		h.s.MoveError(w, r, err)
		return
	}
	site.JSON(w, http.StatusOK, view(dg, t, from))
}

// hint answers the advisor's card for the top card, and marks the game.
func (h *handlers) hint(w http.ResponseWriter, r *http.Request) {
	dg, ok := h.own(w, r)
	if !ok {
		return
	}
	t, err := replay(dg, h.maxTurns)
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	if t.Game.End() != pdd.Running {
		site.Error(w, http.StatusConflict, "the game is over")
		return
	}
	if !dg.Assisted {
		if err := h.s.DB().SetAssisted(r.Context(), dg.ID); err != nil {
			h.s.Internal(w, r, err)
			return
		}
	}
	c, chance, ok := t.You.Advice(t.Game.Deck().Top())
	if !ok {
		site.JSON(w, http.StatusOK, map[string]any{"draw": true, "why": "your rule allows none of your cards on " + t.Game.Deck().Top().String()})
		return
	}
	site.JSON(w, http.StatusOK, map[string]any{"card": c.Short(), "chance": chance})
}

// stats returns the player's record at a table of players and packs.
func (h *handlers) stats(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	su := setup{Players: 4, Packs: 1, Kind: "learner"}
	if n, err := strconv.Atoi(q.Get("players")); err == nil {
		su.Players = n
	}
	if n, err := strconv.Atoi(q.Get("packs")); err == nil {
		su.Packs = n
	}
	if err := su.check(0); err != nil {
		site.Error(w, http.StatusUnprocessableEntity, err.Error())
		return
	}
	p, ok := h.s.Player(w, r)
	if !ok {
		return
	}
	results, err := h.s.DB().Results(r.Context(), p.ID, "pdd", su.variant())
	if err != nil {
		h.s.Internal(w, r, err)
		return
	}
	won := 0
	for _, res := range results {
		if res.Status == db.Won {
			won++
		}
	}
	site.JSON(w, http.StatusOK, map[string]any{"players": su.Players, "packs": su.Packs, "played": len(results), "won": won})
}
