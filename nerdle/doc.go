// Package nerdle is the Nerdle engine: the rules of valid equations, the
// colouring of a guess against a secret, the enumeration of every valid
// equation of a length, and the state of one game.
//
// Equations are packed into a single uint64 (see [Equation]) so that the
// solver can hold millions of them compactly and compare them with a few
// machine instructions; strings appear only at the edges, where people type
// and read.
//
// Two rule sets are supported (see [Rules]): [Standard], the course rules
// whose equation counts are 156, 206, 7,501, 18,290, 320,008, 1,464,019 and
// 15,678,220 for lengths 5 to 11, and [NerdleGame], the rules of the web
// game (no lone 0 left of "=", fractional intermediate results allowed).
//
// The package does no I/O: it knows nothing of terminals, files or flags.
package nerdle
