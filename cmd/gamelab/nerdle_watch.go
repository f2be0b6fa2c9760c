package main

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"gamelab/internal/bench"
	"gamelab/nerdle"
	"gamelab/nerdle/play"
	"gamelab/nerdle/solve"
)

// watchNerdle shows the solver playing the benchmark's games one by one.
func watchNerdle(e *env, u *solve.Universe, factory solve.Factory, games int, seed uint64, exhaustive bool) error {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("--watch needs a terminal")
	}
	s, err := factory(u)
	if err != nil {
		return err
	}
	secret := func(i int) nerdle.Equation {
		return solve.BenchSecret(u, bench.Game{Index: i, Seed: bench.SeedFor(seed, i)}, exhaustive)
	}
	m := play.NewWatch(u, s, games, secret)
	prog := tea.NewProgram(m, tea.WithContext(e.ctx), tea.WithInput(e.stdin), tea.WithOutput(e.stdout), tea.WithAltScreen())
	if _, err := prog.Run(); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return fmt.Errorf("watch: %w", err)
	}
	return m.Err()
}
