package web

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http/httptest"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gamelab/internal/testenv"
	"gamelab/twenty48"
	site "gamelab/web"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
	"gamelab/web/webtest"
)

func TestMain(m *testing.M) { os.Exit(testenv.RunWithOwnDirs(m)) }

// seedOf reads a game's seed from the database, as only the server may.
func seedOf(t *testing.T, store *db.DB, id string) uint64 {
	t.Helper()
	g, err := store.Head(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var sec secret
	if err := json.Unmarshal([]byte(g.Secret), &sec); err != nil {
		t.Fatal(err)
	}
	return sec.Seed
}

// play sends move and returns the game, failing on any status but 200.
func play[M map[string]string | map[string]any](t *testing.T, c *webtest.Client, id string, move M) gameView {
	t.Helper()
	var g gameView
	if code := c.Do("POST", "/api/2048/games/"+id+"/moves", move, &g); code != 200 {
		t.Fatalf("%v: %d", move, code)
	}
	return g
}

// moving returns a direction that moves g's board, or "".
func moving(g gameView) string {
	exps := make([]uint8, len(g.Cells))
	for i, e := range g.Cells {
		exps[i] = uint8(e)
	}
	grid, _ := twenty48.GridOf(g.Size, exps...)
	for _, d := range twenty48.Directions {
		if _, _, moved := grid.Move(d, nil); moved {
			return d.String()
		}
	}
	return ""
}

// TestGame plays a game through the API beside the engine playing the
// same seed: every board the same, the seed in no body before the end,
// then the replay, which holds.
func TestGame(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv, store := webtest.NewServer(t, kind, New(nil))
			c := webtest.NewClient(t, srv.URL)
			var g gameView
			if code := c.Do("POST", "/api/2048/games", map[string]any{"size": 3}, &g); code != 200 || g.Size != 3 || g.Status != "playing" {
				t.Fatalf("start: %d %+v", code, g)
			}
			seed := seedOf(t, store, g.ID)
			twin, _ := twenty48.New(3, seed, twenty48.ClassicMode, 0)
			for _, bad := range []map[string]string{{"move": "X"}, {"move": "undo"}, {"move": "S"}, {"move": "UU"}, {"move": "auto", "level": "deep"}} {
				var why string
				if code := c.Do("POST", "/api/2048/games/"+g.ID+"/moves", bad, &why); code != 422 {
					t.Errorf("%v: %d %q", bad, code, why)
				}
			}
			for !g.Over {
				m := moving(g)
				g = play(t, c, g.ID, map[string]string{"move": m})
				ms, _ := twenty48.ParseMoves(m)
				twin.Play(ms[0], nil)
				if !slices.Equal(g.Cells, ints(twin.Grid().Cells())) || g.Score != twin.Score() {
					t.Fatalf("after %d moves: %v %d, the engine %v %d", g.Moves, g.Cells, g.Score, twin.Grid().Cells(), twin.Score())
				}
			}
			if g.Status != "lost" || g.Seed != strconv.FormatUint(seed, 10) {
				t.Errorf("over: %+v", g)
			}
			for _, body := range c.Bodies[:len(c.Bodies)-1] {
				if strings.Contains(body, strconv.FormatUint(seed, 10)) || strings.Contains(body, `"seed"`) {
					t.Fatalf("a body before the end holds the seed: %s", body)
				}
			}
			if code := c.Do("POST", "/api/2048/games/"+g.ID+"/moves", map[string]string{"move": "U"}, nil); code != 409 {
				t.Errorf("a move after the end: %d", code)
			}
			var rec twenty48.Record
			if code := c.Do("GET", "/api/2048/games/"+g.ID+"/replay", nil, &rec); code != 200 || rec.Seed != seed || rec.Score != g.Score || len(rec.Moves) != g.Moves {
				t.Fatalf("replay: %d %+v", code, rec)
			}
			var checked struct{ Score int64 }
			if code := c.Do("POST", "/api/2048/replays", rec, &checked); code != 200 || checked.Score != g.Score {
				t.Errorf("the replay checked: %d %+v", code, checked)
			}
			// Forged records: a higher score, a move that is none, a move
			// added after the end.
			forged := []twenty48.Record{rec, rec, rec}
			forged[0].Score += 4
			forged[1].Moves = slices.Clone(rec.Moves)
			forged[1].Moves[len(rec.Moves)-1] = twenty48.ShuffleMove
			forged[2].Moves = append(slices.Clone(rec.Moves), twenty48.Move(twenty48.Up))
			// A long game's file is over the 16 KiB of other bodies: read,
			// and judged.
			long := twenty48.Record{Size: 4, Seed: 1, Moves: slices.Repeat([]twenty48.Move{twenty48.Move(twenty48.Up)}, 30_000)}
			var why string
			if code := c.Do("POST", "/api/2048/replays", long, &why); code != 422 || !strings.HasPrefix(why, "the replay does not hold: move ") {
				t.Errorf("a replay of 30,000 moves: %d %q", code, why)
			}
			for i, f := range forged {
				if code := c.Do("POST", "/api/2048/replays", f, &why); code != 422 || !strings.HasPrefix(why, "the replay does not hold") {
					t.Errorf("forged record %d: %d %q", i, code, why)
				}
			}
			var st struct{ Played, Won, Best int64 }
			c.Do("GET", "/api/2048/stats?size=3", nil, &st)
			if st.Played != 1 || st.Best != g.Score {
				t.Errorf("stats %+v, want 1 played, best %d", st, g.Score)
			}
			if other := webtest.NewClient(t, srv.URL); other.Do("GET", "/api/2048/games/"+g.ID, nil, nil) != 404 {
				t.Error("another player reads the game")
			}
		})
	}
}

