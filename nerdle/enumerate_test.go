package nerdle

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"testing"
)

var long = flag.Bool("long", false, "also enumerate lengths 10 and 11 and cross-check length 9")

// wantCount is the number of valid equations per length; the Standard
// figures for 7 to 11 come from the course, the others from the web game and
// the spec.
var wantCount = map[Rules]map[int]int{
	Standard:   {5: 156, 6: 206, 7: 7501, 8: 18290, 9: 320008, 10: 1464019, 11: 15678220},
	NerdleGame: {5: 127, 6: 206, 7: 6661, 8: 17723},
}

func TestEnumerateCounts(t *testing.T) {
	for _, r := range AllRules {
		for n := MinLength; n <= MaxLength; n++ {
			if n >= 10 && !*long {
				continue
			}
			t.Run(fmt.Sprintf("%v/%d", r, n), func(t *testing.T) {
				all, err := Enumerate(n, r)
				if err != nil {
					t.Fatal(err)
				}
				if want, ok := wantCount[r][n]; ok && len(all) != want {
					t.Errorf("%d equations, want %d", len(all), want)
				}
				if !slices.IsSorted(all) {
					t.Error("not sorted")
				}
				for i, e := range all {
					if i > 0 && all[i-1] == e {
						t.Fatalf("%v twice", e)
					}
					if e.Len() != n {
						t.Fatalf("%v has length %d", e, e.Len())
					}
					// Checking every one is slow at the longest lengths;
					// a stride still covers every shape.
					if n <= 9 || i%97 == 0 {
						if err := Check(e.String(), r); err != nil {
							t.Fatalf("enumerated %v is invalid: %v", e, err)
						}
					}
				}
			})
		}
	}
}

// TestEnumerateMatchesBruteForce compares the enumeration with Check applied
// to every candidate: every string of syntactically plausible left side,
// completed with its own value. Length 5 is also checked over all 15^5
// strings, with no assumption at all.
func TestEnumerateMatchesBruteForce(t *testing.T) {
	maxN := 8
	if *long {
		maxN = 9
	}
	for _, r := range AllRules {
		for n := MinLength; n <= maxN; n++ {
			got, _ := Enumerate(n, r)
			want := bruteForce(n, r)
			if !slices.Equal(got, want) {
				t.Errorf("%v %d: enumerated %d, brute force %d; first difference %v", r, n, len(got), len(want), firstDiff(got, want))
			}
		}
		got, _ := Enumerate(5, r)
		if want := allStrings(5, r); !slices.Equal(got, want) {
			t.Errorf("%v 5: enumerated %d, all strings %d", r, len(got), len(want))
		}
	}
}

func firstDiff(a, b []Equation) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return fmt.Sprintf("%v vs %v", a[i], b[i])
		}
	}
	return "at the end"
}

// bruteForce walks every left side of digits and operators with no operator
// at either end or twice in a row, evaluates it, and keeps the equations
// that Check accepts.
func bruteForce(n int, r Rules) []Equation {
	var out []Equation
	buf := make([]byte, 0, n)
	var walk func(k int)
	walk = func(k int) {
		if len(buf) == k {
			left := string(buf)
			v, err := evaluate(left, left, r)
			if err != nil || !v.isInt() || v.num < 0 {
				return
			}
			s := left + "=" + strconv.FormatInt(v.num, 10)
			if len(s) == n && Check(s, r) == nil {
				out = append(out, MustParseEquation(s))
			}
			return
		}
		for c := range []byte(Alphabet[:14]) {
			ch := Alphabet[c]
			op := c < 4
			if op && (len(buf) == 0 || len(buf) == k-1 || isOp(buf[len(buf)-1])) {
				continue
			}
			buf = append(buf, ch)
			walk(k)
			buf = buf[:len(buf)-1]
		}
	}
	for k := 3; k <= n-2; k++ {
		walk(k)
	}
	slices.Sort(out)
	return out
}

