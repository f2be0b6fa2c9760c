package consistent

import (
	"gamelab/mastermind"

	"context"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
)

// byPlain returns the codes of in found by the plain search, multiset by
// multiset, in its order.
func byPlain(in *mastermind.Instance) []mastermind.Code {
	codes, _ := byPlainNear(in, false)
	return codes
}

// byPlainNear returns the codes of in found by the plain search with the
// rules for guesses near the code if near (the rule of two hints), and
// the nodes it searched.
func byPlainNear(in *mastermind.Instance, near bool) ([]mastermind.Code, int) {
	p := prepareAs(in, true)
	p.near = near
	a := newPlainArranger(p)
	var out []mastermind.Code
	p.plainMultisets(func(k *[wordColours + 1]int) bool {
		return a.arrange(k, func(c mastermind.Code) bool { out = append(out, slices.Clone(c)); return true })
	})
	return out, a.nodes
}

// TestPlainAgainstBruteForce: on thousands of small random instances,
// true or altered, the plain search finds exactly brute force's codes,
// each once.
func TestPlainAgainstBruteForce(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for i := range 3000 {
		in := smallInstance(r, i, 10)
		want := bruteForce(in)
		for _, near := range []bool{false, true} {
			if got, _ := byPlainNear(in, near); !sameCodes(got, want) {
				t.Fatalf("instance %d (%d pegs, %d colours, %d hints, near %v): %d codes, want %d", i, in.Pegs(), in.Max, len(in.Hints), near, len(got), len(want))
			}
		}
	}
}

// TestPlainSplit: a multiset's plain search shared out (split, each share
// resumed by another arranger, as the workers do) finds the codes the
// whole search finds, each once, near the code or not.
func TestPlainSplit(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	shares := 0
	for i := range 1000 {
		in := smallInstance(r, i, 10)
		for _, near := range []bool{false, true} {
			want, _ := byPlainNear(in, near)
			p := prepareAs(in, true)
			p.near = near
			splitter, worker := newPlainArranger(p), newPlainArranger(p)
			var got []mastermind.Code
			p.plainMultisets(func(k *[wordColours + 1]int) bool {
				return splitter.split(k, func(start *plainStart) bool {
					shares++
					return worker.resume(start, func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return true })
				})
			})
			if !sameCodes(got, want) {
				t.Fatalf("instance %d (%d pegs, %d colours, %d hints, near %v): %d codes in shares, %d whole", i, in.Pegs(), in.Max, len(in.Hints), near, len(got), len(want))
			}
		}
	}
	if shares < 1000 {
		t.Fatalf("%d shares in all: the instances test too little", shares)
	}
}

// TestPlainPairRules: on guesses near the code (each the code with half
// its pegs recoloured at random), true or with a white made black in an
// answer (no solution, as a rule), the plain search with the rule of two
// hints finds the codes it finds without, in far fewer nodes.
func TestPlainPairRules(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	var with, without int
	for i := range 40 {
		max, pegs := 6+r.IntN(15), 16+r.IntN(9)
		secret := randomCode(r, max, pegs)
		in := &mastermind.Instance{Max: max}
		for range pegs/3 + r.IntN(pegs/3) {
			guess := slices.Clone(secret)
			for q := range guess {
				if r.IntN(2) == 0 {
					guess[q] = uint8(1 + r.IntN(max))
				}
			}
			in.Hints = append(in.Hints, mastermind.Hint{Guess: guess, Answer: mastermind.Score(guess, secret)})
		}
		if i%2 == 1 {
			moveWhite(r, in)
		}
		want, n := byPlainNear(in, false)
		got, m := byPlainNear(in, true)
		if !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): %d codes with the rule, %d without", i, pegs, max, len(in.Hints), len(got), len(want))
		}
		with, without = with+m, without+n
	}
	t.Logf("%d nodes with the rule of two hints, %d without", with, without)
	if with*4 > without {
		t.Errorf("%d nodes with the rule of two hints, %d without: it prunes too little", with, without)
	}
}

