package protocol

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"

	"gamelab/internal/testenv"
	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// solverEnv makes the test binary a solver program of the kind it names,
// for the client's tests.
const solverEnv = "GAMELAB_TEST_NERDLE_SOLVER"

// TestMain keeps the tests away from the user's cache of trees and
// openers, or runs the binary as a solver program.
func TestMain(m *testing.M) {
	switch os.Getenv(solverEnv) {
	case "":
		os.Exit(testenv.RunWithOwnDirs(m))
	case "random":
		u, _ := solve.NewUniverse(6, nerdle.Standard, "")
		f, _ := solve.Lookup("random")
		s, _ := f(u)
		Serve(os.Stdin, os.Stdout, u, s)
	case "silent":
		io.Copy(io.Discard, os.Stdin)
	}
	os.Exit(0)
}

var (
	universeOnce sync.Once
	universe6    *solve.Universe
)

func u6(t testing.TB) *solve.Universe {
	universeOnce.Do(func() {
		var err error
		if universe6, err = solve.NewUniverse(6, nerdle.Standard, ""); err != nil {
			t.Fatal(err)
		}
	})
	return universe6
}

func best(t testing.TB, u *solve.Universe) solve.Solver {
	f, err := solve.Lookup("best")
	if err != nil {
		t.Fatal(err)
	}
	s, err := f(u)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestServeReferee plays every secret of length 6 through the protocol, as
// an outside referee would: it reads guesses, computes the colours itself
// and writes them back.
func TestServeReferee(t *testing.T) {
	u := u6(t)
	toSolver, fromReferee := io.Pipe()
	fromSolver, toReferee := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(toSolver, toReferee, u, best(t, u))
		toReferee.Close()
	}()
	lines := bufio.NewScanner(fromSolver)
	guesses := 0
	for _, secret := range u.All {
		for n := 1; ; n++ {
			if !lines.Scan() {
				t.Fatalf("solver stopped: %v", lines.Err())
			}
			g, err := nerdle.ParseEquation(lines.Text())
			if err != nil || nerdle.Check(g.String(), nerdle.Standard) != nil || g.Len() != 6 {
				t.Fatalf("secret %v: solver sent %q", secret, lines.Text())
			}
			f := nerdle.Score(secret, g)
			fmt.Fprintln(fromReferee, f.Format(6))
			if f == nerdle.AllGreen(6) {
				guesses += n
				break
			}
			if n > 4 {
				t.Fatalf("secret %v not found in 4 guesses", secret)
			}
		}
	}
	fromReferee.Close()
	if lines.Scan() { // the first guess of the next game
		lines.Text()
	}
	for lines.Scan() {
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if avg := float64(guesses) / float64(len(u.All)); avg > 2.65 {
		t.Errorf("average %.4f guesses over every secret of length 6, want the optimum 2.6408", avg)
	}
}

func TestServeErrors(t *testing.T) {
	u := u6(t)
	in := strings.Join([]string{
		"GGG",    // wrong length
		"GGGGGX", // not a colour
		"",       // ignored
		"new",
		"BBBBBB", // no 6-symbol equation has none of the opener's symbols... nor its =
		"MMMMMM",
		"new",
		"quit",
		"new", // never read
	}, "\n") + "\n"
	var out strings.Builder
	if err := Serve(strings.NewReader(in), &out, u, best(t, u)); err != nil {
		t.Fatal(err)
	}
	got := strings.Split(strings.TrimSpace(out.String()), "\n")
	opener := got[0]
	want := []string{
		opener,
		`error: feedback "GGG" has 3 letters, want 6 of G, M and B`,
		`error: feedback "GGGGGX": 'X' is not G, M or B`,
		opener,
		"error: no 6-symbol equation fits these colours; send new to start again",
		"error: the last colours fit no equation; send new to start again",
		opener,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestAssist(t *testing.T) {
	u := u6(t)
	s := best(t, u)
	opener, _ := s.Guess(solve.History{Length: 6, Rules: nerdle.Standard})
	secret := nerdle.MustParseEquation("10-4=6")
	f := nerdle.Score(secret, opener).Format(6)
	in := strings.Join([]string{
		"12-3=8 GGGGGG", // not valid
		"1+1=2 GGGGG",   // wrong length
		"hello",         // not understood
		"help",
		f, // the suggestion, coloured
		"list",
		"undo",
		"undo",
		opener.String() + " " + f,
		"new",
		"quit",
	}, "\n") + "\n"
	var out strings.Builder
	if err := Assist(ScanLines(strings.NewReader(in), &out), &out, 40, u, s); err != nil {
		t.Fatal(err)
	}
	text := out.String()
	for _, want := range []string{
		"6 symbols, standard rules, 206 equations possible",
		"Suggested guess: " + opener.String(),
		"error: 12-3=8: left side is 9, right side says 8",
		"error: 1+1=2 has 5 symbols, the puzzle 6",
		"equations remain.",
		"Nothing to undo.",
		"New puzzle.",
		`error: "hello" is neither colours nor a command`,
		"undo                take back the last row",
		"Took back " + opener.String() + " " + f + ".",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("assist output lacks %q:\n%s", want, text)
		}
	}
}

func TestColumns(t *testing.T) {
	list := []nerdle.Equation{nerdle.MustParseEquation("1+1=2"), nerdle.MustParseEquation("1+2=3"), nerdle.MustParseEquation("2+1=3"),
		nerdle.MustParseEquation("1*1=1"), nerdle.MustParseEquation("2*1=2")}
	for width, want := range map[int]string{
		21: "  1+1=2  1+2=3  2+1=3\n  1*1=1  2*1=2\n",
		20: "  1+1=2  1+2=3\n  2+1=3  1*1=1\n  2*1=2\n",
		3:  "  1+1=2\n  1+2=3\n  2+1=3\n  1*1=1\n  2*1=2\n",
	} {
		if got := columns(list, width); got != want {
			t.Errorf("width %d:\n%s\nwant\n%s", width, got, want)
		}
	}
	if columns(nil, 80) != "" {
		t.Error("no equations make a line")
	}
}

// FuzzServe sends arbitrary lines to the protocol: every line it writes is
// a guess or an error line, and it never fails on input.
func FuzzServe(f *testing.F) {
	f.Add("BBBMMM\nnew\nGGGGGG\n")
	f.Add("x\n\n\nquit\n")
	f.Add("MMBBBG\nBMBBMG\nGGGGGG\n")
	u := u6(f)
	s := best(f, u)
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		if err := Serve(strings.NewReader(in), &out, u, s); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n") {
			if strings.HasPrefix(line, "error: ") {
				continue
			}
			if nerdle.Check(line, nerdle.Standard) != nil || len(line) != 6 {
				t.Fatalf("wrote %q", line)
			}
		}
	})
}

// FuzzAssist sends arbitrary lines to the assistant: it never fails on
// input and never suggests an invalid equation.
func FuzzAssist(f *testing.F) {
	f.Add("BBBMMM\nlist\nundo\nGGGGGG\n")
	f.Add("12-3=8 GGGGGG\nnew\n\x00\nquit\n")
	f.Add("undo\nundo\nlist\n")
	u := u6(f)
	s := best(f, u)
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		if err := Assist(ScanLines(strings.NewReader(in), &out), &out, 80, u, s); err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(out.String(), "\n") {
			if g, ok := strings.CutPrefix(line, "Suggested guess: "); ok && nerdle.Check(g, nerdle.Standard) != nil {
				t.Fatalf("suggested %q", g)
			}
		}
	})
}