func isOp(c byte) bool { return c == '+' || c == '-' || c == '*' || c == '/' }

// allStrings checks every string of n symbols.
func allStrings(n int, r Rules) []Equation {
	var out []Equation
	total := 1
	for range n {
		total *= NumSymbols
	}
	buf := make([]byte, n)
	for x := 0; x < total; x++ {
		y := x
		for i := n - 1; i >= 0; i-- {
			buf[i] = Alphabet[y%NumSymbols]
			y /= NumSymbols
		}
		if Check(string(buf), r) == nil {
			out = append(out, MustParseEquation(string(buf)))
		}
	}
	return out
}

func TestEnumerateRejectsLength(t *testing.T) {
	for _, n := range []int{0, 4, 12} {
		if _, err := Enumerate(n, Standard); err == nil {
			t.Errorf("Enumerate(%d) succeeded", n)
		}
	}
}

// TestStreamMatchesEnumerate checks that the batches come in order, each
// sorted, and hold the same equations as Enumerate, and that an error from
// emit stops the stream.
func TestStreamMatchesEnumerate(t *testing.T) {
	for _, r := range AllRules {
		for _, n := range []int{5, 7, 9} {
			all, _ := Enumerate(n, r)
			var got []Equation
			batches := 0
			err := Stream(n, r, func(batch []Equation) error {
				if !slices.IsSorted(batch) || (len(got) > 0 && got[len(got)-1] >= batch[0]) {
					t.Fatalf("%v %d: batch %d out of order", r, n, batches)
				}
				got = append(got, batch...)
				batches++
				return nil
			})
			if err != nil || !slices.Equal(got, all) || batches < 2 {
				t.Errorf("%v %d: %d equations in %d batches (%v), want %d", r, n, len(got), batches, err, len(all))
			}
		}
	}
	stop := errors.New("stop")
	calls := 0
	if err := Stream(9, Standard, func([]Equation) error { calls++; return stop }); err != stop || calls != 1 {
		t.Errorf("Stream after an emit error: %v, %d calls", err, calls)
	}
}

