package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"gamelab/web/db"
)

// ServeConfig is what Serve needs.
type ServeConfig struct {
	Addr    string // where to listen: host:port
	DB      string // the database: "" (SQLite in DataDir), a file, or postgres://…
	DataDir string // "" for DefaultDataDir
	Games   []Game
	Log     *slog.Logger
	Limits  Limits
	// Listening, if set, is told the address the server listens on (the
	// port chosen, for ":0") once it accepts requests.
	Listening func(addr string)
}

// DefaultDataDir is where the SQLite database lives unless told
// otherwise: gamelab in the user's data directory ($XDG_DATA_HOME, or
// ~/.local/share).
func DefaultDataDir() (string, error) {
	if d := os.Getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "gamelab"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("no data directory: give --data-dir (%w)", err)
	}
	return filepath.Join(home, ".local", "share", "gamelab"), nil
}

// Serve runs the server until ctx ends, then shuts it down: it stops
// taking connections, lets the requests under way finish (each guess
// acknowledged is committed), and closes the database.
func Serve(ctx context.Context, c ServeConfig) error {
	if c.DataDir == "" && c.DB == "" {
		dir, err := DefaultDataDir()
		if err != nil {
			return err
		}
		c.DataDir = dir
	}
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
	store, err := db.Open(ctx, c.DB, c.DataDir)
	if err != nil {
		return err
	}
	defer store.Close()
	s, err := New(ctx, Config{DB: store, Log: c.Log, Games: c.Games, Limits: c.Limits})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.Addr)
	if err != nil {
		return err
	}
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      60 * time.Second, // a hint at length 11 may take seconds
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    32 << 10,
		ErrorLog:          slog.NewLogLogger(c.Log.Handler(), slog.LevelWarn),
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	c.Log.Info("serving", "addr", ln.Addr().String(), "database", map[bool]string{true: "postgres", false: "sqlite"}[store.Postgres()])
	if c.Listening != nil {
		c.Listening(ln.Addr().String())
	}
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err = srv.Shutdown(shutdown)
	if e := <-served; !errors.Is(e, http.ErrServerClosed) && err == nil {
		err = e
	}
	c.Log.Info("stopped")
	if err != nil {
		return fmt.Errorf("shutting down: %w", err)
	}
	return context.Cause(ctx)
}
