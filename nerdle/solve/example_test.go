package solve_test

import (
	"context"
	"fmt"

	"gamelab/nerdle"
	"gamelab/nerdle/solve"
)

// first guesses the first equation consistent with every colour so far: a
// solver of one method.
type first struct{ u *solve.Universe }

func (f first) Guess(h solve.History) (nerdle.Equation, error) {
	c := f.u.Candidates(h)
	if len(c) == 0 {
		return 0, solve.ErrInconsistent
	}
	return c[0], nil
}

// A solver is one method; registered under a name, the benchmark and the
// protocol run it like the built-in ones.
func ExampleRegister() {
	solve.Register("first", func(u *solve.Universe) (solve.Solver, error) { return first{u}, nil })

	u, err := solve.NewUniverse(6, nerdle.Standard, "") // "": no cache files
	if err != nil {
		panic(err)
	}
	factory, _ := solve.Lookup("first")
	s, _ := factory(u)
	rows, err := solve.Play(context.Background(), s, nerdle.MustParseEquation("4*7=28"), u.Rules, nil)
	if err != nil {
		panic(err)
	}
	for _, r := range rows {
		fmt.Println(r.Guess, r.Feedback.Format(6))
	}
	// Output:
	// 1+9=10 BBBGBB
	// 3*8=24 BGMGGM
	// 4*7=28 GGGGGG
}

// The default solver plays lengths 5 and 6 by an optimal decision tree,
// searched on first use.
func ExamplePlay() {
	u, _ := solve.NewUniverse(5, nerdle.Standard, "")
	factory, _ := solve.Lookup(solve.DefaultSolver)
	s, _ := factory(u)
	total := 0
	for _, secret := range u.All {
		rows, err := solve.Play(context.Background(), s, secret, u.Rules, nil)
		if err != nil {
			panic(err)
		}
		total += len(rows)
	}
	fmt.Printf("%d guesses for %d secrets: %.4f on average\n", total, len(u.All), float64(total)/float64(len(u.All)))
	// Output: 485 guesses for 156 secrets: 3.1090 on average
}
