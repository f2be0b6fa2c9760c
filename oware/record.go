package oware

import (
	"bufio"
	"fmt"
	"io"
	"strings"
)

// ParseRecord reads a game written by Game.Record: lines "rules R",
// "position P" (or "position startpos") and "moves M", in any order, each
// once (rules may be left out, for Abapa); blank lines and lines starting
// with # are skipped. It
// replays the moves and says which one is illegal, if one is.
func ParseRecord(r io.Reader) (*Game, error) {
	rules, start, moves := Abapa, Start(), ""
	seen := map[string]int{}
	scanner := bufio.NewScanner(r)
	for line := 1; scanner.Scan(); line++ {
		text := strings.TrimSpace(scanner.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, value, _ := strings.Cut(text, " ")
		value = strings.TrimSpace(value)
		if first, ok := seen[key]; ok {
			return nil, fmt.Errorf("line %d: a second %q line (the first is line %d)", line, key, first)
		}
		seen[key] = line
		var err error
		switch key {
		case "rules":
			rules, err = ParseRules(value)
		case "position":
			if value != "startpos" {
				start, err = ParsePosition(value)
			}
		case "moves":
			moves = value
		default:
			err = fmt.Errorf("%q is not rules, position or moves", key)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
	}
	if err := scanner.Err(); err != nil {
		return nil, fmt.Errorf("reading the record: %w", err)
	}
	// Game.Record writes all three lines; without the position and the
	// moves a file is empty, cut short or not a record, not a game to
	// begin afresh. The rules may be left to their default.
	for _, key := range []string{"position", "moves"} {
		if seen[key] == 0 {
			return nil, fmt.Errorf("no %q line: not a whole game record", key)
		}
	}
	list, err := ParseMoves(moves)
	if err != nil {
		return nil, fmt.Errorf("line %d: %w", seen["moves"], err)
	}
	g := NewGame(start, rules)
	for i, m := range list {
		if _, err := g.Play(m); err != nil {
			return nil, fmt.Errorf("line %d: move %d: %w", seen["moves"], i+1, err)
		}
	}
	return g, nil
}
