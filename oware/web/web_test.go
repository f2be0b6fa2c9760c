package web

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"gamelab/internal/testenv"
	"gamelab/oware"
	"gamelab/web/db/dbtest"
	"gamelab/web/webtest"
)

func TestMain(m *testing.M) { os.Exit(testenv.RunWithOwnDirs(m)) }

// replayed is the game of a view's moves, as the engine package plays it.
func replayed(t *testing.T, v gameView) *oware.Game {
	t.Helper()
	ms, err := oware.ParseMoves(v.Moves)
	if err != nil {
		t.Fatal(err)
	}
	g := oware.NewGame(oware.Start(), oware.Abapa)
	for _, m := range ms {
		if _, err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", v.Moves, err)
		}
	}
	return g
}

// TestGameAgainstEngine plays as South against the source's alpha-beta
// to the end, each answer the person's ply and the engine's, the board
// that of the engine package's game of the same moves.
func TestGameAgainstEngine(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv, _ := webtest.NewServer(t, kind, New(nil))
			c := webtest.NewClient(t, srv.URL)
			var v gameView
			if code := c.Do("POST", "/api/oware/games", map[string]any{"opponent": "alphabeta", "side": "south"}, &v); code != 200 || v.ToMove != "South" || len(v.Legal) != 6 {
				t.Fatalf("start: %d %+v", code, v)
			}
			var why string
			if code := c.Do("POST", "/api/oware/games/"+v.ID+"/moves", map[string]string{"move": "a"}, &why); code != 422 || !strings.Contains(why, "North's") {
				t.Errorf("North's house: %d %q", code, why)
			}
			for v.Status == "playing" {
				// The house with the most seeds: a plain player.
				best := v.Legal[0]
				for _, l := range v.Legal {
					m, _ := oware.ParseMove(l)
					b, _ := oware.ParseMove(best)
					if v.Board[m] > v.Board[b] {
						best = l
					}
				}
				before := slices.Clone(v.Board)
				if code := c.Do("POST", "/api/oware/games/"+v.ID+"/moves", map[string]string{"move": best}, &v); code != 200 {
					t.Fatalf("%s: %d", best, code)
				}
				if len(v.Plies) == 0 || v.Plies[0].Move != best || !slices.Equal(v.Plies[0].Before, before) {
					t.Fatalf("the plies of %s: %+v", best, v.Plies)
				}
				g := replayed(t, v)
				if !slices.Equal(v.Board, board(g.Position())) {
					t.Fatalf("after %s the board is %v, the engine package's %v", v.Moves, v.Board, board(g.Position()))
				}
			}
			if v.Result == "" || v.Status == "playing" {
				t.Errorf("the end: %+v", v)
			}
			if code := c.Do("POST", "/api/oware/games/"+v.ID+"/moves", map[string]string{"move": "A"}, &why); code != 409 {
				t.Errorf("a move after the end: %d %q", code, why)
			}
			var st struct{ Played, Won int }
			c.Do("GET", "/api/oware/stats?opponent=alphabeta", nil, &st)
			if st.Played != 1 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

// TestNorthUndoHintRecord: as North the engine moves first; an undo goes
// back to the person's turn, a hint gives a legal move and an
// evaluation, both mark the game; the record loads as a new game.
func TestNorthUndoHintRecord(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	c := webtest.NewClient(t, srv.URL)
	var v gameView
	c.Do("POST", "/api/oware/games", map[string]any{"opponent": "pvs 100ms", "side": "north"}, &v)
	if len(v.Plies) != 1 || v.Plies[0].Side != "South" || v.ToMove != "North" || len(v.Moves) != 1 {
		t.Fatalf("the engine's first move: %+v", v)
	}
	var e evaluation
	if code := c.Do("GET", "/api/oware/games/"+v.ID+"/hint?movetime=50ms", nil, &e); code != 200 || !slices.Contains(v.Legal, e.Move) || e.Score == "" || len(e.PV) == 0 {
		t.Errorf("hint: %d %+v, legal %v", code, e, v.Legal)
	}
	c.Do("POST", "/api/oware/games/"+v.ID+"/moves", map[string]string{"move": v.Legal[0]}, &v)
	if len(v.Moves) != 3 || len(v.Plies) != 2 {
		t.Fatalf("a move and the reply: %+v", v)
	}
	c.Do("POST", "/api/oware/games/"+v.ID+"/undo", nil, &v)
	if len(v.Moves) != 1 || v.ToMove != "North" || !v.Assisted {
		t.Errorf("undone: %+v", v)
	}
	var why string
	if code := c.Do("POST", "/api/oware/games/"+v.ID+"/undo", nil, &why); code != 422 {
		t.Errorf("an undo with nothing of the person's: %d %q", code, why)
	}
	c.Do("POST", "/api/oware/games/"+v.ID+"/moves", map[string]string{"move": v.Legal[0]}, &v)
	var rec struct{ Record string }
	c.Do("GET", "/api/oware/games/"+v.ID+"/record", nil, &rec)
	g, err := oware.ParseRecord(strings.NewReader(rec.Record))
	if err != nil || oware.FormatMoves(g.Moves()) != v.Moves {
		t.Fatalf("the record %q: %v", rec.Record, err)
	}
	var loaded gameView
	c.Do("POST", "/api/oware/games", map[string]any{"opponent": "pvs 100ms", "side": "north", "record": rec.Record}, &loaded)
	if loaded.ID == v.ID || loaded.Moves != v.Moves || loaded.ToMove != "North" {
		t.Errorf("the record loaded: %+v, want the moves %s", loaded, v.Moves)
	}
	for _, bad := range []map[string]any{{"opponent": "deep blue"}, {"side": "east"}, {"rules": "cycle=forever"}, {"record": "moves AAAA\nposition startpos\n"}} {
		if code := c.Do("POST", "/api/oware/games", bad, &why); code != 422 {
			t.Errorf("%v: %d %q", bad, code, why)
		}
	}
}

func TestBestForBots(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New(nil))
	c := webtest.NewClient(t, srv.URL)
	var r struct {
		evaluation
		Ply plyView
	}
	for _, body := range []map[string]any{
		{},
		{"moves": "FaEb", "movetime": "50ms"},
		{"engine": "alphabeta", "depth": 4},
		{"position": "0-0-0-0-0-1-0-0-0-0-0-1-23-23-S", "engine": "minimax"},
	} {
		if code := c.Do("POST", "/api/oware/best", body, &r); code != 200 || r.Move == "" || r.Ply.Move != r.Move {
			t.Errorf("%v: %d %+v", body, code, r)
		}
	}
	for _, bad := range []map[string]any{
		{"moves": "Fa5"},
		{"moves": "FF"},
		{"engine": "pvs@3"},
		{"engine": "stockfish"},
		{"movetime": "1h"},
		{"depth": 65},
		{"position": "4-4-4"},
		{"position": "0-0-0-0-0-0-0-0-0-0-0-1-25-22-S"},
	} {
		var why string
		if code := c.Do("POST", "/api/oware/best", bad, &why); code != 422 {
			t.Errorf("%v: %d %q", bad, code, why)
		}
	}
}

// TestPageWeight: the page's own files weigh under 150 KiB.
func TestPageWeight(t *testing.T) {
	sub, _ := fs.Sub(static, "static")
	webtest.PageWeight(t, sub, 150<<10)
}
