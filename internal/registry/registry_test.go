package registry

import (
	"slices"
	"testing"
)

func TestRegistry(t *testing.T) {
	r := New[int]("number")
	r.Register("two", 2)
	r.Register("one", 1)
	if got := r.Names(); !slices.Equal(got, []string{"one", "two"}) {
		t.Errorf("Names %v", got)
	}
	if v, err := r.Lookup("two"); err != nil || v != 2 {
		t.Errorf("Lookup(two) = %v, %v", v, err)
	}
	for _, tc := range []struct{ name, err string }{
		{"three", `unknown number "three": choose one, two`},
		{"", `no number given: choose one, two`},
	} {
		if _, err := r.Lookup(tc.name); err == nil || err.Error() != tc.err {
			t.Errorf("Lookup(%q): %v, want %s", tc.name, err, tc.err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("a name registered twice")
		}
	}()
	r.Register("one", 11)
}

func TestParseCommand(t *testing.T) {
	for _, tc := range []struct {
		in, command string
		ok, err     bool
	}{
		{"expectimax", "", false, false},
		{"cmd:./player --fast", "./player --fast", true, false},
		{"cmd:", "", true, true},
		{"cmd:   ", "", true, true},
	} {
		command, ok, err := ParseCommand(tc.in)
		if command != tc.command || ok != tc.ok || (err != nil) != tc.err {
			t.Errorf("ParseCommand(%q) = %q, %v, %v", tc.in, command, ok, err)
		}
	}
}
