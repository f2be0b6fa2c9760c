package nerdle

import (
	"fmt"
	"strings"
)

// Colour is the colour of one guessed symbol.
type Colour uint8

// The colours, in the order of their base-3 digits in a Feedback.
const (
	Black   Colour = iota // the secret has no (more) of this symbol
	Magenta               // the secret has this symbol elsewhere
	Green                 // the secret has this symbol here
)

// Letter returns the one-letter name of c used by the protocol: B, M or G.
func (c Colour) Letter() byte { return "BMG"[c] }

// String returns the name of c.
func (c Colour) String() string {
	switch c {
	case Black:
		return "black"
	case Magenta:
		return "magenta"
	case Green:
		return "green"
	}
	return fmt.Sprintf("Colour(%d)", uint8(c))
}

// Feedback is the colouring of a whole row as a base-3 number: the colour of
// position i is digit i (position 0 is the least significant digit). Rows
// of up to MaxLength symbols fit in 3^11 = 177,147 codes, small enough to
// index arrays when counting how guesses split the candidates.
type Feedback uint32

// pow3 holds 3^i.
var pow3 = func() (p [MaxLength + 1]Feedback) {
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = 3 * p[i-1]
	}
	return p
}()

// NumFeedbacks returns the number of distinct Feedback codes for rows of n
// symbols, 3^n.
func NumFeedbacks(n int) int { return int(pow3[n]) }

// AllGreen returns the Feedback of a solved row of n symbols.
func AllGreen(n int) Feedback { return pow3[n] - 1 }

// At returns the colour of position i.
func (f Feedback) At(i int) Colour { return Colour(f / pow3[i] % 3) }

// MakeFeedback builds a Feedback from one colour per position.
func MakeFeedback(colours ...Colour) Feedback {
	var f Feedback
	for i := len(colours) - 1; i >= 0; i-- {
		f = 3*f + Feedback(colours[i])
	}
	return f
}

// Format returns the row's colours as n letters G, M and B.
func (f Feedback) Format(n int) string {
	var b strings.Builder
	b.Grow(n)
	for i := 0; i < n; i++ {
		b.WriteByte(f.At(i).Letter())
	}
	return b.String()
}

// ParseFeedback reads n letters G, M and B (case-insensitive).
func ParseFeedback(s string, n int) (Feedback, error) {
	if len(s) != n {
		return 0, fmt.Errorf("feedback %q has %d letters, want %d of G, M and B", s, len(s), n)
	}
	colours := make([]Colour, n)
	for i := 0; i < n; i++ {
		switch s[i] {
		case 'G', 'g':
			colours[i] = Green
		case 'M', 'm':
			colours[i] = Magenta
		case 'B', 'b':
			colours[i] = Black
		default:
			return 0, fmt.Errorf("feedback %q: %q is not G, M or B", s, s[i])
		}
	}
	return MakeFeedback(colours...), nil
}

// Score returns the colouring of guess against secret, which must have the
// same length. Exact matches are green; of the remaining guessed copies of a
// symbol, as many as the secret has left unmatched are magenta, taken left to
// right, and the rest black.
//
// Score allocates nothing and touches only registers: it is the innermost
// loop of every solver. It starts from an all-green row and, for each
// position whose symbols differ, lowers the digit to magenta or black.
func Score(secret, guess Equation) Feedback {
	const nibbleLows = 0x0111_1111_1111_1111 // bit 0 of each symbol nibble
	s, g := uint64(secret), uint64(guess)
	d := s ^ g
	// Bit 4j is 1 where nibble j (counted from the right) differs.
	differ := (d | d>>1 | d>>2 | d>>3) & nibbleLows
	n := uint(secret.Len())
	// Four-bit counters, one per symbol, of the secret's unmatched symbols.
	// The loops run a fixed n times and decide with arithmetic, not
	// branches: the outcomes are unpredictable, the trip counts are not.
	var unmatched uint64
	for j := uint(0); j < 4*n; j += 4 {
		unmatched += (differ >> j & 1) << (4 * (s >> j & 0xf))
	}
	f := AllGreen(int(n))
	p := Feedback(1) // 3^position, from the leftmost position
	for j := 4*n - 4; j < 4*n; j -= 4 {
		dj := differ >> j & 1
		counter := 4 * (g >> j & 0xf)
		// m is 1 if the secret has an unmatched copy left (counts are at
		// most 11, so adding 15 carries into bit 4 exactly when nonzero).
		m := (unmatched>>counter&0xf + 15) >> 4 & dj
		unmatched -= m << counter
		f -= p * Feedback(2*dj-m) // green to magenta (1) or black (2)
		p *= 3
	}
	return f
}
