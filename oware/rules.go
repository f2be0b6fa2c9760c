package oware

import (
	"fmt"
	"strconv"
	"strings"
)

// GrandSlam is what a capture that would take every seed on the
// opponent's row does.
type GrandSlam uint8

// The grand slam variants.
const (
	// GrandSlamNoCapture: the move is legal and captures nothing (Abapa).
	GrandSlamNoCapture GrandSlam = iota
	// GrandSlamForbidden: the move is illegal, unless every legal move is
	// one, when it captures nothing.
	GrandSlamForbidden
	// GrandSlamCaptureAll: the move captures everything, as any capture.
	GrandSlamCaptureAll
	// GrandSlamLeaveFirst: the move captures all but the opponent's first
	// house (a for South, A for North).
	GrandSlamLeaveFirst
	// GrandSlamLeaveLast: the move captures all but the opponent's last
	// house (f for South, F for North).
	GrandSlamLeaveLast
)

var grandSlamNames = []string{"no-capture", "forbidden", "capture-all", "leave-first", "leave-last"}

// String returns the variant's name in ParseRules.
func (g GrandSlam) String() string { return nameOf(grandSlamNames, int(g)) }

// Cycle is how a game that goes round without captures ends.
type Cycle uint8

// The cycle variants. Each ends the game with every side capturing the
// seeds on its own row, except CycleThirdRepetition, which splits them.
const (
	// CycleRepetition: the game ends when a position (houses and side to
	// move) repeats since the last capture (Abapa).
	CycleRepetition Cycle = iota
	// CycleThirdRepetition: the game ends when a position occurs for the
	// third time since the last capture, the seeds left split evenly
	// (an odd seed set aside): the rules under which Awari was solved.
	CycleThirdRepetition
	// CycleUnderFour: the game ends when both rows hold fewer than 4
	// seeds, the source's simplification.
	CycleUnderFour
	// CyclePlyLimit: the game ends after Rules.PlyLimit plies without a
	// capture.
	CyclePlyLimit
)

var cycleNames = []string{"repetition", "third-repetition", "under-four", "ply-limit"}

// String returns the variant's name in ParseRules.
func (c Cycle) String() string { return nameOf(cycleNames, int(c)) }

func nameOf(names []string, i int) string {
	if i < len(names) {
		return names[i]
	}
	return strconv.Itoa(i)
}

// DefaultPlyLimit is the plies without capture that end a game under
// CyclePlyLimit when Rules.PlyLimit is 0.
const DefaultPlyLimit = 100

// Rules is a rule set: Abapa, the zero value, or one of its variants.
type Rules struct {
	GrandSlam GrandSlam
	Cycle     Cycle
	PlyLimit  int // for CyclePlyLimit; 0 means DefaultPlyLimit
}

// Abapa is the default rule set, as tournaments and the strongest
// programs play it.
var Abapa = Rules{}

// plyLimit returns the plies without capture that end a game, or 0.
func (r Rules) plyLimit() int {
	switch {
	case r.Cycle != CyclePlyLimit:
		return 0
	case r.PlyLimit > 0:
		return r.PlyLimit
	}
	return DefaultPlyLimit
}

// Repeats returns how many earlier occurrences of a position since the
// last capture end the game (0: repetitions do not end it), so that a
// search can stop counting there.
func (r Rules) Repeats() int {
	switch r.Cycle {
	case CycleRepetition:
		return 1
	case CycleThirdRepetition:
		return 2
	}
	return 0
}

// CycleEnd returns the end the cycle rule makes of a position that
// occurred seen times before since the last capture, quiet plies after
// it: Repetition, PlyLimit or NotOver. (UnderFour needs no history:
// Position.Ending sees to it.)
func (r Rules) CycleEnd(seen, quiet int) End {
	switch {
	case r.Repeats() > 0 && seen >= r.Repeats():
		return Repetition
	case r.plyLimit() > 0 && quiet >= r.plyLimit():
		return PlyLimit
	}
	return NotOver
}

// String returns the rules as ParseRules reads them: "abapa", or the
// variants that differ from it, as "grand-slam=forbidden,cycle=ply-limit:60".
func (r Rules) String() string {
	var parts []string
	if r.GrandSlam != GrandSlamNoCapture {
		parts = append(parts, "grand-slam="+r.GrandSlam.String())
	}
	switch r.Cycle {
	case CycleRepetition:
	case CyclePlyLimit:
		parts = append(parts, fmt.Sprintf("cycle=ply-limit:%d", r.plyLimit()))
	default:
		parts = append(parts, "cycle="+r.Cycle.String())
	}
	if len(parts) == 0 {
		return "abapa"
	}
	return strings.Join(parts, ",")
}

// ParseRules reads a rule set: "abapa" (or nothing) for the default, then
// any of grand-slam=no-capture|forbidden|capture-all|leave-first|leave-last
// and cycle=repetition|third-repetition|under-four|ply-limit[:N], joined by
// commas.
func ParseRules(s string) (Rules, error) {
	var r Rules
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" || item == "abapa" {
			continue
		}
		key, value, ok := strings.Cut(item, "=")
		switch {
		case !ok:
			return Rules{}, fmt.Errorf("rules %q: %q is not abapa or key=value", s, item)
		case key == "grand-slam":
			i := indexOf(grandSlamNames, value)
			if i < 0 {
				return Rules{}, fmt.Errorf("rules %q: grand-slam is one of %s, not %q", s, strings.Join(grandSlamNames, ", "), value)
			}
			r.GrandSlam = GrandSlam(i)
		case key == "cycle":
			name, limit, hasLimit := strings.Cut(value, ":")
			i := indexOf(cycleNames, name)
			if i < 0 || hasLimit && Cycle(i) != CyclePlyLimit {
				return Rules{}, fmt.Errorf("rules %q: cycle is one of %s, not %q", s, strings.Join(cycleNames, ", "), value)
			}
			r.Cycle = Cycle(i)
			if hasLimit {
				n, err := strconv.Atoi(limit)
				if err != nil || n < 1 {
					return Rules{}, fmt.Errorf("rules %q: the ply limit %q is not a whole number of 1 or more", s, limit)
				}
				r.PlyLimit = n
			}
		default:
			return Rules{}, fmt.Errorf("rules %q: no rule %q (grand-slam, cycle)", s, key)
		}
	}
	return r, nil
}

func indexOf(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
