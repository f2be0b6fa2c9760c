package solve

import (
	"bytes"
	"context"
	"errors"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gamelab/internal/bench"
	"gamelab/internal/cache"
	"gamelab/internal/testenv"
	"gamelab/nerdle"
)

// TestMain keeps the tests away from the user's cache of trees and openers.
func TestMain(m *testing.M) { os.Exit(testenv.RunWithOwnDirs(m)) }

var universes sync.Map // length -> *Universe

func universe(t testing.TB, n int) *Universe {
	t.Helper()
	if u, ok := universes.Load(n); ok {
		return u.(*Universe)
	}
	c, err := cache.Default() // the test's own, from TestMain
	if err != nil {
		t.Fatal(err)
	}
	u, err := NewUniverse(n, nerdle.Standard, c)
	if err != nil {
		t.Fatal(err)
	}
	v, _ := universes.LoadOrStore(n, u)
	return v.(*Universe)
}

// TestSearchOptimal checks the exact search against the proven optima:
// 485 guesses over the 156 secrets of length 5 (no tree solves them all in
// 4), 544 over the 206 of length 6 (545 if every secret must be found in
// 3).
func TestSearchOptimal(t *testing.T) {
	tests := []struct {
		n, depth, total int
	}{
		{5, 5, 485},
		{6, 4, 544},
		{6, 3, 545},
		{5, 4, 0}, // impossible
		{6, 2, 0},
	}
	for _, tt := range tests {
		u := universe(t, tt.n)
		o := DefaultSearch(tt.n)
		o.Depth = tt.depth
		tree, err := Search(context.Background(), u, o, nil)
		if tt.total == 0 {
			if err == nil {
				t.Errorf("length %d within %d: found a tree of %d", tt.n, tt.depth, tree.Total)
			}
			continue
		}
		if err != nil {
			t.Fatalf("length %d: %v", tt.n, err)
		}
		if tree.Total != tt.total || tree.Worst > tt.depth {
			t.Errorf("length %d: total %d worst %d, want %d within %d", tt.n, tree.Total, tree.Worst, tt.total, tt.depth)
		}
		total, worst, err := tree.Play(u.All)
		if err != nil || total != tree.Total || worst != tree.Worst {
			t.Errorf("length %d: playing the tree gives %d (worst %d, %v), it says %d", tt.n, total, worst, err, tree.Total)
		}
	}
}

