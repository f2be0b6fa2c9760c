// Package consistent finds every Mastermind code that agrees with a set of
// hints, each exactly once: Solve streams them, Count and Exists answer
// without listing, WriteSolutions writes the source's list on all cores.
// Codes may be of any length over up to 255 colours.
//
// The search is exact: it enumerates the colour counts a code may have,
// then arranges each multiset's pegs, with linear relaxations (solved by
// gamelab/internal/simplex) cutting branches no code can fill.
// docs/mastermind.md says how it works; docs/notes/mastermind.md how fast.
package consistent
