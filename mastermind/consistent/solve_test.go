package consistent

import (
	"gamelab/mastermind"

	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"iter"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// randomInstance returns hints of n random guesses against a random secret
// of pegs pegs over max colours.
func randomInstance(r *rand.Rand, max, pegs, n int) *mastermind.Instance {
	secret := randomCode(r, max, pegs)
	in := &mastermind.Instance{Max: max}
	for range n {
		g := randomCode(r, max, pegs)
		in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
	}
	return in
}

// smallInstance returns the i-th of a run of random instances small
// enough for brute force (at most 10^5 codes: up to 8 colours and 7 pegs)
// with 1 to hints hints: true when i%3 is 0, with a black of one answer
// made white or the reverse when 1, with an answer drawn at random (often
// a contradiction) when 2.
func smallInstance(r *rand.Rand, i, hints int) *mastermind.Instance {
	max, pegs := 1+r.IntN(8), 1+r.IntN(7)
	for math.Pow(float64(max), float64(pegs)) > 1e5 {
		max, pegs = 1+r.IntN(8), 1+r.IntN(7)
	}
	in := randomInstance(r, max, pegs, 1+r.IntN(hints))
	switch i % 3 {
	case 1:
		moveWhite(r, in)
	case 2:
		randomAnswer(r, in)
	}
	return in
}

func randomCode(r *rand.Rand, max, pegs int) mastermind.Code {
	c := make(mastermind.Code, pegs)
	for i := range c {
		c[i] = uint8(1 + r.IntN(max))
	}
	return c
}

// bruteForce returns every consistent code, trying all max^pegs.
func bruteForce(in *mastermind.Instance) []mastermind.Code {
	var out []mastermind.Code
	for code := range everyCode(in.Pegs(), in.Max) {
		if in.Consistent(code) {
			out = append(out, slices.Clone(code))
		}
	}
	return out
}

// everyCode yields every code of pegs pegs over max colours, in
// lexicographic order; the code yielded is reused.
func everyCode(pegs, max int) iter.Seq[mastermind.Code] {
	return func(yield func(mastermind.Code) bool) {
		code := make(mastermind.Code, pegs)
		var rec func(p int) bool
		rec = func(p int) bool {
			if p == len(code) {
				return yield(code)
			}
			for c := 1; c <= max; c++ {
				code[p] = uint8(c)
				if !rec(p + 1) {
					return false
				}
			}
			return true
		}
		rec(0)
	}
}

// sameCodes reports whether got and want hold the same codes, in any
// order (it sorts both).
func sameCodes(got, want []mastermind.Code) bool {
	slices.SortFunc(got, slices.Compare)
	slices.SortFunc(want, slices.Compare)
	return slices.EqualFunc(got, want, slices.Equal)
}

func solveAll(in *mastermind.Instance) []mastermind.Code {
	var out []mastermind.Code
	Solve(in, func(c mastermind.Code) bool { out = append(out, slices.Clone(c)); return true })
	return out
}

// TestAgainstBruteForce: on thousands of small random instances, some
// with answers changed (often contradictory), the search finds exactly the
// codes brute force finds, each once, and Count and WriteSolutions agree.
func TestAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 3000 {
		max, pegs := 1+r.IntN(6), 1+r.IntN(5)
		in := randomInstance(r, max, pegs, 1+r.IntN(4))
		if i%3 == 0 { // an answer that may contradict the others
			randomAnswer(r, in)
		}
		checkSolvers(t, fmt.Sprintf("instance %d", i), in, bruteForce(in))
	}
}

// checkSolvers fails t unless Solve finds exactly the codes want (sorted),
// each once, Count counts them and WriteSolutions writes them in Solve's
// order.
func checkSolvers(t *testing.T, name string, in *mastermind.Instance, want []mastermind.Code) {
	t.Helper()
	got := solveAll(in)
	inOrder := slices.Clone(got)
	slices.SortFunc(got, slices.Compare)
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("%s (%d colours): got %v, want %v\n%+v", name, in.Max, got, want, in.Hints)
	}
	if n, _ := Count(context.Background(), in); n != len(want) {
		t.Fatalf("%s: Count %d, want %d", name, n, len(want))
	}
	var buf bytes.Buffer
	if n, err := WriteSolutions(context.Background(), &buf, in); err != nil || n != len(want) {
		t.Fatalf("%s: WriteSolutions %d, %v", name, n, err)
	}
	var text []string
	for _, c := range inOrder {
		text = append(text, c.String())
	}
	if w := "[" + strings.Join(text, ",") + "].\n"; buf.String() != w {
		t.Fatalf("%s: wrote %q, want %q", name, buf.String(), w)
	}
}

