package nerdle

import (
	"strings"
	"testing"
)

func TestScore(t *testing.T) {
	tests := []struct {
		secret, guess, want string
	}{
		{"23+34=57", "23+34=57", "GGGGGGGG"},
		{"23+34=57", "12+35=47", "BMGGMGMG"},
		// Repeated symbols: greens first, then magentas left to right.
		{"11+11=22", "12+10=22", "GBGGBGGG"},
		{"11+11=22", "21+12=33", "MGGGMGBB"},
		{"10+20=30", "20+10=30", "MGGMGGGG"},
		{"1+2+3=6", "2+1+3=6", "MGMGGGG"},
		{"2*3=6", "6/3=2", "MBGGM"},
		{"1+1=2", "1+1=2", "GGGGG"},
		{"3+3=6", "6-3=3", "MBGGM"},
		{"33+33=66", "3*3+3=12", "GBMMGGBB"},
	}
	for _, tt := range tests {
		got := Score(MustParseEquation(tt.secret), MustParseEquation(tt.guess)).Format(len(tt.guess))
		if got != tt.want {
			t.Errorf("Score(%s, %s) = %s, want %s", tt.secret, tt.guess, got, tt.want)
		}
		if slow := slowScore(tt.secret, tt.guess); slow != tt.want {
			t.Errorf("slowScore(%s, %s) = %s, want %s", tt.secret, tt.guess, slow, tt.want)
		}
	}
}

// slowScore is the spec's colouring written as plainly as possible, the
// oracle for Score.
func slowScore(secret, guess string) string {
	out := make([]byte, len(guess))
	left := map[byte]int{}
	for i := range guess {
		if guess[i] == secret[i] {
			out[i] = 'G'
		} else {
			left[secret[i]]++
		}
	}
	for i := range guess {
		if out[i] == 'G' {
			continue
		}
		if left[guess[i]] > 0 {
			left[guess[i]]--
			out[i] = 'M'
		} else {
			out[i] = 'B'
		}
	}
	return string(out)
}

func TestFeedbackRoundTrip(t *testing.T) {
	for _, s := range []string{"GGGGG", "BMGBM", "bmgGGm", "BBBBBBBBBBB"} {
		f, err := ParseFeedback(s, len(s))
		if err != nil {
			t.Fatal(err)
		}
		if got, want := f.Format(len(s)), upper(s); got != want {
			t.Errorf("ParseFeedback(%q).Format = %q, want %q", s, got, want)
		}
	}
	if f, _ := ParseFeedback("GGGGGGGG", 8); f != AllGreen(8) {
		t.Errorf("all green = %d, want %d", f, AllGreen(8))
	}
	for _, bad := range []string{"GGGG", "GGGGGX", "GGGGGG"} {
		if _, err := ParseFeedback(bad, 5); err == nil {
			t.Errorf("ParseFeedback(%q, 5) accepted", bad)
		}
	}
}

func upper(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

// FuzzScore compares Score with the plain oracle on any two rows of one
// length.
func FuzzScore(f *testing.F) {
	f.Add("11+11=22", "12+10=22")
	f.Add("1+2+3=6", "2+1+3=6")
	f.Fuzz(func(t *testing.T, secret, guess string) {
		s, err1 := ParseEquation(secret)
		g, err2 := ParseEquation(guess)
		if err1 != nil || err2 != nil || len(secret) != len(guess) || len(secret) == 0 {
			return
		}
		if got, want := Score(s, g).Format(len(guess)), slowScore(secret, guess); got != want {
			t.Fatalf("Score(%s, %s) = %s, want %s", secret, guess, got, want)
		}
	})
}

func BenchmarkScore(b *testing.B) {
	all, _ := Enumerate(11, Standard)
	guess := MustParseEquation("12+35*7=257")
	if Check(guess.String(), Standard) != nil {
		b.Fatal("bad guess")
	}
	all = all[:1<<16]
	b.ResetTimer()
	var sink Feedback
	for i := 0; b.Loop(); i++ {
		sink += Score(all[i&(1<<16-1)], guess)
	}
	_ = sink
}

// FuzzParseFeedback checks that ParseFeedback accepts exactly the rows of
// G, M and B letters of the right length, and that Format reads them back.
func FuzzParseFeedback(f *testing.F) {
	f.Add("GMBBG", 5)
	f.Add("gmb", 3)
	f.Add("GGGGGGGGGGG", 11)
	f.Fuzz(func(t *testing.T, s string, n int) {
		if n < 1 || n > MaxLength {
			return
		}
		fb, err := ParseFeedback(s, n)
		valid := len(s) == n && strings.Trim(strings.ToUpper(s), "GMB") == ""
		if (err == nil) != valid {
			t.Fatalf("ParseFeedback(%q, %d) = %v, want valid %v", s, n, err, valid)
		}
		if err == nil && fb.Format(n) != strings.ToUpper(s) {
			t.Fatalf("ParseFeedback(%q).Format = %q", s, fb.Format(n))
		}
	})
}
