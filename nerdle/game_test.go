package nerdle

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestGame(t *testing.T) {
	g, err := NewGame(MustParseEquation("23+34=57"), 3, Standard)
	if err != nil {
		t.Fatal(err)
	}
	steps := []struct {
		guess    string
		err      string
		feedback string
		status   Status
	}{
		{"12+35=4", "the row needs 8 symbols, it has 7", "", Playing},
		{"9-2*4=28", "left side is 1, right side says 28", "", Playing},
		{"12+35=47", "", "BMGGMGMG", Playing},
		{"23+34=57", "", "GGGGGGGG", Won},
		{"23+34=57", ErrGameOver.Error(), "", Won},
	}
	for _, s := range steps {
		f, err := g.Guess(s.guess)
		switch {
		case s.err != "" && (err == nil || err.Error() != s.err):
			t.Errorf("Guess(%q) error = %v, want %q", s.guess, err, s.err)
		case s.err == "" && err != nil:
			t.Errorf("Guess(%q) error = %v", s.guess, err)
		case s.err == "" && f.Format(8) != s.feedback:
			t.Errorf("Guess(%q) = %s, want %s", s.guess, f.Format(8), s.feedback)
		}
		if got := g.Status(); got != s.status {
			t.Errorf("after %q status = %v, want %v", s.guess, got, s.status)
		}
	}
	if len(g.Rows()) != 2 {
		t.Errorf("%d rows kept, want the 2 valid guesses", len(g.Rows()))
	}
}

func TestGameLost(t *testing.T) {
	g, _ := NewGame(MustParseEquation("1+1=2"), 2, Standard)
	for _, s := range []string{"2*3=6", "1+2=3"} {
		if _, err := g.Guess(s); err != nil {
			t.Fatal(err)
		}
	}
	if g.Status() != Lost {
		t.Errorf("status %v after using every row, want Lost", g.Status())
	}
	if _, err := g.Guess("1+1=2"); !errors.Is(err, ErrGameOver) {
		t.Errorf("guess after loss: %v", err)
	}
}

func TestNewGameRejects(t *testing.T) {
	if _, err := NewGame(MustParseEquation("1+1=3"), 6, Standard); err == nil {
		t.Error("invalid secret accepted")
	}
	if _, err := NewGame(MustParseEquation("1+1=2"), 0, Standard); err == nil {
		t.Error("zero rows accepted")
	}
}

func TestKnowledge(t *testing.T) {
	g, _ := NewGame(MustParseEquation("23+34=57"), 6, Standard)
	g.Guess("12+35=47") // BMGGMGMG
	g.Guess("10-5*2=0") // 1 and 0 absent; 5 and 2 present somewhere
	k := g.Knowledge()
	want := map[byte]Knowledge{'1': Absent, '2': Present, '+': Placed, '3': Placed, '5': Present, '=': Placed, '4': Present, '7': Placed, '9': Untried, '0': Absent, '-': Absent}
	for c, w := range want {
		s, _ := SymbolOf(c)
		if k[s] != w {
			t.Errorf("knowledge of %c = %d, want %d", c, k[s], w)
		}
	}
}

func TestRandomSecretUniform(t *testing.T) {
	list, _ := Enumerate(5, Standard)
	rng := rand.New(rand.NewPCG(1, 2))
	counts := make(map[Equation]int)
	const draws = 156 * 400
	for range draws {
		counts[RandomSecret(rng, list)]++
	}
	if len(counts) != len(list) {
		t.Fatalf("%d of %d equations drawn", len(counts), len(list))
	}
	// Each count is binomial(62400, 1/156): mean 400, sd about 20.
	for e, c := range counts {
		if c < 300 || c > 500 {
			t.Errorf("%v drawn %d times, want about 400", e, c)
		}
	}
}

func TestEquationText(t *testing.T) {
	for _, s := range []string{"1+1=2", "99*99=9801", "12+34-5=41"} {
		e := MustParseEquation(s)
		if e.String() != s || e.Len() != len(s) {
			t.Errorf("round trip %q: %q len %d", s, e, e.Len())
		}
		b, _ := e.AppendText(nil)
		if string(b) != s {
			t.Errorf("AppendText %q = %q", s, b)
		}
	}
	if _, err := ParseEquation("123456789012"); err == nil {
		t.Error("12 symbols accepted")
	}
	if _, err := ParseEquation("1+a=2"); err == nil {
		t.Error("letter accepted")
	}
}

func TestDailySecret(t *testing.T) {
	list, _ := Enumerate(8, Standard)
	a := DailySecret("2026-11-30", list, Standard)
	if a != DailySecret("2026-11-30", list, Standard) || !slices.Contains(list, a) {
		t.Fatalf("DailySecret is %v, not the same twice or not in the list", a)
	}
	seen := map[Equation]bool{}
	for d := 1; d <= 28; d++ {
		seen[DailySecret(fmt.Sprintf("2026-02-%02d", d), list, Standard)] = true
	}
	if len(seen) < 27 {
		t.Errorf("28 days gave %d puzzles", len(seen))
	}
	game, _ := Enumerate(8, NerdleGame)
	if DailySecret("2026-11-30", game, NerdleGame) == a && DailySecret("2026-12-01", game, NerdleGame) == DailySecret("2026-12-01", list, Standard) {
		t.Error("the rule sets share their puzzles")
	}
}
