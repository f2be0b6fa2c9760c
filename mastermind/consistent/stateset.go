package consistent

import "math/bits"

// stateMap maps state hashes to words, open-addressed: the arrangement
// search looks states up millions of times a second, where a Go map's
// hashing and bookkeeping cost more than the search around them. A slot
// holds its key and value side by side, so a lookup misses the cache once;
// clearing empties only the slots used.
type stateMap struct {
	slots []slot
	used  []uint32 // indexes of the slots filled, to clear
	limit int      // the most keys it takes; 0 means maxStates
}

type slot struct{ key, value uint64 }

// maxStates bounds a stateMap by default: it stops growing there and
// takes no more.
const maxStates = 1 << 20

// fold makes a word a key: 0 marks a free slot. (The word 2^64-1, which
// would fold to 0, is never stored: a state hash that happens to be it
// is simply not remembered.)
func fold(h uint64) uint64 { return h + 1 }

// home returns the slot of a table of size slots (a power of two) a
// key's probe starts at: its top bits after a multiplication, as the words
// stored may be counts whose low bits repeat.
func home(k uint64, slots int) uint64 {
	return k * 0x9e3779b97f4a7c15 >> (64 - bits.Len(uint(slots-1)))
}

// clearUsed empties the slots listed in used: all of them at once when
// they are many.
func clearUsed[S any](slots []S, used []uint32) {
	if 4*len(used) > len(slots) {
		clear(slots)
		return
	}
	var free S
	for _, i := range used {
		slots[i] = free
	}
}

// clear empties the map.
func (m *stateMap) clear() {
	clearUsed(m.slots, m.used)
	m.used = m.used[:0]
}

// get returns the value of h, and whether h is in the map.
func (m *stateMap) get(h uint64) (uint64, bool) {
	if len(m.slots) == 0 {
		return 0, false
	}
	k, mask := fold(h), uint64(len(m.slots)-1)
	for i := home(k, len(m.slots)); m.slots[i].key != 0; i = (i + 1) & mask {
		if m.slots[i].key == k {
			return m.slots[i].value, true
		}
	}
	return 0, false
}

// put sets the value of h, unless the map is full.
func (m *stateMap) put(h, value uint64) {
	if 2*(len(m.used)+1) > len(m.slots) {
		limit := m.limit
		if limit == 0 {
			limit = maxStates
		}
		if len(m.slots) >= 2*limit {
			return
		}
		m.grow()
	}
	k, mask := fold(h), uint64(len(m.slots)-1)
	if k == 0 {
		return
	}
	i := home(k, len(m.slots))
	for ; m.slots[i].key != 0; i = (i + 1) & mask {
		if m.slots[i].key == k {
			m.slots[i].value = value
			return
		}
	}
	m.slots[i] = slot{k, value}
	m.used = append(m.used, uint32(i))
}

// grow doubles the table, keeping what it holds.
func (m *stateMap) grow() {
	old := m.slots
	m.slots, m.used = make([]slot, max(1024, 2*len(old))), m.used[:0]
	for _, s := range old {
		if s.key != 0 {
			m.put(s.key-1, s.value)
		}
	}
}

// stateSet is a set of state hashes, open-addressed as stateMap is, with
// keys only: the dead states of an arrangement search, which have no
// value, in half the memory (fresh pages cost more than the probes).
type stateSet struct {
	slots []uint64
	used  []uint32 // indexes of the slots filled, to clear
}

// clear empties the set.
func (s *stateSet) clear() {
	clearUsed(s.slots, s.used)
	s.used = s.used[:0]
}

// has reports whether h is in the set.
func (s *stateSet) has(h uint64) bool {
	if len(s.slots) == 0 {
		return false
	}
	k, mask := fold(h), uint64(len(s.slots)-1)
	for i := home(k, len(s.slots)); s.slots[i] != 0; i = (i + 1) & mask {
		if s.slots[i] == k {
			return true
		}
	}
	return false
}

// add puts h in the set, unless it holds maxStates already.
func (s *stateSet) add(h uint64) {
	if 2*(len(s.used)+1) > len(s.slots) {
		if len(s.slots) >= 2*maxStates {
			return
		}
		old := s.slots
		s.slots, s.used = make([]uint64, max(1024, 2*len(old))), s.used[:0]
		for _, k := range old {
			if k != 0 {
				s.add(k - 1)
			}
		}
	}
	k, mask := fold(h), uint64(len(s.slots)-1)
	if k == 0 {
		return
	}
	i := home(k, len(s.slots))
	for ; s.slots[i] != 0; i = (i + 1) & mask {
		if s.slots[i] == k {
			return
		}
	}
	s.slots[i] = k
	s.used = append(s.used, uint32(i))
}

// deadCache remembers states a search found dead, lossily: a table of state
// hashes, each in the one slot its hash picks, where a state takes the
// place of the one before it. A state forgotten is searched again. A set of
// every dead state (the multisets' search of a long code over many colours
// finds 100,000 of them) grows to megabytes of fresh pages and misses the
// cache on most probes, for hits that are rare and mostly of recent states.
// The cache made that search about twice as fast on many hints, and at most
// 10% slower on two or three. It grows from minDead slots as states are
// added, up to maxDead; clear forgets everything at once by changing the
// salt mixed into each hash.
type deadCache struct {
	slots []uint64 // fold(hash ^ salt), 0 when free
	adds  int      // states added since the table last grew
	salt  uint64
}

// The sizes of a deadCache: the largest, 32 KB, fits a core's
// first-level data cache. Larger tables were slower, in the searches
// and in the page faults of their growth. Measured in
// docs/notes/mastermind-code.md#stateset-deadcache.
const (
	minDead = 1 << 10
	maxDead = 1 << 12
)

// has reports whether h is remembered.
func (d *deadCache) has(h uint64) bool {
	if len(d.slots) == 0 {
		return false
	}
	k := fold(h ^ d.salt)
	return d.slots[home(k, len(d.slots))] == k
}

// add remembers h, perhaps in place of another state.
func (d *deadCache) add(h uint64) {
	if d.adds++; 2*d.adds > len(d.slots) && len(d.slots) < maxDead {
		d.grow()
	}
	if k := fold(h ^ d.salt); k != 0 {
		d.slots[home(k, len(d.slots))] = k
	}
}

// grow doubles the table, keeping what it holds.
func (d *deadCache) grow() {
	old := d.slots
	n := max(minDead, 2*len(old))
	d.slots, d.adds = make([]uint64, n), 0
	for _, k := range old {
		if k != 0 {
			d.slots[home(k, n)] = k
		}
	}
}

// clear forgets every state.
func (d *deadCache) clear() {
	d.salt = d.salt*0x5851f42d4c957f2d + 0x14057b7ef767814f
}
