// Package oware is the engine of Oware Abapa: positions, moves, the
// default rule set and its variants, the end of a game and its result, the
// position notation (4-4-4-4-4-4-4-4-4-4-4-4-0-0-S) and move letters
// (A..F for South, a..f for North), and perft. It does no I/O.
//
// Two ways of moving serve two kinds of user. Game is the validated game
// for people: Play refuses an illegal move with a reason, the game keeps
// its record, notices repetitions, ends by the rules and can undo.
// Position.Apply is the unchecked move for search: a position is two
// machine words (the twelve houses a byte each, the stores and the side to
// move), sowing adds precomputed words, and nothing is allocated. Perft
// compares the two (and the spec's table) in the tests.
package oware