// TestSeededGame: a seed the player gives deals the tiles of gamelab
// 2048 play --seed S, is shown, and sets no best score.
func TestSeededGame(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	c := webtest.NewClient(t, srv.URL)
	var g gameView
	c.Do("POST", "/api/2048/games", map[string]any{"seed": 42, "new": true}, &g)
	want, _ := twenty48.New(4, 42, twenty48.ClassicMode, 0)
	if !g.Seeded || g.Seed != "42" || !slices.Equal(g.Cells, ints(want.Grid().Cells())) {
		t.Errorf("seeded: %+v, want the cells %v", g, want.Grid().Cells())
	}
}

// TestUndoAndHelp: an undo takes a move back and brings the same tile
// again; undo, hint and autoplay mark the game as helped.
func TestUndoAndHelp(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	c := webtest.NewClient(t, srv.URL)
	var g gameView
	c.Do("POST", "/api/2048/games", map[string]any{"undo": 2}, &g)
	start := g.Cells
	m := moving(g)
	moved := play(t, c, g.ID, map[string]string{"move": m})
	if moved.CanUndo != 1 || moved.Assisted {
		t.Errorf("after a move: %+v", moved)
	}
	back := play(t, c, g.ID, map[string]string{"move": "undo"})
	if !slices.Equal(back.Cells, start) || !back.Assisted || back.CanUndo != 0 {
		t.Errorf("undone: %+v, want the cells %v", back, start)
	}
	again := play(t, c, g.ID, map[string]string{"move": m})
	if !slices.Equal(again.Cells, moved.Cells) {
		t.Errorf("the move again: %v, want %v", again.Cells, moved.Cells)
	}

	c.Do("POST", "/api/2048/games", map[string]any{"new": true}, &g)
	var h struct{ Move string }
	if code := c.Do("GET", "/api/2048/games/"+g.ID+"/hint?level=fast", nil, &h); code != 200 || !strings.Contains("UDLR", h.Move) || h.Move == "" {
		t.Errorf("hint: %d %q", code, h.Move)
	}
	c.Do("GET", "/api/2048/games/"+g.ID, nil, &g)
	if !g.Assisted {
		t.Error("a hint did not mark the game")
	}
	c.Do("POST", "/api/2048/games", map[string]any{"new": true}, &g)
	for range 20 {
		g = play(t, c, g.ID, map[string]string{"move": "auto", "level": "fast"})
	}
	if g.Moves != 20 || !g.Assisted || g.Played == "" {
		t.Errorf("autoplay: %+v", g)
	}
	g = play(t, c, g.ID, map[string]any{"move": "auto", "count": 10})
	if g.Moves != 30 || len(g.Played) != 10 {
		t.Errorf("ten moves of autoplay: %d moves, played %q", g.Moves, g.Played)
	}
	for _, bad := range []map[string]any{{"move": "auto", "count": 51}, {"move": "L", "count": 2}, {"move": "auto", "count": -1}} {
		var why string
		if code := c.Do("POST", "/api/2048/games/"+g.ID+"/moves", bad, &why); code != 422 {
			t.Errorf("%v: %d %q", bad, code, why)
		}
	}
	// Our player plays 4×4 boards without evil tiles.
	c.Do("POST", "/api/2048/games", map[string]any{"size": 5, "new": true}, &g)
	var why string
	if code := c.Do("GET", "/api/2048/games/"+g.ID+"/hint", nil, &why); code != 422 {
		t.Errorf("a hint on 5×5: %d %q", code, why)
	}
}

