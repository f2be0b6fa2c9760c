package nerdle

import "fmt"

// Symbol is one of the 15 Nerdle symbols. Symbols are numbered in ASCII
// order ("*+-/0123456789=") so that comparing packed equations as integers
// compares their text byte by byte.
type Symbol uint8

// The symbols. Operators come first, then the digits, then Equals.
const (
	Times Symbol = iota
	Plus
	Minus
	Divide
	Digit0
	Digit1
	Digit2
	Digit3
	Digit4
	Digit5
	Digit6
	Digit7
	Digit8
	Digit9
	Equals

	// NumSymbols is the number of distinct symbols.
	NumSymbols = 15
)

// symbolBytes maps each Symbol to its character.
const symbolBytes = "*+-/0123456789="

// Alphabet is every symbol's character, in Symbol order.
const Alphabet = symbolBytes

// Byte returns the character of s.
func (s Symbol) Byte() byte { return symbolBytes[s] }

// String returns the character of s as a string.
func (s Symbol) String() string { return symbolBytes[s : s+1] }

// IsDigit reports whether s is one of 0..9.
func (s Symbol) IsDigit() bool { return s >= Digit0 && s <= Digit9 }

// IsOperator reports whether s is one of + - * /.
func (s Symbol) IsOperator() bool { return s <= Divide }

// Value returns the numeric value of a digit symbol; it is meaningless for
// other symbols.
func (s Symbol) Value() int { return int(s) - int(Digit0) }

// symbolOf maps bytes to symbols; 0xff marks a byte that is no symbol.
var symbolOf = func() (t [256]uint8) {
	for i := range t {
		t[i] = 0xff
	}
	for i := 0; i < NumSymbols; i++ {
		t[symbolBytes[i]] = uint8(i)
	}
	return t
}()

// SymbolOf returns the symbol written as c, and false if c is no symbol.
func SymbolOf(c byte) (Symbol, bool) {
	s := symbolOf[c]
	return Symbol(s), s != 0xff
}

// ParseSymbol is SymbolOf with an error that names the offending character.
func ParseSymbol(r rune) (Symbol, error) {
	if r < 128 {
		if s, ok := SymbolOf(byte(r)); ok {
			return s, nil
		}
	}
	return 0, fmt.Errorf("%q is not a Nerdle symbol (use 0-9 + - * / =)", r)
}

// checkSymbols returns ParseSymbol's error for the first character of s that
// is no symbol, or nil.
func checkSymbols(s string) error {
	for _, r := range s {
		if _, err := ParseSymbol(r); err != nil {
			return err
		}
	}
	return nil
}
