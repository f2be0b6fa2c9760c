package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"gamelab/internal/store"
	"gamelab/twenty48"
	"gamelab/twenty48/play"
)

type twenty48Cmd struct {
	Play   twenty48PlayCmd   `cmd:"" help:"Play 2048 in the terminal."`
	Replay twenty48ReplayCmd `cmd:"" help:"Watch a saved game (r in the game saves one) move by move."`
}

// modeFlag is the --mode flag of the 2048 commands.
type modeFlag string

// Validate implements kong's validation hook.
func (m modeFlag) Validate() error {
	_, err := twenty48.ParseMode(string(m))
	return err
}

type twenty48PlayCmd struct {
	Undo int      `default:"0" help:"Moves that may be undone in a row (u)."`
	Size int      `default:"${size2048}" help:"Cells a side, ${min_size2048} to ${max_size2048}."`
	Seed *uint64  `help:"Seed of the first game (the next games take the next seeds), to replay the same tiles."`
	Mode modeFlag `default:"classic" help:"classic, shuffle (x redistributes the tiles) or evil (evil tiles appear: they merge with nothing and vanish in pairs)."`
}

func (c *twenty48PlayCmd) Validate() error {
	if c.Undo < 0 {
		return fmt.Errorf("--undo %d: want 0 or more", c.Undo)
	}
	if c.Size < twenty48.MinSize || c.Size > twenty48.MaxSize {
		return fmt.Errorf("--size %d: boards are %d to %d cells a side", c.Size, twenty48.MinSize, twenty48.MaxSize)
	}
	return nil
}

func (c *twenty48PlayCmd) Run(e *env) error { return play2048(e, c) }

// play2048 runs the game with c's flags and the player's saved profile.
func play2048(e *env, c *twenty48PlayCmd) error {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("2048 play needs a terminal")
	}
	mode, err := twenty48.ParseMode(string(c.Mode))
	if err != nil {
		return err
	}
	file, err := store.UserFile(play.ProfileName, play.ProfileFormat, play.ProfileVersion)
	if err != nil {
		return err
	}
	update := func(change func(*play.Profile)) (*play.Profile, error) { return store.Update(file, change) }
	profile, err := store.Read[play.Profile](file)
	var notice string
	if err != nil {
		notice = err.Error()
	}
	opts := play.Options{
		Size: c.Size, Mode: mode, Undo: c.Undo,
		Profile: profile, Update: update, Notice: notice,
		SaveReplay: saveReplay,
	}
	if c.Seed != nil {
		opts.Seed, opts.Seeded = *c.Seed, true
	}
	m, err := play.New(opts)
	if err != nil {
		return err
	}
	_, err = runProgram(e, newProgram(e, m), "2048 play")
	return err
}

// saveReplay writes rec to a new file in the current directory and
// returns its name.
func saveReplay(rec twenty48.Record) (string, error) {
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return "", err
	}
	name := fmt.Sprintf("2048-%d.json", rec.Seed)
	if _, err := os.Stat(name); err == nil {
		name = fmt.Sprintf("2048-%d-%s.json", rec.Seed, time.Now().Format("150405"))
	}
	return name, store.WriteAtomic(name, append(data, '\n'))
}

type twenty48ReplayCmd struct {
	File string `arg:"" type:"existingfile" help:"A replay saved by the game."`
}

func (c *twenty48ReplayCmd) Run(e *env) error {
	data, err := os.ReadFile(c.File)
	if err != nil {
		return err
	}
	var rec twenty48.Record
	if err := json.Unmarshal(data, &rec); err != nil {
		return fmt.Errorf("%s: %w", c.File, store.JSONError(err))
	}
	v, err := play.NewReplay(rec)
	if err != nil {
		return fmt.Errorf("%s: %w", c.File, err)
	}
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("2048 replay needs a terminal")
	}
	_, err = runProgram(e, newProgram(e, v), "2048 replay")
	return err
}
