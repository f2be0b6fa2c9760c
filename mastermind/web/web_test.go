package web

import (
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"gamelab/internal/testenv"
	"gamelab/mastermind"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
	"gamelab/web/webtest"
)

func TestMain(m *testing.M) { os.Exit(testenv.RunWithOwnDirs(m)) }

// code reads a game's code from the database, as only the server may.
func code(t *testing.T, store *db.DB, id string) []int {
	t.Helper()
	g, err := store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var snap mastermind.Snapshot
	if err := json.Unmarshal([]byte(g.Secret), &snap); err != nil {
		t.Fatal(err)
	}
	return ints(snap.Secret)
}

// wrong returns a guess of pegs pegs over colours colours that is not c.
func wrong(c []int, colours int) []int {
	w := append([]int(nil), c...)
	w[0] = w[0]%colours + 1
	return w
}

func TestCodebreaker(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv, store := webtest.NewServer(t, kind, New())
			c := webtest.NewClient(t, srv.URL)
			var g gameView
			if code := c.Do("POST", "/api/mastermind/games", map[string]int{"pegs": 5, "colours": 8, "rows": 6}, &g); code != 200 || g.Pegs != 5 || g.Status != "playing" {
				t.Fatalf("start: %d %+v", code, g)
			}
			secret := code(t, store, g.ID)
			for _, bad := range []map[string]any{{"guess": []int{1, 2, 3}}, {"guess": []int{1, 2, 3, 4, 9}}, {"guess": []int{0, 1, 1, 1, 1}}} {
				var why string
				if code := c.Do("POST", "/api/mastermind/games/"+g.ID+"/guesses", bad, &why); code != 422 || why == "" {
					t.Errorf("%v: %d %q", bad, code, why)
				}
			}
			c.Do("POST", "/api/mastermind/games/"+g.ID+"/guesses", map[string]any{"guess": wrong(secret, 8)}, &g)
			want := mastermind.Score(mastermind.Code(u8(wrong(secret, 8))), mastermind.Code(u8(secret)))
			if len(g.Hints) != 1 || g.Hints[0].Blacks != want.Blacks || g.Hints[0].Whites != want.Whites || g.Code != nil {
				t.Fatalf("after a guess: %+v, want the answer %v", g, want)
			}
			var r struct{ Remaining int }
			c.Do("GET", "/api/mastermind/games/"+g.ID+"/remaining", nil, &r)
			if r.Remaining < 1 || r.Remaining >= 32768 {
				t.Errorf("remaining %d", r.Remaining)
			}
			var again gameView
			c.Do("POST", "/api/mastermind/games", map[string]int{"pegs": 5, "colours": 8, "rows": 6}, &again)
			if again.ID != g.ID || !again.Assisted {
				t.Errorf("a reload: %+v", again)
			}
			c.Do("POST", "/api/mastermind/games/"+g.ID+"/guesses", map[string]any{"guess": secret}, &g)
			if g.Status != "won" || !slices.Equal(g.Code, secret) {
				t.Errorf("won: %+v", g)
			}
			// Lost: six wrong guesses.
			c.Do("POST", "/api/mastermind/games", map[string]any{"pegs": 5, "colours": 8, "rows": 6, "new": true}, &g)
			secret = code(t, store, g.ID)
			for range 6 {
				c.Do("POST", "/api/mastermind/games/"+g.ID+"/guesses", map[string]any{"guess": wrong(secret, 8)}, &g)
			}
			if g.Status != "lost" || !slices.Equal(g.Code, secret) {
				t.Errorf("lost: %+v", g)
			}
			if code := c.Do("POST", "/api/mastermind/games/"+g.ID+"/guesses", map[string]any{"guess": secret}, nil); code != 409 {
				t.Errorf("a guess after the end: %d", code)
			}
			var st struct {
				Record struct{ Played, Won, Assisted int }
			}
			c.Do("GET", "/api/mastermind/stats?pegs=5&colours=8&rows=6", nil, &st)
			if st.Record.Played != 2 || st.Record.Won != 1 || st.Record.Assisted != 1 {
				t.Errorf("stats %+v", st)
			}
			// The wall: no body of a game still being played holds its code.
			for _, body := range c.Bodies {
				var v gameView
				if json.Unmarshal([]byte(body), &v) == nil && v.ID != "" && v.Status == "playing" && (v.Code != nil || strings.Contains(body, `"code"`)) {
					t.Errorf("a game under way shows its code: %s", body)
				}
			}
			if other := webtest.NewClient(t, srv.URL); other.Do("GET", "/api/mastermind/games/"+g.ID, nil, nil) != 404 {
				t.Error("another player reads the game")
			}
		})
	}
}

func u8(c []int) []uint8 {
	out := make([]uint8, len(c))
	for i, x := range c {
		out[i] = uint8(x)
	}
	return out
}

func TestConsistentForBots(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New())
	c := webtest.NewClient(t, srv.URL)
	var a struct {
		Count int
		Codes [][]int
	}
	body := map[string]any{"colours": 6, "hints": []hintView{{Guess: []int{1, 1, 2, 2}, Blacks: 1, Whites: 1}}, "list": true}
	if code := c.Do("POST", "/api/mastermind/consistent", body, &a); code != 200 || a.Count != len(a.Codes) || a.Count != 208 {
		t.Errorf("consistent: %d, count %d, %d codes", code, a.Count, len(a.Codes))
	}
	for _, bad := range []map[string]any{
		{"colours": 0, "hints": []hintView{{Guess: []int{1}, Blacks: 1}}},
		{"colours": 6},
		{"colours": 6, "hints": []hintView{{Guess: []int{1, 7}, Blacks: 0}}},
		{"colours": 6, "hints": []hintView{{Guess: []int{1, 2}, Blacks: 3}}},
		{"colours": 6, "hints": []hintView{{Guess: make([]int, 40), Blacks: 0}}},
	} {
		var why string
		if code := c.Do("POST", "/api/mastermind/consistent", bad, &why); code != 422 {
			t.Errorf("%v: %d %q, want 422", bad, code, why)
		}
	}
}
