package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"gamelab/internal/bench"
)

// SPRT is a sequential probability ratio test of a match: H0, the first
// player is Elo0 stronger than the second, against H1, Elo1 stronger,
// with error rates Alpha (accepting H1 wrongly) and Beta (accepting H0
// wrongly). It stops a match as soon as the games decide, using the
// normal approximation of the log-likelihood ratio that engine testers use
// for win/draw/loss results.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// ParseSPRT reads "elo0,elo1" (errors 0.05 each).
func ParseSPRT(s string) (SPRT, error) {
	a, b, ok := strings.Cut(s, ",")
	e0, err0 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	e1, err1 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	if !ok || err0 != nil || err1 != nil || e1 <= e0 {
		return SPRT{}, fmt.Errorf("sprt %q: want elo0,elo1 with elo0 < elo1, such as 0,10", s)
	}
	return SPRT{Elo0: e0, Elo1: e1, Alpha: 0.05, Beta: 0.05}, nil
}

// Bounds returns the log-likelihood ratios that accept H0 and H1.
func (t SPRT) Bounds() (lower, upper float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

func expected(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// LLR returns the log-likelihood ratio of H1 against H0 after outcomes.
// Half a win, a draw and a loss are added to the counts so that a match
// of one result only (all wins, say) has a variance, as testers do.
func (t SPRT) LLR(outcomes []bench.Outcome) float64 {
	if len(outcomes) == 0 {
		return 0
	}
	counts := [3]float64{0.5, 0.5, 0.5} // losses, draws, wins
	for _, o := range outcomes {
		switch o.Result {
		case bench.Win:
			counts[2]++
		case bench.Draw:
			counts[1]++
		default:
			counts[0]++
		}
	}
	n := counts[0] + counts[1] + counts[2]
	mean := (counts[1]*0.5 + counts[2]) / n
	variance := (counts[0]*mean*mean + counts[1]*(0.5-mean)*(0.5-mean) + counts[2]*(1-mean)*(1-mean)) / n
	s0, s1 := expected(t.Elo0), expected(t.Elo1)
	return float64(len(outcomes)) * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// Decision returns +1 if the outcomes accept H1, −1 if they accept H0,
// 0 if the test goes on.
func (t SPRT) Decision(outcomes []bench.Outcome) int {
	llr := t.LLR(outcomes)
	lower, upper := t.Bounds()
	switch {
	case llr >= upper:
		return 1
	case llr <= lower:
		return -1
	}
	return 0
}

// Figure reports the test's state.
func (t SPRT) Figure(outcomes []bench.Outcome) bench.Figure {
	llr := t.LLR(outcomes)
	lower, upper := t.Bounds()
	verdict := "undecided"
	switch t.Decision(outcomes) {
	case 1:
		verdict = fmt.Sprintf("H1 accepted: the first is at least %+g Elo stronger", t.Elo1)
	case -1:
		verdict = fmt.Sprintf("H0 accepted: the first is at most %+g Elo stronger", t.Elo0)
	}
	return bench.Figure{Name: "sprt", Value: llr,
		Text: fmt.Sprintf("%s (LLR %.2f, bounds %.2f and %.2f, after %d games)", verdict, llr, lower, upper, len(outcomes))}
}
