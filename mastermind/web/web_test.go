package web

import (
	"context"
	"encoding/json"
	"io/fs"
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

// TestInstanceText counts and lists the source's sample instances sent as
// text, as the solver's page sends them, against their expected counts.
func TestInstanceText(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New())
	c := webtest.NewClient(t, srv.URL)
	for _, tc := range []struct {
		file  string
		count int
	}{{"a01-example-M4-H3.txt", 2}, {"b04-random-M6-H10-n4-s1.txt", 3942}, {"d02-random-M15-H6-n3-s1.txt", 96780}} {
		text, err := os.ReadFile("testdata/instances/" + tc.file)
		if err != nil {
			t.Fatal(err)
		}
		var a struct {
			Count, Pegs int
			Codes       [][]int
		}
		if code := c.Do("POST", "/api/mastermind/consistent", map[string]any{"instance": string(text), "list": true}, &a); code != 200 || a.Count != tc.count {
			t.Errorf("%s: %d, count %d, want %d", tc.file, code, a.Count, tc.count)
		}
		if want := min(tc.count, maxList); len(a.Codes) != want || len(a.Codes[0]) != a.Pegs {
			t.Errorf("%s: %d codes listed of %d pegs, want %d", tc.file, len(a.Codes), len(a.Codes[0]), want)
		}
	}
	for _, bad := range []map[string]any{
		{"instance": "4\n1 2 x 1/1\n"},
		{"instance": "4\n"},
		{"instance": "4\n1 2 1/1\n", "colours": 4},
		{"instance": strings.Repeat("1", 2<<20)},
	} {
		var why string
		if code := c.Do("POST", "/api/mastermind/consistent", bad, &why); code != 422 && code != 413 {
			t.Errorf("%.40v: %d %q, want 422 or 413", bad, code, why)
		}
	}
}

// TestNextGuess plays the codemaker's side through the API: the
// strategies find a code within the rows, and an answer that contradicts
// the ones before it is named.
func TestNextGuess(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New())
	c := webtest.NewClient(t, srv.URL)
	secret := mastermind.Code{3, 1, 6, 6}
	for _, strategy := range strategies {
		var hints []hintView
		for len(hints) < 10 {
			var r struct{ Guess []int }
			body := map[string]any{"pegs": 4, "colours": 6, "strategy": strategy, "hints": hints}
			if code := c.Do("POST", "/api/mastermind/next", body, &r); code != 200 {
				t.Fatalf("%s: %d", strategy, code)
			}
			a := mastermind.Score(u8(r.Guess), secret)
			hints = append(hints, hintView{r.Guess, a.Blacks, a.Whites})
			if a.Blacks == 4 {
				break
			}
		}
		if last := hints[len(hints)-1]; last.Blacks != 4 || len(hints) > 7 {
			t.Errorf("%s: %d guesses, the last %v", strategy, len(hints), last)
		}
	}
	var why string
	lie := map[string]any{"pegs": 4, "colours": 6, "hints": []hintView{{[]int{1, 1, 2, 2}, 0, 0}, {[]int{3, 3, 4, 4}, 0, 0}, {[]int{5, 5, 6, 6}, 0, 0}}}
	if code := c.Do("POST", "/api/mastermind/next", lie, &why); code != 422 || !strings.HasPrefix(why, "answer 3 (0 black, 0 white to 5 5 6 6) contradicts") {
		t.Errorf("a lie: %d %q", code, why)
	}
	for _, bad := range []map[string]any{
		{"strategy": "optimal"},
		{"pegs": 9},
		{"colours": 10},
		{"hints": []hintView{{[]int{1, 2, 3}, 0, 0}}},
		{"hints": []hintView{{[]int{1, 2, 3, 4}, 4, 0}}},
		{"hints": []hintView{{[]int{1, 2, 3, 4}, 3, 1}}},
		{"hints": []hintView{{[]int{1, 2, 3, 7}, 0, 0}}},
		{"hints": slices.Repeat([]hintView{{[]int{1, 2, 3, 4}, 0, 0}}, 31)},
	} {
		if code := c.Do("POST", "/api/mastermind/next", bad, &why); code != 422 {
			t.Errorf("%v: %d %q, want 422", bad, code, why)
		}
	}
}

// TestPageWeight: the mastermind pages' own scripts, styles and HTML weigh
// under 150 KiB.
func TestPageWeight(t *testing.T) {
	sub, _ := fs.Sub(static, "static")
	webtest.PageWeight(t, sub, 150<<10)
}
