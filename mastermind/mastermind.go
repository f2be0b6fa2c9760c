// Package mastermind is the Mastermind engine: codes of any length over any
// number of colours, the answer (blacks and whites) of a guess against a
// code, instances of the consistent-code problem and their files, and the
// validated Game that people play. The codes consistent with hints are
// found by package consistent.
//
// Colours are numbered from 1 to Max, as the source's files write them.
// The package does no I/O beyond the readers and writers it is given.
package mastermind

import (
	"fmt"
	"strings"
)

// MaxColours is the largest number of colours: a code holds a byte a peg.
const MaxColours = 255

// MaxPegs is the longest code: a bound on the memory an instance file may
// ask for, not on the solver, which takes codes of any length.
const MaxPegs = 1 << 16

// Code is a code or a guess: a colour from 1 to Max at each peg.
type Code []uint8

// String writes the code as the source's lists do: [3,1,4].
func (c Code) String() string {
	var b strings.Builder
	b.WriteByte('[')
	for i, x := range c {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprint(&b, x)
	}
	b.WriteByte(']')
	return b.String()
}

// Answer is what the codemaker answers a guess: blacks (right colour,
// right peg) and whites (right colour, wrong peg).
type Answer struct{ Blacks, Whites int }

// String writes the answer as the source's files do: 2/1.
func (a Answer) String() string { return fmt.Sprintf("%d/%d", a.Blacks, a.Whites) }

// Possible reports whether some guess can get answer a from some code of
// pegs pegs: its blacks and whites fit the pegs, and it is not all pegs
// but one black with the last one white (a peg whose colour is elsewhere
// in the code, when every other peg matches, is of a colour the code has
// no more of).
func (a Answer) Possible(pegs int) bool {
	return a.Blacks >= 0 && a.Whites >= 0 && a.Blacks+a.Whites <= pegs && (a.Blacks != pegs-1 || a.Whites != 1)
}

// Score returns the answer of guess against code, which must be equally
// long: blacks are the pegs of the same colour; whites, with the black
// pegs taken out of both, the sum over colours of the smaller of the
// colour's counts in the guess and in the code.
func Score(guess, code Code) Answer {
	// The code's pegs left of each colour, taken by the guess's pegs left
	// in turn: one array, as the colours may be many.
	var left [MaxColours + 1]int32
	a := Answer{}
	for i := range guess {
		if guess[i] == code[i] {
			a.Blacks++
			continue
		}
		left[code[i]]++
	}
	for i, c := range guess {
		if c != code[i] && left[c] > 0 {
			left[c]--
			a.Whites++
		}
	}
	return a
}

// Hint is a guess with its answer.
type Hint struct {
	Guess  Code
	Answer Answer
}

// Instance is the consistent-code problem: the number of colours and the
// hints.
type Instance struct {
	Max   int
	Hints []Hint
}

// Pegs returns the length of the codes: that of the first guess.
func (in *Instance) Pegs() int {
	if len(in.Hints) == 0 {
		return 0
	}
	return len(in.Hints[0].Guess)
}

// Validate checks what the solver relies on: 1 to MaxColours colours, at
// least one hint, guesses of one length (1 to MaxPegs) over the colours,
// and answers that fit the length.
func (in *Instance) Validate() error {
	if in.Max < 1 || in.Max > MaxColours {
		return fmt.Errorf("%d colours: want 1 to %d", in.Max, MaxColours)
	}
	if len(in.Hints) == 0 {
		return fmt.Errorf("no hints: want at least one guess with its answer")
	}
	pegs := in.Pegs()
	for i, h := range in.Hints {
		if len(h.Guess) != pegs {
			return fmt.Errorf("hint %d: a guess of %d pegs, the first has %d", i+1, len(h.Guess), pegs)
		}
		if pegs < 1 || pegs > MaxPegs {
			return fmt.Errorf("hint %d: a guess of %d pegs: want 1 to %d", i+1, pegs, MaxPegs)
		}
		for _, c := range h.Guess {
			if c < 1 || int(c) > in.Max {
				return fmt.Errorf("hint %d: colour %d is not one of 1 to %d", i+1, c, in.Max)
			}
		}
		a := h.Answer
		if a.Blacks < 0 || a.Whites < 0 || a.Blacks+a.Whites > pegs {
			return fmt.Errorf("hint %d: answer %v does not fit %d pegs", i+1, a, pegs)
		}
	}
	return nil
}

// Consistent reports whether code agrees with every hint: the slow,
// obvious test the solver is checked against.
func (in *Instance) Consistent(code Code) bool {
	for _, h := range in.Hints {
		if Score(h.Guess, code) != h.Answer {
			return false
		}
	}
	return true
}
