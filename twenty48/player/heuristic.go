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
// seeded games, then one weight at a time on games of the fast level: a
// deeper search that reaches 16384 wants big tiles kept in order and merges
// ready more than it wants empty cells. No weight moved by a third gains
// beyond the noise, in whole games or from late positions. Measured in
// docs/notes/2048-code.md#heuristic-ourweights.
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
