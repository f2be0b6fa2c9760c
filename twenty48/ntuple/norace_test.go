//go:build !race

package ntuple

const raceEnabled = false
