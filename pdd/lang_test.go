package pdd

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	h7, h9, s7, c3, dJ, h8 := card(7, Hearts), card(9, Hearts), card(7, Spades), card(3, Clubs), card(11, Diamonds), card(8, Hearts)
	for _, tt := range []struct {
		in, canonical string
		yes, no       [][2]Card // (top, played) pairs allowed and refused
	}{
		{"same suit or same value or played is jack", "same suit or same value or played is jack",
			[][2]Card{{h7, h9}, {h7, s7}, {c3, dJ}}, [][2]Card{{h7, c3}}},
		{"higher value and not same suit", "higher value and not same suit",
			[][2]Card{{s7, h9}}, [][2]Card{{h7, h9}, {h9, c3}}},
		{"played is 7 of hearts", "played is 7 of hearts", [][2]Card{{c3, h7}}, [][2]Card{{c3, s7}}},
		{"Played Is A Jack", "played is jack", [][2]Card{{c3, dJ}}, [][2]Card{{c3, h9}}},
		{"(same colour or values within 2) and played is not a king", "(same colour or values within 2) and not played is king",
			[][2]Card{{h7, h9}, {c3, card(5, Hearts)}}, [][2]Card{{h7, card(13, Hearts)}, {c3, h9}}},
		{"same color", "same colour", [][2]Card{{h7, card(2, Diamonds)}}, [][2]Card{{h7, c3}}},
		{"lower", "lower value", [][2]Card{{h9, h7}}, [][2]Card{{h7, h9}, {h7, s7}}},
		{"top is even and played is odd", "top is even and played is odd", [][2]Card{{h8, h7}}, [][2]Card{{h7, h9}}},
		{"played is red or top is black", "played is red or top is black", [][2]Card{{c3, s7}, {h7, h9}}, [][2]Card{{h7, s7}}},
		{"played is spades", "played is spades", [][2]Card{{h7, s7}}, [][2]Card{{s7, h7}}},
		{"played is heart", "played is hearts", [][2]Card{{s7, h7}}, [][2]Card{{h7, s7}}},
		{"played is ace or played is 13", "played is ace or played is king", [][2]Card{{h7, card(1, Clubs)}, {h7, card(13, Clubs)}}, [][2]Card{{h7, h9}}},
		{"not (same suit and higher)", "not (same suit and higher value)", [][2]Card{{h7, s7}, {h9, h7}}, [][2]Card{{h7, h9}}},
		{"not not same suit", "not not same suit", [][2]Card{{h7, h9}}, [][2]Card{{h7, s7}}},
		{"anything", "anything", [][2]Card{{h7, c3}}, nil},
		{"same suit and (same value or higher) or played is queen", "same suit and (same value or higher value) or played is queen",
			[][2]Card{{h7, h9}, {h7, card(12, Clubs)}}, [][2]Card{{h9, h7}, {h7, s7}}},
		{"values within 0", "values within 0", [][2]Card{{h7, s7}}, [][2]Card{{h7, h8}}},
	} {
		x, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if got := x.String(); got != tt.canonical {
			t.Errorf("Parse(%q) prints %q, want %q", tt.in, got, tt.canonical)
		}
		r := x.Rule()
		for _, p := range tt.yes {
			if !r(p[0], p[1]) {
				t.Errorf("%q refuses %v on %v", tt.in, p[1], p[0])
			}
		}
		for _, p := range tt.no {
			if r(p[0], p[1]) {
				t.Errorf("%q allows %v on %v", tt.in, p[1], p[0])
			}
		}
		again, err := Parse(x.String())
		if err != nil || *TableOf(again.Rule()) != *TableOf(r) {
			t.Errorf("%q does not read back as itself: %v", x, err)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"", "the rule is empty"},
		{"   ", "the rule is empty"},
		{"same", "at the end of the rule: expected suit, value or colour after same"},
		{"same shape", `at word 2 ("shape"): expected suit, value or colour`},
		{"same suit or", "at the end of the rule: expected a condition"},
		{"same suit same value", `at word 3 ("same"): expected "and", "or" or the end of the rule`},
		{"played is 14", `at word 3 ("14"): expected even, odd, red, black, a rank`},
		{"played is 7 of stars", `at word 5 ("stars"): expected a suit`},
		{"(same suit", `at the end of the rule: expected ")"`},
		{"same suit)", `at word 3 (")"): expected "and", "or"`},
		{"values within 13", `expected a difference of values from 0 to 12`},
		{"played 7", `at word 2 ("7"): expected is after played`},
		{"banana", `at word 1 ("banana"): expected a condition`},
	} {
		_, err := Parse(tt.in)
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%q): %v, want %q", tt.in, err, tt.want)
		}
	}
}

