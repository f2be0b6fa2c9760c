// Package protocol is the line protocol of the Mastermind codebreaker,
// for other programs (docs/protocols/mastermind.md): the caller keeps the
// secret and answers; gamelab's codebreaker guesses.
//
//	(on start)      → c1 c2 … cH   the first guess, its colours from 1
//	B/W             → the next guess, or the first of a new game after H/0
//	count           → N            the codes still possible
//	new             → c1 c2 … cH   the first guess of a new game
//	quit            → (the end)
//
// A line the codebreaker cannot use gets "error: " and the reason, and
// changes nothing: an answer no code of the length can give, or one that
// contradicts the earlier answers, can be sent again, corrected.
package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"gamelab/internal/lines"
	"gamelab/mastermind"
	"gamelab/mastermind/breaker"
	"gamelab/mastermind/consistent"
)

// Config is what a session plays: the shape of the codes, the codebreaker
// and, for codebreakers that draw at random, the seed of the first game
// (the next games take the seeds after it).
type Config struct {
	Pegs, Colours int
	Breaker       breaker.Breaker
	Seed          uint64
}

// Serve speaks the protocol on in and out until quit or the end of in.
// It returns an error only if reading or writing fails.
func Serve(ctx context.Context, in io.Reader, out io.Writer, cfg Config) error {
	say := lines.NewReplier(out).Say
	var hints []mastermind.Hint
	var guess mastermind.Code
	game := uint64(0)
	newGame := func() error {
		if s, ok := cfg.Breaker.(breaker.Seeder); ok {
			s.Seed(cfg.Seed + game)
		}
		game++
		hints = hints[:0]
		guess = cfg.Breaker.Guess(hints)
		return say("%s", format(guess))
	}
	if err := newGame(); err != nil {
		return err
	}
	tooLong := func() error { return say("error: %v", lines.ErrTooLong) }
	return lines.Serve(in, tooLong, func(line string, words []string) error {
		command := ""
		if len(words) == 1 {
			command = words[0]
		}
		switch command {
		case "new":
			return newGame()
		case "count":
			if len(hints) == 0 {
				return say("%s", every(cfg.Pegs, cfg.Colours))
			}
			n, err := possible(ctx, cfg.Colours, hints)
			switch {
			case errors.Is(err, consistent.ErrTooMany):
				return say("error: %s", lines.Clip(err.Error()))
			case err != nil:
				return err
			}
			return say("%d", n)
		}
		a, err := parseAnswer(line, cfg.Pegs)
		if err != nil {
			return say("error: %s", lines.Clip(err.Error()))
		}
		hint := mastermind.Hint{Guess: guess, Answer: a}
		some, err := consistent.Exists(ctx, &mastermind.Instance{Max: cfg.Colours, Hints: append(hints, hint)})
		if err != nil {
			return err
		}
		if !some {
			return say("error: %v contradicts the earlier answers: no code gives them all; send the answer again, corrected, or new", a)
		}
		if a.Blacks == cfg.Pegs {
			return newGame()
		}
		hints = append(hints, hint)
		guess = cfg.Breaker.Guess(hints)
		return say("%s", format(guess))
	})
}

// possible returns how many codes agree with hints.
func possible(ctx context.Context, colours int, hints []mastermind.Hint) (int, error) {
	return consistent.Count(ctx, &mastermind.Instance{Max: colours, Hints: hints})
}

// every returns the number of codes of pegs pegs over colours colours,
// in decimal: all of them are possible before the first answer.
func every(pegs, colours int) string {
	n := new(big.Int).Exp(big.NewInt(int64(colours)), big.NewInt(int64(pegs)), nil)
	return n.String()
}

// parseAnswer reads an answer to a guess of pegs pegs: blacks/whites, as
// the instance files write it, spaces allowed around the numbers.
func parseAnswer(s string, pegs int) (mastermind.Answer, error) {
	b, w, _ := strings.Cut(s, "/")
	a, ok := mastermind.ParseAnswer([]byte(strings.TrimSpace(b) + "/" + strings.TrimSpace(w)))
	if !ok {
		return mastermind.Answer{}, fmt.Errorf("%q is not an answer: send blacks/whites (e.g. 1/2), count, new or quit", s)
	}
	if !a.Possible(pegs) {
		return mastermind.Answer{}, fmt.Errorf("no code answers %v to a guess of %d pegs", a, pegs)
	}
	return a, nil
}

// format writes a code as the instance files do: its colours, spaced.
func format(c mastermind.Code) string {
	var b strings.Builder
	for i, x := range c {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(int(x)))
	}
	return b.String()
}
