package web

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"gamelab/internal/testenv"
	"gamelab/nerdle"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
	"gamelab/web/webtest"
)

func TestMain(m *testing.M) { os.Exit(testenv.RunWithOwnDirs(m)) }

func newServer(t *testing.T, kind string) (*httptest.Server, *db.DB, *Game) {
	t.Helper()
	g := New("")
	srv, store := webtest.NewServer(t, kind, g)
	return srv, store, g
}

func newClient(t *testing.T, srv *httptest.Server) *webtest.Client {
	return webtest.NewClient(t, srv.URL)
}

// secretOf reads a game's secret from the database, as only the server
// may.
func secretOf(t *testing.T, store *db.DB, id string) string {
	g, err := store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return g.Secret
}

// wrongGuesses returns valid equations of length n other than secret.
func wrongGuesses(t *testing.T, n int, secret string) []string {
	all, err := nerdle.Enumerate(n, nerdle.Standard)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := 0; len(out) < 10; i += len(all) / 20 {
		if s := all[i].String(); s != secret {
			out = append(out, s)
		}
	}
	return out
}

func TestGameWonAndLost(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv, store, _ := newServer(t, kind)
			c := newClient(t, srv)
			for _, length := range []int{5, 8} {
				// Won: two wrong rows, then the secret.
				var g gameView
				if code := c.Do("POST", "/api/nerdle/games", map[string]any{"length": length}, &g); code != 200 || g.Status != "playing" || g.Length != length {
					t.Fatalf("start: %d %+v", code, g)
				}
				secret := secretOf(t, store, g.ID)
				wrong := wrongGuesses(t, length, secret)
				var why string
				if code := c.Do("POST", "/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": strings.Repeat("1", length)}, &why); code != 422 || why == "" {
					t.Errorf("an invalid equation: %d %q", code, why)
				}
				for _, w := range wrong[:2] {
					if code := c.Do("POST", "/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": w}, &g); code != 200 {
						t.Fatalf("guess %s: %d", w, code)
					}
				}
				var again gameView
				c.Do("POST", "/api/nerdle/games", map[string]any{"length": length}, &again)
				if again.ID != g.ID || len(again.Rows) != 2 {
					t.Errorf("a reload: game %s with %d rows, want %s with 2", again.ID, len(again.Rows), g.ID)
				}
				c.Do("POST", "/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": secret}, &g)
				if g.Status != "won" || g.Secret != secret || g.Rows[2].Colours != strings.Repeat("G", length) {
					t.Errorf("won: %+v", g)
				}
				if code := c.Do("POST", "/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": secret}, nil); code != 409 {
					t.Errorf("a guess after the end: %d", code)
				}
				// Lost: six wrong rows.
				c.Do("POST", "/api/nerdle/games", map[string]any{"length": length}, &g)
				secret = secretOf(t, store, g.ID)
				for _, w := range wrongGuesses(t, length, secret)[:6] {
					c.Do("POST", "/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": w}, &g)
				}
				if g.Status != "lost" || g.Secret != secret {
					t.Errorf("lost: %+v", g)
				}
				var st struct{ Free struct{ Played, Won int } }
				c.Do("GET", "/api/nerdle/stats?length="+itoa(length), nil, &st)
				if st.Free.Played != 2 || st.Free.Won != 1 {
					t.Errorf("stats: %+v", st)
				}
			}
			checkWall(t, c, store)
		})
	}
}

// checkWall looks for the secret of every game still being played in
// every body the server sent.
func checkWall(t *testing.T, c *webtest.Client, store *db.DB) {
	t.Helper()
	// Every game is looked at: those still played must not have shown
	// their secret, and those finished only in the bodies after the end.
	for _, body := range c.Bodies {
		var g gameView
		if json.Unmarshal([]byte(body), &g) != nil || g.ID == "" || g.Status != "playing" {
			continue
		}
		if secret := secretOf(t, store, g.ID); strings.Contains(body, secret) {
			t.Errorf("a body of a game still being played holds its secret %s: %s", secret, body)
		}
	}
}

func TestToday(t *testing.T) {
	now := time.Date(2026, 12, 7, 5, 0, 0, 0, time.UTC) // the 6th in Hawaii, the 7th in Kiribati
	for day, want := range map[string]bool{"2026-12-05": false, "2026-12-06": true, "2026-12-07": true, "2026-12-08": false} {
		if got := today(day, now); got != want {
			t.Errorf("today(%s) at %v = %v", day, now, got)
		}
	}
	now = time.Date(2026, 12, 7, 20, 0, 0, 0, time.UTC) // the 8th in Kiribati since 10:00 UTC
	for day, want := range map[string]bool{"2026-12-06": false, "2026-12-07": true, "2026-12-08": true, "2026-12-09": false} {
		if got := today(day, now); got != want {
			t.Errorf("today(%s) at %v = %v", day, now, got)
		}
	}
}

