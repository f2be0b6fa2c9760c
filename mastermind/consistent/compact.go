package consistent

import (
	"gamelab/mastermind"

	"errors"
	"math"
	"math/bits"
)

// wordColours is the most colours the positions' searches take: they keep
// sets of colours in 64-bit words. An instance over more colours is solved
// as a compact one (compact), as is any whose compact instance has fewer
// colours (prepare); a compact instance over more still is wide: its
// multisets are arranged blacks first (wideJobs), or, for codes longer
// than wordPegs, by the plain search over their own colours
// (widePlainJobs).
const wordColours = 64

// colourSet is a set of colours.
type colourSet [(mastermind.MaxColours + 64) / 64]uint64

func (s *colourSet) add(c uint8)      { s[c/64] |= 1 << (c % 64) }
func (s *colourSet) has(c uint8) bool { return s[c/64]>>(c%64)&1 == 1 }

// len returns the number of colours in s.
func (s *colourSet) len() int {
	n := 0
	for _, w := range s {
		n += bits.OnesCount64(w)
	}
	return n
}

// compactColours returns the colours of in's guesses and those of them
// the code cannot have (every colour of a guess answered 0/0), and the
// number of colours of in's compact instance: the colours of its guesses
// the code may have, one standing for those it cannot, if any, and one
// for the colours of no guess, if any.
func compactColours(in *mastermind.Instance) (guessed, excluded colourSet, n int) {
	for _, h := range in.Hints {
		for _, c := range h.Guess {
			guessed.add(c)
			if h.Answer == (mastermind.Answer{}) {
				excluded.add(c)
			}
		}
	}
	kept := guessed.len() - excluded.len()
	n = kept
	if kept < guessed.len() {
		n++
	}
	if guessed.len() < in.Max {
		n++
	}
	return guessed, excluded, n
}

// palette maps the colours of a compact instance back onto the instance's.
// Which of the colours in no guess a code has changes no answer, so one
// colour, other, stands for them all: a compact code whose pegs of other
// take each of them in turn gives every code of the instance it stands
// for, each once.
type palette struct {
	colour []uint8 // colour[d], d from 1, the instance's colour that d stands for (0 for none)
	other  uint8   // the compact colour standing for others, 0 if none
	others []uint8 // the colours no guess has, in order
}

// compact returns in's compact instance and the palette back. Its colours
// are the colours of in's guesses that the code may have, numbered from 1
// in order. Then, if some guess is answered 0/0, comes one for the colours
// of such guesses, which the code cannot have (with a guess of it alone
// answered 0/0, so that no compact code has it). Then, if some colour is in
// no guess, comes other, standing for those. Where they would be as many as
// in's, it returns in itself and no palette.
func compact(in *mastermind.Instance) (*mastermind.Instance, *palette) {
	guessed, excluded, n := compactColours(in)
	if n >= in.Max {
		return in, nil
	}
	var dense [mastermind.MaxColours + 1]uint8
	pal := &palette{colour: []uint8{0}}
	for c := 1; c <= in.Max; c++ {
		if guessed.has(uint8(c)) && !excluded.has(uint8(c)) {
			dense[c] = uint8(len(pal.colour))
			pal.colour = append(pal.colour, uint8(c))
		}
	}
	none := uint8(0)
	if excluded.len() > 0 {
		none = uint8(len(pal.colour))
		pal.colour = append(pal.colour, 0)
	}
	for c := 1; c <= in.Max; c++ {
		switch {
		case excluded.has(uint8(c)):
			dense[c] = none
		case !guessed.has(uint8(c)):
			pal.others = append(pal.others, uint8(c))
		}
	}
	if len(pal.others) > 0 {
		pal.other = uint8(len(pal.colour))
		pal.colour = append(pal.colour, pal.others[0])
	}
	out := &mastermind.Instance{Max: len(pal.colour) - 1, Hints: make([]mastermind.Hint, len(in.Hints))}
	for i, h := range in.Hints {
		g := make(mastermind.Code, len(h.Guess))
		for q, c := range h.Guess {
			g[q] = dense[c]
		}
		out.Hints[i] = mastermind.Hint{Guess: g, Answer: h.Answer}
	}
	if none != 0 {
		g := make(mastermind.Code, in.Pegs())
		for q := range g {
			g[q] = none
		}
		out.Hints = append(out.Hints, mastermind.Hint{Guess: g})
	}
	return out, pal
}

// expansion is a worker's memory for expanding compact codes.
type expansion struct {
	code   mastermind.Code // the instance's code
	others []int           // the positions of other in the compact code
	at     []int           // at[k]: which of the palette's others position others[k] has
}

// expand calls yield with every code of the instance that compact code c
// stands for; false if yield stopped it. e's memory is reused: no code
// allocates.
func (pal *palette) expand(e *expansion, c mastermind.Code, yield func(mastermind.Code) bool) bool {
	if len(e.code) != len(c) {
		e.code = make(mastermind.Code, len(c))
	}
	e.others, e.at = e.others[:0], e.at[:0]
	for q, d := range c {
		e.code[q] = pal.colour[d]
		if d == pal.other {
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

// ErrTooMany is Count's error past the largest int: there are codes, more
// than it can say. (A constant message, not made with fmt, which would run
// at every start of the binary.)
var ErrTooMany = errors.New("more than 9223372036854775807 codes (the largest int): too many to count")

// ways returns how many codes of the instance compact code c stands for:
// the palette's others to the power of c's pegs of other, and -1 past
// the largest int.
func (pal *palette) ways(c mastermind.Code) int {
	if pal.other == 0 {
		return 1
	}
	n, others := uint64(1), uint64(len(pal.others))
	for _, d := range c {
		if d == pal.other {
			hi, lo := bits.Mul64(n, others)
			if hi != 0 || lo > math.MaxInt {
				return -1
			}
			n = lo
		}
	}
	return int(n)
}
