package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/store"
	"gamelab/twenty48"
	"gamelab/twenty48/play"
	"gamelab/twenty48/player"
	"gamelab/twenty48/protocol"
)

type twenty48Cmd struct {
	Play   twenty48PlayCmd   `cmd:"" help:"Play 2048 in the terminal."`
	Replay twenty48ReplayCmd `cmd:"" help:"Watch a saved game (r in the game saves one) move by move."`
	Engine twenty48EngineCmd `cmd:"" help:"Speak the player protocol on stdin/stdout (docs/protocols/2048.md)."`
	Bench  twenty48BenchCmd  `cmd:"" help:"Benchmark a player over seeded games."`
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

// budgetFlags are the flags of the commands that run a 2048 player.
type budgetFlags struct {
	Player playerName `default:"${player2048}" help:"Player: ${players2048}."`
	Budget budget     `default:"fast" help:"How hard the player searches: fast, strong, or a time per move such as 50ms."`
}

// playerName is a 2048 player named on the command line.
type playerName string

// Validate implements kong's validation hook.
func (p playerName) Validate() error {
	_, err := player.Lookup(string(p))
	return err
}

// budget is a search budget named on the command line.
type budget string

// Validate implements kong's validation hook.
func (b budget) Validate() error {
	_, err := player.ParseBudget(string(b))
	return err
}

// strategy makes the player the flags name.
func (f budgetFlags) strategy() (player.Strategy, error) {
	factory, err := player.Lookup(string(f.Player))
	if err != nil {
		return nil, err
	}
	b, err := player.ParseBudget(string(f.Budget))
	if err != nil {
		return nil, err
	}
	return factory(b), nil
}

type twenty48EngineCmd struct {
	budgetFlags
}

func (c *twenty48EngineCmd) Run(e *env) error {
	s, err := c.strategy()
	if err != nil {
		return err
	}
	return protocol.Serve(e.stdin, e.stdout, s)
}

type twenty48BenchCmd struct {
	budgetFlags
	Games   int    `default:"100" help:"Games to play."`
	Seed    uint64 `default:"1" help:"Base seed of the games."`
	Workers int    `help:"Games played at once (default: one per core; each game also searches its root moves in parallel)."`
	Shard   string `default:"0/1" help:"Play only part i/n of the run, to merge later with gamelab merge."`
	JSON    bool   `help:"Print the full report as JSON."`
	Watch   bool   `help:"Watch the player: space pauses and resumes, s steps, +/- change the speed."`
}

func (c *twenty48BenchCmd) Validate() error {
	if c.Games < 1 {
		return fmt.Errorf("--games %d: want at least one", c.Games)
	}
	if c.Workers < 0 {
		return fmt.Errorf("--workers %d: want a positive number", c.Workers)
	}
	if _, err := bench.ParseShard(c.Shard); err != nil {
		return fmt.Errorf("--shard: %w", err)
	}
	return nil
}

func (c *twenty48BenchCmd) Run(e *env) error {
	if _, err := c.strategy(); err != nil {
		return err
	}
	cfg := player.BenchConfig(string(c.Player), string(c.Budget), c.Games, c.Seed)
	cfg.Shard, _ = bench.ParseShard(c.Shard)
	cfg.Workers = c.Workers
	newPlayer := func() (bench.Player, error) {
		s, err := c.strategy()
		return player.NewBenchPlayer(s), err
	}
	var report *bench.Report
	var err error
	if c.Watch {
		report, err = watchBench(e, "2048 bench --watch", play.NewWatch(c.Games), cfg, newPlayer)
	} else {
		var progress bench.Progress
		if f, ok := e.stderr.(*os.File); ok {
			progress = bench.ForTerminal(f, "2048")
		}
		report, err = bench.Run(e.ctx, cfg, newPlayer, progress)
	}
	if err != nil || report == nil {
		return err
	}
	report.Figures = player.Figures(report)
	if c.JSON {
		return report.WriteJSON(e.stdout)
	}
	return report.WriteSummary(e.stdout)
}