// TestMultisetsAgainstBruteForce: the colour counts' search yields
// exactly the colour counts whose matches with every guess are the
// hints', each once, found here by trying every count of every colour:
// short guesses over many colours (most colours full at once or in no
// guess) and long ones over few, the answers true or random.
func TestMultisetsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(15, 16))
	for i := range 600 {
		max, pegs := 1+r.IntN(12), 1+r.IntN(7)
		if i%2 == 1 {
			max, pegs = 1+r.IntN(4), 6+r.IntN(10)
		}
		in := randomInstance(r, max, pegs, 1+r.IntN(5))
		if i%3 == 0 {
			randomAnswer(r, in)
		}
		var want []string
		var k [wordColours + 1]uint8
		var rec func(c, left int)
		rec = func(c, left int) {
			if c > max {
				if left == 0 && countsMatch(in, &k) {
					want = append(want, fmt.Sprint(k[1:max+1]))
				}
				return
			}
			for n := range left + 1 {
				k[c] = uint8(n)
				rec(c+1, left-n)
			}
			k[c] = 0
		}
		rec(1, pegs)
		var got []string
		prepareAs(in, false).multisets(func(k *[wordColours + 1]uint8) bool {
			got = append(got, fmt.Sprint(k[1:max+1]))
			return true
		})
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours): got %v, want %v\n%+v", i, pegs, max, got, want, in.Hints)
		}
	}
}

// TestPairsAgree: a clash pairsAgree finds is a true one (brute force
// finds no code), on small instances where a hint is copied with another
// answer or with its guess changed in a place or two; and it finds the
// clashes there are to find often enough to matter.
func TestPairsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 18))
	clashes := 0
	for i := range 2000 {
		max, pegs := 1+r.IntN(6), 1+r.IntN(6)
		in := randomInstance(r, max, pegs, 1+r.IntN(4))
		h := in.Hints[r.IntN(len(in.Hints))]
		h.Guess = slices.Clone(h.Guess)
		for range r.IntN(3) {
			h.Guess[r.IntN(pegs)] = uint8(1 + r.IntN(max))
		}
		h.Answer.Blacks = r.IntN(pegs + 1)
		h.Answer.Whites = r.IntN(pegs + 1 - h.Answer.Blacks)
		in.Hints = append(in.Hints, h)
		if pairsAgree(in) {
			continue
		}
		clashes++
		if codes := bruteForce(in); len(codes) > 0 {
			t.Fatalf("instance %d: a clash found, but %v agree with %+v", i, codes, in.Hints)
		}
		if n, _ := Count(context.Background(), in); n != 0 {
			t.Fatalf("instance %d: a clash found, but Count gives %d", i, n)
		}
	}
	if clashes < 500 {
		t.Fatalf("%d clashes found in 2000 instances, want 500 or more", clashes)
	}
}

// TestImpossibleAnswer: an answer no code gives its guess (all pegs but
// one black, the last white) ends the search before it starts, at any
// length; the search itself took seconds at 10,000 pegs and more memory
// than the machine had at 65,536.
func TestImpossibleAnswer(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	for _, pegs := range []int{2, 5, 10_000} {
		g := randomCode(r, 6, pegs)
		in := &mastermind.Instance{Max: 6, Hints: []mastermind.Hint{{Guess: g, Answer: mastermind.Answer{Blacks: pegs - 1, Whites: 1}}}}
		if !prepare(in).clash {
			t.Errorf("%d pegs: %d/1 taken as possible", pegs, pegs-1)
		}
		if pegs <= 5 {
			if codes := bruteForce(in); len(codes) > 0 {
				t.Fatalf("%d pegs: %v agree with %d/1", pegs, codes, pegs-1)
			}
		}
	}
}

// TestPairsAgreeLarge: on instances large enough to share the pairs among
// the cores, of guesses near each other (compared where they differ from
// the first) or random ones, a pair that cannot hold together is found
// wherever it is, and none where every answer is a code's.
func TestPairsAgreeLarge(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	const pegs, hints, max = 100, 120, 8
	code := randomCode(r, max, pegs)
	for _, kind := range []string{"near", "random"} {
		in := &mastermind.Instance{Max: max}
		for range hints {
			g := randomCode(r, max, pegs)
			if kind == "near" {
				g = slices.Clone(code)
				g[r.IntN(pegs)] = uint8(1 + r.IntN(max))
			}
			in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, code)})
		}
		if hints*hints*pegs < pairsParallel {
			t.Fatal("the instance is too small to share its pairs")
		}
		if !pairsAgree(in) {
			t.Fatalf("%s guesses: a clash among a code's answers", kind)
		}
		for _, k := range []int{0, hints / 2, hints - 1} {
			clashing := slices.Clone(in.Hints)
			h := clashing[k]
			h.Answer.Blacks, h.Answer.Whites = h.Answer.Blacks-1, h.Answer.Whites+1
			clashing = append(clashing, h) // the same guess, another answer
			if pairsAgree(&mastermind.Instance{Max: max, Hints: clashing}) {
				t.Errorf("%s guesses: guess %d repeated with another answer, no clash found", kind, k)
			}
		}
	}
}

