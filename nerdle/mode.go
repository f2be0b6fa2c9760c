package nerdle

import (
	"fmt"
	"slices"
	"strings"
)

// Mode holds the options of a game that the web game offers its players.
type Mode struct {
	// Commutative accepts a guess that is the secret with the terms of its
	// sums or the factors of its products in another order (35+12=47 for
	// 12+35=47): the row counts as the secret, all green.
	Commutative bool
	// Hard requires every hint revealed to be used: a green symbol stays
	// where it is, and a guess has at least as many of each symbol as a
	// row showed green or magenta.
	Hard bool
}

// Commutes reports whether a and b are the same equation up to the order of
// the terms of + and - and of the factors of * and /. Their right sides are
// equal, and their left sides are the same multiset of signed terms (the
// first term added), each term the same multiset of factors, each
// multiplied or divided (the first multiplied). So 12+35=47 commutes with
// 35+12=47, 10-3+2=9 with 2+10-3=9, and 8/2*3=12 with 3*8/2=12. An equation
// commutes with itself.
func Commutes(a, b Equation) bool {
	if a.Len() != b.Len() {
		return false
	}
	la, ra, _ := strings.Cut(a.String(), "=")
	lb, rb, _ := strings.Cut(b.String(), "=")
	return ra == rb && slices.Equal(canonicalSum(la), canonicalSum(lb))
}

// canonicalSum returns the signed terms of a left side, each with its
// factors sorted, sorted.
func canonicalSum(left string) []string {
	var terms []string
	start, sign := 0, byte('+')
	for i := 0; i <= len(left); i++ {
		if i == len(left) || left[i] == '+' || left[i] == '-' {
			terms = append(terms, string(sign)+canonicalTerm(left[start:i]))
			if i < len(left) {
				start, sign = i+1, left[i]
			}
		}
	}
	slices.Sort(terms)
	return terms
}

// canonicalTerm returns a chain of factors joined by * and /, each with its
// operator, sorted.
func canonicalTerm(term string) string {
	var factors []string
	start, op := 0, byte('*')
	for i := 0; i <= len(term); i++ {
		if i == len(term) || term[i] == '*' || term[i] == '/' {
			factors = append(factors, string(op)+term[start:i])
			if i < len(term) {
				start, op = i+1, term[i]
			}
		}
	}
	slices.Sort(factors)
	return strings.Join(factors, "")
}

// HardModeError is a guess that ignores a hint, in hard mode.
type HardModeError struct {
	Guess  string
	Reason string
}

func (e *HardModeError) Error() string { return "hard mode: " + e.Reason }

// checkHard says which hint of rows the guess g ignores, if any.
func checkHard(rows []Row, g Equation) error {
	n := g.Len()
	have := symbolCounts(g)
	for _, r := range rows {
		var shown [NumSymbols]int
		for i := range n {
			s := r.Guess.At(i)
			switch r.Feedback.At(i) {
			case Green:
				if g.At(i) != s {
					return &HardModeError{g.String(), fmt.Sprintf("box %d must be %v, as it was green", i+1, s)}
				}
				shown[s]++
			case Magenta:
				shown[s]++
			}
		}
		for s, want := range shown {
			if have[s] < want {
				times := ""
				if want > 1 {
					times = fmt.Sprintf(" %d times", want)
				}
				return &HardModeError{g.String(), fmt.Sprintf("the guess must use %v%s, as the colours showed", Symbol(s), times)}
			}
		}
	}
	return nil
}

func symbolCounts(e Equation) (c [NumSymbols]int) {
	for i := range e.Len() {
		c[e.At(i)]++
	}
	return c
}
