//go:build !purego

package floats

// wide reports whether the processor has AVX's 256-bit registers and the
// operating system saves them (CPUID 1: AVX and OSXSAVE; XCR0: the SSE
// and AVX states); wideMin is the shortest vector worth them.
var wide = func() bool {
	_, _, ecx, _ := cpuid(1, 0)
	const osxsave, avx = 1 << 27, 1 << 28
	if ecx&osxsave == 0 || ecx&avx == 0 {
		return false
	}
	eax, _ := xgetbv()
	return eax&6 == 6
}()

const wideMin = 8

// addOuterWide is AddOuter in AVX, four products at a time, for len(a)
// == len(x)*len(y); AddScaled is its one column.
//
//go:noescape
func addOuterWide(a []float64, x, y []float64)

// cpuid returns what the processor says of leaf and sub-leaf.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// xgetbv returns XCR0, the register states the operating system saves.
func xgetbv() (eax, edx uint32)