// TestWordAgainstPlain: on codes too long for brute force (8 to 14 pegs
// over 4 to 12 colours, up to 50,000 solutions), the word searches and the plain
// one find the same colour counts, in the same order, and the same codes:
// random instances, true or altered, and guesses near the code (arranged
// blacks first with the count rules, and without).
func TestWordAgainstPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(33, 34))
	total := 0
	for i := 0; i < 200; {
		max, pegs := 4+r.IntN(9), 8+r.IntN(7)
		in := randomInstance(r, max, pegs, pegs/2+r.IntN(pegs/2+1))
		switch i % 3 {
		case 1:
			moveWhite(r, in)
		case 2:
			in = nearCode(r, max, pegs, nearHints+r.IntN(pegs))
		}
		if n, _ := Count(context.Background(), in); n > 50_000 {
			continue // a test of output rather than search
		}
		i++
		var word, plain [][wordColours + 1]int
		prepareAs(in, false).multisets(func(k *[wordColours + 1]uint8) bool {
			var n [wordColours + 1]int
			for c, x := range k {
				n[c] = int(x)
			}
			word = append(word, n)
			return true
		})
		prepareAs(in, true).plainMultisets(func(k *[wordColours + 1]int) bool { plain = append(plain, *k); return true })
		if !slices.Equal(word, plain) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): %d colour counts, the plain search's %d", i, pegs, max, len(in.Hints), len(word), len(plain))
		}
		want := byPlain(in)
		if got, _ := byPlainNear(in, true); !sameCodes(got, want) {
			t.Fatalf("instance %d (%d pegs, %d colours, %d hints): %d codes by the plain search near, %d not", i, pegs, max, len(in.Hints), len(got), len(want))
		}
		for _, near := range []bool{false, true} {
			p := prepareAs(in, false)
			p.near = near
			var got []mastermind.Code
			p.solve(func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return true })
			if !sameCodes(got, want) {
				t.Fatalf("instance %d (%d pegs, %d colours, %d hints, near %v): %d codes, the plain search's %d", i, pegs, max, len(in.Hints), near, len(got), len(want))
			}
		}
		total += len(want)
	}
	t.Logf("%d codes", total)
	if total < 1000 {
		t.Fatalf("%d codes in all: the instances test too little", total)
	}
}

// TestNear: guesses near the code are arranged blacks first with the
// count rules, random ones and a few near ones as before.
func TestNear(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 38))
	for range 100 {
		max, pegs := 6+r.IntN(15), 8+r.IntN(41)
		if p := prepare(nearCode(r, max, pegs, nearHints+r.IntN(pegs))); !p.near || !p.blacksFirst(new([wordColours + 1]uint8)) || p.plain() {
			t.Fatalf("%d pegs over %d colours near the code: not blacks first with the count rules", pegs, max)
		}
		if prepare(nearCode(r, max, pegs, nearHints-1)).near {
			t.Fatalf("%d pegs over %d colours, %d hints near the code: taken as near", pegs, max, nearHints-1)
		}
		if prepare(randomInstance(r, max, pegs, 1+r.IntN(pegs))).near {
			t.Fatalf("%d pegs over %d colours at random: taken as near", pegs, max)
		}
	}
}

