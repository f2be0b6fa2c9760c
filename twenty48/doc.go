// Package twenty48 is the 2048 engine: the board, the moves and their
// merges, the score, seeded spawns that make every game reproducible from
// its seed and moves, undo, the shuffle and evil variants, and replay
// records. It does no I/O.
//
// Two boards serve two kinds of user. Grid is the general board of any
// size from 3×3 to 8×8, behind Game, the validated game for people. Board
// is the 4×4 board in a 64-bit integer, moved by row tables of 65,536
// entries, for search; the two give identical results where both apply
// (tested on random boards and by a fuzz target).
package twenty48