// TestPairsFit: the bounds of two hints (pairsFit) refuse no matches
// that counts of the colours from some place in the order on give, with
// no more pegs than are left, and refuse some that each hint alone
// allows: small instances, every such count, every such want.
func TestPairsFit(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 24))
	refused := 0
	for i := range 400 {
		max, pegs := 2+r.IntN(4), 2+r.IntN(5)
		in := randomInstance(r, max, pegs, 2+r.IntN(4))
		p := prepareAs(in, false)
		p.pairBounds()
		from, left := 1+r.IntN(max), r.IntN(pegs+1)
		h := p.pairHints
		want := make([]int, h)
		var counts func(s, spare int)
		counts = func(s, spare int) {
			if s > max {
				if !pairsFitWants(p, from, want, left) {
					t.Fatalf("instance %d: counts from colour %d on give %v, refused\n%+v", i, from, want, in.Hints)
				}
				return
			}
			for n := range spare + 1 {
				for j, g := range p.countOf[s][:h] {
					want[j] += min(n, g)
				}
				counts(s+1, spare-n)
				for j, g := range p.countOf[s][:h] {
					want[j] -= min(n, g)
				}
			}
		}
		counts(from, left)
		var wants func(j int)
		wants = func(j int) {
			if j == h {
				fits := pairsFitWants(p, from, want, left)
				if fits != pairsFitSlowly(p, from, want, left) {
					t.Fatalf("instance %d: pairsFit(%d, %v, %d) = %v, worked out pair by pair %v", i, from, want, left, fits, !fits)
				}
				if !fits {
					refused++
				}
				return
			}
			most := 0
			for s := from; s <= max; s++ {
				most += p.countOf[s][j]
			}
			for want[j] = range min(left, most) + 1 {
				wants(j + 1)
			}
			want[j] = 0
		}
		wants(0)
	}
	if refused < 20000 {
		t.Fatalf("%d wants refused, want 20000 or more", refused)
	}
}

// TestPairLanes: a pair's bounds and its two hints' words, added, pass
// (all lanes' pairTop bits set) exactly when the three bounds hold, at
// the extremes of the counts a code of MaxPegs pegs allows.
func TestPairLanes(t *testing.T) {
	values := []int{0, 1, 2, mastermind.MaxPegs / 2, mastermind.MaxPegs - 1, mastermind.MaxPegs}
	for _, both := range values {
		for _, beyond := range values {
			for _, left := range values {
				for _, wi := range values {
					for _, wj := range values {
						fits := wi+wj <= left+both && wi-wj <= beyond && wj-wi <= mastermind.MaxPegs-beyond
						v := uint64(packPair(both, beyond, mastermind.MaxPegs-beyond)) + pairLater(wi, left) + pairEarlier(wj)
						if got := v&pairTops == pairTops; got != fits {
							t.Fatalf("both %d, beyond %d and %d, left %d, wants %d and %d: %v, want %v", both, beyond, mastermind.MaxPegs-beyond, left, wi, wj, got, fits)
						}
					}
				}
			}
		}
	}
}

// BenchmarkPairsFit checks the bounds of every two of 60 hints of 20 pegs
// over 60 colours (1,770 pairs), with the root's wants: the check each step
// of the colour counts' search makes. BenchmarkPairsFitAfter checks those a
// count of the first colour in at most a third of the guesses can change,
// where the two cost about the same (below, pairsFitAfter costs less).
func BenchmarkPairsFit(b *testing.B) {
	in := randomInstance(rand.New(rand.NewPCG(57, 58)), 60, 20, 60)
	p := prepareAs(in, false)
	p.pairBounds()
	w := new(pairWants)
	w.set(p.matches[:p.pairHints], p.pegs)
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			p.pairsFit(1, w)
		}
	})
	s := 1
	for 3*len(p.touched[s]) > p.pairHints {
		s++
	}
	b.Run("after", func(b *testing.B) {
		for b.Loop() {
			p.pairsFitAfter(s, 0, p.matches, p.pegs, w)
		}
	})
}

