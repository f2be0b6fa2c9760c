// Package web is gamelab's web server: the pages, the JSON API through
// which the pages (and bots in any language) play, and the players, kept
// in the database of package db. Each game brings its own pages and
// routes (nerdle/web, …) as a Game; the server gives them what every game
// shares: players in signed cookies, bounded and rate-limited requests,
// protection against cross-site writes, security headers, one log line a
// request, and JSON errors of one line.
//
// The wall: a game's secret never leaves the server before the game ends.
// Games keep it in db.Game.Secret and answer with what the player may
// know.
package web

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"gamelab/internal/store"
	"gamelab/web/db"
)

// Game is a game on the web: its card on the landing page and, once it
// is on the web, its pages and API routes.
type Game interface {
	// Card describes the game for the landing page.
	Card() Card
	// Routes adds the game's pages and API routes to mux; s gives them
	// what every game shares.
	Routes(mux *http.ServeMux, s *Server)
}

// Card is a game's entry on the landing page.
type Card struct {
	Name    string // the path of its page: /nerdle
	Title   string
	Blurb   string
	Command string // how to play it in a terminal: "gamelab oware play"
}

// Config is what a server needs.
type Config struct {
	DB     *db.DB
	Log    *slog.Logger
	Games  []Game
	Limits Limits
}

// Limits bound what a client may ask for.
type Limits struct {
	Body       int64   // bytes of a request body
	PerSecond  float64 // requests a player may make each second
	Burst      int     // and at once
	NewPlayers float64 // requests without a player (each may start one) an address may make each second, twenty seconds' worth at once
}

// DefaultLimits suit a public server.
var DefaultLimits = Limits{Body: 16 << 10, PerSecond: 20, Burst: 60, NewPlayers: 50}

// Server serves the pages and the API.
type Server struct {
	cfg     Config
	db      *db.DB
	log     *slog.Logger
	key     []byte // signs the players' cookies
	handler http.Handler
	limit   *limiter
	joins   *limiter
	api     []Endpoint // what GET /api lists
}

// Endpoint is an entry of the API's index at GET /api.
type Endpoint struct {
	Method  string `json:"method"`
	Path    string `json:"path"`
	Summary string `json:"summary"`
}

// API adds an endpoint of the API to mux and to its index at GET /api:
// pattern as http.ServeMux reads it ("POST /api/nerdle/games"), and what
// it does, in a line.
func (s *Server) API(mux *http.ServeMux, pattern, summary string, h http.HandlerFunc) {
	method, path, _ := strings.Cut(pattern, " ")
	s.api = append(s.api, Endpoint{method, path, summary})
	mux.HandleFunc(pattern, h)
}

//go:embed static
var static embed.FS

var pages = template.Must(template.ParseFS(static, "static/index.html"))

// New returns a server over cfg.DB, with its cookie key read from the
// database (made on the first start), so that every server on one
// database signs alike.
func New(ctx context.Context, cfg Config) (*Server, error) {
	if cfg.Limits == (Limits{}) {
		cfg.Limits = DefaultLimits
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	key, err := cfg.DB.ServerSecret(ctx, "cookie-key", func() string { return db.NewID() + db.NewID() })
	if err != nil {
		return nil, fmt.Errorf("reading the cookie key: %w", err)
	}
	s := &Server{cfg: cfg, db: cfg.DB, log: cfg.Log, key: []byte(key),
		limit: newLimiter(cfg.Limits.PerSecond, cfg.Limits.Burst),
		joins: newLimiter(cfg.Limits.NewPlayers, int(20*cfg.Limits.NewPlayers))}
	mux := http.NewServeMux()
	assets, _ := fs.Sub(static, "static")
	mux.Handle("GET /static/", http.StripPrefix("/static/", Assets(assets)))
	mux.HandleFunc("GET /{$}", s.landing)
	mux.HandleFunc("GET /healthz", s.healthz)
	s.API(mux, "GET /api/me", "the player: name and code (a new player and cookie if none)", s.me)
	s.API(mux, "PUT /api/me/name", `take a display name: {"name"}`, s.setName)
	s.API(mux, "POST /api/me/claim", `play as the player of a code, from another browser: {"code"}`, s.claim)
	for _, g := range cfg.Games {
		g.Routes(mux, s)
	}
	mux.HandleFunc("GET /api", func(w http.ResponseWriter, r *http.Request) {
		JSON(w, http.StatusOK, map[string]any{"docs": "docs/api.md in gamelab's sources", "endpoints": s.api})
	})
	s.handler = s.logged(s.recovered(secured(s.limited(crossOrigin(routed(mux))))))
	return s, nil
}

// Static returns the files every page shares (common.css), as served
// under /static/.
func Static() fs.FS {
	sub, _ := fs.Sub(static, "static")
	return sub
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// DB returns the storage, for the games' handlers.
func (s *Server) DB() *db.DB { return s.db }

// Log returns the server's logger.
func (s *Server) Log() *slog.Logger { return s.log }

func (s *Server) landing(w http.ResponseWriter, r *http.Request) {
	var cards []Card
	for _, g := range s.cfg.Games {
		cards = append(cards, g.Card())
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if err := pages.ExecuteTemplate(w, "index.html", cards); err != nil {
		s.log.Error("landing page", "err", err)
	}
}

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		Error(w, http.StatusServiceUnavailable, "the database does not answer")
		return
	}
	JSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// JSON writes v as the response, with status.
func JSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// Error writes a JSON error of one line: {"error": "why"}.
func Error(w http.ResponseWriter, status int, why string) {
	JSON(w, status, map[string]string{"error": why})
}

// routed answers a request mux has no route for with a JSON error: 405,
// naming the methods it takes, for a path it serves in another method,
// else 404.
func routed(mux *http.ServeMux) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, pattern := mux.Handler(r); pattern != "" {
			mux.ServeHTTP(w, r)
			return
		}
		var allowed []string
		for _, m := range []string{"GET", "POST", "PUT", "DELETE"} {
			other := r.Clone(r.Context())
			other.Method = m
			if _, pattern := mux.Handler(other); pattern != "" {
				allowed = append(allowed, m)
			}
		}
		if len(allowed) > 0 {
			w.Header().Set("Allow", strings.Join(allowed, ", "))
			Error(w, http.StatusMethodNotAllowed, fmt.Sprintf("%s is not taken here: use %s", clip(r.Method), strings.Join(allowed, " or ")))
			return
		}
		Error(w, http.StatusNotFound, "no such page or endpoint (the API's are listed at /api)")
	})
}

