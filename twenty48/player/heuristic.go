package player

import (
	"math"
	"sync"

	"gamelab/twenty48"
)

// The heuristic rates a board by its rows and columns, each looked up in a
// table of 65,536 entries. A good 2048 position keeps its tiles in order
// along each line (large tiles gathered at one end), has empty cells and
// neighbours ready to merge (the bigger, the more they are worth), and
// pays for every tile it carries: big unmerged tiles are what end games.
type weights struct {
	base, empty, merge, order, orderPower, tileCost, tileCostPower float64
	// mergeGrowth is what a merge ready is worth more for each rank of
	// its tiles, as a share of merge.
	mergeGrowth float64
}

// ourWeights were tuned here: first by hill climbing on the mean score of
// 150 seeded games at depth 2 (from 28,700 to 54,400), then one weight at
// a time on 150 games of the fast level (Σ max tile / 2048 from 716 to
// 950): a deeper search that reaches 16384 wants big tiles kept in order
// and merges ready more than it wants empty cells. Since the transposition
// table's fixes, a merge ready is worth more the bigger its tiles
// (mergeGrowth 0.1: 1.1 merges for two 2s, 2.4 for two 16384s): Σ max
// tile / 2048 over three times 100 fast-level games (seeds 1000, 2000,
// 3000) 647, 627 and 611 against 600, 589 and 536 (0.2: 577 on the first),
// where no weight of the others, moved by a third, gained beyond the
// noise (merge 1000: 636, then 572 on the second; empty 80 or 200: 602,
// 570). Nor does the late game ask for other weights: from 218 boards
// where fast-level games first made an 8192 (bench --stop-at 8192
// --save), played on at the fast level to 16384 (--from), these weights
// made it in 53.7%, 60.6% and 53.7% of the games (seeds 7, 8, 9); no
// merge growth 62.8%, 57.8% and 56.0%, within the noise; on seed 7, tile
// cost 15 or 8, order 90 or 40, empty 200 or 80, merge growth 0.2 or
// -0.03, and with no merge growth, order 90 or 120, order power 3.2,
// merge 500 or 1000: 46% to 58%. The base, which sets what losing costs
// against every live board: 50,000 made 59.2%, 57.8% and 61.9%, within
// the noise again; 200,000 50.0% (seed 7); 25,000 none, as it rates the
// late boards below a lost one. Nor the game after 16384 (2026-12-04):
// from 295 boards where fast-level games first made 16384 (600 games of
// seed 910), played on at the fast level, these weights made 32768 in 10
// and 8 games (seeds 1 and 2; 116,766 and 116,935 points on average from
// there); on seed 1 tile cost 15 or 8 in 11 and 5 (118,826 and 115,873
// points), order 90 or 40 in 4 and 6, empty 200 in 5, merge 1000 in 3,
// merge growth 0.2 in 6 (112,387 to 117,167 points): within the noise or
// below it.
var ourWeights = weights{
	base:          100_000, // keeps every rating of a live board positive
	empty:         130,
	merge:         700,
	order:         60,
	orderPower:    2.8,
	tileCost:      11.5,
	tileCostPower: 3.1,
	mergeGrowth:   0.1,
}

// lineRating returns the rating of every line, as a row read left to right
// (column 0 in the low nibble), worked out on first use: the commands of
// the binary that play no 2048 do not pay for it.
var lineRating = sync.OnceValue(func() *[1 << 16]float32 { return makeLineRating(ourWeights) })

func makeLineRating(w weights) *[1 << 16]float32 {
	// The powers of the 16 ranks, worked out once: a power a cell would
	// cost a million calls to math.Pow (30 ms).
	var costOf, orderOf [16]float64
	for r := range 16 {
		costOf[r] = math.Pow(float64(r), w.tileCostPower)
		orderOf[r] = math.Pow(float64(r), w.orderPower)
	}
	var t [1 << 16]float32
	for v := range 1 << 16 {
		var rank [4]int
		empty, merges, prev, cost := 0.0, 0.0, -1, 0.0
		for i := range 4 {
			r := v >> (4 * i) & 15
			rank[i] = r
			cost += costOf[r]
			if r == 0 {
				empty++
				continue
			}
			if r == prev {
				// Neighbours (empty cells between them aside) that can merge.
				merges += 1 + w.mergeGrowth*float64(r)
			}
			prev = r
		}
		// Disorder either way: a line may rise or fall, not both.
		rising, falling := 0.0, 0.0
		for i := 1; i < 4; i++ {
			a, b := orderOf[rank[i-1]], orderOf[rank[i]]
			if a > b {
				rising += a - b
			} else {
				falling += b - a
			}
		}
		t[v] = float32(w.base + w.empty*empty + w.merge*merges -
			w.order*math.Min(rising, falling) - w.tileCost*cost)
	}
	return &t
}

// rateRows returns the rating of b's rows by lines (lineRating); of its
// columns, given b transposed.
func rateRows(lines *[1 << 16]float32, b twenty48.Board) float32 {
	return lines[uint16(b)] + lines[uint16(b>>16)] + lines[uint16(b>>32)] + lines[uint16(b>>48)]
}
