package search

import (
	"math/rand/v2"
	"sync/atomic"

	"gamelab/internal/hugepage"
	"gamelab/oware"
)

// zobrist holds a random key for every count of seeds in every house and
// store, and one for North to move; a position's key is the XOR of its
// keys.
var zobrist = func() (z struct {
	seeds [oware.HouseCount + 2][oware.TotalSeeds + 1]uint64
	north uint64
}) {
	rng := rand.New(rand.NewPCG(0x0a3e, 0x5eed))
	for i := range z.seeds {
		for n := range z.seeds[i] {
			z.seeds[i][n] = rng.Uint64()
		}
	}
	z.north = rng.Uint64()
	return z
}()

// Key returns the Zobrist key of p.
func Key(p oware.Position) uint64 {
	var k uint64
	for h := range oware.HouseCount {
		k ^= zobrist.seeds[h][p.House(h)]
	}
	k ^= zobrist.seeds[oware.HouseCount][p.Store(oware.South)]
	k ^= zobrist.seeds[oware.HouseCount+1][p.Store(oware.North)]
	if p.ToMove() == oware.North {
		k ^= zobrist.north
	}
	return k
}

// Bounds of a stored score.
const (
	boundExact = 1 + iota
	boundLower // the score is at least this (a cut)
	boundUpper // the score is at most this (no move raised alpha)
)

// table is the transposition table shared by the search threads: one
// entry per slot, two words written with atomic stores, the key XORed
// with the data so that a torn write reads back as a miss (the lockless
// scheme of chess engines).
type table struct {
	slots []slot
	mask  uint64
}

type slot struct {
	check atomic.Uint64 // key ^ data
	data  atomic.Uint64
}

// entry is a slot's data unpacked.
type entry struct {
	score Score
	move  oware.Move
	depth int
	bound int
	age   uint8
}

func (e entry) pack() uint64 {
	return uint64(uint16(int16(e.score))) | uint64(e.move)<<16 | uint64(uint8(e.depth))<<24 | uint64(e.bound)<<32 | uint64(e.age)<<40
}

func unpack(d uint64) entry {
	return entry{score: Score(int16(uint16(d))), move: oware.Move(d >> 16), depth: int(uint8(d >> 24)), bound: int(uint8(d >> 32)), age: uint8(d >> 40)}
}

// newTable returns a table of at most mib mebibytes (a power of two of
// slots), in huge pages where Linux gives them: probes land anywhere in
// the table, which in 4 KiB pages also waited on walks of the page
// tables (BenchmarkEngine, 64 MiB: 7.4 million nodes a second against
// 8.4, median of four, alternately).
func newTable(mib int) *table {
	n := uint64(1)
	for n*2*16 <= uint64(mib)<<20 {
		n *= 2
	}
	return &table{slots: hugepage.Slice[slot](int(n)), mask: n - 1}
}

func (t *table) probe(key uint64) (entry, bool) {
	s := &t.slots[key&t.mask]
	d := s.data.Load()
	if s.check.Load()^d != key {
		return entry{}, false
	}
	return unpack(d), true
}

// store keeps e for key unless the slot holds a deeper result of this
// search for the same position.
func (t *table) store(key uint64, e entry) {
	s := &t.slots[key&t.mask]
	old := s.data.Load()
	if s.check.Load()^old == key {
		o := unpack(old)
		if o.age == e.age && o.depth > e.depth && e.bound != boundExact {
			return
		}
		if e.move == oware.NoMove {
			e.move = o.move
		}
	}
	d := e.pack()
	s.data.Store(d)
	s.check.Store(key ^ d)
}

func (t *table) clear() {
	for i := range t.slots {
		t.slots[i].data.Store(0)
		t.slots[i].check.Store(0)
	}
}

// toTable and fromTable keep won and lost scores as distances from the
// node rather than from the root, so that a stored score holds wherever
// the position comes up again.
func toTable(s Score, ply int) Score {
	switch {
	case s > WinScore-MaxDepth*4:
		return s + Score(ply)
	case s < -WinScore+MaxDepth*4:
		return s - Score(ply)
	}
	return s
}

func fromTable(s Score, ply int) Score {
	switch {
	case s > WinScore-MaxDepth*4:
		return s - Score(ply)
	case s < -WinScore+MaxDepth*4:
		return s + Score(ply)
	}
	return s
}