// pairsFitWants is pairsFit for the matches each hint wants (want, by
// hint), with left pegs for them.
func pairsFitWants(p *problem, s int, want []int, left int) bool {
	w := new(pairWants)
	w.set(want, left)
	return p.pairsFit(s, w)
}

// pairsFitSlowly is pairsFit worked out from the guesses' counts of the
// colours from the s-th on, pair by pair, with no words packed.
func pairsFitSlowly(p *problem, s int, want []int, left int) bool {
	for i := 1; i < p.pairHints; i++ {
		for j := range i {
			both, iBeyond, jBeyond := 0, 0, 0
			for c := s; c <= p.max; c++ {
				g, h := p.countOf[c][i], p.countOf[c][j]
				both, iBeyond, jBeyond = both+min(g, h), iBeyond+max(0, g-h), jBeyond+max(0, h-g)
			}
			wi, wj := want[i], want[j]
			if wi+wj > left+both || wi-wj > iBeyond || wj-wi > jBeyond {
				return false
			}
		}
	}
	return true
}

// TestPairsFitAfter: after a step of the colour counts' search from matches
// wanted that pass every pair's bounds, pairsFitAfter, which looks at the
// pairs the step can have broken, says what pairsFit, which looks at them
// all, says. The instances are small, over up to 40 colours (where most
// colours are in few guesses, and some in many), with random wants and
// every count of the colour.
func TestPairsFitAfter(t *testing.T) {
	r := rand.New(rand.NewPCG(25, 26))
	var few, many, refused int
	for i := range 10000 {
		max, pegs := 2+r.IntN(39), 2+r.IntN(5)
		in := randomInstance(r, max, pegs, 2+r.IntN(11))
		p := prepareAs(in, false)
		p.pairBounds()
		s, left := 1+r.IntN(max), r.IntN(pegs+1)
		want := make([]int, p.pairHints)
		for j := range want {
			want[j] = r.IntN(left + 1)
		}
		if !pairsFitWants(p, s, want, left) {
			continue
		}
		if 3*len(p.touched[s]) > p.pairHints {
			many++
		} else {
			few++
		}
		next := make([]int, len(want))
	counts:
		for n := range min(p.full[s], left) + 1 {
			for j, g := range p.countOf[s][:len(want)] {
				if next[j] = want[j] - min(g, n); next[j] < 0 {
					continue counts
				}
			}
			got, fits := p.pairsFitAfter(s, n, next, left-n, new(pairWants)), pairsFitSlowly(p, s+1, next, left-n)
			if got != fits {
				t.Fatalf("instance %d, colour %d, %d pegs of it: pairsFitAfter %v, worked out pair by pair %v\nwant %v left %d\n%+v", i, s, n, got, fits, want, left, in.Hints)
			}
			if !fits {
				refused++
			}
		}
	}
	if few < 1000 || many < 500 || refused < 100 {
		t.Fatalf("%d steps of colours in few guesses, %d in many, %d refused: want 1000, 500 and 100 at least", few, many, refused)
	}
}

// countsMatch reports whether a code with k[c] pegs of each colour c
// matches each guess in as many pegs as its hint's blacks and whites.
func countsMatch(in *mastermind.Instance, k *[wordColours + 1]uint8) bool {
	for _, h := range in.Hints {
		var g [wordColours + 1]int
		for _, c := range h.Guess {
			g[c]++
		}
		matches := 0
		for c := 1; c <= in.Max; c++ {
			matches += min(g[c], int(k[c]))
		}
		if matches != h.Answer.Blacks+h.Answer.Whites {
			return false
		}
	}
	return true
}

// writeSolved writes Solve's codes of in to w as WriteSolutions should,
// in Solve's order, and returns their number: the slow obvious output
// the fast one is held to.
func writeSolved(w io.Writer, in *mastermind.Instance) int {
	io.WriteString(w, "[")
	n := 0
	Solve(in, func(c mastermind.Code) bool {
		if n > 0 {
			io.WriteString(w, ",")
		}
		io.WriteString(w, c.String())
		n++
		return true
	})
	io.WriteString(w, "].\n")
	return n
}