// TestLeaderboard: a named player's game finished without help is on it;
// games with help or a chosen seed are not.
func TestLeaderboard(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	finish := func(c *webtest.Client, body map[string]any, helped bool) gameView {
		var g gameView
		c.Do("POST", "/api/2048/games", body, &g)
		if helped {
			c.Do("GET", "/api/2048/games/"+g.ID+"/hint", nil, nil)
		}
		for !g.Over {
			g = play(t, c, g.ID, map[string]string{"move": moving(g)})
		}
		return g
	}
	ann := webtest.NewClient(t, srv.URL)
	ann.Do("PUT", "/api/me/name", map[string]string{"name": "ann"}, nil)
	fair := finish(ann, map[string]any{"new": true}, false)
	finish(ann, map[string]any{"new": true, "seed": 7}, false)
	bob := webtest.NewClient(t, srv.URL)
	bob.Do("PUT", "/api/me/name", map[string]string{"name": "bob"}, nil)
	finish(bob, map[string]any{"new": true}, true)
	var lb struct {
		Scores []struct {
			Name  string
			Score int64
			Game  string
		}
	}
	ann.Do("GET", "/api/2048/leaderboard", nil, &lb)
	if len(lb.Scores) != 1 || lb.Scores[0].Name != "ann" || lb.Scores[0].Game != fair.ID {
		t.Errorf("leaderboard %+v, want ann's game %s (%d) alone", lb, fair.ID, fair.Score)
	}
}

// TestTwoServers: two servers on one database play one game in turns,
// each copy in memory read again when the other moved.
func TestTwoServers(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			store := dbtest.Open(t, kind)
			var urls []string
			for range 2 {
				s, err := site.New(context.Background(), site.Config{DB: store, Games: []site.Game{New(nil)}, Limits: webtest.Roomy})
				if err != nil {
					t.Fatal(err)
				}
				srv := httptest.NewServer(s)
				t.Cleanup(srv.Close)
				urls = append(urls, srv.URL)
			}
			a := webtest.NewClient(t, urls[0])
			var g gameView
			a.Do("POST", "/api/2048/games", map[string]any{}, &g)
			b := a.On(urls[1])
			seed := seedOf(t, store, g.ID)
			twin, _ := twenty48.New(4, seed, twenty48.ClassicMode, 0)
			for i := range 30 {
				c := []*webtest.Client{a, b}[i%2]
				m := moving(g)
				g = play(t, c, g.ID, map[string]string{"move": m})
				ms, _ := twenty48.ParseMoves(m)
				twin.Play(ms[0], nil)
				if !slices.Equal(g.Cells, ints(twin.Grid().Cells())) {
					t.Fatalf("move %d on server %d: %v, want %v", i+1, i%2, g.Cells, twin.Grid().Cells())
				}
			}
		})
	}
}

func TestBestForBots(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	c := webtest.NewClient(t, srv.URL)
	board := []int{1, 1, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	for _, budget := range []string{"", "fast", "strong", "20ms"} {
		var r struct{ Move string }
		if code := c.Do("POST", "/api/2048/best", map[string]any{"board": board, "budget": budget}, &r); code != 200 || r.Move == "" {
			t.Errorf("%q: %d %q", budget, code, r.Move)
		}
	}
	var r struct{ Move *string }
	full := []int{1, 2, 1, 2, 2, 1, 2, 1, 1, 2, 1, 2, 2, 1, 2, 1}
	if code := c.Do("POST", "/api/2048/best", map[string]any{"board": full}, &r); code != 200 || r.Move != nil {
		t.Errorf("a board with no move: %d %v", code, r.Move)
	}
	for _, bad := range []map[string]any{
		{"board": board[:15]},
		{"board": append(slices.Clone(board[:15]), 16)},
		{"board": append(slices.Clone(board[:15]), -1)},
		{"board": board, "budget": "2s"},
		{"board": board, "budget": "deep"},
	} {
		var why string
		if code := c.Do("POST", "/api/2048/best", bad, &why); code != 422 {
			t.Errorf("%v: %d %q", bad, code, why)
		}
	}
}

// TestPageWeight: the 2048 pages' own scripts, styles and HTML weigh
// under 150 KiB.
func TestPageWeight(t *testing.T) {
	sub, _ := fs.Sub(static, "static")
	webtest.PageWeight(t, sub, 150<<10)
}
