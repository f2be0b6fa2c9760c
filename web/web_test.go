package web_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"gamelab/internal/testenv"
	"gamelab/web"
	"gamelab/web/db/dbtest"
)

func TestMain(m *testing.M) { os.Exit(testenv.RunWithOwnDirs(m)) }

// echo is a game whose one route answers the player's name, for the
// tests of what the server does around a game's routes.
type echo struct{}

func (echo) Card() web.Card {
	return web.Card{Name: "/echo", Title: "Echo", Blurb: "says who you are", Command: "gamelab echo play"}
}

func (echo) Routes(mux *http.ServeMux, s *web.Server) {
	mux.HandleFunc("POST /api/echo", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			Say string `json:"say"`
		}
		if !s.Decode(w, r, &body) {
			return
		}
		if p, ok := s.Player(w, r); ok {
			web.JSON(w, 200, map[string]string{"player": p.ID, "said": body.Say})
		}
	})
	mux.HandleFunc("GET /api/panic", func(http.ResponseWriter, *http.Request) { panic("a bug") })
}

func server(t *testing.T, limits web.Limits) http.Handler {
	s, err := web.New(context.Background(), web.Config{DB: dbtest.Open(t, "sqlite"), Limits: limits,
		Games: []web.Game{echo{}}})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

var roomy = web.Limits{Body: 1024, PerSecond: 1000, Burst: 1000, NewPlayers: 1000}

func request(h http.Handler, method, path, body string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

func TestRequestsRefused(t *testing.T) {
	h := server(t, roomy)
	for _, tc := range []struct {
		name, method, path, body string
		header                   []string
		status                   int
	}{
		{"fine", "POST", "/api/echo", `{"say":"hi"}`, nil, 200},
		{"from another site's page", "POST", "/api/echo", `{"say":"hi"}`, []string{"Sec-Fetch-Site", "cross-site"}, 403},
		{"from another origin", "POST", "/api/echo", `{"say":"hi"}`, []string{"Origin", "https://evil.example"}, 403},
		{"too big", "POST", "/api/echo", `{"say":"` + strings.Repeat("x", 2000) + `"}`, nil, 413},
		{"not JSON", "POST", "/api/echo", `say=hi`, []string{"Content-Type", "application/x-www-form-urlencoded"}, 415},
		{"broken JSON", "POST", "/api/echo", `{"say":`, nil, 400},
		{"a field it has not", "POST", "/api/echo", `{"shout":"hi"}`, nil, 400},
		{"two values", "POST", "/api/echo", `{"say":"a"}{"say":"b"}`, nil, 400},
		{"no such endpoint", "GET", "/api/nothing", "", nil, 404},
		{"no such page", "GET", "/nothing", "", nil, 404},
		{"another method", "DELETE", "/api/echo", "", nil, 405},
		{"a page written to", "POST", "/healthz", "", nil, 405},
		{"a bug", "GET", "/api/panic", "", nil, 500},
		{"a name too long", "PUT", "/api/me/name", `{"name":"` + strings.Repeat("n", 30) + `"}`, nil, 422},
		{"a code no one has", "POST", "/api/me/claim", `{"code":"nope"}`, nil, 404},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := request(h, tc.method, tc.path, tc.body, tc.header...)
			if w.Code != tc.status {
				t.Fatalf("status %d, want %d: %s", w.Code, tc.status, w.Body)
			}
			if tc.status >= 400 && (!strings.HasPrefix(w.Body.String(), `{"error":"`) || strings.Count(w.Body.String(), "\n") != 1) {
				t.Errorf("error body %q, want a JSON error of one line", w.Body)
			}
			if strings.Contains(w.Body.String(), "goroutine") || strings.Contains(w.Body.String(), "a bug") || strings.Contains(w.Body.String(), "struct") {
				t.Errorf("the body tells the server's insides: %s", w.Body)
			}
		})
	}
}