// Decode reads the request's JSON body into v: at most the server's
// limit of bytes, one object, no field v does not have. It writes the
// 4xx itself and reports false when the body will not do.
func (s *Server) Decode(w http.ResponseWriter, r *http.Request, v any) bool {
	return s.DecodeUpTo(w, r, v, s.cfg.Limits.Body)
}

// DecodeUpTo is Decode for the endpoints that take files (a Mastermind
// instance, say): at most limit bytes, or the server's limit if that is
// larger.
func (s *Server) DecodeUpTo(w http.ResponseWriter, r *http.Request, v any, limit int64) bool {
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
		Error(w, http.StatusUnsupportedMediaType, "send the body as application/json")
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, max(limit, s.cfg.Limits.Body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			Error(w, http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d bytes", tooBig.Limit))
			return false
		}
		Error(w, http.StatusBadRequest, "the body is not the JSON this endpoint takes: "+decodeError(err))
		return false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		Error(w, http.StatusBadRequest, "the body holds more than one JSON value")
		return false
	}
	return true
}

// decodeError says what is wrong with a body in the API's words, not the
// decoder's (which name Go's types).
func decodeError(err error) string {
	if errors.Is(err, io.EOF) {
		return "no body"
	}
	return clip(store.JSONError(err).Error())
}

// clip keeps an error message that may quote the request short.
func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

// Internal logs err and answers 500 without its details, which are for
// the log alone.
func (s *Server) Internal(w http.ResponseWriter, r *http.Request, err error) {
	if errors.Is(err, context.Canceled) {
		return // the client left
	}
	s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	Error(w, http.StatusInternalServerError, "the server failed; try again")
}

// Static serves a game's files, the directory "static" of fsys (its
// embedded files), under name + "/static/", name being the path of the
// game's page ("/2048").
func (s *Server) Static(mux *http.ServeMux, name string, fsys fs.FS) {
	sub, err := fs.Sub(fsys, "static")
	if err != nil {
		panic(err) // the game embeds no static directory: a bug of the build
	}
	mux.Handle("GET "+name+"/static/", http.StripPrefix(name+"/static/", Assets(sub)))
}

// Page returns a handler writing the template name of pages, with data,
// as an HTML page; a failure is the log's.
func (s *Server) Page(pages *template.Template, name string, data any) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if err := pages.ExecuteTemplate(w, name, data); err != nil {
			s.log.Error("page", "page", name, "err", err)
		}
	}
}

// Assets serves the files of fsys with an ETag of their content, so that
// a browser asks again each time but downloads only what changed.
func Assets(fsys fs.FS) http.Handler {
	tags := map[string]string{}
	fs.WalkDir(fsys, ".", func(path string, e fs.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			if b, err := fs.ReadFile(fsys, path); err == nil {
				sum := sha256.Sum256(b)
				tags[path] = `"` + hex.EncodeToString(sum[:8]) + `"`
			}
		}
		return nil
	})
	files := http.FileServerFS(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if tag, ok := tags[strings.TrimPrefix(r.URL.Path, "/")]; ok {
			w.Header().Set("ETag", tag)
		}
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}