// TestWriteSolutionsBlocks: output of several blocks (outputBlock) a
// job, the first job's too, is Solve's codes in Solve's order, counted
// once. The instances are one multiset's arrangements (a guess of nine
// colours once each, all of them matched), split among jobs by the first
// peg's colour: up to 362,880 codes, several blocks a job.
func TestWriteSolutionsBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	for blacks := range 3 {
		guess := make(mastermind.Code, 9)
		for q, c := range r.Perm(9) {
			guess[q] = uint8(c + 1)
		}
		in := &mastermind.Instance{Max: 9, Hints: []mastermind.Hint{{Guess: guess, Answer: mastermind.Answer{Blacks: blacks, Whites: 9 - blacks}}}}
		var want strings.Builder
		n := writeSolved(&want, in)
		if want.Len() < 16*outputBlock {
			t.Fatalf("%d blacks: %d bytes of codes, want several blocks a job", blacks, want.Len())
		}
		var got bytes.Buffer
		if m, err := WriteSolutions(context.Background(), &got, in); err != nil || m != n {
			t.Fatalf("%d blacks: WriteSolutions %d, %v; want %d", blacks, m, err, n)
		}
		if got.String() != want.String() {
			t.Fatalf("%d blacks: WriteSolutions wrote %d bytes unlike Solve's %d", blacks, got.Len(), want.Len())
		}
	}
}

// TestWriteSolutionsQueues: with so many workers that each job's queue
// is the shortest (four blocks), the jobs (73 for 1,334,961 derangements
// of ten colours, 400 KB of text each) fill their queues and wait for
// the writer, and the text is still Solve's codes in Solve's order,
// compared by hash.
func TestWriteSolutionsQueues(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(pendingResults / 4))
	guess := mastermind.Code{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	in := &mastermind.Instance{Max: 10, Hints: []mastermind.Hint{{Guess: guess, Answer: mastermind.Answer{Blacks: 0, Whites: 10}}}}
	want := sha256.New()
	n := writeSolved(want, in)
	got := sha256.New()
	if m, err := WriteSolutions(context.Background(), got, in); err != nil || m != n {
		t.Fatalf("WriteSolutions %d, %v; want %d", m, err, n)
	}
	if !bytes.Equal(got.Sum(nil), want.Sum(nil)) {
		t.Fatal("WriteSolutions wrote other text than Solve's codes")
	}
}

// failingWriter takes n bytes, then fails every write.
type failingWriter struct{ n int }

var errWriterFull = errors.New("writer full")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		k := w.n
		w.n = 0
		return k, errWriterFull
	}
	w.n -= len(p)
	return len(p), nil
}

// TestWriteSolutionsStopsOnWriteError: when the writer fails (a pipe
// closed by head, a full disk), WriteSolutions stops with its error,
// though the first job alone has more codes than could ever be listed:
// a job's text streams to the writer as it is made, rather than waiting
// for the job's end (which never came, its text filling the memory).
func TestWriteSolutionsStopsOnWriteError(t *testing.T) {
	in := &mastermind.Instance{Max: 12, Hints: []mastermind.Hint{
		{Guess: mastermind.Code{5, 12, 4, 10, 2, 6, 1, 1, 1, 11, 9, 1, 7, 11, 4, 7, 12, 1, 9, 4}, Answer: mastermind.Answer{Blacks: 3, Whites: 7}},
		{Guess: mastermind.Code{5, 12, 9, 10, 9, 11, 9, 9, 12, 9, 11, 9, 6, 9, 9, 9, 9, 9, 2, 9}, Answer: mastermind.Answer{Blacks: 0, Whites: 5}},
	}}
	n, err := WriteSolutions(context.Background(), &failingWriter{n: 1 << 20}, in)
	if !errors.Is(err, errWriterFull) {
		t.Fatalf("WriteSolutions: %d codes, error %v; want %v", n, err, errWriterFull)
	}
}

// TestAppendCode: appendCode writes a code as Code.String does, after
// ",", for colours of one and two digits and lengths around a word's,
// within the room it asks for.
func TestAppendCode(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	for pegs := 1; pegs <= 70; pegs++ {
		code := make(mastermind.Code, pegs)
		for c := range code {
			code[c] = uint8(1 + r.IntN(mastermind.MaxColours))
		}
		code[r.IntN(pegs)] = mastermind.MaxColours
		text := append(make([]byte, 0, 2+codeRoom(pegs)), "ab"...) // no more room than promised
		if got, want := appendCode(text, code), "ab,"+code.String(); string(got) != want {
			t.Fatalf("%d pegs: %q, want %q", pegs, got, want)
		}
	}
}

