// Package webtest is what the web games' tests share: a server over a
// fresh database, a client that keeps its cookies and every body it was
// sent (to look for secrets in), and a page in headless Chromium driven
// key by key.
package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"io/fs"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"

	"gamelab/web"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
)

// Roomy are limits no test reaches.
var Roomy = web.Limits{Body: 16 << 10, PerSecond: 1e6, Burst: 1 << 20, NewPlayers: 1e6}

// NewServer serves games over a new database of kind ("sqlite" or
// "postgres"), and returns the server and the database.
func NewServer(t testing.TB, kind string, games ...web.Game) (*httptest.Server, *db.DB) {
	t.Helper()
	store := dbtest.Open(t, kind)
	s, err := web.New(context.Background(), web.Config{DB: store, Games: games, Limits: Roomy})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	t.Cleanup(srv.Close)
	return srv, store
}

// Client is a player's program: a cookie jar on a server, and every body
// the server sent it.
type Client struct {
	t      testing.TB
	url    string
	http   *http.Client
	Bodies []string
}

// NewClient returns a new player of the server at url.
func NewClient(t testing.TB, url string) *Client {
	jar, _ := cookiejar.New(nil)
	return &Client{t: t, url: url, http: &http.Client{Jar: jar}}
}

// On returns the same player (the same cookies) on the server at url:
// another server on the same database.
func (c *Client) On(url string) *Client {
	return &Client{t: c.t, url: url, http: c.http}
}

// Do sends a request with body as JSON (if not nil) and returns the
// status. A 2xx body is decoded into out, if not nil; a 4xx or 5xx must
// be a JSON error of one line, whose text goes to out if it is a
// *string.
func (c *Client) Do(method, path string, body, out any) int {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.url+path, rd)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	c.Bodies = append(c.Bodies, string(raw))
	if _, why := out.(*string); out != nil && !why && res.StatusCode < 300 {
		if err := json.Unmarshal(raw, out); err != nil {
			c.t.Fatalf("%s %s: %v in %s", method, path, err, raw)
		}
	}
	if res.StatusCode >= 400 {
		var e struct{ Error string }
		if json.Unmarshal(raw, &e) != nil || e.Error == "" || strings.Count(string(raw), "\n") != 1 {
			c.t.Errorf("%s %s: %d with %q, want a JSON error of one line", method, path, res.StatusCode, raw)
		}
		if p, ok := out.(*string); ok {
			*p = e.Error
		}
	}
	return res.StatusCode
}

// PageWeight fails t if a game's own files (all of game, its static
// files) and the files every page shares weigh over limit bytes: the
// pages use no framework.
func PageWeight(t testing.TB, game fs.FS, limit int) {
	t.Helper()
	total := 0
	for _, fsys := range []fs.FS{game, web.Static()} {
		fs.WalkDir(fsys, ".", func(path string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() {
				b, _ := fs.ReadFile(fsys, path)
				total += len(b)
			}
			return err
		})
	}
	if total > limit {
		t.Errorf("the page's own files weigh %d bytes, over %d", total, limit)
	}
	t.Logf("the page's own files: %.1f KiB", float64(total)/1024)
}
