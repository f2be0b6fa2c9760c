package nerdle

import "fmt"

// Rules selects which equations are valid.
type Rules uint8

const (
	// Standard is the course's rule set: every division is exact at the
	// step where it happens, and a lone 0 may be an operand of + and -.
	Standard Rules = iota
	// NerdleGame is the web game's rule set: no lone 0 left of "=", and
	// intermediate results may be fractions (3/2*4=6); the result must
	// still be a non-negative whole number.
	NerdleGame
)

// AllRules lists every rule set, in order.
var AllRules = []Rules{Standard, NerdleGame}

// String returns the name users type for r: "standard" or "nerdlegame".
func (r Rules) String() string {
	switch r {
	case Standard:
		return "standard"
	case NerdleGame:
		return "nerdlegame"
	}
	return fmt.Sprintf("Rules(%d)", uint8(r))
}

// ParseRules returns the rule set named s.
func ParseRules(s string) (Rules, error) {
	for _, r := range AllRules {
		if r.String() == s {
			return r, nil
		}
	}
	return 0, fmt.Errorf("unknown rules %q (want standard or nerdlegame)", s)
}

// fractions reports whether r allows fractional intermediate results.
func (r Rules) fractions() bool { return r == NerdleGame }

// loneZero reports whether r allows a lone 0 as an operand left of "=".
func (r Rules) loneZero() bool { return r == Standard }
