package db_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"gamelab/web/db"
	"gamelab/web/db/dbtest"
)

func TestStorage(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.Open(t, kind)
			p, err := d.NewPlayer(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if got, err := d.PlayerByCode(ctx, p.Code); err != nil || got.ID != p.ID {
				t.Fatalf("PlayerByCode = %+v, %v", got, err)
			}
			if _, err := d.Player(ctx, "nobody"); !errors.Is(err, db.ErrNotFound) {
				t.Errorf("an unknown player: %v", err)
			}
			q, _ := d.NewPlayer(ctx)
			if err := d.SetName(ctx, p.ID, "ada"); err != nil {
				t.Fatal(err)
			}
			if err := d.SetName(ctx, q.ID, "ada"); !errors.Is(err, db.ErrTaken) {
				t.Errorf("a name taken twice: %v", err)
			}
			if err := d.PutSettings(ctx, p.ID, "nerdle", `{"hard":true}`); err != nil {
				t.Fatal(err)
			}
			d.PutSettings(ctx, p.ID, "nerdle", `{"hard":false}`)
			if s, err := d.Settings(ctx, p.ID, "nerdle"); s != `{"hard":false}` || err != nil {
				t.Errorf("Settings = %q, %v", s, err)
			}

			g := &db.Game{Player: p.ID, Game: "nerdle", Variant: "5 standard", Daily: "2026-12-07", Secret: "1+2=3"}
			if err := d.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			again := &db.Game{Player: p.ID, Game: "nerdle", Variant: "5 standard", Daily: "2026-12-07", Secret: "1+2=3"}
			if err := d.CreateGame(ctx, again); !errors.Is(err, db.ErrTaken) {
				t.Errorf("a second daily game: %v", err)
			}
			stale, _ := d.Game(ctx, g.ID)
			if err := d.AddMove(ctx, g, db.Move{Move: "2+2=4", Result: "BBGGB", At: time.Now()}, db.Playing); err != nil {
				t.Fatal(err)
			}
			if err := d.AddMove(ctx, stale, db.Move{Move: "3-1=2", Result: "BBGGB", At: time.Now()}, db.Playing); !errors.Is(err, db.ErrConflict) {
				t.Errorf("a move on a stale game: %v", err)
			}
			if err := d.AddMove(ctx, g, db.Move{Move: "1+2=3", Result: "GGGGG", At: time.Now()}, db.Won); err != nil {
				t.Fatal(err)
			}
			back, err := d.Daily(ctx, p.ID, "nerdle", "5 standard", "2026-12-07")
			if err != nil || back.Status != db.Won || len(back.Moves) != 2 || back.Moves[1].Move != "1+2=3" || back.Finished.IsZero() {
				t.Fatalf("Daily = %+v, %v", back, err)
			}
			if err := d.AddMove(ctx, back, db.Move{Move: "x", Result: "y", At: time.Now()}, db.Won); !errors.Is(err, db.ErrConflict) {
				t.Errorf("a move after the end: %v", err)
			}
			board, err := d.Leaderboard(ctx, "nerdle", "5 standard", "2026-12-07", 10)
			if err != nil || len(board) != 1 || board[0].Name != "ada" || board[0].Moves != 2 {
				t.Errorf("Leaderboard = %+v, %v", board, err)
			}
			free := &db.Game{Player: p.ID, Game: "nerdle", Variant: "5 standard", Secret: "9-8=1"}
			d.CreateGame(ctx, free)
			if u, err := d.Unfinished(ctx, p.ID, "nerdle", "5 standard"); err != nil || u.ID != free.ID {
				t.Errorf("Unfinished = %+v, %v", u, err)
			}
			d.SetAssisted(ctx, free.ID)
			d.Abandon(ctx, free.ID)
			res, err := d.Results(ctx, p.ID, "nerdle", "5 standard")
			if err != nil || len(res) != 2 || res[0].Status != db.Won || res[1].Status != db.Lost || !res[1].Assisted {
				t.Errorf("Results = %+v, %v", res, err)
			}
			k1, _ := d.ServerSecret(ctx, "cookie", func() string { return "one" })
			k2, _ := d.ServerSecret(ctx, "cookie", func() string { return "two" })
			if k1 != "one" || k2 != "one" {
				t.Errorf("ServerSecret = %q then %q", k1, k2)
			}
		})
	}
}

// TestConcurrentMoves: of moves made at once on one game, one is
// recorded in each turn and the others are told of the conflict.
func TestConcurrentMoves(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.Open(t, kind)
			p, _ := d.NewPlayer(ctx)
			g := &db.Game{Player: p.ID, Game: "nerdle", Variant: "5 standard", Secret: "1+2=3"}
			d.CreateGame(ctx, g)
			var wg sync.WaitGroup
			var mu sync.Mutex
			ok := 0
			for range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					mine, err := d.Game(ctx, g.ID)
					if err != nil {
						t.Error(err)
						return
					}
					err = d.AddMove(ctx, mine, db.Move{Move: "2+2=4", Result: "BBGGB", At: time.Now()}, db.Playing)
					switch {
					case err == nil:
						mu.Lock()
						ok++
						mu.Unlock()
					case !errors.Is(err, db.ErrConflict):
						t.Error(err)
					}
				}()
			}
			wg.Wait()
			back, _ := d.Game(ctx, g.ID)
			if len(back.Moves) != ok || ok == 0 {
				t.Errorf("%d moves recorded, %d acknowledged", len(back.Moves), ok)
			}
		})
	}
}

// TestRefusesDamagedAndNewer: a file that is no database, and a database
// of a newer schema, are reported and left as they were.
func TestRefusesDamagedAndNewer(t *testing.T) {
	dir := t.TempDir()
	damaged := filepath.Join(dir, "damaged.db")
	junk := []byte(strings.Repeat("not a database ", 500))
	os.WriteFile(damaged, junk, 0o600)
	if _, err := db.Open(context.Background(), "sqlite:"+damaged, dir); err == nil || !strings.Contains(err.Error(), "damaged") {
		t.Errorf("a damaged file: %v", err)
	}
	if b, _ := os.ReadFile(damaged); string(b) != string(junk) {
		t.Error("the damaged file was changed")
	}
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			u := dbtest.URL(t, kind)
			d, err := db.Open(context.Background(), u, dir)
			if err != nil {
				t.Fatal(err)
			}
			d.Exec(t, "INSERT INTO goose_db_version (version_id, is_applied) VALUES (999, TRUE)")
			d.Close()
			if _, err := db.Open(context.Background(), u, dir); err == nil || !strings.Contains(err.Error(), "newer than this gamelab's") {
				t.Errorf("a newer database: %v", err)
			}
		})
	}
}

// TestMigrateAtOnce: servers started at once on one new database each
// migrate it, one after the other, and every one opens it.
func TestMigrateAtOnce(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			u := dbtest.URL(t, kind)
			dir := t.TempDir()
			errs := make(chan error, 4)
			for range 4 {
				go func() {
					d, err := db.Open(context.Background(), u, dir)
					if err == nil {
						d.Close()
					}
					errs <- err
				}()
			}
			for range 4 {
				if err := <-errs; err != nil {
					t.Error(err)
				}
			}
		})
	}
}

// TestUnreachable: a database that does not answer is said in one line.
func TestUnreachable(t *testing.T) {
	_, err := db.Open(context.Background(), "postgres://x:y@127.0.0.1:1/gamelab?connect_timeout=2", "")
	if err == nil || strings.Contains(err.Error(), "\n") || strings.Contains(err.Error(), "y@") {
		t.Errorf("an unreachable database: %q, want one line without the password", err)
	}
}
