// Package egdb is Oware's endgame database: for every position with up to
// N seeds on the board, how many of them the side to move captures under
// best play by both sides, built by retrograde analysis and kept in a file
// with a checksum.
//
// A position is indexed by the twelve houses alone, the side to move's row
// first (stores do not change what is left to win), by its rank among the
// C(n+11, 11) ways of putting n seeds in twelve houses. Levels are built
// from 1 seed up: a capture leads to a smaller level, already known; moves
// without a capture stay in the level and are solved by iterating the
// level's values until none changes. The iteration starts from the value a
// cycle gives under Abapa (each side takes its own row) and runs at most
// MaxSweeps times. Every value forced without a repetition (a capture
// sequence, the feeding rule, a side that runs out of moves) is exact. A
// position whose best play goes round without captures gets what the rules
// give where the cycle is cut, an estimate of the repetition rule.
package egdb

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"

	"gamelab/oware"
)

// MaxSeeds is the largest database this package builds: 24 seeds are 3.4
// GiB.
const MaxSeeds = 24

// MaxSweeps bounds the iterations of a level.
const MaxSweeps = 200

// compositions[p][n] is the number of ways to put n seeds in p houses:
// C(n+p−1, p−1).
var compositions = func() (c [oware.HouseCount + 1][MaxSeeds + 1]uint64) {
	for n := range MaxSeeds + 1 {
		c[1][n] = 1
	}
	for p := 2; p <= oware.HouseCount; p++ {
		for n := range MaxSeeds + 1 {
			for k := 0; k <= n; k++ {
				c[p][n] += c[p-1][n-k]
			}
		}
	}
	return c
}()

// below[i][r][v] is the number of positions of r seeds over houses i..11
// whose house i holds fewer than v: the rank's term for house i. Made on
// the heap: returned by value, its 57 KB would be built on the stack,
// grown step by step at every start of the binary (0.5 ms).
var below = func() *[oware.HouseCount - 1][MaxSeeds + 1][MaxSeeds + 2]uint64 {
	b := new([oware.HouseCount - 1][MaxSeeds + 1][MaxSeeds + 2]uint64)
	for i := range oware.HouseCount - 1 {
		rest := oware.HouseCount - 1 - i
		for r := range MaxSeeds + 1 {
			for v := 1; v <= r+1; v++ {
				b[i][r][v] = b[i][r][v-1] + compositions[rest][r-(v-1)]
			}
		}
	}
	return b
}()

// Size returns the number of positions with exactly n seeds on the board.
func Size(n int) uint64 { return compositions[oware.HouseCount][n] }

// houses is a position of a level: the side to move's row first.
type houses [oware.HouseCount]uint8

// rank returns h's index in its level (h holds n seeds).
func rank(h *houses, n int) uint64 {
	var r uint64
	left := n
	for i := range oware.HouseCount - 1 {
		r += below[i][left][h[i]]
		left -= int(h[i])
	}
	return r
}

// unrank returns the position of index r in level n.
func unrank(r uint64, n int) houses {
	var h houses
	left := n
	for i := range oware.HouseCount - 1 {
		v := 0
		for v < left && below[i][left][v+1] <= r {
			v++
		}
		r -= below[i][left][v]
		h[i] = uint8(v)
		left -= v
	}
	h[oware.HouseCount-1] = uint8(left)
	return h
}

// next steps h to the next position of its level in rank order, and
// reports false after the last.
func next(h *houses) bool {
	// The last house holds what the others leave: find the rightmost
	// house before it that can take one more from the houses after it.
	tail := int(h[oware.HouseCount-1])
	for i := oware.HouseCount - 2; i >= 0; i-- {
		if tail > 0 {
			h[i]++
			tail--
			for j := i + 1; j < oware.HouseCount-1; j++ {
				h[j] = 0
			}
			h[oware.HouseCount-1] = uint8(tail)
			return true
		}
		tail += int(h[i])
	}
	return false
}

// position returns h as a position with South to move (the stores, which
// nothing here reads, empty).
func (h *houses) position() oware.Position {
	return oware.Setup(*h, [2]uint8{}, oware.South)
}

// fromPosition returns p's houses with the side to move's row first.
func fromPosition(p oware.Position) houses {
	b := p.HouseBytes()
	if p.ToMove() == oware.South {
		return b
	}
	var h houses
	copy(h[:oware.RowLength], b[oware.RowLength:])
	copy(h[oware.RowLength:], b[:oware.RowLength])
	return h
}

// DB is an endgame database: bounds on the value of every position with
// up to Seeds seeds on the board, under the Abapa rules, equal where the
// value does not depend on how a cycle is scored.
type DB struct {
	seeds  int
	levels [][]uint16 // levels[n][rank]: the least and most (low and high byte) the side to move captures of n
}

// Seeds returns the most seeds on the board the database covers.
func (db *DB) Seeds() int { return db.seeds }

