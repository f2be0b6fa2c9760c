package nerdle

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestCommutes(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"12+35=47", "35+12=47", true},
		{"12+35=47", "12+35=47", true},
		{"2*3*4=24", "4*3*2=24", true},
		{"2*3*4=24", "3*2*4=24", true},
		{"10-3+2=9", "2+10-3=9", true},
		{"10-3+2=9", "10+2-3=9", true},
		{"8/2*3=12", "3*8/2=12", true},
		{"3*4+5=17", "5+4*3=17", true},
		{"3*4+5=17", "5+3*4=17", true},
		{"12+35=47", "13+34=47", false}, // same symbols, other numbers
		{"12+35=47", "21+35=56", false},
		{"10-3+2=9", "10-2+1=9", false},
		{"8/2*3=12", "8*3/2=12", true},
		{"8/2*3=12", "2/8*3=12", false}, // a factor changes its operator
		{"8-2-3=3", "8-3-2=3", true},
		{"9-2-3=4", "9-3+2=8", false},
		{"6/3=2", "6/2=3", false},
		{"1+1=2", "12+35=47", false},
		{"20/4/5=1", "20/5/4=1", true},
	}
	for _, tt := range tests {
		a, b := MustParseEquation(tt.a), MustParseEquation(tt.b)
		if got := Commutes(a, b); got != tt.want {
			t.Errorf("Commutes(%s, %s) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if Commutes(b, a) != Commutes(a, b) {
			t.Errorf("Commutes(%s, %s) is not symmetric", tt.a, tt.b)
		}
	}
}

// FuzzCommutes checks what commuting implies of any two valid equations:
// it is symmetric and reflexive, and equations that commute have the same
// right side and the same symbols.
func FuzzCommutes(f *testing.F) {
	f.Add("12+35=47", "35+12=47")
	f.Add("8/2*3=12", "3*8/2=12")
	f.Add("10-3+2=9", "2+10-3=9")
	f.Fuzz(func(t *testing.T, x, y string) {
		if Check(x, NerdleGame) != nil || Check(y, NerdleGame) != nil {
			return
		}
		a, b := MustParseEquation(x), MustParseEquation(y)
		got := Commutes(a, b)
		if got != Commutes(b, a) || !Commutes(a, a) {
			t.Fatalf("Commutes(%s, %s) = %v, not symmetric or not reflexive", x, y, got)
		}
		_, ra, _ := strings.Cut(x, "=")
		_, rb, _ := strings.Cut(y, "=")
		sa, sb := []byte(x), []byte(y)
		slices.Sort(sa)
		slices.Sort(sb)
		if got && (ra != rb || string(sa) != string(sb)) {
			t.Fatalf("%s and %s commute but differ in right side or symbols", x, y)
		}
	})
}

func TestCommutativeGame(t *testing.T) {
	g, _ := NewGame(MustParseEquation("12+35=47"), 6, Standard)
	if f, _ := g.Guess("35+12=47"); f == AllGreen(8) || g.Status() != Playing {
		t.Fatal("a reordered guess wins without the commutative mode")
	}
	g.SetMode(Mode{Commutative: true})
	f, err := g.Guess("35+12=47")
	if err != nil || f != AllGreen(8) || g.Status() != Won {
		t.Fatalf("commutative guess: %v %v, status %v", f, err, g.Status())
	}
	if last := g.Rows()[1]; last.Guess != g.Secret() {
		t.Errorf("the winning row shows %v, want the secret", last.Guess)
	}
}

func TestHardMode(t *testing.T) {
	tests := []struct {
		guesses []string // all but the last are accepted
		want    string   // the last one's error, "" if accepted
	}{
		{[]string{"12+34=46", "12+34=46"}, ""},
		{[]string{"12+34=46", "13+34=47"}, "box 2 must be 2, as it was green"},
		{[]string{"12+34=46", "10+20=30"}, "box 2 must be 2, as it was green"},
		{[]string{"12+34=46", "12-3*4=0"}, "box 3 must be +, as it was green"},
		{[]string{"9*8-0=72", "9*8+0=72"}, "the guess must use -, as the colours showed"},
		{[]string{"9*8-0=72", "7*9-0=63"}, "box 1 must be 9, as it was green"},
		{[]string{"9*8-0=72", "92-20=72"}, ""},
	}
	for _, tt := range tests {
		g, _ := NewGame(MustParseEquation("12+35=47"), 6, Standard)
		if strings.HasPrefix(tt.guesses[0], "9") {
			g, _ = NewGame(MustParseEquation("92-20=72"), 6, Standard)
		}
		g.SetMode(Mode{Hard: true})
		n := len(tt.guesses)
		for _, s := range tt.guesses[:n-1] {
			if _, err := g.Guess(s); err != nil {
				t.Fatalf("%v: %s refused: %v", tt.guesses, s, err)
			}
		}
		_, err := g.Guess(tt.guesses[n-1])
		var he *HardModeError
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%v: refused: %v", tt.guesses, err)
		case tt.want != "" && (!errors.As(err, &he) || he.Reason != tt.want):
			t.Errorf("%v: %v, want %q", tt.guesses, err, tt.want)
		}
	}
}
