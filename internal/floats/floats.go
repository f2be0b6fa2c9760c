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
	// A zero alpha goes the Go way: AddOuter would leave dst as it is,
	// where adding zeros may change a zero's sign or meet an infinity.
	if len(s) >= wideMin && wide && alpha != 0 {
		addOuterWide(dst, s, []float64{alpha})
		return
	}
	addScaled(dst, alpha, s)
}

// AddOuter adds to matrix a, by columns, the outer product of x and y:
// to column k, a[k*len(x):][:len(x)], y[k] times x, for each k of y
// whose y[k] is not zero (a column with y[k] zero is left as it is, as
// adding zeros would leave it but for the sign of a zero), each product
// rounded before the sum. a must hold at least len(x)*len(y) elements.
// It is AddScaled on each column in one call: a pivot of the simplex
// method updates every column of the basis's inverse so.
func AddOuter(a []float64, x, y []float64) {
	n := len(x)
	a = a[:n*len(y)]
	if n >= wideMin && wide {
		addOuterWide(a, x, y)
		return
	}
	addOuter(a, x, y)
}

// addOuter is AddOuter in Go.
func addOuter(a []float64, x, y []float64) {
	n := len(x)
	for k, f := range y {
		if f != 0 {
			addScaled(a[k*n:][:n], f, x)
		}
	}
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
