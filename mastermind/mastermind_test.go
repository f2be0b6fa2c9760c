package mastermind

import (
	"bytes"
	"errors"
	"iter"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestScore(t *testing.T) {
	for _, tt := range []struct {
		guess, code Code
		want        Answer
	}{
		{Code{1, 1, 1}, Code{3, 1, 4}, Answer{Blacks: 1, Whites: 0}},
		{Code{1, 2, 2}, Code{3, 1, 4}, Answer{Blacks: 0, Whites: 1}},
		{Code{3, 1, 3}, Code{3, 1, 4}, Answer{Blacks: 2, Whites: 0}},
		{Code{1, 2, 3, 4}, Code{4, 3, 2, 1}, Answer{Blacks: 0, Whites: 4}},
		{Code{1, 1, 2, 2}, Code{1, 2, 1, 2}, Answer{Blacks: 2, Whites: 2}},
		{Code{6, 6, 6, 6}, Code{6, 6, 6, 6}, Answer{Blacks: 4, Whites: 0}},
		{Code{1, 1, 1, 2}, Code{2, 1, 1, 1}, Answer{Blacks: 2, Whites: 2}},
	} {
		if got := Score(tt.guess, tt.code); got != tt.want {
			t.Errorf("Score(%v, %v) = %v, want %v", tt.guess, tt.code, got, tt.want)
		}
	}
}

// TestPossible checks Answer.Possible against every answer some guess gets
// from some code, for up to 4 pegs over a colour more (enough for any
// answer a length allows: 0/1 on 2 pegs needs a colour in neither).
func TestPossible(t *testing.T) {
	for pegs := 1; pegs <= 4; pegs++ {
		colours := pegs + 1
		seen := map[Answer]bool{}
		for g := range everyCode(pegs, colours) {
			for c := range everyCode(pegs, colours) {
				seen[Score(g, c)] = true
			}
		}
		for b := -1; b <= pegs+1; b++ {
			for w := -1; w <= pegs+1; w++ {
				a := Answer{Blacks: b, Whites: w}
				if got := a.Possible(pegs); got != seen[a] {
					t.Errorf("%v.Possible(%d) = %v, want %v", a, pegs, got, seen[a])
				}
			}
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "line 1: the file is empty"},
		{"x\n1 2 1/0", `line 1: "x" is not a number of colours`},
		{"4\n1 2 3", "line 2: the guess [1,2,3] has no answer"},
		{"4\n1 2 3 1/0\n1 5 2 0/0", "line 3: colour 5 is not one of 1 to 4"},
		{"4\n1 2 3 1/0\n1 2 0/0", "line 3: a guess of 2 pegs; the first guess has 3"},
		{"4\n1 2 3 1/x", `line 2: "1/x" is not an answer`},
		{"4\n1 2 3 3/1", "line 2: answer 3/1: 4 blacks and whites for a guess of 3 pegs"},
		{"4\n1/0", "line 2: answer \"1/0\" without a guess"},
		{"4\n", "no hints"},
		{"4\n1 two 1/0", `line 2: "two" is neither a colour nor an answer`},
		{"0\n1 1/0", "not a number of colours"},
		{"256\n1 1/0", "not a number of colours from 1 to 255"},
	} {
		_, err := Parse(strings.NewReader(tt.in))
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q): %v, want %q", tt.in, err, tt.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("4   1 1 1 1/0 1 2 2 0/1 3 1 3 2/0")
	f.Add("6\n1 2 3 4 1/2\n")
	f.Fuzz(func(t *testing.T, s string) {
		in, err := Parse(strings.NewReader(s))
		if err != nil {
			return
		}
		if err := in.Validate(); err != nil {
			t.Fatalf("%q parsed into an invalid instance: %v", s, err)
		}
		var buf bytes.Buffer
		if err := in.Format(&buf); err != nil {
			t.Fatal(err)
		}
		again, err := Parse(&buf)
		if err != nil || !slices.EqualFunc(again.Hints, in.Hints, func(a, b Hint) bool { return slices.Equal(a.Guess, b.Guess) && a.Answer == b.Answer }) {
			t.Fatalf("%q formats as %q, which reads back as %+v, %v", s, buf.String(), again, err)
		}
	})
}

// TestParseSolutionsFormats reads a list of solutions as editors may
// write it: over lines, with spaces, Windows' line ends, a byte order mark.
func TestParseSolutionsFormats(t *testing.T) {
	want := []Code{{3, 1, 4}, {4, 1, 3}}
	for _, text := range []string{
		"[[3,1,4],[4,1,3]].\n",
		"[[3,1,4],\n [4,1,3]].",
		"[ [3, 1, 4], [4, 1, 3] ].\r\n",
		"\ufeff[[3,1,4],[4,1,3]].\r\n",
	} {
		if got, err := ParseSolutions(strings.NewReader(text)); err != nil || !slices.EqualFunc(got, want, slices.Equal) {
			t.Errorf("%q: %v, %v; want %v", text, got, err, want)
		}
	}
}

func FuzzParseSolutions(f *testing.F) {
	f.Add("[[3,1,4],[4,1,3]].")
	f.Add("[].")
	f.Fuzz(func(t *testing.T, s string) {
		codes, err := ParseSolutions(strings.NewReader(s))
		if err != nil {
			return
		}
		var text []string
		for _, c := range codes {
			text = append(text, c.String())
		}
		again, err := ParseSolutions(strings.NewReader("[" + strings.Join(text, ",") + "]."))
		if err != nil || !slices.EqualFunc(again, codes, slices.Equal) {
			t.Fatalf("%q: %v reads back as %v, %v", s, codes, again, err)
		}
	})
}

// everyCode yields every code of pegs pegs over colours colours, the
// yielded code reused.
func everyCode(pegs, colours int) iter.Seq[Code] {
	return func(yield func(Code) bool) {
		c := make(Code, pegs)
		for i := range c {
			c[i] = 1
		}
		for {
			if !yield(c) {
				return
			}
			i := 0
			for i < pegs && int(c[i]) == colours {
				c[i] = 1
				i++
			}
			if i == pegs {
				return
			}
			c[i]++
		}
	}
}

// TestGame plays games to their end by guessing every code in turn: each
// answer is Score's, the secret shows only at the end, and guesses that
// break the rules change nothing.
func TestGame(t *testing.T) {
	for seed := range uint64(20) {
		g, err := NewGame(3, 4, 64, rand.New(rand.NewPCG(seed, 1)))
		if err != nil {
			t.Fatal(err)
		}
		for _, bad := range []Code{{1, 2}, {1, 2, 5}, {0, 1, 1}} {
			if _, err := g.Guess(bad); err == nil {
				t.Errorf("Guess(%v) accepted", bad)
			}
		}
		for c := range everyCode(3, 4) {
			if _, ok := g.Secret(); ok {
				t.Fatal("the secret shows before the end")
			}
			if _, err := g.Guess(c); err != nil {
				t.Fatal(err)
			}
			if g.Over() {
				break
			}
		}
		secret, ok := g.Secret()
		if !ok || !g.Won() {
			t.Fatalf("seed %d: every code guessed, not won", seed)
		}
		for _, h := range g.Hints() {
			if h.Answer != Score(h.Guess, secret) {
				t.Errorf("%v answered %v, want %v", h.Guess, h.Answer, Score(h.Guess, secret))
			}
		}
		if _, err := g.Guess(secret); !errors.Is(err, ErrGameOver) {
			t.Errorf("a guess after the end: %v, want ErrGameOver", err)
		}
	}
	lost, _ := NewGame(2, 2, 1, rand.New(rand.NewPCG(1, 1)))
	lost.Guess(Code{1, 2})
	lost.Guess(Code{2, 1}) // after the only row, unless the first won
	if !lost.Over() || len(lost.Hints()) != 1 {
		t.Errorf("one row: over %v after %d hints", lost.Over(), len(lost.Hints()))
	}
	for _, shape := range [][3]int{{0, 6, 10}, {4, 1, 10}, {4, 6, 0}, {MaxPegs + 1, 6, 1}} {
		if _, err := NewGame(shape[0], shape[1], shape[2], rand.New(rand.NewPCG(1, 1))); err == nil {
			t.Errorf("NewGame%v accepted", shape)
		}
	}
}

// TestSnapshot: a game resumed from its snapshot is the game left, and a
// snapshot no game could have made is refused.
func TestSnapshot(t *testing.T) {
	g, err := NewGame(4, 6, 10, rand.New(rand.NewPCG(3, 4)))
	if err != nil {
		t.Fatal(err)
	}
	g.Guess(Code{1, 1, 2, 2})
	g.Guess(Code{3, 4, 5, 6})
	back, err := Resume(g.Snapshot())
	if err != nil || !slices.EqualFunc(back.Hints(), g.Hints(), func(a, b Hint) bool { return slices.Equal(a.Guess, b.Guess) && a.Answer == b.Answer }) {
		t.Fatalf("resumed %v, %v; left %v", back.Hints(), err, g.Hints())
	}
	for _, s := range []Snapshot{
		{Pegs: 4, Colours: 6, Rows: 10, Secret: Code{1, 2, 3}},
		{Pegs: 4, Colours: 6, Rows: 10, Secret: Code{1, 2, 3, 7}},
		{Pegs: 4, Colours: 6, Rows: 1, Secret: Code{1, 2, 3, 4}, Guesses: []Code{{1, 1, 1, 1}, {2, 2, 2, 2}}},
		{Pegs: 0, Colours: 6, Rows: 1},
	} {
		if _, err := Resume(s); err == nil {
			t.Errorf("%+v resumed", s)
		}
	}
}
