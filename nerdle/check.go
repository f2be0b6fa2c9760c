package nerdle

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// InvalidError reports why a row is not a valid equation. Its message is one
// line meant for people, such as "leading zero in 04" or "left side is 1,
// right side says 28".
type InvalidError struct {
	Equation string // the text that was checked
	Reason   string // why it is invalid
}

func (e *InvalidError) Error() string { return e.Reason }

func invalid(s, format string, args ...any) error {
	return &InvalidError{Equation: s, Reason: fmt.Sprintf(format, args...)}
}

// Check reports whether s is a valid equation under rules r: nil if it is,
// otherwise an *InvalidError that says precisely why not. Check is the
// reference statement of the rules; the enumerator is tested against it.
func Check(s string, r Rules) error {
	if err := checkSymbols(s); err != nil {
		return &InvalidError{Equation: s, Reason: err.Error()}
	}
	if len(s) < MinLength || len(s) > MaxLength {
		return invalid(s, "%d symbols: an equation has %d to %d", len(s), MinLength, MaxLength)
	}
	left, right, found := strings.Cut(s, "=")
	switch {
	case !found:
		return invalid(s, "no = sign")
	case strings.Contains(right, "="):
		return invalid(s, "more than one = sign")
	case left == "":
		return invalid(s, "nothing left of =")
	case right == "":
		return invalid(s, "nothing right of =")
	}
	if i := strings.IndexAny(right, "+-*/"); i >= 0 {
		return invalid(s, "only a whole number may stand right of =, not %q", right)
	}
	want, err := parseNumber(s, right)
	if err != nil {
		return err
	}
	got, err := evaluate(s, left, r)
	if err != nil {
		return err
	}
	if got.num != want || !got.isInt() {
		return invalid(s, "left side is %v, right side says %d", got, want)
	}
	return nil
}

// parseNumber reads a run of digits, rejecting leading zeros.
func parseNumber(s, digits string) (int64, error) {
	if len(digits) > 1 && digits[0] == '0' {
		return 0, invalid(s, "leading zero in %s", digits)
	}
	n, err := strconv.ParseInt(digits, 10, 64)
	if err != nil {
		return 0, errors.Join(invalid(s, "%s is not a number", digits), err)
	}
	return n, nil
}

// token is a number on the left side with the operator before it (0 for
// the first number).
type token struct {
	op   byte
	text string
	n    int64
}

// tokenize splits the left side into numbers and operators, checking the
// shape: no operator at either end, none twice in a row, at least one.
func tokenize(s, left string) ([]token, error) {
	var toks []token
	op := byte(0)
	start := 0
	for i := 0; i <= len(left); i++ {
		if i < len(left) && !strings.ContainsRune("+-*/", rune(left[i])) {
			continue
		}
		text := left[start:i]
		if text == "" {
			switch {
			case i == 0:
				return nil, invalid(s, "%c at the start: no unary operators", left[i])
			case i == len(left):
				return nil, invalid(s, "the left side ends with %c", op)
			default:
				return nil, invalid(s, "two operators in a row: %c%c", op, left[i])
			}
		}
		n, err := parseNumber(s, text)
		if err != nil {
			return nil, err
		}
		toks = append(toks, token{op, text, n})
		if i < len(left) {
			op = left[i]
		}
		start = i + 1
	}
	if len(toks) == 1 {
		return nil, invalid(s, "no operator left of =")
	}
	return toks, nil
}

// evaluate computes the left side with * and / before + and -, left to
// right, enforcing r's rules on zeros and division.
func evaluate(s, left string, r Rules) (rat, error) {
	toks, err := tokenize(s, left)
	if err != nil {
		return rat{}, err
	}
	for i, t := range toks {
		if t.n != 0 {
			continue
		}
		if !r.loneZero() {
			return rat{}, invalid(s, "a lone 0 may not stand left of = in %v rules", r)
		}
		if t.op == '/' {
			return rat{}, invalid(s, "division by zero in %s/0", toks[i-1].text)
		}
		if t.op == '*' || i+1 < len(toks) && (toks[i+1].op == '*' || toks[i+1].op == '/') {
			return rat{}, invalid(s, "0 may not be multiplied or divided")
		}
	}
	sum := rat{0, 1}
	term := rat{toks[0].n, 1}
	sign := byte('+')
	for _, t := range toks[1:] {
		switch t.op {
		case '*':
			term = term.mulInt(t.n)
		case '/':
			if !r.fractions() && term.num%t.n != 0 {
				return rat{}, invalid(s, "%v/%d is not exact", term, t.n)
			}
			term = term.divInt(t.n)
		default:
			sum = addSigned(sum, term, sign)
			term, sign = rat{t.n, 1}, t.op
		}
	}
	return addSigned(sum, term, sign), nil
}

func addSigned(sum, term rat, sign byte) rat {
	if sign == '-' {
		term = term.neg()
	}
	return sum.add(term)
}
