package db

import "testing"

// Exec runs a statement, for tests that need a database in a given state.
func (d *DB) Exec(t testing.TB, query string) {
	t.Helper()
	if _, err := d.sql.Exec(d.q(query)); err != nil {
		t.Fatal(err)
	}
}