// TestManyHintsAgainstBruteForce: with more hints than a word holds
// (the multisets' search keeps eight a word), and than it bounds two at
// a time (maxPairHints), the search still finds exactly brute force's
// codes, whether the answers are true or altered.
func TestManyHintsAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(13, 14))
	for i := range 400 {
		max, pegs := 2+r.IntN(5), 2+r.IntN(4)
		if i%4 == 3 { // more colours than a word holds a byte each
			max, pegs = 9+r.IntN(12), 3+r.IntN(2)
		}
		hints := 9 + r.IntN(24)
		if i%5 == 4 {
			hints = 20 + r.IntN(maxPairHints+40)
		}
		in := randomInstance(r, max, pegs, hints)
		if i%2 == 1 {
			randomAnswer(r, in)
		}
		if got, want := solveAll(in), bruteForce(in); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): %d codes, want %d", i, pegs, max, len(in.Hints), len(got), len(want))
		}
	}
	// Longer codes: the kept tails (7 to 9 pegs) and the suffixes met in
	// the middle (11 and 12).
	for i := range 24 {
		max, pegs := 2+r.IntN(2), 7+r.IntN(3)
		if i%6 == 5 {
			max, pegs = 3, 11+r.IntN(2)
		}
		in := alteredInstance(r, max, pegs, 9+r.IntN(12), i%2 == 1)
		if got, want := solveAll(in), bruteForce(in); !sameCodes(got, want) {
			t.Fatalf("long instance %d (%d pegs, %d colours, %d hints): %d codes, want %d", i, pegs, max, len(in.Hints), len(got), len(want))
		}
	}
}

// TestLongCodesAgainstBruteForce: codes long enough for the search to
// meet the same state by different orders of the same pegs (and replay
// what it found there) still give exactly brute force's codes, in order.
func TestLongCodesAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 60 {
		max, pegs := 2+r.IntN(3), 7+r.IntN(3)
		in := randomInstance(r, max, pegs, 1+r.IntN(3))
		if got, want := solveAll(in), bruteForce(in); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours): %d codes, want %d", i, pegs, max, len(got), len(want))
		}
	}
}

// TestMeetingAgainstBruteForce: long codes over two colours are solved by
// meeting in the middle, and give exactly brute force's codes, whether
// the answers are true or altered (often contradictory).
func TestMeetingAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := range 12 {
		pegs := 14 + r.IntN(4)
		in := randomInstance(r, 2, pegs, 2+r.IntN(4))
		if i%2 == 1 {
			h := &in.Hints[r.IntN(len(in.Hints))]
			h.Answer = mastermind.Answer{Blacks: r.IntN(pegs/2 + 1), Whites: 0}
		}
		if meetFor(prepareAs(in, false)) == nil {
			t.Fatalf("instance %d (%d pegs): not met in the middle", i, pegs)
		}
		if got, want := solveAll(in), bruteForce(in); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs): %d codes, want %d", i, pegs, len(got), len(want))
		}
	}
}

// randomAnswer gives a random hint of in a random answer that fits the
// code's length: the hints often contradict each other then.
func randomAnswer(r *rand.Rand, in *mastermind.Instance) {
	h := &in.Hints[r.IntN(len(in.Hints))]
	pegs := in.Pegs()
	h.Answer.Blacks = r.IntN(pegs + 1)
	h.Answer.Whites = r.IntN(pegs - h.Answer.Blacks + 1)
}

// alteredInstance returns randomInstance's hints, with moveWhite's change
// to one answer if alter is set.
func alteredInstance(r *rand.Rand, max, pegs, n int, alter bool) *mastermind.Instance {
	in := randomInstance(r, max, pegs, n)
	if alter {
		moveWhite(r, in)
	}
	return in
}

// moveWhite makes a white of a random hint's answer a black, if it has
// one: the hints often contradict each other then.
func moveWhite(r *rand.Rand, in *mastermind.Instance) {
	h := &in.Hints[r.IntN(len(in.Hints))]
	if h.Answer.Whites > 0 {
		h.Answer.Blacks, h.Answer.Whites = h.Answer.Blacks+1, h.Answer.Whites-1
	}
}

// TestMeetingAgainstArrangement: on codes too long for brute force, the
// meeting in the middle and the arrangement of each multiset find the
// same codes.
func TestMeetingAgainstArrangement(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := range 16 {
		max, pegs := meetMaxColours, 14+r.IntN(4)
		in := alteredInstance(r, max, pegs, 3+r.IntN(4), i%2 == 1)
		var want []mastermind.Code
		p := prepareAs(in, false)
		a := newArranger(p)
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			return a.arrange(k, func(c mastermind.Code) bool { want = append(want, slices.Clone(c)); return true })
		})
		if meetFor(prepareAs(in, false)) == nil {
			t.Fatalf("instance %d (%d pegs, %d colours): not met in the middle", i, pegs, max)
		}
		if got := solveAll(in); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours): %d codes, want %d", i, pegs, max, len(got), len(want))
		}
	}
}

