package main

import (
	"fmt"
	"log/slog"

	mmweb "gamelab/mastermind/web"
	nerdleweb "gamelab/nerdle/web"
	owareweb "gamelab/oware/web"
	pddweb "gamelab/pdd/web"
	"gamelab/twenty48/player"
	t48web "gamelab/twenty48/web"
	"gamelab/web"
)

type serveCmd struct {
	Addr    string `default:"127.0.0.1:8080" help:"Where to listen, host:port (0.0.0.0:8080 for every interface)."`
	DB      string `name:"db" placeholder:"URL" help:"The database: postgres://user:password@host/db for PostgreSQL, or a SQLite file (default: gamelab.db in --data-dir)."`
	DataDir string `name:"data-dir" placeholder:"DIR" help:"Where the SQLite database lives (default: gamelab in the user's data directory)."`
}

func (c *serveCmd) Run(e *env) error {
	cache, err := e.Cache()
	if err != nil {
		return err
	}
	games := []web.Game{
		nerdleweb.New(cache),
		t48web.New(func() (player.Selection, error) {
			return player.Select(cache, player.DefaultPlayer, "fast", player.Best)
		}),
		owareweb.New(nil),
		mmweb.New(),
		pddweb.New(),
	}
	return web.Serve(e.Ctx, web.ServeConfig{Addr: c.Addr, DB: c.DB, DataDir: c.DataDir, Games: games,
		Log: slog.New(slog.NewJSONHandler(e.Stderr, nil)),
		Listening: func(addr string) {
			fmt.Fprintf(e.Stdout, "gamelab serve: open http://%s in a browser (Ctrl+C stops)\n", addr)
		}})
}
