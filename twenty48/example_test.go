package twenty48_test

import (
	"fmt"

	"gamelab/twenty48"
)

// A seeded game is the same game everywhere: its seed and moves replay it.
func ExampleNew() {
	g, err := twenty48.New(4, 42, twenty48.ClassicMode, 1)
	if err != nil {
		panic(err)
	}
	for _, m := range []twenty48.Direction{twenty48.Left, twenty48.Down, twenty48.Left, twenty48.Left} {
		if err := g.Play(twenty48.Move(m), nil); err != nil {
			fmt.Println(m, err)
		}
	}
	fmt.Print(g.Grid())
	fmt.Println("score", g.Score(), "moves", g.Moves())
	// Output:
	// L nothing moves that way
	// 4 . . .
	// 4 . . .
	// 4 . . .
	// 2 . . .
	// score 4 moves [L D L]
}

// The merge rules on one row: a merged tile does not merge again, and the
// pair nearest the wall merges first.
func ExampleGrid_Move() {
	g, _ := twenty48.GridOf(4,
		1, 1, 1, 1,
		0, 1, 1, 1,
		2, 1, 1, 2,
		0, 0, 0, 0)
	next, score, moved := g.Move(twenty48.Right, nil)
	fmt.Print(next)
	fmt.Println(score, moved)
	// Output:
	// . . 4 4
	// . . 2 4
	// . 4 4 4
	// . . . .
	// 16 true
}
