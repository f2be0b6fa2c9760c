//go:build race

package ntuple

// raceEnabled is true under the race detector, which makes the full-size
// network's passes a hundred times slower.
const raceEnabled = true
