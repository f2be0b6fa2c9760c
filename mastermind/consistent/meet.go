package consistent

import (
	"gamelab/mastermind"

	"sync"

	"gamelab/internal/hugepage"
)

// Long codes over few colours are solved by meeting in the middle. Every
// assignment of the first half of the positions and every assignment of the
// second half are listed once, each with its blacks for every hint and its
// colour counts. Few colours make both lists short, where the arrangement
// search, which meets the same dead ends again and again deep in the code,
// is slow. Two halves make a solution when their blacks add up to every
// hint's and their colour counts to a multiset whose matches are the
// hints'. Both are mixed-radix numbers (digit by digit, sums never carry),
// so the first test is one lookup among the second halves grouped by
// blacks, and the second one in the set of those multisets.

// meetLimit bounds the assignments of a half: beyond it the lists cost
// more memory than the search costs time.
const meetLimit = 1 << 21

// meetMaxColours is the most colours a code may have to be met in the middle
// whole: with more, meeting in the middle of each multiset's arrangements
// (suffix.go) is faster. Measured in
// docs/notes/mastermind-code.md#meet-meetmaxcolours.
const meetMaxColours = 2

// meeting is an instance prepared for meeting in the middle.
type meeting struct {
	split       int      // the first position of the second half
	first, last halfList // the halves' assignments; last grouped by blacks
	// groups maps the blacks of second halves to where their group
	// starts in last and how many it holds (start<<32 | count).
	groups    stateMap
	blacksKey uint64   // every hint's blacks, as a mixed-radix number
	multisets stateMap // the valid multisets' counts, as mixed-radix numbers
}

// halfList is the assignments of a run of positions that give no hint
// more than its blacks: the colours (a base-max number, the run's first
// position lowest), the blacks (radix blacks+1 by hint) and the colour
// counts (radix pegs+1 by colour).
type halfList struct {
	codes          []uint32
	blacks, counts []uint64
}

// meetFor returns the meeting of p, or nil if p is not the kind of
// instance it pays for.
func meetFor(p *problem) *meeting {
	if p.max > meetMaxColours || p.pegs < 14 {
		return nil
	}
	// Both halves' lists must stay short, and the blacks one number.
	n := 1
	for range (p.pegs + 1) / 2 {
		if n *= p.max; n > meetLimit {
			return nil
		}
	}
	radix := uint64(1)
	for i := range p.hints {
		if radix > (1<<62)/uint64(p.blacks[i]+1) {
			return nil
		}
		radix *= uint64(p.blacks[i] + 1)
	}
	m := &meeting{split: p.pegs / 2}
	m.multisets.limit, m.groups.limit = meetLimit, meetLimit
	many := false
	p.multisets(func(k *[wordColours + 1]uint8) bool {
		key := uint64(0)
		for c := p.max; c >= 1; c-- {
			key = key*uint64(p.pegs+1) + uint64(k[c])
		}
		m.multisets.put(key, 1)
		many = len(m.multisets.used) >= meetLimit
		return !many
	})
	if many {
		return nil
	}
	if len(m.multisets.used) == 0 {
		return m // nothing to list: no solutions
	}
	for i := p.hints - 1; i >= 0; i-- {
		m.blacksKey = m.blacksKey*uint64(p.blacks[i]+1) + uint64(p.blacks[i])
	}
	var wg sync.WaitGroup
	wg.Go(func() { m.first = p.half(0, m.split) })
	m.last = m.group(p.half(m.split, p.pegs))
	wg.Wait()
	return m
}

// group returns l with the assignments of equal blacks together, and
// records where each group is in m.groups.
func (m *meeting) group(l halfList) halfList {
	id := hugepage.Slice[uint32](len(l.codes)) // each assignment's group
	var count []int
	for e, key := range l.blacks {
		g, ok := m.groups.get(key)
		if !ok {
			g = uint64(len(count))
			m.groups.put(key, g)
			count = append(count, 0)
		}
		id[e] = uint32(g)
		count[g]++
	}
	start := make([]int, len(count))
	for g := 1; g < len(count); g++ {
		start[g] = start[g-1] + count[g-1]
	}
	for _, i := range m.groups.used {
		s := &m.groups.slots[i]
		s.value = uint64(start[s.value])<<32 | uint64(count[s.value])
	}
	grouped := halfList{hugepage.Slice[uint32](len(id)), hugepage.Slice[uint64](len(id)), hugepage.Slice[uint64](len(id))}
	for e, g := range id {
		at := start[g]
		start[g]++
		grouped.codes[at], grouped.blacks[at], grouped.counts[at] = l.codes[e], l.blacks[e], l.counts[e]
	}
	return grouped
}

// half lists the assignments of positions from to to (not included) that
// give no hint more than its blacks.
func (p *problem) half(from, to int) halfList {
	size := 1
	for range to - from {
		size *= p.max
	}
	l := halfList{hugepage.Slice[uint32](size)[:0], hugepage.Slice[uint64](size)[:0], hugepage.Slice[uint64](size)[:0]}
	got := make([]int, p.hints)
	var rec func(q int, code uint32, weight uint32, counts uint64)
	countRadix := make([]uint64, p.max+1)
	countRadix[1] = 1
	for c := 2; c <= p.max; c++ {
		countRadix[c] = countRadix[c-1] * uint64(p.pegs+1)
	}
	rec = func(q int, code, weight uint32, counts uint64) {
		if q == to {
			key := uint64(0)
			for i := p.hints - 1; i >= 0; i-- {
				key = key*uint64(p.blacks[i]+1) + uint64(got[i])
			}
			l.codes = append(l.codes, code)
			l.blacks = append(l.blacks, key)
			l.counts = append(l.counts, counts)
			return
		}
		for c := 1; c <= p.max; c++ {
			ok := true
			for i := range p.hints {
				if int(p.at[q*p.hints+i]) == c {
					if got[i]++; got[i] > p.blacks[i] {
						ok = false
					}
				}
			}
			if ok {
				rec(q+1, code+uint32(c-1)*weight, weight*uint32(p.max), counts+countRadix[c])
			}
			for i := range p.hints {
				if int(p.at[q*p.hints+i]) == c {
					got[i]--
				}
			}
		}
	}
	rec(from, 0, 1, 0)
	return l
}

// meet calls yield with the solutions made of the first half's
// assignments from index from to index to and any second half; false if
// yield stopped it.
func (m *meeting) meet(p *problem, code mastermind.Code, from, to int, yield func(mastermind.Code) bool) bool {
	for a := from; a < to; a++ {
		at, ok := m.groups.get(m.blacksKey - m.first.blacks[a])
		if !ok {
			continue
		}
		decode(code[:m.split], m.first.codes[a], p.max)
		from := int(at >> 32)
		for b := from; b < from+int(at&(1<<32-1)); b++ {
			if _, ok := m.multisets.get(m.first.counts[a] + m.last.counts[b]); !ok {
				continue
			}
			decode(code[m.split:], m.last.codes[b], p.max)
			if !yield(code) {
				return false
			}
		}
		if a%1024 == 0 && p.stop.Load() {
			return false
		}
	}
	return true
}

// decode writes the colours of a half's number into code.
func decode(code mastermind.Code, n uint32, max int) {
	for q := range code {
		code[q] = uint8(n%uint32(max)) + 1
		n /= uint32(max)
	}
}
