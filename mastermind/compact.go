package mastermind

import (
	"errors"
	"math"
	"math/bits"
)

// wordColours is the most colours the solver searches over: it keeps sets
// of colours in 64-bit words. An instance over more colours is solved as
// a compact one (compact), over the colours of its guesses and one colour
// more standing for all the others.
const wordColours = 64

// tooManyColours says why an instance over more than wordColours colours
// whose guesses have wordColours or more of them between them is refused.
// (Constants, not made with fmt, as they would be at every start of the
// binary; TestTooManyGuessColours holds them to wordColours.)
const tooManyColours = "the guesses have more than 63 colours between them: over more than 64 colours the solver takes at most 63"

// guessColours is the set of colours met in guesses, for an instance
// over more than wordColours colours (compact).
type guessColours struct {
	set [(MaxColours + 64) / 64]uint64
	n   int
}

// addColour adds colour c; false once the set holds more colours than a
// compact instance can have: wordColours-1, as one more stands for the
// rest.
func (s *guessColours) addColour(c uint8) bool {
	w, bit := c/64, uint64(1)<<(c%64)
	if s.set[w]&bit == 0 {
		s.set[w] |= bit
		s.n++
	}
	return s.n < wordColours
}

// add adds the colours of guess g, as addColour.
func (s *guessColours) add(g Code) bool {
	for _, c := range g {
		if !s.addColour(c) {
			return false
		}
	}
	return true
}

// palette maps the colours of a compact instance back onto the instance's:
// which colour of the others a code has changes no answer, since no guess
// has any of them, so a compact code whose pegs of the last colour take
// each of them in turn gives every code of the instance, each once.
type palette struct {
	colour []uint8 // colour[d], d from 1, the instance's colour that d stands for; the last stands for others
	others []uint8 // the colours no guess has, in order
}

// compact returns in's compact instance (its guesses' colours numbered
// from 1 in order, and one more colour, in no guess, standing for the
// others) and the palette back. in has more than wordColours colours, at
// most wordColours-1 of them in its guesses (Validate).
func compact(in *Instance) (*Instance, *palette) {
	var seen guessColours
	for _, h := range in.Hints {
		seen.add(h.Guess)
	}
	var dense [MaxColours + 1]uint8
	pal := &palette{colour: []uint8{0}}
	for c := 1; c <= in.Max; c++ {
		if seen.set[c/64]>>(c%64)&1 == 1 {
			dense[c] = uint8(len(pal.colour))
			pal.colour = append(pal.colour, uint8(c))
		} else {
			pal.others = append(pal.others, uint8(c))
		}
	}
	pal.colour = append(pal.colour, pal.others[0])
	out := &Instance{Max: len(pal.colour) - 1, Hints: make([]Hint, len(in.Hints))}
	for i, h := range in.Hints {
		g := make(Code, len(h.Guess))
		for q, c := range h.Guess {
			g[q] = dense[c]
		}
		out.Hints[i] = Hint{Guess: g, Answer: h.Answer}
	}
	return out, pal
}

// expansion is a worker's memory for expanding compact codes.
type expansion struct {
	code   Code  // the instance's code
	others []int // the positions of the compact code's last colour
	at     []int // at[k]: which of the palette's others position others[k] has
}

// expand calls yield with every code of the instance that compact code c
// stands for; false if yield stopped it. e's memory is reused: no code
// allocates.
func (pal *palette) expand(e *expansion, c Code, yield func(Code) bool) bool {
	if len(e.code) != len(c) {
		e.code = make(Code, len(c))
	}
	last := uint8(len(pal.colour) - 1)
	e.others, e.at = e.others[:0], e.at[:0]
	for q, d := range c {
		e.code[q] = pal.colour[d]
		if d == last {
			e.others, e.at = append(e.others, q), append(e.at, 0)
		}
	}
	for {
		if !yield(e.code) {
			return false
		}
		// The next colours of the others' positions, as an odometer.
		k := len(e.others) - 1
		for ; k >= 0; k-- {
			q := e.others[k]
			if e.at[k]++; e.at[k] < len(pal.others) {
				e.code[q] = pal.others[e.at[k]]
				break
			}
			e.at[k] = 0
			e.code[q] = pal.others[0]
		}
		if k < 0 {
			return true
		}
	}
}

// errTooMany is Count's error past the largest int.
var errTooMany = errors.New("more than 9223372036854775807 codes (the largest int): too many to count")

// ways returns how many codes of the instance compact code c stands for:
// the palette's others to the power of c's pegs of the last colour; 1
// without a palette, and -1 past the largest int.
func (pal *palette) ways(c Code) int {
	if pal == nil {
		return 1
	}
	last := uint8(len(pal.colour) - 1)
	n, others := uint64(1), uint64(len(pal.others))
	for _, d := range c {
		if d == last {
			hi, lo := bits.Mul64(n, others)
			if hi != 0 || lo > math.MaxInt {
				return -1
			}
			n = lo
		}
	}
	return int(n)
}
