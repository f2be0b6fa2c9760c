// Package floats holds the vector operations of the simplex method's hot
// loops, in assembly where the processor has wide registers.
//
// Each gives the same bits as the obvious loop of Go (no fused
// multiply-add), so a solver's path through its pivots, and the nodes of a
// search that follows it, do not depend on the processor it runs on.
package floats

// AddScaled adds alpha times s to dst, element by element: dst[i] +=
// alpha*s[i] for each i of s, each product rounded before the sum. dst
// must be at least as long as s.
func AddScaled(dst []float64, alpha float64, s []float64) {
	dst = dst[:len(s)]
	if len(s) >= wideMin && wide {
		addScaledWide(dst, alpha, s)
		return
	}
	addScaled(dst, alpha, s)
}

// addScaled is AddScaled in Go, for short vectors and processors without
// wide registers.
func addScaled(dst []float64, alpha float64, s []float64) {
	dst = dst[:len(s)]
	for i, v := range s {
		// The conversion rounds the product, which Go may otherwise fuse
		// with the sum (on processors with fused multiply-add).
		dst[i] += float64(alpha * v)
	}
}