// TestSuffixesAgainstSearch: arranging a multiset up to the middle and
// ending with the suffixes listed from the far end gives the search's
// arrangements, in its order, wherever the middle is.
func TestSuffixesAgainstSearch(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	total := 0
	for i := range 8 {
		max, pegs := 4+r.IntN(5), 11+r.IntN(5)
		in := alteredInstance(r, max, pegs, 5+r.IntN(4), i%2 == 1)
		p := prepareAs(in, false)
		a := newArranger(p)
		p.multisets(func(k *[wordColours + 1]uint8) bool {
			var want []mastermind.Code
			a.suffix = nil
			a.arrange(k, func(c mastermind.Code) bool { want = append(want, slices.Clone(c)); return true })
			for from := 1; from <= pegs-minSuffixPegs; from++ {
				table := p.newSuffixTable()
				table.from = from
				if !table.listFrom(p, k) {
					t.Fatalf("instance %d: more than %d suffixes from %d", i, maxListed, from)
				}
				var got []mastermind.Code
				a.suffix = table
				a.arrange(k, func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return true })
				if !slices.EqualFunc(got, want, slices.Equal) {
					t.Fatalf("instance %d (%d pegs, %d colours), multiset %v, suffixes from %d: %d codes, want %d in the search's order",
						i, pegs, max, k[1:max+1], from, len(got), len(want))
				}
			}
			total += len(want)
			return true
		})
	}
	if total < 1000 {
		t.Fatalf("%d codes in all: the instances test too little", total)
	}
}

// TestSortListed: runs of suffixes sorted by insertion (short) or not
// (long) come out as the library sorts them, equal states and codes
// included.
func TestSortListed(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for n := range 40 {
		run := make([]listed, n)
		for i := range run {
			run[i] = listed{key: r.Uint64N(4), code: r.Uint64N(3)}
		}
		want := slices.Clone(run)
		slices.SortFunc(want, compareListed)
		sortListed(run)
		if !slices.Equal(run, want) {
			t.Fatalf("%d suffixes: %v, want %v", n, run, want)
		}
	}
}

// TestColourRenaming: renaming the colours of an instance renames its
// solutions, up to 64 colours (the search packs colours into words).
func TestColourRenaming(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := range 20 {
		pegs := 7 + r.IntN(3)
		secret := make(mastermind.Code, pegs)
		for q := range secret {
			secret[q] = uint8(61 + r.IntN(4))
		}
		in := &mastermind.Instance{Max: 64}
		// Guesses of colours 1 to 60 answered 0/0 leave codes of 61 to 64.
		for c := 0; c < 60; c += pegs {
			g := make(mastermind.Code, pegs)
			for q := range g {
				g[q] = uint8(1 + (c+q)%60)
			}
			in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
		}
		for range 3 + r.IntN(3) {
			g := make(mastermind.Code, pegs)
			for q := range g {
				g[q] = uint8(61 + r.IntN(4))
			}
			in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
		}
		rename := func(c uint8) uint8 { return 65 - c }
		renamed := &mastermind.Instance{Max: 64}
		for _, h := range in.Hints {
			g := slices.Clone(h.Guess)
			for q := range g {
				g[q] = rename(g[q])
			}
			renamed.Hints = append(renamed.Hints, mastermind.Hint{Guess: g, Answer: h.Answer})
		}
		want := solveAll(in)
		for _, c := range want {
			for q := range c {
				c[q] = rename(c[q])
			}
		}
		if got := solveAll(renamed); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs): %d codes renamed, want %d", i, pegs, len(got), len(want))
		}
	}
}

// TestSourceExample is the specification's example, as it prints, a hint
// a line, and as other editors may write it: Windows' line ends, tabs, a
// UTF-8 byte order mark before the first line.
func TestSourceExample(t *testing.T) {
	for _, text := range []string{
		"4   1 1 1 1/0 1 2 2 0/1 3 1 3 2/0",
		"4\n1 1 1  1/0\n1 2 2  0/1\n3 1 3  2/0\n",
		"4\r\n1 1 1 1/0\r\n\r\n1 2 2 0/1\r\n3 1 3 2/0\r\n",
		"4\n1\t1\t1\t1/0\n1 2 2 0/1   \n3 1 3 2/0",
		"\ufeff4\n1 1 1 1/0\n1 2 2 0/1\n3 1 3 2/0\n",
	} {
		in, err := mastermind.Parse(strings.NewReader(text))
		if err != nil {
			t.Errorf("%q: %v", text, err)
			continue
		}
		var buf bytes.Buffer
		if _, err := WriteSolutions(context.Background(), &buf, in); err != nil || buf.String() != "[[3,1,4],[4,1,3]].\n" {
			t.Errorf("%q: %q, %v", text, buf.String(), err)
		}
	}
}

