package nerdle

import (
	"errors"
	"testing"
)

func TestCheck(t *testing.T) {
	tests := []struct {
		eq     string
		rules  Rules
		reason string // "" for valid
	}{
		// The spec's examples.
		{"23+34=57", Standard, ""},
		{"12-3*4=0", Standard, ""},
		{"9-2*4=28", Standard, "left side is 1, right side says 28"},
		{"4*5/2=10", Standard, ""},
		{"5/2*4=10", Standard, "5/2 is not exact"},
		{"1234=1234", Standard, "no operator left of ="},
		{"+3+4=7", Standard, "+ at the start: no unary operators"},
		{"3*-4+20=8", Standard, "two operators in a row: *-"},
		{"04+1=5", Standard, "leading zero in 04"},
		{"1+4=05", Standard, "leading zero in 05"},
		{"1-2+3=2", Standard, ""},
		{"5-0=5", Standard, ""},
		{"0+0=0", Standard, ""},
		{"3*0=0", Standard, "0 may not be multiplied or divided"},
		{"0*3=0", Standard, "0 may not be multiplied or divided"},
		{"0/3=0", Standard, "0 may not be multiplied or divided"},
		{"3/0+1=1", Standard, "division by zero in 3/0"},
		{"1+0*3=1", Standard, "0 may not be multiplied or divided"},
		{"4*6/3=8", Standard, ""},
		{"4*5/3=8", Standard, "20/3 is not exact"},
		{"8/4/2=1", Standard, ""},
		{"1-9=8", Standard, "left side is -8, right side says 8"},
		// Shape.
		{"1+1=2=2", Standard, "more than one = sign"},
		{"1+1+22", Standard, "no = sign"},
		{"=1+1+2", Standard, "nothing left of ="},
		{"1+1+2=", Standard, "nothing right of ="},
		{"10=5+5", Standard, "only a whole number may stand right of =, not \"5+5\""},
		{"5+5-=10", Standard, "the left side ends with -"},
		{"1+1=2", Standard, ""},
		{"1=1", Standard, "3 symbols: an equation has 5 to 11"},
		{"1+2+3+4+5+6=21", Standard, "14 symbols: an equation has 5 to 11"},
		{"1+1=x", Standard, "'x' is not a Nerdle symbol (use 0-9 + - * / =)"},
		{"1+1=é", Standard, "'é' is not a Nerdle symbol (use 0-9 + - * / =)"},
		// The web game's rules.
		{"5/2*4=10", NerdleGame, ""},
		{"1/2+1/2=1", NerdleGame, ""},
		{"5-0=5", NerdleGame, "a lone 0 may not stand left of = in nerdlegame rules"},
		{"10-5=5", NerdleGame, ""},
		{"5-5=0", NerdleGame, ""},
		{"5/2+1=3", NerdleGame, "left side is 7/2, right side says 3"},
	}
	for _, tt := range tests {
		err := Check(tt.eq, tt.rules)
		switch {
		case tt.reason == "" && err != nil:
			t.Errorf("Check(%q, %v) = %v, want valid", tt.eq, tt.rules, err)
		case tt.reason != "" && err == nil:
			t.Errorf("Check(%q, %v) = valid, want %q", tt.eq, tt.rules, tt.reason)
		case tt.reason != "" && err.Error() != tt.reason:
			t.Errorf("Check(%q, %v) = %q, want %q", tt.eq, tt.rules, err, tt.reason)
		}
		var ie *InvalidError
		if err != nil && !errors.As(err, &ie) {
			t.Errorf("Check(%q) error %T is not an *InvalidError", tt.eq, err)
		}
	}
}

// FuzzCheck compares Check, the reference statement of the rules, with the
// fast enumerator: a string is valid exactly when the enumeration of its
// length contains it.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{"23+34=57", "5/2*4=10", "0+0=0", "04+1=5", "1+1=2=2", "9-2*4=28", "1/2+1/2=1"} {
		f.Add(s, false)
	}
	lists := map[Rules]map[int]map[Equation]bool{}
	for _, r := range AllRules {
		lists[r] = map[int]map[Equation]bool{}
		for n := MinLength; n <= 8; n++ {
			all, err := Enumerate(n, r)
			if err != nil {
				f.Fatal(err)
			}
			set := make(map[Equation]bool, len(all))
			for _, e := range all {
				set[e] = true
			}
			lists[r][n] = set
		}
	}
	f.Fuzz(func(t *testing.T, s string, game bool) {
		r := Standard
		if game {
			r = NerdleGame
		}
		err := Check(s, r)
		if len(s) < MinLength || len(s) > 8 {
			return
		}
		e, perr := ParseEquation(s)
		if perr != nil {
			if err == nil {
				t.Fatalf("Check(%q) = valid but ParseEquation fails: %v", s, perr)
			}
			return
		}
		if want := lists[r][len(s)][e]; (err == nil) != want {
			t.Fatalf("Check(%q, %v) = %v, but enumerated: %v", s, r, err, want)
		}
	})
}