// TestCodesOfAnyLength: codes longer than the word searches take (up to
// 300 pegs) are solved by the plain search through Solve, Count and
// WriteSolutions: every code found agrees with the hints, each once, the
// secret among them; and contradictions cheap to write at any length
// have no solution.
func TestCodesOfAnyLength(t *testing.T) {
	r := rand.New(rand.NewPCG(35, 36))
	for i := range 12 {
		max, pegs := 2+r.IntN(9), wordPegs+1+r.IntN(236)
		secret := randomCode(r, max, pegs)
		in := &mastermind.Instance{Max: max}
		// Guesses near the secret, one for each position changed there
		// and maybe at another, leave few codes.
		for q := range pegs {
			g := slices.Clone(secret)
			g[q] = uint8(1 + r.IntN(max))
			g[r.IntN(pegs)] = uint8(1 + r.IntN(max))
			in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
		}
		got := solveAll(in)
		if !slices.ContainsFunc(got, func(c mastermind.Code) bool { return slices.Equal(c, secret) }) {
			t.Fatalf("instance %d (%d pegs, %d colours): the secret not among %d codes", i, pegs, max, len(got))
		}
		for _, c := range got {
			if !in.Consistent(c) {
				t.Fatalf("instance %d: %v does not agree with the hints", i, c)
			}
		}
		if slices.SortFunc(got, slices.Compare); len(slices.CompactFunc(got, slices.Equal)) != len(got) {
			t.Fatalf("instance %d: a code found twice", i)
		}
		if n, err := Count(context.Background(), in); err != nil || n != len(got) {
			t.Fatalf("instance %d: Count %d, %v; Solve found %d", i, n, err, len(got))
		}

		contradictions := []mastermind.Hint{
			{Guess: secret, Answer: mastermind.Answer{Blacks: pegs - 1, Whites: 1}}, // all but one in place, the last elsewhere
			{Guess: in.Hints[0].Guess, Answer: mastermind.Answer{Blacks: in.Hints[0].Answer.Blacks + 1, Whites: in.Hints[0].Answer.Whites - 1}},
		}
		for j, h := range contradictions {
			bad := &mastermind.Instance{Max: max, Hints: append(slices.Clone(in.Hints), h)}
			if n, err := Count(context.Background(), bad); err != nil || n != 0 {
				t.Fatalf("instance %d, contradiction %d: Count %d, %v; want none", i, j, n, err)
			}
		}
	}
}

// TestPlainMemory: the plain search on a long code with few hints (its
// first solutions thousands of levels deep) allocates about the code's
// size, not the code's size for each level: 5,000 pegs took 225 MB when
// each level had a copy of the state.
func TestPlainMemory(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 46))
	const pegs, max = 5000, 6
	secret := randomCode(r, max, pegs)
	in := &mastermind.Instance{Max: max}
	for range 2 {
		g := randomCode(r, max, pegs)
		in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Score(g, secret)})
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	found := 0
	Solve(in, func(c mastermind.Code) bool {
		if !in.Consistent(c) {
			t.Fatalf("%v does not agree with the hints", c)
		}
		found++
		return found < 3
	})
	runtime.ReadMemStats(&after)
	if found != 3 {
		t.Fatalf("%d codes found", found)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 32<<20 {
		t.Errorf("%d MB allocated for the first codes of %d pegs", alloc>>20, pegs)
	}
}

// TestSamePlaces: the positions where two codes agree, counted and marked
// eight a word, are those counted one by one, at every length and
// alignment.
func TestSamePlaces(t *testing.T) {
	r := rand.New(rand.NewPCG(37, 38))
	for i := range 2000 {
		pegs, max := r.IntN(200), 1+r.IntN(64)
		a, b := randomCode(r, max, pegs), randomCode(r, max, pegs)
		want := 0
		for q := range a {
			if a[q] == b[q] {
				want++
			}
		}
		if got := samePlaces(a, b); got != want {
			t.Fatalf("instance %d: samePlaces(%v, %v) = %d, want %d", i, a, b, got, want)
		}
		mask := make([]uint64, (pegs+63)/64)
		sameMask(a, b, mask)
		for q := range a {
			if got := mask[q/64]>>(q%64)&1 == 1; got != (a[q] == b[q]) {
				t.Fatalf("instance %d: sameMask(%v, %v) has position %d %v", i, a, b, q, got)
			}
		}
	}
}