// TestCancel: a search given up returns the context's error.
func TestCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := &mastermind.Instance{Max: 10, Hints: []mastermind.Hint{{Guess: mastermind.Code{1, 1, 1, 1, 1, 1, 1, 1}, Answer: mastermind.Answer{}}}}
	if _, err := WriteSolutions(ctx, io.Discard, in); !errors.Is(err, context.Canceled) {
		t.Errorf("WriteSolutions: %v", err)
	}
	if _, err := Count(ctx, in); !errors.Is(err, context.Canceled) {
		t.Errorf("Count: %v", err)
	}
}

// TestCancelStopsJobs: once the search is given up, no job is searched,
// whether queued before or made after: the jobs of one multiset split
// among many (its blacks-first search's nodes) give no code once the
// context is cancelled, where each ran a few thousand nodes before it
// looked.
func TestCancelStopsJobs(t *testing.T) {
	in := &mastermind.Instance{Max: 9, Hints: []mastermind.Hint{{Guess: mastermind.Code{1, 2, 3, 4, 5, 6, 7, 8, 9}, Answer: mastermind.Answer{Blacks: 0, Whites: 9}}}}
	ctx, cancel := context.WithCancel(context.Background())
	jobs, codes := 0, 0
	err := parallel(ctx, in, func(a *arranger, j job, emit func(int)) {
		cancel()
		for !a.stop.Load() { // set by the context's AfterFunc, in a goroutine of its own
			runtime.Gosched()
		}
		n := 0
		a.solve(j, func(mastermind.Code) bool { n++; return true })
		emit(n)
	}, func(n int) bool { jobs++; codes += n; return true })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("parallel: %v", err)
	}
	if jobs == 0 || codes != 0 {
		t.Fatalf("%d jobs gave %d codes after the cancel, want none", jobs, codes)
	}
}

func BenchmarkWriteSolutions(b *testing.B) {
	r := rand.New(rand.NewPCG(9, 9))
	in := randomInstance(r, 20, 10, 10)
	for b.Loop() {
		WriteSolutions(context.Background(), io.Discard, in)
	}
}

// TestEstimate: the mean of many random descents comes near the number
// of ways the search places the first pegs, counted.
func TestEstimate(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	in := randomInstance(r, 6, 12, 6)
	p := prepareAs(in, false)
	var k *[wordColours + 1]uint8
	p.multisets(func(m *[wordColours + 1]uint8) bool { k = m; return false })
	const descents = 1 << 14
	paths := make([]float64, p.pegs-3)
	a := newArranger(p)
	for i := range descents {
		a.estimate(k, uint64(i+1)*0x9e3779b97f4a7c15, paths)
	}
	for d := 1; d < len(paths); d++ {
		count := 0
		a.meetAt, a.listing = d, func(uint64) bool { count++; return true }
		a.arrange(k, nil)
		if got := paths[d] / descents; math.Abs(got-float64(count)) > 0.1*float64(count) {
			t.Errorf("%d pegs placed: estimated %.0f ways, counted %d", d, got, count)
		}
	}
}

// TestExists: Exists says whether Count finds any code, on random small
// instances true, altered and often contradictory, and answers at once
// past what Count can count; a done context is an error, not an answer.
func TestExists(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for i := range 300 {
		in := smallInstance(r, i, 6)
		n, err := Count(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if some, err := Exists(context.Background(), in); err != nil || some != (n > 0) {
			t.Fatalf("%v: Exists %v, %v; Count %d", in.Hints, some, err, n)
		}
	}
	g := func(seed uint64) mastermind.Code {
		r := rand.New(rand.NewPCG(seed, 0))
		c := make(mastermind.Code, 30)
		for i := range c {
			c[i] = uint8(1 + r.IntN(50))
		}
		return c
	}
	huge := &mastermind.Instance{Max: 50, Hints: []mastermind.Hint{{Guess: g(1), Answer: mastermind.Answer{}}, {Guess: g(2), Answer: mastermind.Answer{Blacks: 1, Whites: 1}}}}
	if some, err := Exists(context.Background(), huge); !some || err != nil {
		t.Errorf("30 pegs over 50 colours: Exists %v, %v", some, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	empty := &mastermind.Instance{Max: 3, Hints: []mastermind.Hint{{Guess: mastermind.Code{1, 2}, Answer: mastermind.Answer{Blacks: 2}}, {Guess: mastermind.Code{1, 2}, Answer: mastermind.Answer{}}}}
	if some, err := Exists(ctx, empty); some || err == nil {
		t.Errorf("done context: Exists %v, %v", some, err)
	}
}
