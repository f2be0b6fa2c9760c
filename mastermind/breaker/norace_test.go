//go:build !race

package breaker

const raceEnabled = false
