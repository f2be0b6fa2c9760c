package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
)

// session runs Serve on input with the named codebreaker for codes of
// pegs pegs over colours colours and returns its lines.
func session(t testing.TB, name string, pegs, colours int, input string) []string {
	t.Helper()
	b := newBreaker(t, name, pegs, colours)
	var out strings.Builder
	if err := Serve(context.Background(), strings.NewReader(input), &out, Config{Pegs: pegs, Colours: colours, Breaker: b, Seed: 1}); err != nil {
		t.Fatalf("Serve: %v", err)
	}
	return strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
}

func newBreaker(t testing.TB, name string, pegs, colours int) breaker.Breaker {
	t.Helper()
	f, err := breaker.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	b, err := f(pegs, colours, breaker.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSession is a session with Knuth's codebreaker, whose guesses are
// known: 1122 first, then for 1/0 (256 codes left) 1344, and so on.
func TestSession(t *testing.T) {
	input := strings.Join([]string{
		"count",
		" 1 / 0 ", // spaces around the numbers
		"count",
		"",
		"blue",
		"2/",
		"1 2/0",
		"4/1",
		"3/1",
		"0/4", // with 1/0 to 1122: the 1 must be second, and the 4s have no room
		"new",
		"4/0",
		"count",
		"quit",
		"1/0",
	}, "\n")
	want := []string{
		"1 1 2 2",
		"1296",
		"1 3 4 4",
		"256",
		`error: "blue" is not an answer: send blacks/whites (e.g. 1/2), count, new or quit`,
		`error: "2/" is not an answer: send blacks/whites (e.g. 1/2), count, new or quit`,
		`error: "1 2/0" is not an answer: send blacks/whites (e.g. 1/2), count, new or quit`,
		"error: no code answers 4/1 to a guess of 4 pegs",
		"error: no code answers 3/1 to a guess of 4 pegs",
		"error: 0/4 contradicts the earlier answers: no code gives them all; send the answer again, corrected, or new",
		"1 1 2 2",
		"1 1 2 2",
		"1296",
	}
	got := session(t, "knuth", 4, 6, input)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("session:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// always guesses the same code, possible or not.
type always mastermind.Code

func (a always) Guess([]mastermind.Hint) mastermind.Code { return mastermind.Code(a) }

// TestAllBlackMustFit: all blacks to a guess the earlier answers rule out
// is a contradiction, not a win.
func TestAllBlackMustFit(t *testing.T) {
	var out strings.Builder
	err := Serve(context.Background(), strings.NewReader("0/0\n4/0\n0/0\n"), &out, Config{Pegs: 4, Colours: 6, Breaker: always{1, 1, 1, 1}})
	want := "1 1 1 1\n1 1 1 1\nerror: 4/0 contradicts the earlier answers: no code gives them all; send the answer again, corrected, or new\n1 1 1 1\n"
	if err != nil || out.String() != want {
		t.Errorf("got %q, %v; want %q", out.String(), err, want)
	}
}

// TestBeyondCounting: in a game of more codes than an int counts (30
// pegs of 50 colours), answers are checked at once, a contradiction is
// still one, and count says it cannot count them rather than ending the
// session.
func TestBeyondCounting(t *testing.T) {
	guess := make(always, 30)
	for i := range guess {
		guess[i] = uint8(1 + i)
	}
	line := format(mastermind.Code(guess))
	var out strings.Builder
	err := Serve(context.Background(), strings.NewReader("0/0\ncount\n1/1\nquit\n"), &out, Config{Pegs: 30, Colours: 50, Breaker: guess})
	want := line + "\n" + line + "\n" +
		"error: more than 9223372036854775807 codes (the largest int): too many to count\n" +
		"error: 1/1 contradicts the earlier answers: no code gives them all; send the answer again, corrected, or new\n"
	if err != nil || out.String() != want {
		t.Errorf("got %q, %v; want %q", out.String(), err, want)
	}
}

func codeOf(t testing.TB, line string) mastermind.Code {
	t.Helper()
	var c mastermind.Code
	for _, f := range strings.Fields(line) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("guess %q: %v", line, err)
		}
		c = append(c, uint8(n))
	}
	return c
}

// TestKnuthThroughProtocol plays every secret of 4 pegs over 6 colours in
// one session, as a referee would, answering each guess: Knuth's
// codebreaker must take his 5,801 guesses in all, never more than 5.
func TestKnuthThroughProtocol(t *testing.T) {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	knuth := newBreaker(t, "knuth", 4, 6)
	go func() {
		done <- Serve(context.Background(), inR, outW, Config{Pegs: 4, Colours: 6, Breaker: knuth})
		outW.Close()
	}()
	lines := bufio.NewScanner(outR)
	total, worst := 0, 0
	for secret := range codes(4, 6) {
		for n := 1; ; n++ {
			if !lines.Scan() {
				t.Fatalf("secret %v: the session ended: %v", secret, lines.Err())
			}
			guess := codeOf(t, lines.Text())
			a := mastermind.Score(guess, secret)
			fmt.Fprintf(inW, "%v\n", a)
			if a.Blacks == 4 {
				total, worst = total+n, max(worst, n)
				break
			}
		}
	}
	if !lines.Scan() { // the next game's first guess
		t.Fatalf("no game after the last: %v", lines.Err())
	}
	fmt.Fprintln(inW, "quit")
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if total != 5801 || worst != 5 {
		t.Errorf("%d guesses in all, at most %d; want Knuth's 5801, at most 5", total, worst)
	}
}

// codes yields every code of pegs pegs over colours colours, each its
// own.
func codes(pegs, colours int) func(func(mastermind.Code) bool) {
	return func(yield func(mastermind.Code) bool) {
		c := make(mastermind.Code, pegs)
		for i := range c {
			c[i] = 1
		}
		for {
			if !yield(append(mastermind.Code(nil), c...)) {
				return
			}
			p := pegs - 1
			for p >= 0 && int(c[p]) == colours {
				c[p] = 1
				p--
			}
			if p < 0 {
				return
			}
			c[p]++
		}
	}
}

// FuzzServe checks that any input gets one line for the start and one for
// each line but blank ones until quit: a guess of the shape, a count, or
// an error; never a panic.
func FuzzServe(f *testing.F) {
	for _, s := range []string{"1/0\ncount\n0/2\n", "4/0\nnew\nquit\n", "x\n\n 2 / 1 \n-1/0\n9/9\n"} {
		f.Add(s)
	}
	b := newBreaker(f, "knuth", 4, 6)
	f.Fuzz(func(t *testing.T, input string) {
		var out strings.Builder
		if err := Serve(context.Background(), strings.NewReader(input), &out, Config{Pegs: 4, Colours: 6, Breaker: b}); err != nil {
			t.Skip() // a line longer than the scanner takes
		}
		want := 1
		for line := range strings.Lines(input) {
			line = strings.TrimSpace(line)
			if line == "quit" {
				break
			}
			if line != "" {
				want++
			}
		}
		got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if len(got) != want {
			t.Fatalf("%d lines for %q, want %d:\n%s", len(got), input, want, out.String())
		}
		for _, line := range got {
			if strings.HasPrefix(line, "error: ") || !strings.Contains(line, " ") {
				continue
			}
			c := codeOf(t, line)
			in := mastermind.Instance{Max: 6, Hints: []mastermind.Hint{{Guess: c}}}
			if len(c) != 4 || in.Validate() != nil {
				t.Fatalf("reply %q: not a guess of 4 pegs over 6 colours", line)
			}
		}
	})
}
