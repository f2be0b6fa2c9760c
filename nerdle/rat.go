package nerdle

import "strconv"

// rat is a fraction num/den in lowest terms with den > 0. Equations of at
// most MaxLength symbols keep every numerator and denominator far inside
// int64, so no overflow checks are needed.
type rat struct{ num, den int64 }

func gcd(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func makeRat(num, den int64) rat {
	if den < 0 {
		num, den = -num, -den
	}
	if g := gcd(num, den); g > 1 {
		num, den = num/g, den/g
	}
	return rat{num, den}
}

func (a rat) add(b rat) rat {
	if a.den == 1 && b.den == 1 {
		return rat{a.num + b.num, 1}
	}
	return makeRat(a.num*b.den+b.num*a.den, a.den*b.den)
}

func (a rat) neg() rat { return rat{-a.num, a.den} }

func (a rat) mulInt(n int64) rat {
	if a.den == 1 {
		return rat{a.num * n, 1}
	}
	return makeRat(a.num*n, a.den)
}

func (a rat) divInt(n int64) rat { return makeRat(a.num, a.den*n) }

func (a rat) isInt() bool { return a.den == 1 }

func (a rat) String() string {
	if a.den == 1 {
		return strconv.FormatInt(a.num, 10)
	}
	return strconv.FormatInt(a.num, 10) + "/" + strconv.FormatInt(a.den, 10)
}

// floorDiv and ceilDiv divide rounding toward minus and plus infinity; b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}

func ceilDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a > 0 {
		q++
	}
	return q
}