// TestDecodeErrors: a body that will not do is named in JSON's words.
func TestDecodeErrors(t *testing.T) {
	h := server(t, roomy)
	for body, want := range map[string]string{
		`{"say":`:       "the JSON ends too early",
		`{"say":1}`:     "say: want a string, not a JSON number",
		`[1]`:           "the document: want an object, not a JSON array",
		`{"shout":"x"}`: `unknown field \"shout\"`,
		`{"say":"x"}}`:  "more than one JSON value",
		`{say}`:         "not valid JSON at byte 2",
	} {
		if w := request(h, "POST", "/api/echo", body); !strings.Contains(w.Body.String(), want) {
			t.Errorf("%s: %s, want …%s…", body, w.Body, want)
		}
	}
	if w := request(h, "DELETE", "/api/echo", ""); w.Header().Get("Allow") != "POST" {
		t.Errorf("405 without Allow: POST: %v", w.Header())
	}
}

func TestHeadersAndPages(t *testing.T) {
	h := server(t, roomy)
	w := request(h, "GET", "/", "")
	for _, k := range []string{"Content-Security-Policy", "X-Content-Type-Options", "X-Frame-Options", "Referrer-Policy"} {
		if w.Header().Get(k) == "" {
			t.Errorf("no %s", k)
		}
	}
	for _, want := range []string{`href="/echo"`, "Echo", "gamelab echo play"} {
		if !strings.Contains(w.Body.String(), want) {
			t.Errorf("the landing page lacks %q", want)
		}
	}
	if w := request(h, "GET", "/healthz", ""); w.Code != 200 {
		t.Errorf("healthz: %d", w.Code)
	}
	w = request(h, "GET", "/static/common.css", "")
	if w.Code != 200 || w.Header().Get("ETag") == "" {
		t.Errorf("a static file: %d, ETag %q", w.Code, w.Header().Get("ETag"))
	}
	if w := request(h, "GET", "/static/common.css", "", "If-None-Match", w.Header().Get("ETag")); w.Code != 304 {
		t.Errorf("a static file unchanged: %d", w.Code)
	}
}

// TestCookies: a player's cookie is signed and HttpOnly; a tampered one
// makes a new player rather than the one it names.
func TestCookies(t *testing.T) {
	h := server(t, roomy)
	w := request(h, "POST", "/api/echo", `{}`)
	c := w.Result().Cookies()
	if len(c) != 1 || !c[0].HttpOnly || c[0].SameSite != http.SameSiteLaxMode {
		t.Fatalf("cookies %+v", c)
	}
	id, _, _ := strings.Cut(c[0].Value, ".")
	same := request(h, "POST", "/api/echo", `{}`, "Cookie", c[0].Name+"="+c[0].Value)
	if !strings.Contains(same.Body.String(), id) || len(same.Result().Cookies()) != 0 {
		t.Errorf("with its cookie: %s", same.Body)
	}
	forged := request(h, "POST", "/api/echo", `{}`, "Cookie", c[0].Name+"="+id+".forged")
	if strings.Contains(forged.Body.String(), id) {
		t.Errorf("a forged cookie was taken: %s", forged.Body)
	}
}

// TestRateLimit: a player over its rate, and an address making
// requests without a player over the rate of new players, are told to
// wait.
func TestRateLimit(t *testing.T) {
	h := server(t, web.Limits{Body: 1024, PerSecond: 1, Burst: 3, NewPlayers: 1})
	first := request(h, "POST", "/api/echo", `{}`)
	cookie := first.Result().Cookies()[0]
	var last *httptest.ResponseRecorder
	for range 4 {
		last = request(h, "POST", "/api/echo", `{}`, "Cookie", cookie.Name+"="+cookie.Value)
	}
	if last.Code != 429 || last.Header().Get("Retry-After") == "" {
		t.Errorf("a player's fourth request of a burst of 3: %d, Retry-After %q", last.Code, last.Header().Get("Retry-After"))
	}
	for range 20 { // twenty seconds' worth of new players, the first taken
		last = request(h, "GET", "/healthz", "")
	}
	if last.Code != 429 || last.Header().Get("Retry-After") == "" {
		t.Errorf("the 21st request without a player at one a second: %d, Retry-After %q", last.Code, last.Header().Get("Retry-After"))
	}
}