// TestRandomRules: secret rules fall in their band, their tables are their
// rules, and they print as rules that read back the same.
func TestRandomRules(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, band := range []Band{Permissive, Restrictive} {
		kinds := map[int]int{}
		for range 300 {
			x, table := RandomRule(r, band)
			if !band.Contains(table.Count()) {
				t.Fatalf("%q allows %d pairs, outside %v", x, table.Count(), band)
			}
			if *TableOf(x.Rule()) != *table {
				t.Fatalf("%q: the table is not the rule's", x)
			}
			y, err := Parse(x.String())
			if err != nil || *TableOf(y.Rule()) != *table {
				t.Fatalf("%q does not read back: %v", x, err)
			}
			kinds[x.prec()]++
		}
		if len(kinds) < 3 {
			t.Errorf("%v: rules of kinds %v only", band, kinds)
		}
	}
}

// TestSamplerChances: the sampler of a band gives each draw in the band
// the chance RandomDraw gives it, given that it falls in the band (to
// within the alias method's rounding), and nothing else; its packed draws
// read back as drawn.
func TestSamplerChances(t *testing.T) {
	band := Band{0.40, 0.45}
	want := map[drawCode]float64{}
	total := 0.0
	EachDraw(func(d Draw) {
		if d.code().draw() != d {
			t.Fatalf("%+v reads back as %+v", d, d.code().draw())
		}
		if band.Contains(d.count()) {
			want[d.code()] += d.Probability()
			total += d.Probability()
		}
	})
	s := newSampler(band)
	got := map[drawCode]float64{}
	for _, sl := range s {
		keep := float64(sl.cut) / (1 << 32)
		got[sl.own] += keep / float64(len(s))
		got[sl.alt] += (1 - keep) / float64(len(s))
	}
	if len(got) != len(want) {
		t.Fatalf("%d draws can be picked, want %d", len(got), len(want))
	}
	for c, p := range want {
		if p /= total; math.Abs(got[c]-p) > 1e-9*p+1e-12 {
			t.Fatalf("%v: picked with chance %g, want %g", c.draw().Expr(), got[c], p)
		}
	}
}

// TestEveryBandHoldsRules: whatever band one percent wide is asked for,
// some secret rule falls in it (RandomDraws would panic otherwise): the
// numbers of pairs rules allow leave no gap as wide.
func TestEveryBandHoldsRules(t *testing.T) {
	var held [Pairs + 1]bool
	EachDraw(func(d Draw) { held[d.count()] = true })
	last := -1
	for n, ok := range held {
		if ok || n == Pairs {
			if float64(n-last) > Pairs/100 {
				t.Errorf("no rule allows from %d to %d of the %d pairs", last+1, n-1, Pairs)
			}
			last = n
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"same suit or same value or played is jack", "higher value and not same suit",
		"played is 7 of hearts", "(same colour or values within 2) and played is not a king", "not (a"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		x, err := Parse(s)
		if err != nil {
			return
		}
		y, err := Parse(x.String())
		if err != nil {
			t.Fatalf("%q prints as %q, which does not parse: %v", s, x, err)
		}
		if y.String() != x.String() || *TableOf(y.Rule()) != *TableOf(x.Rule()) {
			t.Fatalf("%q prints as %q, which reads back as %q", s, x, y)
		}
	})
}

// TestDrawTable: a draw's table, built word by word from its literals'
// tables, is that of the rule it reads as, for every shape of draw.
func TestDrawTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	shapes := map[[4]bool]bool{}
	var tb Table
	for range 3000 {
		d := RandomDraw(rng)
		d.Table(&tb)
		if tb != *TableOf(d.Expr().Rule()) {
			t.Fatalf("%v: the table is not the rule's", d.Expr())
		}
		shapes[[4]bool{d.N > 1, d.N > 2, d.Ands[0], d.Ands[1]}] = true
	}
	if len(shapes) < 7 {
		t.Errorf("%d shapes of draw tried", len(shapes))
	}
}