// Bounds returns the least and the most of the seeds on the board the side
// to move captures from p under best play, whatever a repetition gives, and
// false beyond the database. Where they differ, best play goes round
// without captures and the rule that ends the cycle decides.
func (db *DB) Bounds(p oware.Position) (lo, hi int, ok bool) {
	n := p.OnBoard()
	if n > db.seeds {
		return 0, 0, false
	}
	h := fromPosition(p)
	v := db.levels[n][rank(&h, n)]
	return int(v & 0xff), int(v >> 8), true
}

// Progress is told of each level as it is built: its positions, the
// sweeps it took and how many of its values are exact.
type Progress func(seeds int, positions uint64, sweeps int, exact uint64)

// Build computes the database up to seeds seeds on the board on threads
// goroutines (0: every core). It stops between sweeps once ctx is done,
// returning its cause: a build of 14 seeds takes minutes.
func Build(ctx context.Context, seeds, threads int, progress Progress) (*DB, error) {
	if seeds < 0 || seeds > MaxSeeds {
		return nil, fmt.Errorf("an endgame database covers 0 to %d seeds, not %d", MaxSeeds, seeds)
	}
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	db := &DB{seeds: seeds, levels: make([][]uint16, seeds+1)}
	db.levels[0] = []uint16{0}
	for n := 1; n <= seeds; n++ {
		sweeps, err := db.buildLevel(ctx, n, threads)
		if err != nil {
			return nil, err
		}
		if progress != nil {
			exact := uint64(0)
			for _, v := range db.levels[n] {
				if v&0xff == v>>8 {
					exact++
				}
			}
			progress(n, Size(n), sweeps, exact)
		}
	}
	return db, nil
}

// buildLevel solves level n and returns the sweeps it took: the bounds
// start at 0 and n and close in, each sweep computing every position's
// from its children's, until none moves. It returns ctx's cause if ctx
// is done before.
func (db *DB) buildLevel(ctx context.Context, n, threads int) (int, error) {
	size := Size(n)
	cur := make([]uint32, size)
	for i := range cur {
		cur[i] = uint32(n) << 8
	}
	sweeps := 1
	for ; sweeps <= MaxSweeps; sweeps++ {
		if ctx.Err() != nil {
			return 0, context.Cause(ctx)
		}
		if db.sweep(n, threads, cur) == 0 {
			break
		}
	}
	level := make([]uint16, size)
	for i, v := range cur {
		level[i] = uint16(v)
	}
	db.levels[n] = level
	return sweeps, nil
}

// sweep computes every position's bounds in level n from the bounds of
// its children, in place, and returns how many changed. Bounds only
// close in, so a thread reading a bound another has just tightened reads
// a bound still: the sweeps may share the level (atomically).
func (db *DB) sweep(n, threads int, level []uint32) uint64 {
	size := uint64(len(level))
	chunk := (size + uint64(threads) - 1) / uint64(threads)
	var changed atomic.Uint64
	var wg sync.WaitGroup
	for start := uint64(0); start < size; start += chunk {
		end := min(start+chunk, size)
		wg.Go(func() {
			h := unrank(start, n)
			var diff uint64
			for r := start; r < end; r++ {
				if v := atomic.LoadUint32(&level[r]); v&0xff != v>>8 { // an exact value stays
					if w := db.bounds(&h, n, level); w != v {
						atomic.StoreUint32(&level[r], w)
						diff++
					}
				}
				next(&h)
			}
			changed.Add(diff)
		})
	}
	wg.Wait()
	return changed.Load()
}

// bounds returns the least and most the side to move gets in h (n seeds)
// by its best move, from its children's bounds (level: this level's).
func (db *DB) bounds(h *houses, n int, level []uint32) uint32 {
	p := h.position()
	legal := p.Legal(oware.Abapa)
	if legal == 0 { // no move: each side takes its own row
		own := 0
		for i := range oware.RowLength {
			own += int(h[i])
		}
		return uint32(own) | uint32(own)<<8
	}
	lo, hi := 0, 0
	for ; legal != 0; legal = legal.Rest() {
		child := p
		captured := child.Apply(legal.First(), oware.Abapa)
		left := n - captured
		ch := fromPosition(child)
		var v uint32
		if captured > 0 {
			v = uint32(db.levels[left][rank(&ch, left)])
		} else {
			v = atomic.LoadUint32(&level[rank(&ch, left)])
		}
		lo = max(lo, captured+left-int(v>>8))
		hi = max(hi, captured+left-int(v&0xff))
		if lo == n {
			break
		}
	}
	return uint32(lo) | uint32(hi)<<8
}

// Lazy is a database that may arrive later (built in the background):
// until Set, it knows no position.
type Lazy struct {
	db atomic.Pointer[DB]
}

// Set makes db the database.
func (l *Lazy) Set(db *DB) { l.db.Store(db) }

// DB returns the database, or nil before Set.
func (l *Lazy) DB() *DB { return l.db.Load() }

// Bounds is DB.Bounds, false for every position before Set.
func (l *Lazy) Bounds(p oware.Position) (lo, hi int, ok bool) {
	if db := l.db.Load(); db != nil {
		return db.Bounds(p)
	}
	return 0, 0, false
}