func TestTreeRoundTrip(t *testing.T) {
	u := universe(t, 6)
	tree, err := Search(context.Background(), u, DefaultSearch(6), nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := tree.Write(&buf); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	back, err := ReadTree(strings.NewReader(text), u)
	if err != nil {
		t.Fatal(err)
	}
	if back.Total != tree.Total || back.Root() != tree.Root() || len(back.next) != len(tree.next) {
		t.Errorf("read back %+v, wrote %+v", back, tree)
	}
	// Damaged or foreign files are refused, not trusted.
	broken := []string{
		"",
		strings.Replace(text, "total 544", "total 543", 1),
		strings.Replace(text, "length 6", "length 7", 1),
		text[:len(text)/2],
		strings.Replace(text, treeFormat, "gamelab nerdle tree v0", 1),
	}
	for i, b := range broken {
		if _, err := ReadTree(strings.NewReader(b), u); err == nil {
			t.Errorf("damaged tree %d accepted", i)
		}
	}
}

func TestTreeNextFollowsOnlyItsOwnPath(t *testing.T) {
	u := universe(t, 5)
	tree, err := Search(context.Background(), u, DefaultSearch(5), nil)
	if err != nil {
		t.Fatal(err)
	}
	secret := u.All[77]
	f := nerdle.Score(secret, tree.Root())
	if f == nerdle.AllGreen(5) {
		t.Skip("the root is the secret")
	}
	if _, ok := tree.Next([]nerdle.Row{{Guess: tree.Root(), Feedback: f}}); !ok {
		t.Error("the tree does not continue its own path")
	}
	other := u.All[0]
	if other == tree.Root() {
		other = u.All[1]
	}
	if _, ok := tree.Next([]nerdle.Row{{Guess: other, Feedback: nerdle.Score(secret, other)}}); ok {
		t.Error("the tree claims a path it did not play")
	}
}

// TestSolversFindEverySecret plays every secret of length 6 with every
// registered solver, checking that each finds it and guesses only valid
// equations.
func TestSolversFindEverySecret(t *testing.T) {
	u := universe(t, 6)
	for _, name := range Names() {
		f, _ := Lookup(name)
		s, err := f(u)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for _, secret := range u.All {
			rows, err := Play(context.Background(), s, secret, u.Rules, nil)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			total += len(rows)
		}
		avg := float64(total) / float64(len(u.All))
		t.Logf("%s: %.4f", name, avg)
		if name == "best" && total != 544 {
			t.Errorf("best plays %d guesses over length 6, want the optimal tree's 544", total)
		}
	}
}

func TestBestOnlineLength9(t *testing.T) {
	if testing.Short() {
		t.Skip("enumerates length 9")
	}
	u := universe(t, 9)
	s, _ := Lookup("best")
	solver, _ := s(u)
	for _, secret := range spread(u.All, 40) {
		rows, err := Play(context.Background(), solver, secret, u.Rules, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) > MaxGuesses(9) {
			t.Errorf("%v took %d guesses", secret, len(rows))
		}
	}
}

func TestInconsistent(t *testing.T) {
	u := universe(t, 5)
	for _, name := range Names() {
		f, _ := Lookup(name)
		s, _ := f(u)
		g, _ := s.Guess(History{Length: 5})
		// All black is impossible: every equation has an =.
		h := History{Length: 5, Rows: []nerdle.Row{{Guess: g, Feedback: 0}}}
		if _, err := s.Guess(h); !errors.Is(err, ErrInconsistent) {
			t.Errorf("%s: error %v, want ErrInconsistent", name, err)
		}
	}
}

func TestBenchPlayer(t *testing.T) {
	u := universe(t, 5)
	f, _ := Lookup("best")
	newPlayer := func() (bench.Player, error) { return NewBenchPlayer(u, f, 4) }
	r, err := bench.Run(context.Background(), BenchConfig(u, "best", len(u.All), 1), newPlayer, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := r.Stats()
	fifth := 0
	for _, o := range r.Outcomes {
		if o.Values[0] == 5 {
			fifth++
		}
	}
	if total := s.Metrics[0].Mean * float64(s.Games); total != 485 || s.Failures != fifth || fifth == 0 {
		t.Errorf("exhaustive length 5: %v guesses, %d over 4, %d at the fifth guess", total, s.Failures, fifth)
	}
}

// fixedSolver guesses the same line whatever the colours, or fails.
type fixedSolver struct {
	guess string
	err   error
}

func (f fixedSolver) Guess(History) (nerdle.Equation, error) {
	if f.err != nil {
		return 0, f.err
	}
	return nerdle.ParseEquation(f.guess)
}

// TestBenchPlayerLosesBadSolversGames: a solver that never finds the
// secret, guesses what is no equation of the game, or fails loses each
// game, counted as GiveUp guesses, and the run goes on.
func TestBenchPlayerLosesBadSolversGames(t *testing.T) {
	u := universe(t, 5)
	for _, tc := range []struct {
		name    string
		solver  fixedSolver
		forfeit string // in the reason, or "" for a game given up on
	}{
		{"repeats a valid guess", fixedSolver{guess: "1+2=3"}, ""},
		{"guesses a false equation", fixedSolver{guess: "1+2=4"}, "not a valid equation"},
		{"guesses the wrong length", fixedSolver{guess: "12+3=15"}, "not a valid equation of length 5"},
		{"fails", fixedSolver{err: errors.New("out of ideas")}, "out of ideas"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := func(*Universe) (Solver, error) { return tc.solver, nil }
			cfg := BenchConfig(u, "bad", 20, 1)
			r, err := bench.Run(context.Background(), cfg, func() (bench.Player, error) { return NewBenchPlayer(u, f, 6) }, nil)
			if err != nil {
				t.Fatalf("the run stopped: %v", err)
			}
			for _, o := range r.Outcomes {
				if o.Detail == "3-2=1" || o.Detail == "1+2=3" {
					continue // found at once
				}
				if !o.Failed || o.Values[0] != GiveUp || !strings.Contains(o.Forfeit, tc.forfeit) || (tc.forfeit == "") != (o.Forfeit == "") {
					t.Fatalf("game %d: %+v, want lost as %d guesses, forfeit %q", o.Game, o, GiveUp, tc.forfeit)
				}
			}
		})
	}
}

// seedReader cheats: it takes its seed for the secret, or for the seed the
// secret was drawn with, and guesses that first. It plays Random otherwise.
type seedReader struct {
	*Random
	u    *Universe
	seed uint64
}

func (c *seedReader) Seed(seed uint64) { c.seed = seed; c.Random.Seed(seed) }

func (c *seedReader) Guess(h History) (nerdle.Equation, error) {
	if len(h.Rows) == 0 {
		if e := nerdle.Equation(c.seed); e.Len() == c.u.Length && slices.Contains(c.u.All, e) {
			return e, nil
		}
		return nerdle.RandomSecret(rand.New(rand.NewPCG(c.seed, 0)), c.u.All), nil
	}
	return c.Random.Guess(h)
}

// TestSeedRevealsNothing runs a solver that reads its seed through the
// benchmark: if the seed carried the secret it would win every game in one
// guess; it must do no better than chance.
func TestSeedRevealsNothing(t *testing.T) {
	u := universe(t, 7)
	cheat := func(u *Universe) (Solver, error) { return &seedReader{Random: NewRandom(u), u: u}, nil }
	newPlayer := func() (bench.Player, error) { return NewBenchPlayer(u, cheat, 6) }
	r, err := bench.Run(context.Background(), BenchConfig(u, "cheat", 300, 1), newPlayer, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := 0
	for _, o := range r.Outcomes {
		if o.Values[0] == 1 {
			first++
		}
	}
	// By chance, a first guess hits 1 time in 7501.
	if mean := r.Stats().Metrics[0].Mean; first > 1 || mean < 3 {
		t.Errorf("the seed reader found %d of 300 secrets at once, average %.3f guesses", first, mean)
	}
}

func TestOpenerCache(t *testing.T) {
	u := universe(t, 7)
	if _, err := LoadOpener(u); !errors.Is(err, cache.ErrMissing) {
		t.Fatalf("before any is saved: %v, want cache.ErrMissing", err)
	}
	g := u.All[100]
	if _, err := SaveOpener(u, g); err != nil {
		t.Fatal(err)
	}
	if got, err := LoadOpener(u); got != g || err != nil {
		t.Errorf("LoadOpener = %v, %v, want %v", got, err, g)
	}
	path := openerPath(u)
	for _, text := range []string{
		"gamelab nerdle opener v1\n7 standard 7501\n1+1=2\n",   // wrong length
		"gamelab nerdle opener v1\n7 standard 7501\n1+2=44=\n", // not an equation
		"gamelab nerdle opener v1\n8 standard 18290\n1+2=3\n",  // another universe
		"\x00\x01garbage",
	} {
		os.WriteFile(path, []byte(text), 0o644)
		_, err := LoadOpener(u)
		var de *cache.DamagedError
		if !errors.As(err, &de) || de.Backup == "" {
			t.Errorf("%q: %v, want a damaged file moved aside", text, err)
			continue
		}
		if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%q: the damaged file is still in place", text)
		}
		os.Remove(de.Backup)
	}
}

func TestTreeCacheDamaged(t *testing.T) {
	u := universe(t, 5)
	book := BookFor(u) // searches and caches the optimal tree
	path := TreePath(u)
	if book.Tree == nil || book.CacheErr != nil {
		t.Fatalf("no tree for length 5: %v", book.CacheErr)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = LoadTree(u)
	var de *cache.DamagedError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "damaged") {
		t.Fatalf("a half-written tree: %v, want a *cache.DamagedError", err)
	}
	if _, err := LoadTree(u); !errors.Is(err, cache.ErrMissing) {
		t.Errorf("after it was moved aside: %v, want cache.ErrMissing", err)
	}
	os.Remove(de.Backup)
}

func TestSplitAll(t *testing.T) {
	u := universe(t, 7)
	g := nerdle.MustParseEquation("4+27=31")
	for _, set := range [][]nerdle.Equation{u.All, u.All[:50]} {
		total := 0
		for i, c := range splitAll(set, g) {
			total += len(c.set)
			for _, e := range c.set {
				if nerdle.Score(e, g) != c.f {
					t.Fatalf("%v in class %v", e, c.f)
				}
			}
			if i > 0 && len(c.set) == 0 {
				t.Error("empty class")
			}
		}
		if total != len(set) {
			t.Errorf("classes hold %d of %d", total, len(set))
		}
	}
}

func BenchmarkChoose(b *testing.B) {
	for _, n := range []int{9, 11} {
		u := universe(b, n)
		book := BookFor(u)
		secret := u.All[len(u.All)/3]
		rows := []nerdle.Row{{Guess: book.Opener, Feedback: nerdle.Score(secret, book.Opener)}}
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				s := NewBest(book) // no memo between iterations
				if _, err := s.Guess(History{Length: n, Rows: rows}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// FuzzReadTree feeds damaged tree files to ReadTree: it must refuse them
// or return a tree that finds every secret.
func FuzzReadTree(f *testing.F) {
	u := universe(f, 5)
	tree, err := Search(context.Background(), u, DefaultSearch(5), nil)
	if err != nil {
		f.Fatal(err)
	}
	var buf bytes.Buffer
	tree.Write(&buf)
	f.Add(buf.Bytes())
	f.Add([]byte(treeFormat + "\nlength 5\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		got, err := ReadTree(bytes.NewReader(data), u)
		if err != nil {
			return
		}
		if _, _, err := got.Play(u.All); err != nil {
			t.Fatalf("accepted a tree that fails: %v", err)
		}
	})
}

func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{5, 6} {
		u := universe(b, n)
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Search(context.Background(), u, DefaultSearch(n), nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
