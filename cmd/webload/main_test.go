package main

import (
	"context"
	"net/http/httptest"
	"testing"
	"time"

	nerdleweb "gamelab/nerdle/web"
	"gamelab/web"
	"gamelab/web/db"
	"gamelab/web/db/dbtest"
)

// TestRun runs a small load on a server of its own: every guess is
// answered, and found in the database.
func TestRun(t *testing.T) {
	url := dbtest.URL(t, "sqlite")
	store, err := db.Open(context.Background(), url, "")
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	s, err := web.New(context.Background(), web.Config{DB: store, Games: []web.Game{nerdleweb.New("")}})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	if err := run(srv.URL, url, 5, 20, time.Second); err != nil {
		t.Fatal(err)
	}
}