// TestCompareApart: counted at the positions where each differs from a
// third code, the places two codes agree and the pegs of one beyond the
// other's of each colour are those counted over every position, and the
// scratch space is left clear.
func TestCompareApart(t *testing.T) {
	r := rand.New(rand.NewPCG(39, 40))
	near := func(ref mastermind.Code, max, changes int) (mastermind.Code, []int32) {
		c := slices.Clone(ref)
		for range changes {
			c[r.IntN(len(c))] = uint8(1 + r.IntN(max))
		}
		apart := []int32{}
		for q := range c {
			if c[q] != ref[q] {
				apart = append(apart, int32(q))
			}
		}
		return c, apart
	}
	for i := range 2000 {
		pegs, max := 1+r.IntN(200), 1+r.IntN(64)
		ref := randomCode(r, max, pegs)
		a, apartA := near(ref, max, r.IntN(6))
		b, apartB := near(ref, max, r.IntN(6))
		var countA, countB [wordColours + 1]int
		for q := range a {
			countA[a[q]]++
			countB[b[q]]++
		}
		wantMore := 0
		for c := range countA {
			if d := countA[c] - countB[c]; d > 0 {
				wantMore += d
			}
		}
		var delta [wordColours + 1]int
		same, more := compareApart(a, b, apartA, apartB, delta[:])
		if want := samePlaces(a, b); same != want || more != wantMore {
			t.Fatalf("instance %d: compareApart(%v, %v) = %d, %d; want %d, %d", i, a, b, same, more, want, wantMore)
		}
		if delta != ([wordColours + 1]int{}) {
			t.Fatalf("instance %d: scratch left %v", i, delta)
		}
	}
}

// FuzzWordAgainstPlain: on any instance the fuzzer writes (a code of up
// to 9 pegs over up to 9 colours, up to 10 hints, read from its bytes),
// the word searches and the plain search find the same codes.
func FuzzWordAgainstPlain(f *testing.F) {
	f.Add([]byte{4, 3, 1, 1, 1, 1, 0, 1, 2, 2, 0, 1, 3, 1, 3, 2, 0})
	f.Add([]byte{6, 12, 1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 3, 4})
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 2 {
			return
		}
		max, pegs := 1+int(data[0])%9, 1+int(data[1])%9
		in := &mastermind.Instance{Max: max}
		for data = data[2:]; len(data) >= pegs+2 && len(in.Hints) < 10; data = data[pegs+2:] {
			g := make(mastermind.Code, pegs)
			for q, b := range data[:pegs] {
				g[q] = 1 + b%uint8(max)
			}
			blacks := int(data[pegs]) % (pegs + 1)
			whites := int(data[pegs+1]) % (pegs - blacks + 1)
			in.Hints = append(in.Hints, mastermind.Hint{Guess: g, Answer: mastermind.Answer{Blacks: blacks, Whites: whites}})
		}
		if len(in.Hints) == 0 {
			return
		}
		var got []mastermind.Code
		Solve(in, func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return len(got) <= 100_000 })
		if len(got) > 100_000 {
			return // a test of output, not of search
		}
		if want := byPlain(in); !sameCodes(got, want) {
			t.Fatalf("%d colours, hints %v: %d codes, the plain search's %d", max, in.Hints, len(got), len(want))
		}
	})
}

// BenchmarkSamePlaces compares two codes of 1,000 pegs, as pairsAgree
// does every two guesses, counting the places they agree and marking them.
func BenchmarkSamePlaces(b *testing.B) {
	r := rand.New(rand.NewPCG(45, 46))
	x, y := randomCode(r, 4, 1000), randomCode(r, 4, 1000)
	mask := make([]uint64, (1000+63)/64)
	b.Run("count", func(b *testing.B) {
		for b.Loop() {
			samePlaces(x, y)
		}
	})
	b.Run("mask", func(b *testing.B) {
		for b.Loop() {
			clear(mask)
			sameMask(x, y, mask)
		}
	})
}