func TestDailyAndLeaderboard(t *testing.T) {
	srv, store, g := newServer(t, "sqlite")
	day := g.now().UTC().Format(time.DateOnly)
	c := newClient(t, srv)
	var v gameView
	c.Do("POST", "/api/nerdle/games", map[string]any{"length": 6, "daily": day}, &v)
	all, _ := nerdle.Enumerate(6, nerdle.Standard)
	want := nerdle.DailySecret(day, all, nerdle.Standard).String()
	if got := secretOf(t, store, v.ID); got != want {
		t.Fatalf("daily secret %s, want the terminal's %s", got, want)
	}
	if code := c.Do("PUT", "/api/me/name", map[string]string{"name": "ada"}, nil); code != 200 {
		t.Fatalf("name: %d", code)
	}
	c.Do("POST", "/api/nerdle/games/"+v.ID+"/guesses", map[string]string{"guess": want}, &v)
	var again gameView
	c.Do("POST", "/api/nerdle/games", map[string]any{"length": 6, "daily": day, "new": true}, &again)
	if again.ID != v.ID || again.Status != "won" {
		t.Errorf("the day's puzzle again: %+v", again)
	}
	var board struct {
		Entries []struct {
			Name    string
			Guesses int
		}
	}
	c.Do("GET", "/api/nerdle/leaderboard?length=6&day="+day, nil, &board)
	if len(board.Entries) != 1 || board.Entries[0].Name != "ada" || board.Entries[0].Guesses != 1 {
		t.Errorf("leaderboard: %+v", board)
	}
	var why string
	if code := c.Do("POST", "/api/nerdle/games", map[string]any{"length": 6, "daily": "2030-01-01"}, &why); code != 422 {
		t.Errorf("a daily puzzle of years ahead: %d %q", code, why)
	}
	// Another player sees none of the first one's games.
	other := newClient(t, srv)
	if code := other.Do("GET", "/api/nerdle/games/"+v.ID, nil, nil); code != 404 {
		t.Errorf("another's game: %d", code)
	}
}

func TestHardModeAndHint(t *testing.T) {
	srv, store, _ := newServer(t, "sqlite")
	c := newClient(t, srv)
	c.Do("PUT", "/api/nerdle/settings", Settings{Hard: true}, nil)
	var g gameView
	c.Do("POST", "/api/nerdle/games", map[string]any{"length": 5}, &g)
	if !g.Hard {
		t.Fatalf("hard mode not on: %+v", g)
	}
	secret := secretOf(t, store, g.ID)
	var h struct {
		Guess     string
		Remaining int
		Game      gameView
	}
	c.Do("POST", "/api/nerdle/games/"+g.ID+"/hint", nil, &h)
	if h.Guess == "" || h.Remaining < 1 || !h.Game.Assisted {
		t.Fatalf("hint: %+v", h)
	}
	// Play until a green shows, then ignore it.
	for _, w := range wrongGuesses(t, 5, secret) {
		c.Do("POST", "/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": w}, &g)
		if g.Status != "playing" || strings.Contains(g.Rows[len(g.Rows)-1].Colours, "G") {
			break
		}
	}
	if g.Status != "playing" {
		t.Skip("the game ended before a hint showed")
	}
	for _, w := range wrongGuesses(t, 5, secret) {
		var why string
		code := c.Do("POST", "/api/nerdle/games/"+g.ID+"/guesses", map[string]string{"guess": w}, &why)
		if code == 422 {
			if !strings.HasPrefix(why, "hard mode: ") {
				t.Errorf("hard mode's refusal: %q", why)
			}
			return
		}
		if code != 200 {
			t.Fatalf("%s: %d", w, code)
		}
		c.Do("GET", "/api/nerdle/games/"+g.ID, nil, &g)
		if g.Status != "playing" {
			return
		}
	}
	t.Error("hard mode refused no guess that ignored a green")
}

func TestSolveForBots(t *testing.T) {
	srv, _, _ := newServer(t, "sqlite")
	c := newClient(t, srv)
	var a struct {
		Guess     string
		Remaining int
	}
	if code := c.Do("POST", "/api/nerdle/solve", map[string]any{"length": 5, "rows": []rowView{{"1+2=3", "BGBGB"}}}, &a); code != 200 || a.Remaining != 16 {
		t.Errorf("solve: %d %+v", code, a)
	}
	for _, body := range []map[string]any{
		{"length": 5, "rows": []rowView{{"1+2=4", "BGBGB"}}},
		{"length": 5, "rows": []rowView{{"1+2=3", "BGBXB"}}},
		{"length": 12},
		{"length": 5, "rules": "chess"},
		{"length": 5, "rows": []rowView{{"1+2=3", "GGGGB"}, {"1+2=3", "BBBBB"}}},
	} {
		var why string
		if code := c.Do("POST", "/api/nerdle/solve", body, &why); code != 422 {
			t.Errorf("%v: %d %q, want 422", body, code, why)
		}
	}
}
