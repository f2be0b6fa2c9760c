//go:build !amd64 || purego

package floats

// Without AVX assembly, AddScaled and AddOuter are the Go loops at every
// length.
const (
	wide    = false
	wideMin = 0
)

func addOuterWide(a []float64, x, y []float64) { addOuter(a, x, y) }
