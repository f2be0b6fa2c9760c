package web

import (
	"context"
	"io/fs"
	"os"
	"slices"
	"strings"
	"testing"

	"gamelab/internal/testenv"
	"gamelab/pdd"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
	"gamelab/web/webtest"
)

func TestMain(m *testing.M) { os.Exit(testenv.RunWithOwnDirs(m)) }

// secrets returns the computer players' rules of a game, as only the
// server may know them, by replaying it from the database.
func secrets(t *testing.T, store *db.DB, id string) []string {
	t.Helper()
	dg, err := store.Game(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := replay(dg, pdd.DefaultMaxTurns)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range tb.Secrets[1:] {
		out = append(out, x.String())
	}
	return out
}

// TestGame plays a table to its end: a card the person's rule refuses,
// or not in the hand, is refused with the reason; no answer before the
// end carries another player's rule; the end reveals them all. Its games
// end at 150 turns, as the browser test's do: each move replays the game,
// and some rules keep a table going for thousands of turns (one ran past
// ten minutes under the race detector on PostgreSQL).
func TestGame(t *testing.T) {
	for _, kind := range dbtest.Kinds {
		t.Run(kind, func(t *testing.T) {
			srv, store := webtest.NewServer(t, kind, NewCapped(150))
			c := webtest.NewClient(t, srv.URL)
			var why string
			if code := c.Do("POST", "/api/pdd/games", map[string]any{}, &why); code != 422 || !strings.Contains(why, "no rule") {
				t.Errorf("no rule and no game: %d %q", code, why)
			}
			var v gameView
			if code := c.Do("POST", "/api/pdd/games", map[string]any{"rule": "same suit or same value", "players": 3}, &v); code != 200 || len(v.Hand) != 7 || len(v.Counts) != 3 || v.Status != "playing" {
				t.Fatalf("deal: %d %+v", code, v)
			}
			rules := secrets(t, store, v.ID)
			for _, bad := range []map[string]any{{"card": "ZZ"}, {}, {"card": "QH", "draw": true}} {
				if code := c.Do("POST", "/api/pdd/games/"+v.ID+"/moves", bad, &why); code != 422 {
					t.Errorf("%v: %d %q", bad, code, why)
				}
			}
			for _, card := range []string{"AS", "AH", "AD", "AC", "2S", "2H"} {
				if !contains(v.Hand, card) {
					if code := c.Do("POST", "/api/pdd/games/"+v.ID+"/moves", map[string]string{"card": card}, &why); code != 422 || !strings.Contains(why, "not in your hand") {
						t.Errorf("a card not held: %d %q", code, why)
					}
					break
				}
			}
			for _, card := range v.Hand {
				if !contains(v.Allowed, card) {
					if code := c.Do("POST", "/api/pdd/games/"+v.ID+"/moves", map[string]string{"card": card}, &why); code != 422 || !strings.Contains(why, "your own rule") {
						t.Errorf("a card the rule refuses: %d %q", code, why)
					}
					break
				}
			}
			for moves := 0; v.Status == "playing"; moves++ {
				body := map[string]any{"draw": true}
				if len(v.Allowed) > 0 {
					body = map[string]any{"card": v.Allowed[0]}
				}
				if code := c.Do("POST", "/api/pdd/games/"+v.ID+"/moves", body, &v); code != 200 {
					t.Fatalf("%v: %d", body, code)
				}
				if len(v.Played) == 0 || v.Played[0].Seat != 0 {
					t.Fatalf("the turns played: %+v", v.Played)
				}
				if moves > 3000 {
					t.Fatal("no end in 3,000 moves")
				}
			}
			if len(v.Rules) != 3 || v.Rules[1] != rules[0] || v.Rules[2] != rules[1] {
				t.Errorf("the end reveals %q, the rules were %q", v.Rules, rules)
			}
			for _, body := range c.Bodies[:len(c.Bodies)-1] {
				for _, r := range rules {
					if strings.Contains(body, `"`+r+`"`) {
						t.Fatalf("a body before the end holds the rule %q: %s", r, body)
					}
				}
			}
			var st struct{ Played int }
			c.Do("GET", "/api/pdd/stats?players=3", nil, &st)
			if st.Played != 1 {
				t.Errorf("stats %+v", st)
			}
		})
	}
}

// TestResumeHintSettings: a reload resumes the table where it was; a
// hint names a card the rule allows and marks the game; bad settings are
// refused.
func TestResumeHintSettings(t *testing.T) {
	srv, _ := webtest.NewServer(t, "sqlite", New())
	c := webtest.NewClient(t, srv.URL)
	var v, again gameView
	c.Do("POST", "/api/pdd/games", map[string]any{"rule": "random", "players": 5, "packs": 2, "kind": "simple"}, &v)
	c.Do("POST", "/api/pdd/games/"+v.ID+"/moves", map[string]any{"draw": true}, &v)
	c.Do("POST", "/api/pdd/games", map[string]any{"players": 5, "packs": 2}, &again)
	if again.ID != v.ID || again.Turns != v.Turns || strings.Join(again.Hand, " ") != strings.Join(v.Hand, " ") || again.Kind != "simple" {
		t.Errorf("resumed %+v, left %+v", again, v)
	}
	var h struct {
		Card   string
		Chance float64
		Draw   bool
	}
	c.Do("GET", "/api/pdd/games/"+v.ID+"/hint", nil, &h)
	if !h.Draw && !contains(v.Allowed, h.Card) {
		t.Errorf("hint %+v, allowed %v", h, v.Allowed)
	}
	c.Do("GET", "/api/pdd/games/"+v.ID, nil, &v)
	if !v.Assisted {
		t.Error("a hint did not mark the game")
	}
	for _, bad := range []map[string]any{
		{"rule": "same suit", "players": 7},
		{"rule": "same suit", "packs": 3},
		{"rule": "same suit", "kind": "oracle"},
		{"rule": "same suits"},
		{"rule": "not anything"},
	} {
		var why string
		if code := c.Do("POST", "/api/pdd/games", bad, &why); code != 422 {
			t.Errorf("%v: %d %q", bad, code, why)
		}
	}
}

func contains(list []string, s string) bool { return slices.Contains(list, s) }

// TestPageWeight: the pages' own files weigh under 150 KiB.
func TestPageWeight(t *testing.T) {
	sub, _ := fs.Sub(static, "static")
	webtest.PageWeight(t, sub, 150<<10)
}
