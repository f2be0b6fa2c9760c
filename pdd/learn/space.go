// Package learn holds the computer players of People's Democratic
// Dictatorship beyond the course's simple player: the learner, which infers
// the others' secret rules from every card it sees laid, accepted or
// refused, and a registry of named players for the tournament.
package learn

import (
	"math"
	"math/bits"
	"slices"
	"sync"

	"gamelab/pdd"
)

// Space is the learner's hypothesis space: every rule the secret-rule
// generator can draw (pdd.EachDraw), each distinct table once, weighted by
// the chance the generator draws it (rules of one condition are as likely
// as all those of three together, so each is far likelier). For each
// (top, played) pair it holds the set of hypotheses allowing it as a
// bitset, so that evidence is taken in with a few thousand word operations
// whatever the number of hypotheses. Hypotheses of about equal weight are
// grouped in buckets of whole words, each with one weight.
type Space struct {
	words      int      // words of a set of hypotheses
	allows     []uint64 // pair q's set at [q*words, (q+1)*words)
	buckets    []bucket
	wordWeight []float64  // the weight of the hypotheses of each word (its bucket's)
	draws      []pdd.Draw // the hypothesis of each slot (padding: N 0)
	all        []uint64   // every hypothesis: do not change it
}

// bucket is a run of words of hypotheses weighted alike.
type bucket struct {
	from, to int // words
	weight   float64
}

// hypothesis is a distinct table the generator draws, with its chance.
type hypothesis struct {
	table  pdd.Table
	weight float64
	draw   pdd.Draw // the first draw giving it, to say it
}

// hypotheses enumerates every draw of the generator (about 640,000, in
// half a second), once.
var hypotheses = sync.OnceValue(func() []hypothesis {
	index := map[pdd.Table]int{}
	var hs []hypothesis
	var t pdd.Table
	pdd.EachDraw(func(d pdd.Draw) {
		d.Table(&t)
		if t == (pdd.Table{}) {
			return // allows nothing: nobody could play
		}
		i, ok := index[t]
		if !ok {
			i = len(hs)
			index[t] = i
			hs = append(hs, hypothesis{table: t, draw: d})
		}
		hs[i].weight += d.Probability()
	})
	return hs
})

// outside is the weight kept by a rule outside the band the learner was
// told of: people may invent any rule.
const outside = 1e-3

var spaces sync.Map // pdd.Band → *Space

// SpaceFor returns the hypothesis space of secret rules known to lie in
// band (the zero Band: any rule), built on first use and shared.
func SpaceFor(band pdd.Band) *Space {
	if s, ok := spaces.Load(band); ok {
		return s.(*Space)
	}
	s, _ := spaces.LoadOrStore(band, newSpace(band))
	return s.(*Space)
}

func newSpace(band pdd.Band) *Space {
	hs := hypotheses()
	type member struct {
		h      int
		weight float64
	}
	groups := map[int][]member{} // by half-octave of weight
	for i, h := range hs {
		w := h.weight
		if band != (pdd.Band{}) && !band.Contains(h.table.Count()) {
			w *= outside
		}
		k := int(math.Floor(2 * math.Log2(w)))
		groups[k] = append(groups[k], member{i, w})
	}
	keys := make([]int, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	s := &Space{}
	var slots []int // hypothesis of each slot, -1 for padding
	for _, k := range slices.Backward(keys) {
		ms := groups[k]
		sum := 0.0
		for _, m := range ms {
			sum += m.weight
			slots = append(slots, m.h)
		}
		for len(slots)%64 != 0 {
			slots = append(slots, -1)
		}
		from := 0
		if n := len(s.buckets); n > 0 {
			from = s.buckets[n-1].to
		}
		s.buckets = append(s.buckets, bucket{from: from, to: len(slots) / 64, weight: sum / float64(len(ms))})
	}
	s.words = len(slots) / 64
	s.wordWeight = make([]float64, s.words)
	for _, bk := range s.buckets {
		for w := bk.from; w < bk.to; w++ {
			s.wordWeight[w] = bk.weight
		}
	}
	s.allows = make([]uint64, pdd.Pairs*s.words)
	s.draws = make([]pdd.Draw, len(slots))
	for slot, h := range slots {
		if h < 0 {
			continue
		}
		s.draws[slot] = hs[h].draw
		word, bit := slot/64, uint64(1)<<(slot%64)
		for w, x := range hs[h].table {
			for ; x != 0; x &= x - 1 {
				q := w*64 + bits.TrailingZeros64(x)
				s.allows[q*s.words+word] |= bit
			}
		}
	}
	s.all = make([]uint64, s.words)
	for i, d := range s.draws {
		if d.N > 0 {
			s.all[i/64] |= 1 << (i % 64)
		}
	}
	return s
}

// Len returns the number of hypotheses.
func (s *Space) Len() int {
	n := 0
	for _, d := range s.draws {
		if d.N > 0 {
			n++
		}
	}
	return n
}

// allowing returns the set of hypotheses allowing the pair q.
func (s *Space) allowing(q int) []uint64 { return s.allows[q*s.words : (q+1)*s.words] }

// Expr returns the hypothesis in slot h in the rule language.
func (s *Space) Expr(h int) pdd.Expr { return s.draws[h].Expr() }

// pairOf numbers the pair (top, played).
func pairOf(top, played pdd.Card) int { return top.Index()*52 + played.Index() }
