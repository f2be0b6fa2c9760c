package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/cmdline"
	"gamelab/internal/store"
	"gamelab/internal/tui"
	"gamelab/twenty48"
	"gamelab/twenty48/ntuple"
	"gamelab/twenty48/play"
	"gamelab/twenty48/player"
	"gamelab/twenty48/protocol"
)

type twenty48Cmd struct {
	Play   twenty48PlayCmd   `cmd:"" help:"Play 2048 in the terminal."`
	Replay twenty48ReplayCmd `cmd:"" help:"Watch a saved game (r in the game saves one) move by move."`
	Engine twenty48EngineCmd `cmd:"" help:"Speak the player protocol on stdin/stdout (docs/protocols/2048.md)."`
	Bench  twenty48BenchCmd  `cmd:"" help:"Benchmark a player over seeded games."`
	Train  twenty48TrainCmd  `cmd:"" help:"Train the n-tuple network the player rates positions with (resumable: it goes on from the cached network)."`
}

type twenty48PlayCmd struct {
	Undo        int           `default:"0" help:"Moves that may be undone in a row (u)."`
	Size        int           `default:"${size2048}" help:"Cells a side, ${min_size2048} to ${max_size2048}."`
	Seed        *uint64       `help:"Seed of the first game (the next games take the next seeds), to replay the same tiles."`
	Mode        twenty48.Mode `default:"classic" help:"classic, shuffle (x redistributes the tiles) or evil (evil tiles appear: they merge with nothing and vanish in pairs)."`
	budgetFlags               // of the player of hints (h) and autoplay (a)
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
	if !e.Terminal() {
		return errors.New("needs a terminal")
	}
	pr, err := loadProfile[play.Profile](play.ProfileName, play.ProfileFormat, play.ProfileVersion)
	if err != nil {
		return err
	}
	opts := play.Options{
		Size: c.Size, Mode: c.Mode, Undo: c.Undo, Seed: tui.SeedOf(c.Seed),
		Profile: pr.Loaded, Update: pr.Update, Notice: pr.Notice,
		SaveReplay: saveReplay,
		NewPlayer: func() (player.Strategy, string, error) {
			factory, opts, _, note, err := c.player(e)
			if err != nil {
				return nil, "", err
			}
			return factory(opts), note, nil
		},
	}
	m, err := play.New(opts)
	if err != nil {
		return err
	}
	return e.Play(m, "2048 play")
}

// saveReplay writes rec to a new file in the current directory and
// returns its name.
func saveReplay(rec twenty48.Record) (string, error) {
	data, err := json.MarshalIndent(rec, "", "  ")
	if err != nil {
		return "", err
	}
	return store.WriteNew(fmt.Sprintf("2048-%d", rec.Seed), ".json", append(data, '\n'))
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
	if !e.Terminal() {
		return errors.New("needs a terminal")
	}
	return e.Play(v, "2048 replay")
}

// defaultBudget2048 is the budget of the commands that run a 2048 player,
// the menu's game among them, when none is named.
const defaultBudget2048 = "fast"

// budgetFlags are the flags of the commands that run a 2048 player: the
// engine, the benchmark, and the game's hints and autoplay.
type budgetFlags struct {
	Player    playerName `default:"${player2048}" help:"Player: ${players2048}."`
	Budget    budget     `default:"${budget2048}" help:"How hard the player searches: fast, strong, or a time per move such as 50ms."`
	Heuristic bool       `xor:"rating" help:"Rate positions with the hand-written heuristic even when a trained network is cached (gamelab 2048 train)."`
	Network   bool       `xor:"rating" help:"Rate positions with the cached network however little it was trained (a network of fewer than ${networkgames} games plays worse than the heuristic, which plays instead unless told)."`
	// MoveTimeout is for a player of another program (cmd:).
	MoveTimeout cmdline.Seconds `name:"move-timeout" default:"30s" help:"How long an outside program (cmd:) may take to answer; one that takes longer forfeits the game and is restarted."`
}

// playerName is a 2048 player named on the command line: a registered
// one, or cmd:<command> for a program speaking the protocol.
type playerName string

// Validate implements kong's validation hook.
func (p playerName) Validate() error {
	if _, ok, err := protocol.Program(context.Background(), string(p), 0); ok {
		if err != nil {
			return fmt.Errorf("--player %w", err)
		}
		return nil
	}
	_, err := player.Lookup(string(p))
	return err
}

// budget is a search budget named on the command line.
type budget string

// Validate implements kong's validation hook.
func (b budget) Validate() error {
	_, err := player.ParseBudget(string(b), false)
	return err
}

// player returns the player the flags name: a program speaking the
// protocol, or a registered one with the cached network as the rating
// flags allow (player.Select).
func (f budgetFlags) player(e *env) (factory player.Factory, opts player.Options, about, note string, err error) {
	if factory, ok, _ := protocol.Program(e.Ctx, string(f.Player), time.Duration(f.MoveTimeout)); ok {
		return factory, opts, string(f.Player), "", nil
	}
	rating := player.Best
	switch {
	case f.Heuristic:
		rating = player.Heuristic
	case f.Network:
		rating = player.Network
	}
	dir, err := e.Cache()
	if err != nil {
		return nil, opts, "", "", err
	}
	s, err := player.Select(dir, string(f.Player), string(f.Budget), rating)
	return s.Factory, s.Options, s.About, s.Note, err
}

