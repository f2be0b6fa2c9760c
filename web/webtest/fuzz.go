package webtest

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"gamelab/web"
	"gamelab/web/db/dbtest"
)

// FuzzAPI runs a fuzz target over the endpoints of game, each a method
// and a path ("POST /api/nerdle/solve"; an extra word from the fuzzer is
// added to a path ending in / or ?): any body, id and query, sent as a
// player whose game start began (a POST of startBody to start). Every answer is JSON (but the mux's redirects of
// paths to clean), a 4xx an error of one line, never a 5xx.
func FuzzAPI(f *testing.F, game web.Game, start, startBody string, endpoints func(id string) []string) {
	store := dbtest.Open(f, "sqlite")
	s, err := web.New(context.Background(), web.Config{DB: store, Games: []web.Game{game}, Limits: Roomy})
	if err != nil {
		f.Fatal(err)
	}
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", start, strings.NewReader(startBody))
	req.Header.Set("Content-Type", "application/json")
	s.ServeHTTP(rec, req)
	var g struct{ ID string }
	json.Unmarshal(rec.Body.Bytes(), &g)
	if g.ID == "" || len(rec.Result().Cookies()) == 0 {
		f.Fatalf("starting a game: %d %s", rec.Code, rec.Body)
	}
	cookie := rec.Result().Cookies()[0]
	list := endpoints(g.ID)
	f.Fuzz(func(t *testing.T, which int, extra, body string) {
		method, path, _ := strings.Cut(list[uint(which)%uint(len(list))], " ")
		if strings.HasSuffix(path, "?") || strings.HasSuffix(path, "/") {
			path += extra
		}
		r, err := http.NewRequest(method, "http://gamelab.test"+path, strings.NewReader(body))
		if err != nil {
			return // no request a client could send
		}
		r.Header.Set("Content-Type", "application/json")
		r.AddCookie(cookie)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		switch {
		case w.Code >= 500:
			t.Fatalf("%s %s %q: %d %s", method, path, body, w.Code, w.Body)
		case w.Code/100 == 3:
			return // the mux's redirect to a cleaned path: ../ and //
		case !json.Valid(w.Body.Bytes()):
			t.Fatalf("%s %s %q: %d with a body that is no JSON: %s", method, path, body, w.Code, w.Body)
		case w.Code >= 400 && (!strings.HasPrefix(w.Body.String(), `{"error":"`) || strings.Count(w.Body.String(), "\n") != 1):
			t.Fatalf("%s %s %q: %d %q, want a JSON error of one line", method, path, body, w.Code, w.Body)
		}
	})
}
