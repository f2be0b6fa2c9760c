package search

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"gamelab/oware"
)

// Spec names a player and how it is set: "pvs", "alphabeta@8" (a fixed
// depth), or "pvs:no-table,no-reductions" (the engine with ingredients
// switched off, to measure them).
type Spec struct {
	Name     string
	Depth    int // a fixed depth; 0: the limits of the caller
	Features Features
	Weights  *Weights // the evaluation, if set (pvs:empty=-60,large=50)
}

// String returns the spec as ParseSpec reads it.
func (s Spec) String() string {
	out := s.Name
	if s.Depth > 0 {
		out += "@" + strconv.Itoa(s.Depth)
	}
	var off []string
	for _, f := range featureNames {
		if *f.field(&s.Features) {
			off = append(off, f.name)
		}
	}
	if s.Weights != nil {
		for _, w := range weightNames {
			off = append(off, fmt.Sprintf("%s=%d", w.name, *w.field(s.Weights)))
		}
	}
	if len(off) > 0 {
		out += ":" + strings.Join(off, ",")
	}
	return out
}

var weightNames = []struct {
	name  string
	field func(*Weights) *Score
}{
	{"empty", func(w *Weights) *Score { return &w.Empty }},
	{"vulnerable", func(w *Weights) *Score { return &w.Vulnerable }},
	{"large", func(w *Weights) *Score { return &w.Large }},
	{"tempo", func(w *Weights) *Score { return &w.Tempo }},
	{"row", func(w *Weights) *Score { return &w.Row }},
}

var featureNames = []struct {
	name  string
	field func(*Features) *bool
}{
	{"no-table", func(f *Features) *bool { return &f.NoTable }},
	{"no-ordering", func(f *Features) *bool { return &f.NoOrdering }},
	{"no-reductions", func(f *Features) *bool { return &f.NoReductions }},
	{"no-quiescence", func(f *Features) *bool { return &f.NoQuiescence }},
	{"no-tablebase", func(f *Features) *bool { return &f.NoTablebase }},
	{"no-aspirations", func(f *Features) *bool { return &f.NoAspirations }},
}

// ParseSpec reads a player's spec: a registered name, then optionally
// @depth and, for the default engine, :ingredients,to,switch,off.
func ParseSpec(s string) (Spec, error) {
	rest, options, hasOptions := strings.Cut(s, ":")
	name, depth, hasDepth := strings.Cut(rest, "@")
	spec := Spec{Name: name}
	if _, err := factories.Lookup(name); err != nil {
		return Spec{}, err
	}
	if hasDepth {
		d, err := strconv.Atoi(depth)
		if err != nil || d < 1 || d > MaxDepth {
			return Spec{}, fmt.Errorf("player %q: depth %q is not a whole number from 1 to %d", s, depth, MaxDepth)
		}
		spec.Depth = d
	}
	if hasOptions {
		if name != DefaultEngine {
			return Spec{}, fmt.Errorf("player %q: only %s has ingredients to switch off", s, DefaultEngine)
		}
	next:
		for o := range strings.SplitSeq(options, ",") {
			if name, value, ok := strings.Cut(o, "="); ok {
				if err := spec.setWeight(name, value); err != nil {
					return Spec{}, fmt.Errorf("player %q: %w", s, err)
				}
				continue
			}
			for _, f := range featureNames {
				if f.name == o {
					*f.field(&spec.Features) = true
					continue next
				}
			}
			var names []string
			for _, f := range featureNames {
				names = append(names, f.name)
			}
			return Spec{}, fmt.Errorf("player %q: no ingredient %q (%s, or a weight such as empty=-60)", s, o, strings.Join(names, ", "))
		}
	}
	return spec, nil
}

// setWeight sets one weight of the evaluation, the others at their
// defaults.
func (s *Spec) setWeight(name, value string) error {
	for _, w := range weightNames {
		if w.name != name {
			continue
		}
		v, err := strconv.Atoi(value)
		if err != nil || v < -10000 || v > 10000 {
			return fmt.Errorf("weight %s: %q is not a whole number from -10000 to 10000", name, value)
		}
		if s.Weights == nil {
			w := DefaultWeights
			s.Weights = &w
		}
		*w.field(s.Weights) = Score(v)
		return nil
	}
	var names []string
	for _, w := range weightNames {
		names = append(names, w.name)
	}
	return fmt.Errorf("no weight %q (%s)", name, strings.Join(names, ", "))
}

// NewFromSpec returns the player a spec describes; o sets the default
// engine (its Features are the spec's). A spec's depth replaces the limits
// the player is given.
func NewFromSpec(s Spec, o EngineOptions) Searcher {
	var p Searcher
	if s.Name == DefaultEngine {
		o.Features = s.Features
		if s.Weights != nil {
			o.Weights = s.Weights
		}
		p = NewEngine(o)
	} else {
		f, _ := factories.Lookup(s.Name)
		p = f()
	}
	if s.Depth > 0 {
		return fixedDepth{p, s.Depth}
	}
	return p
}

// fixedDepth is a player that searches to one depth whatever it is told.
type fixedDepth struct {
	Searcher
	depth int
}

// Search implements Searcher.
func (f fixedDepth) Search(ctx context.Context, g *oware.Game, _ Limits, report func(Info)) Result {
	return f.Searcher.Search(ctx, g, Limits{Depth: f.depth}, report)
}

// NewGame passes the news on to a player that keeps anything between
// games.
func (f fixedDepth) NewGame() {
	if n, ok := f.Searcher.(interface{ NewGame() }); ok {
		n.NewGame()
	}
}
