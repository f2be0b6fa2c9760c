package breaker

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"gamelab/mastermind"
)

// bruteConsistent lists, by brute force, the codes of pegs pegs over max
// colours that agree with hints.
func bruteConsistent(pegs, max int, hints []mastermind.Hint) []string {
	s, err := NewSpace(pegs, max)
	if err != nil {
		panic(err)
	}
	in := mastermind.Instance{Max: max, Hints: hints}
	var out []string
	for _, c := range s.Codes {
		if in.Consistent(c) {
			out = append(out, c.String())
		}
	}
	return out
}

// TestDrawUniform: both ways of drawing (random codes kept where they agree
// with the hints, and the solver's list sampled) give codes that agree,
// each about as often as the others. A chi-squared test checks it: far from
// its bound for uniform draws, far beyond it for a draw that favours the
// first codes listed. Where the codes are no more than asked for, each is
// drawn once.
func TestDrawUniform(t *testing.T) {
	secret := mastermind.Code{2, 4, 1, 3}
	guess := mastermind.Code{1, 1, 2, 2}
	hints := []mastermind.Hint{{Guess: guess, Answer: mastermind.Score(guess, secret)}}
	want := bruteConsistent(4, 5, hints)
	for _, tries := range []int{drawTries, 0} {
		t.Run(fmt.Sprintf("tries %d", tries), func(t *testing.T) {
			s := newSampler(4, 5)
			s.tries = tries
			counts := map[string]int{}
			const draws, n = 400, 50
			for range draws {
				for _, c := range s.draw(hints, n) {
					counts[c.String()]++
				}
			}
			chi, expected := 0.0, float64(draws*n)/float64(len(want))
			for _, c := range want {
				chi += (float64(counts[c]) - expected) * (float64(counts[c]) - expected) / expected
				delete(counts, c)
			}
			if len(counts) > 0 {
				t.Fatalf("drew %d codes that disagree with the hints", len(counts))
			}
			// Mean len(want)-1, standard deviation √(2(len(want)-1)).
			if df := float64(len(want) - 1); chi > df+6*math.Sqrt(2*df) {
				t.Errorf("χ² = %.0f over %d codes: not uniform", chi, len(want))
			}
			all := s.draw(hints, len(want)+10)
			if tries == 0 {
				var got []string
				for _, c := range all {
					got = append(got, c.String())
				}
				slices.Sort(got)
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Errorf("asked for more than there are: %d codes, want the %d", len(got), len(want))
				}
			}
		})
	}
}

// TestDrawNone: hints that contradict each other leave nothing to draw,
// and the sampling strategies still answer with a code.
func TestDrawNone(t *testing.T) {
	g := mastermind.Code{1, 2, 3, 4, 5, 6, 7}
	hints := []mastermind.Hint{{Guess: g, Answer: mastermind.Answer{Blacks: 7}}, {Guess: g, Answer: mastermind.Answer{Blacks: 6}}}
	s := newSampler(7, 7)
	if got := s.draw(hints, 10); len(got) != 0 {
		t.Errorf("drew %v", got)
	}
	for _, b := range []Breaker{NewSampledRandom(7, 7), NewSampledWeigher(7, 7, Entropy)} {
		if c := b.Guess(hints); len(c) != 7 {
			t.Errorf("%T guessed %v", b, c)
		}
	}
}

// TestSampledStrategiesWin: over more codes than a Space lists, the
// random and weighing strategies sample, and find random secrets; the
// searches that need every code still refuse such games.
func TestSampledStrategiesWin(t *testing.T) {
	pegs, colours := 7, 5 // 78,125 codes
	if listable(pegs, colours) {
		t.Fatal("the game is small enough to list")
	}
	games := 4
	if testing.Short() || raceEnabled {
		games = 2
	}
	for _, name := range []string{"random", "knuth", "most-parts", "expected-size", "entropy"} {
		f, err := Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		total := 0
		for i := range games {
			b, err := f(pegs, colours, Options{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			switch b.(type) {
			case *SampledRandom, *SampledWeigher:
			default:
				t.Fatalf("%s: a %T over %d codes", name, b, 78125)
			}
			b.(Seeder).Seed(uint64(i))
			secret := mastermind.Code{uint8(1 + i%5), 2, 2, 5, 1, 4, 3}
			var hints []mastermind.Hint
			for n := 1; ; n++ {
				if n > MaxGuesses {
					t.Fatalf("%s: %v not found in %d guesses", name, secret, MaxGuesses)
				}
				g := b.Guess(hints)
				a := mastermind.Score(g, secret)
				if a.Blacks == pegs {
					total += n
					break
				}
				hints = append(hints, mastermind.Hint{Guess: g, Answer: a})
			}
		}
		if name != "random" && total > 8*games {
			t.Errorf("%s: %d guesses over %d games", name, total, games)
		}
	}
	for _, name := range []string{"optimal", "lookahead"} {
		f, _ := Lookup(name)
		if _, err := f(pegs, colours, Options{}); err == nil {
			t.Errorf("%s plays %d pegs of %d colours", name, pegs, colours)
		}
	}
}

// TestPatterns: one code for each way to split the pegs among at most
// the colours.
func TestPatterns(t *testing.T) {
	tests := []struct {
		pegs, max int
		want      string
	}{
		{1, 3, "[[1]]"},
		{4, 2, "[[1,1,1,1] [1,1,1,2] [1,1,2,2]]"},
		{4, 6, "[[1,1,1,1] [1,1,1,2] [1,1,2,2] [1,1,2,3] [1,2,3,4]]"},
	}
	for _, tt := range tests {
		if got := fmt.Sprint(patterns(tt.pegs, tt.max)); got != tt.want {
			t.Errorf("patterns(%d, %d) = %s, want %s", tt.pegs, tt.max, got, tt.want)
		}
	}
	if n := len(patterns(8, 9)); n != 22 {
		t.Errorf("%d patterns of 8 pegs, want the 22 partitions of 8", n)
	}
}

// BenchmarkSampledEntropy is a guess of the sampling entropy strategy
// over 8 pegs of 9 colours after one hint: a draw by chance, then the
// weighing.
func BenchmarkSampledEntropy(b *testing.B) {
	secret := mastermind.Code{1, 2, 3, 4, 5, 6, 7, 8}
	g := mastermind.Code{1, 1, 2, 2, 3, 3, 4, 4}
	hints := []mastermind.Hint{{Guess: g, Answer: mastermind.Score(g, secret)}}
	w := NewSampledWeigher(8, 9, Entropy)
	for b.Loop() {
		w.Guess(hints)
	}
}
