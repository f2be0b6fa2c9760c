package web

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	site "gamelab/web"
	"gamelab/web/db/dbtest"
)

// FuzzAPI sends any body to every endpoint of the API, and any id and
// query: the server answers each with a JSON body (but the redirects of
// paths to clean), an error of one line for a 4xx, and never a 5xx.
func FuzzAPI(f *testing.F) {
	f.Add(0, "", `{"length":5}`)
	f.Add(1, "x", `{"guess":"1+2=3"}`)
	f.Add(3, "", `{"length":5,"rows":[{"guess":"1+2=3","colours":"BGBGB"}]}`)
	f.Add(4, "length=5&rules=standard", ``)
	f.Add(7, "length=6&day=2026-12-07", ``)
	f.Add(6, "", `{"hard":true,"commutative":true,"colourBlind":false}`)
	f.Add(0, "", `{"length":11,"rules":"nerdlegame","daily":"2026-12-07","new":true}`)
	f.Add(1, "", `{"guess":"`+strings.Repeat("9", 20000)+`"}`)
	store := dbtest.Open(f, "sqlite")
	s, err := site.New(context.Background(), site.Config{DB: store, Games: []site.Game{New("")},
		Limits: site.Limits{Body: 16 << 10, PerSecond: 1e9, Burst: 1 << 30, NewPlayers: 1e9}})
	if err != nil {
		f.Fatal(err)
	}
	// A player with a game, whose cookie every request carries.
	start := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/api/nerdle/games", strings.NewReader(`{"length":5}`))
	req.Header.Set("Content-Type", "application/json")
	s.ServeHTTP(start, req)
	var g gameView
	json.Unmarshal(start.Body.Bytes(), &g)
	cookie := start.Result().Cookies()[0]
	endpoints := []struct{ method, path string }{
		{"POST", "/api/nerdle/games"},
		{"POST", "/api/nerdle/games/" + g.ID + "/guesses"},
		{"POST", "/api/nerdle/games/" + g.ID + "/hint"},
		{"POST", "/api/nerdle/solve"},
		{"GET", "/api/nerdle/stats?"},
		{"GET", "/api/nerdle/settings"},
		{"PUT", "/api/nerdle/settings"},
		{"GET", "/api/nerdle/leaderboard?"},
		{"PUT", "/api/me/name"},
		{"POST", "/api/me/claim"},
		{"GET", "/api/nerdle/games/"},
	}
	f.Fuzz(func(t *testing.T, which int, extra, body string) {
		e := endpoints[uint(which)%uint(len(endpoints))]
		path := e.path
		if strings.HasSuffix(path, "?") || strings.HasSuffix(path, "/") {
			path += extra
		}
		r, err := http.NewRequest(e.method, "http://gamelab.test"+path, strings.NewReader(body))
		if err != nil {
			return // no request a client could send
		}
		r.Header.Set("Content-Type", "application/json")
		r.AddCookie(cookie)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", e.method, path, body, w.Code, w.Body)
		}
		if w.Code/100 == 3 {
			return // the mux's redirect to a cleaned path: ../ and //
		}
		if !json.Valid(w.Body.Bytes()) {
			t.Fatalf("%s %s %q: %d with a body that is no JSON: %s", e.method, path, body, w.Code, w.Body)
		}
		if w.Code >= 400 && (!strings.HasPrefix(w.Body.String(), `{"error":"`) || strings.Count(w.Body.String(), "\n") != 1) {
			t.Fatalf("%s %s %q: %d %q, want a JSON error of one line", e.method, path, body, w.Code, w.Body)
		}
	})
}
