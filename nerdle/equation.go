package nerdle

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// MinLength and MaxLength bound the lengths of equations the engine handles.
const (
	MinLength = 5
	MaxLength = 11
)

// Equation is a string of symbols packed into a uint64: the length in the top
// four bits, then symbol i (counting from 0 at the left) in the four bits at
// 4*(Len-1-i). Equations of one length therefore sort as integers exactly as
// their text sorts byte by byte. The zero Equation is the empty string.
//
// An Equation need not be valid: it is any row a player may type. Use
// [Check] to validate one.
type Equation uint64

const lenShift = 60

// withLength packs raw symbol bits (as built by shifting symbols in from the
// right) and a length into an Equation.
func withLength(bits uint64, n int) Equation {
	return Equation(bits | uint64(n)<<lenShift)
}

// ParseEquation packs the text s. It fails only on characters that are not
// symbols or on text longer than MaxLength; the result may still be an
// invalid equation.
func ParseEquation(s string) (Equation, error) {
	if len(s) > MaxLength {
		return 0, fmt.Errorf("%q has %d symbols, more than %d", s, len(s), MaxLength)
	}
	if err := checkSymbols(s); err != nil {
		return 0, err
	}
	var e uint64
	for i := 0; i < len(s); i++ {
		e = e<<4 | uint64(symbolOf[s[i]])
	}
	return withLength(e, len(s)), nil
}

// MustParseEquation is ParseEquation for literals known to be well formed;
// it panics on error.
func MustParseEquation(s string) Equation {
	e, err := ParseEquation(s)
	if err != nil {
		panic(err)
	}
	return e
}

// Len returns the number of symbols in e.
func (e Equation) Len() int { return int(e >> lenShift) }

// At returns the symbol at position i (0 is the leftmost).
func (e Equation) At(i int) Symbol {
	return Symbol(e >> (4 * uint(e.Len()-1-i)) & 0xf)
}

// quadText maps four packed symbols (16 bits of an Equation) to their
// text, as a big-endian uint32: one look-up and one store per four
// symbols. The table is 256 KiB and stays in the second-level cache; it is
// built on first use, not at the start of every command of the binary.
var quadText = sync.OnceValue(func() []uint32 {
	t := make([]uint32, 1<<16)
	for i := range t {
		var v uint32
		for k := 3; k >= 0; k-- {
			c := byte('?')
			if s := i >> (4 * k) & 15; s < NumSymbols {
				c = Symbol(s).Byte()
			}
			v = v<<8 | uint32(c)
		}
		t[i] = v
	}
	return t
})

// AppendLines appends the text of each equation of eqs and a newline: the
// fast path of printing many equations, four symbols per table look-up.
// The equations must be valid Equation values (of at most MaxLength
// symbols).
func AppendLines(dst []byte, eqs []Equation) []byte {
	quads := quadText()
	for _, e := range eqs {
		n := e.Len()
		start := len(dst)
		if cap(dst)-start < n+1 {
			dst = slices.Grow(dst, (n+1)*(len(eqs)+1))
		}
		dst = dst[:start+n+1]
		line := dst[start:]
		i := n // the symbols [i-4, i) go to line[i-4:i]
		for ; i >= 4; i -= 4 {
			binary.BigEndian.PutUint32(line[i-4:], quads[e>>(4*uint(n-i))&0xffff])
		}
		for ; i > 0; i-- { // the first n%4 symbols
			line[i-1] = Symbol(e >> (4 * uint(n-i)) & 15).Byte()
		}
		line[n] = '\n'
	}
	return dst
}

// Symbols returns the symbols of e from left to right.
func (e Equation) Symbols() []Symbol {
	out := make([]Symbol, e.Len())
	for i := range out {
		out[i] = e.At(i)
	}
	return out
}

// String returns the text of e.
func (e Equation) String() string {
	var b strings.Builder
	n := e.Len()
	b.Grow(n)
	for i := 0; i < n; i++ {
		b.WriteByte(e.At(i).Byte())
	}
	return b.String()
}

// AppendText appends the text of e to buf; it lets callers print millions
// of equations without allocating a string for each.
func (e Equation) AppendText(buf []byte) ([]byte, error) {
	n := e.Len()
	for i := 0; i < n; i++ {
		buf = append(buf, e.At(i).Byte())
	}
	return buf, nil
}