func BenchmarkEnumerate(b *testing.B) {
	for _, n := range []int{8, 9, 10, 11} {
		for _, r := range AllRules {
			b.Run(fmt.Sprintf("%v/%d", r, n), func(b *testing.B) {
				for b.Loop() {
					if _, err := Enumerate(n, r); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// TestEnumerateSampled checks the lengths too long for brute force by
// sampling: random left sides, completed with their own value, must be in
// the enumeration exactly when Check accepts them.
func TestEnumerateSampled(t *testing.T) {
	if !*long {
		t.Skip("needs -long")
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, r := range AllRules {
		for _, n := range []int{10, 11} {
			all, _ := Enumerate(n, r)
			valid, tried := 0, 0
			for valid < 20000 && tried < 5_000_000 {
				tried++
				left := randomLeft(rng, 3+rng.IntN(n-4))
				v, err := evaluate(left, left, r)
				if err != nil || !v.isInt() || v.num < 0 {
					continue
				}
				s := left + "=" + strconv.FormatInt(v.num, 10)
				if len(s) != n {
					continue
				}
				e := MustParseEquation(s)
				_, found := slices.BinarySearch(all, e)
				ok := Check(s, r) == nil
				if found != ok {
					t.Fatalf("%v %s: Check says %v, enumerated %v", r, s, ok, found)
				}
				if ok {
					valid++
				}
			}
			t.Logf("%v %d: %d valid of %d sampled", r, n, valid, tried)
			if valid < 1000 {
				t.Errorf("%v %d: only %d valid samples", r, n, valid)
			}
		}
	}
}

// randomLeft returns k symbols of numbers and operators, shaped like a left
// side, with short numbers and small ones favoured so that many samples
// evaluate to something that fits.
func randomLeft(rng *rand.Rand, k int) string {
	b := make([]byte, 0, k)
	for len(b) < k {
		if len(b) > 0 && !isOp(b[len(b)-1]) && len(b) < k-1 && rng.IntN(2) == 0 {
			b = append(b, "+-*/"[rng.IntN(4)])
			continue
		}
		if len(b) > 0 && !isOp(b[len(b)-1]) && b[len(b)-1] == '0' && (len(b) == 1 || isOp(b[len(b)-2])) {
			b = append(b, "+-*/"[rng.IntN(4)])
			continue
		}
		d := byte('0' + rng.IntN(10))
		b = append(b, d)
	}
	if isOp(b[len(b)-1]) {
		b[len(b)-1] = '1'
	}
	return string(b)
}

func TestLSDSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{0, 1, 2, 3, 1000, 100000} {
		for _, length := range []int{5, 6, 8, 9, 11} {
			a := make([]Equation, n)
			for i := range a {
				a[i] = Equation(rng.Uint64() & (1<<(4*uint(length)) - 1))
			}
			want := slices.Clone(a)
			slices.Sort(want)
			got := lsdSort(a, make([]Equation, n), 4*length)
			if !slices.Equal(got, want) {
				t.Errorf("%d keys of %d symbols: not sorted", n, length)
			}
		}
	}
}

// BenchmarkStream measures Stream alone: the batches are counted, not kept.
func BenchmarkStream(b *testing.B) {
	for _, n := range []int{9, 10, 11} {
		for _, r := range AllRules {
			b.Run(fmt.Sprintf("%v/%d", r, n), func(b *testing.B) {
				for b.Loop() {
					count := 0
					if err := Stream(n, r, func(batch []Equation) error { count += len(batch); return nil }); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkWriteList measures `gamelab nerdle list`: the whole list as
// text, to io.Discard and through a pipe drained by another goroutine.
func BenchmarkWriteList(b *testing.B) {
	for _, n := range []int{10, 11} {
		b.Run(fmt.Sprintf("discard/%d", n), func(b *testing.B) {
			for b.Loop() {
				if err := WriteList(io.Discard, n, Standard); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(fmt.Sprintf("pipe/%d", n), func(b *testing.B) {
			for b.Loop() {
				r, w, err := os.Pipe()
				if err != nil {
					b.Fatal(err)
				}
				drained := make(chan int64)
				go func() {
					n, _ := io.Copy(io.Discard, r)
					drained <- n
				}()
				if err := WriteList(w, n, Standard); err != nil {
					b.Fatal(err)
				}
				w.Close()
				b.SetBytes(<-drained)
				r.Close()
			}
		})
	}
}

func TestWriteList(t *testing.T) {
	for _, r := range AllRules {
		all, _ := Enumerate(8, r)
		var want bytes.Buffer
		for _, e := range all {
			want.WriteString(e.String() + "\n")
		}
		var got bytes.Buffer
		if err := WriteList(&got, 8, r); err != nil || got.String() != want.String() {
			t.Errorf("%v: WriteList differs from the equations' text (%v)", r, err)
		}
	}
	if err := WriteList(io.Discard, 12, Standard); err == nil {
		t.Error("WriteList of length 12 succeeded")
	}
}

// FuzzAppendLines compares the fast text of AppendLines with String.
func FuzzAppendLines(f *testing.F) {
	f.Add("12+35=47")
	f.Add("1+1=2")
	f.Add("100-99*1=1")
	f.Fuzz(func(t *testing.T, s string) {
		e, err := ParseEquation(s)
		if err != nil {
			return
		}
		if got := string(AppendLines(nil, []Equation{e, e})); got != s+"\n"+s+"\n" {
			t.Fatalf("AppendLines(%q) = %q", s, got)
		}
	})
}

// BenchmarkAppendLines measures the text of the whole length-9 list.
func BenchmarkAppendLines(b *testing.B) {
	all, _ := Enumerate(9, Standard)
	buf := make([]byte, 0, len(all)*10)
	for b.Loop() {
		buf = AppendLines(buf[:0], all)
	}
	b.SetBytes(int64(len(buf)))
}
