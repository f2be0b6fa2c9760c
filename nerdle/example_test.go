package nerdle_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"gamelab/nerdle"
)

// Check states the rules: it accepts a valid equation and says precisely
// why any other is not.
func ExampleCheck() {
	for _, s := range []string{"12+35=47", "9-2*4=28", "04+1=5", "5/2*4=10"} {
		if err := nerdle.Check(s, nerdle.Standard); err != nil {
			fmt.Printf("%s: %v\n", s, err)
			continue
		}
		fmt.Printf("%s: valid\n", s)
	}
	// The web game allows fractional steps.
	fmt.Println(nerdle.Check("5/2*4=10", nerdle.NerdleGame) == nil)
	// Output:
	// 12+35=47: valid
	// 9-2*4=28: left side is 1, right side says 28
	// 04+1=5: leading zero in 04
	// 5/2*4=10: 5/2 is not exact
	// true
}

// Score colours a guess against the secret: green for the right symbol in
// the right place, magenta for one elsewhere, black for one not there (or
// not as often).
func ExampleScore() {
	secret := nerdle.MustParseEquation("23+34=57")
	guess := nerdle.MustParseEquation("12+35=47")
	f := nerdle.Score(secret, guess)
	fmt.Println(f.Format(guess.Len()))
	fmt.Println(f == nerdle.AllGreen(8))
	// Output:
	// BMGGMGMG
	// false
}

// Enumerate lists every valid equation of a length, in byte order.
func ExampleEnumerate() {
	all, err := nerdle.Enumerate(5, nerdle.Standard)
	if err != nil {
		panic(err)
	}
	fmt.Println(len(all), all[0], all[len(all)-1])
	// Output: 156 0+0=0 9/9=1
}

// WriteList writes the list, one equation a line, in constant memory: at
// length 11, 15,678,220 lines in well under a second.
func ExampleWriteList() {
	var out strings.Builder
	if err := nerdle.WriteList(&out, 5, nerdle.NerdleGame); err != nil {
		panic(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	fmt.Println(len(lines), lines[:3])
	// Output: 127 [1*1=1 1*2=2 1*3=3]
}

// A Game is the validated game for people: it refuses invalid rows and
// tracks what the colours have revealed.
func ExampleGame() {
	rng := rand.New(rand.NewPCG(1, 2))
	all, _ := nerdle.Enumerate(5, nerdle.Standard)
	g, err := nerdle.NewGame(nerdle.RandomSecret(rng, all), nerdle.DefaultRows, nerdle.Standard)
	if err != nil {
		panic(err)
	}
	if _, err := g.Guess("1+1=3"); err != nil {
		fmt.Println("refused:", err)
	}
	for _, s := range []string{"1+2=3", "4*2=8"} {
		f, _ := g.Guess(s)
		fmt.Println(s, f.Format(5))
	}
	fmt.Println(len(g.Rows()), "rows played")
	// Output:
	// refused: left side is 2, right side says 3
	// 1+2=3 BBMGB
	// 4*2=8 BBMGB
	// 2 rows played
}