// playerSaying is player for the commands without a screen of their
// own: the note goes to stderr.
func (f budgetFlags) playerSaying(e *env) (player.Factory, player.Options, string, error) {
	factory, opts, about, note, err := f.player(e)
	if note != "" {
		fmt.Fprintln(e.Stderr, "2048:", note)
	}
	return factory, opts, about, err
}

type twenty48EngineCmd struct {
	budgetFlags
}

func (c *twenty48EngineCmd) Run(e *env) error {
	// Loading the player is interruptible too: a network is hundreds of
	// megabytes to read.
	return e.Interruptible(func() error {
		factory, opts, _, err := c.playerSaying(e)
		if err != nil {
			return err
		}
		return protocol.Serve(e.Stdin, e.Stdout, factory(opts))
	})
}

type twenty48BenchCmd struct {
	budgetFlags
	Games   *int            `help:"Games to play (default 100; with --from, each position once)."`
	Seed    uint64          `default:"1" help:"Base seed of the games."`
	Workers cmdline.Workers `help:"Games played at once (default: one per core). Each game searches on one core, so that a seed replays its games move for move; with a time per move (--budget 50ms), on all cores."`
	cmdline.ReportFlags
	Watch  bool   `help:"Watch the player: space pauses and resumes, s steps, +/- change the speed."`
	From   string `type:"existingfile" help:"Begin the games at the positions of this file (a board a line: its 16 exponents, as the protocol's board command; # comments) rather than at two spawned tiles; scores count the points made from there." placeholder:"FILE"`
	StopAt int    `help:"End each game when it first makes this tile (e.g. 16384)." placeholder:"TILE"`
	Save   string `help:"Write the boards where games made the --stop-at tile to this file, in --from's format: positions to play on from." placeholder:"FILE"`
}

func (c *twenty48BenchCmd) Validate() error {
	if err := cmdline.CheckGames(c.Games); err != nil {
		return err
	}
	if _, err := player.StopExponent(c.StopAt); err != nil {
		return fmt.Errorf("--stop-at %w", err)
	}
	if c.Save != "" && c.StopAt == 0 {
		return errors.New("--save writes the boards where games made the --stop-at tile: give --stop-at too")
	}
	return c.Check(c.Workers)
}

func (c *twenty48BenchCmd) Run(e *env) error {
	suite, err := player.LoadSuite(c.From, c.StopAt)
	if err != nil {
		return err
	}
	games := suite.DefaultGames()
	if c.Games != nil {
		games = *c.Games
	}
	var reached player.Reached
	if c.Save != "" {
		suite.Reached = reached.Add
	}
	factory, opts, about, err := c.playerSaying(e)
	if err != nil {
		return err
	}
	opts = player.ForBench(opts)
	cfg := suite.Config(player.BenchConfig(about, games, c.Seed))
	c.Apply(&cfg, c.Workers)
	newPlayer := func() (bench.Player, error) {
		s := factory(opts)
		if err := player.Failure(s); err != nil {
			return nil, err // a program that does not start
		}
		return player.NewSuitePlayer(s, suite).RenewWith(func() player.Strategy { return factory(opts) }), nil
	}
	report, err := e.Bench("2048", c.Watch, func() cmdline.WatchView { return play.NewWatch(games) }, cfg, newPlayer)
	if c.Save != "" {
		if serr := reached.Save(c.Save); serr != nil && err == nil {
			err = fmt.Errorf("--save: %w", serr)
		}
	}
	return finish(e, c.ReportFlags, report, err)
}

type twenty48TrainCmd struct {
	Games   int             `default:"100000" help:"Games to train over in this run."`
	Alpha   float64         `help:"Learning rate (default: each weight's own, by temporal coherence; for a network begun with plain TD, 0.1 for the first 500,000 games, then 0.01)."`
	Workers cmdline.Workers `help:"Games played at once (default: one per core)."`
	Every   int             `default:"10000" help:"Games summed up in each line of progress."`
	Fresh   bool            `help:"Start from an untrained network instead of the cached one (it learns by temporal coherence)."`
	Restart float64         `default:"0" help:"Share of games that begin where an earlier game first made a 4096, 8192, 16384 or 32768, to train the late game."`
}

func (c *twenty48TrainCmd) Validate() error {
	switch {
	case c.Games < 1:
		return fmt.Errorf("--games %d: want at least one", c.Games)
	case c.Alpha < 0 || c.Alpha > 1:
		return fmt.Errorf("--alpha %g: want a rate between 0 and 1", c.Alpha)
	case c.Every < 1:
		return fmt.Errorf("--every %d: want at least one", c.Every)
	case c.Restart < 0 || c.Restart >= 1:
		return fmt.Errorf("--restart %g: want a share from 0 up to (not including) 1", c.Restart)
	}
	return c.Workers.Check()
}

func (c *twenty48TrainCmd) Run(e *env) error {
	dir, err := e.Cache()
	if err != nil {
		return err
	}
	run := ntuple.Run{Dir: dir, Games: c.Games, Alpha: c.Alpha, Workers: int(c.Workers), Every: c.Every, Restart: c.Restart, Fresh: c.Fresh}
	progress := ntuple.NewProgress(e.Stderr)
	trained, err := run.Train(e.Ctx, e.Stderr, progress.Report)
	if err != nil {
		return err
	}
	if note := player.TrainingNote(trained); note != "" {
		fmt.Fprintln(e.Stderr, note)
	}
	return progress.WriteCurve(e.Stdout)
}
