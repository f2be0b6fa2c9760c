// Package dbtest opens fresh databases for tests: SQLite in a temporary
// folder, and PostgreSQL in a database of its own on the server that
// GAMELAB_TEST_POSTGRES names (a URL whose user may create databases).
// Without that server a test skips, with one line saying why; in CI
// (CI set) it fails, so that CI never passes a test it did not run.
package dbtest

import (
	"context"
	"database/sql"
	"net/url"
	"os"
	"strings"
	"testing"

	"gamelab/web/db"
)

// Kinds are the databases every storage test runs on.
var Kinds = []string{"sqlite", "postgres"}

// Open returns a new, empty database of kind, closed (and, for
// PostgreSQL, dropped) when the test ends.
func Open(t testing.TB, kind string) *db.DB {
	t.Helper()
	u := URL(t, kind)
	d, err := db.Open(context.Background(), u, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// URL returns the address of a new, empty database of kind, for a test
// that runs the server as a program.
func URL(t testing.TB, kind string) string {
	t.Helper()
	if kind == "sqlite" {
		return "sqlite:" + t.TempDir() + "/test.db"
	}
	base := os.Getenv("GAMELAB_TEST_POSTGRES")
	if base == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("GAMELAB_TEST_POSTGRES is not set: CI runs the PostgreSQL tests (see .ci/run)")
		}
		t.Skip("PostgreSQL: set GAMELAB_TEST_POSTGRES=postgres://user:password@host/db to run")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatal(err)
	}
	defer admin.Close()
	name := "gamelab_test_" + strings.ToLower(db.NewID()[:12])
	if _, err := admin.Exec("CREATE DATABASE " + name); err != nil {
		t.Fatalf("PostgreSQL at GAMELAB_TEST_POSTGRES: %v", err)
	}
	t.Cleanup(func() {
		admin, err := sql.Open("pgx", base)
		if err == nil {
			admin.Exec("DROP DATABASE IF EXISTS " + name + " WITH (FORCE)")
			admin.Close()
		}
	})
	p, err := url.Parse(base)
	if err != nil {
		t.Fatal(err)
	}
	p.Path = "/" + name
	return p.String()
}
