package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"math/bits"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/store"
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

// modeFlag is the --mode flag of the 2048 commands.
type modeFlag string

// Validate implements kong's validation hook.
func (m modeFlag) Validate() error {
	_, err := twenty48.ParseMode(string(m))
	return err
}

type twenty48PlayCmd struct {
	Undo        int      `default:"0" help:"Moves that may be undone in a row (u)."`
	Size        int      `default:"${size2048}" help:"Cells a side, ${min_size2048} to ${max_size2048}."`
	Seed        *uint64  `help:"Seed of the first game (the next games take the next seeds), to replay the same tiles."`
	Mode        modeFlag `default:"classic" help:"classic, shuffle (x redistributes the tiles) or evil (evil tiles appear: they merge with nothing and vanish in pairs)."`
	budgetFlags          // of the player of hints (h) and autoplay (a)
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
	pr, err := loadProfile[play.Profile](play.ProfileName, play.ProfileFormat, play.ProfileVersion)
	if err != nil {
		return err
	}
	opts := play.Options{
		Size: c.Size, Mode: mode, Undo: c.Undo,
		Profile: pr.loaded, Update: pr.update, Notice: pr.notice,
		SaveReplay: saveReplay,
		NewPlayer: func() (player.Strategy, string, error) {
			factory, opts, _, note, err := c.player(e)
			if err != nil {
				return nil, "", err
			}
			return factory(opts), note, nil
		},
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
}

// playerName is a 2048 player named on the command line: a registered
// one, or cmd:<command> for a program speaking the protocol.
type playerName string

// commandPrefix marks a player that is a program of its own.
const commandPrefix = "cmd:"

// command returns the program's command line, if p names one.
func (p playerName) command() (string, bool) {
	return strings.CutPrefix(string(p), commandPrefix)
}

// Validate implements kong's validation hook.
func (p playerName) Validate() error {
	if command, ok := p.command(); ok {
		if strings.TrimSpace(command) == "" {
			return fmt.Errorf("--player %s: name the program after cmd:, e.g. cmd:./myplayer", p)
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
	if command, ok := f.Player.command(); ok {
		// Each worker of a benchmark runs a program of its own.
		factory = func(player.Options) player.Strategy { return protocol.Start(e.ctx, command) }
		return factory, opts, string(f.Player), "", nil
	}
	rating := player.Best
	switch {
	case f.Heuristic:
		rating = player.Heuristic
	case f.Network:
		rating = player.Network
	}
	dir, err := e.cache()
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
		fmt.Fprintln(e.stderr, "2048:", note)
	}
	return factory, opts, about, err
}

type twenty48EngineCmd struct {
	budgetFlags
}

func (c *twenty48EngineCmd) Run(e *env) error {
	// Loading the player is interruptible too: a network is hundreds of
	// megabytes to read.
	return e.interruptible(func() error {
		factory, opts, _, err := c.playerSaying(e)
		if err != nil {
			return err
		}
		return protocol.Serve(e.stdin, e.stdout, factory(opts))
	})
}

type twenty48BenchCmd struct {
	budgetFlags
	Games   *int    `help:"Games to play (default 100; with --from, each position once)."`
	Seed    uint64  `default:"1" help:"Base seed of the games."`
	Workers workers `help:"Games played at once (default: one per core). Each game searches on one core, so that a seed replays its games move for move; with a time per move (--budget 50ms), on all cores."`
	reportFlags
	Watch  bool   `help:"Watch the player: space pauses and resumes, s steps, +/- change the speed."`
	From   string `type:"existingfile" help:"Begin the games at the positions of this file (a board a line: its 16 exponents, as the protocol's board command; # comments) rather than at two spawned tiles; scores count the points made from there." placeholder:"FILE"`
	StopAt int    `help:"End each game when it first makes this tile (e.g. 16384)." placeholder:"TILE"`
	Save   string `help:"Write the boards where games made the --stop-at tile to this file, in --from's format: positions to play on from." placeholder:"FILE"`
}

func (c *twenty48BenchCmd) Validate() error {
	if c.Games != nil && *c.Games < 1 {
		return fmt.Errorf("--games %d: want at least one", *c.Games)
	}
	if c.StopAt != 0 && (c.StopAt < 4 || c.StopAt > 32768 || c.StopAt&(c.StopAt-1) != 0) {
		return fmt.Errorf("--stop-at %d: want a tile from 4 to 32768", c.StopAt)
	}
	if c.Save != "" && c.StopAt == 0 {
		return errors.New("--save writes the boards where games made the --stop-at tile: give --stop-at too")
	}
	return c.check(c.Workers)
}

func (c *twenty48BenchCmd) Run(e *env) error {
	suite, err := c.suite()
	if err != nil {
		return err
	}
	games := 100
	switch {
	case c.Games != nil:
		games = *c.Games
	case len(suite.Starts) > 0:
		games = len(suite.Starts)
	}
	var mu sync.Mutex
	reached := map[int]twenty48.Board{}
	if c.Save != "" {
		suite.Reached = func(game int, b twenty48.Board) {
			mu.Lock()
			defer mu.Unlock()
			reached[game] = b
		}
	}
	factory, opts, about, err := c.playerSaying(e)
	if err != nil {
		return err
	}
	// The workers play games side by side, each searching on one core, so
	// that a level's games replay exactly; a time per move replays
	// nothing, and is spent on all cores as in the engine.
	opts.OneCore = opts.Budget.PerMove == 0
	cfg := suite.Config(player.BenchConfig(about, games, c.Seed))
	c.apply(&cfg, c.Workers)
	newPlayer := func() (bench.Player, error) {
		return player.NewSuitePlayer(factory(opts), suite), nil
	}
	var report *bench.Report
	if c.Watch {
		report, err = watchBench(e, "2048 bench --watch", play.NewWatch(games), cfg, newPlayer)
	} else {
		report, err = runBench(e, "2048", cfg, newPlayer)
	}
	if c.Save != "" {
		// In game order, so that a run's positions are the same file
		// however its games were shared among the workers.
		boards := make([]twenty48.Board, 0, len(reached))
		for _, i := range slices.Sorted(maps.Keys(reached)) {
			boards = append(boards, reached[i])
		}
		if serr := savePositions(c.Save, boards); serr != nil && err == nil {
			err = serr
		}
	}
	return c.finish(e, report, err)
}

// suite returns the games --from and --stop-at ask for.
func (c *twenty48BenchCmd) suite() (player.Suite, error) {
	var s player.Suite
	if c.StopAt > 0 {
		s.StopAt = uint8(bits.TrailingZeros(uint(c.StopAt)))
	}
	if c.From == "" {
		return s, nil
	}
	f, err := os.Open(c.From)
	if err != nil {
		return s, err
	}
	defer f.Close()
	if s.Starts, err = twenty48.ReadBoards(f); err != nil {
		return s, fmt.Errorf("%s: %w", c.From, err)
	}
	if len(s.Starts) == 0 {
		return s, fmt.Errorf("%s: no positions", c.From)
	}
	return s, nil
}

// savePositions writes boards to the position file name.
func savePositions(name string, boards []twenty48.Board) error {
	var buf bytes.Buffer
	if err := twenty48.WriteBoards(&buf, boards); err != nil {
		return err
	}
	if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("--save: %w", err)
	}
	return nil
}

type twenty48TrainCmd struct {
	Games   int     `default:"100000" help:"Games to train over in this run."`
	Alpha   float64 `help:"Learning rate (default: each weight's own, by temporal coherence; for a network begun with plain TD, 0.1 for the first 500,000 games, then 0.01)."`
	Workers workers `help:"Games played at once (default: one per core)."`
	Every   int     `default:"10000" help:"Games summed up in each line of progress."`
	Fresh   bool    `help:"Start from an untrained network instead of the cached one (it learns by temporal coherence)."`
	Restart float64 `default:"0" help:"Share of games that begin where an earlier game first made a 4096, 8192, 16384 or 32768, to train the late game."`
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
	return c.Workers.check()
}

func (c *twenty48TrainCmd) Run(e *env) error {
	dir, err := e.cache()
	if err != nil {
		return err
	}
	run := ntuple.Run{Dir: dir, Games: c.Games, Alpha: c.Alpha, Workers: int(c.Workers), Every: c.Every, Restart: c.Restart, Fresh: c.Fresh}
	var curve []ntuple.Block
	var last time.Duration
	trained, err := run.Train(e.ctx, e.stderr, func(b ntuple.Block) {
		if curve == nil {
			fmt.Fprintf(e.stderr, "%10s %9s %6s %6s %6s %6s %6s %9s %12s\n", "games", "mean", "2048", "4096", "8192", "16384", "32768", "best", "moves/s")
		}
		speed := float64(b.Moves) / max((b.Elapsed-last).Seconds(), 1e-9)
		last = b.Elapsed
		fmt.Fprintf(e.stderr, "%10d %9.0f %5.1f%% %5.1f%% %5.1f%% %5.1f%% %5.2f%% %9d %12.0f\n", b.First+b.Games,
			b.MeanScore, 100*b.Share(11), 100*b.Share(12), 100*b.Share(13), 100*b.Share(14), 100*b.Share(15), b.MaxScore, speed)
		curve = append(curve, b)
	})
	if err != nil {
		return err
	}
	if trained < player.NetworkGames {
		fmt.Fprintf(e.stderr, "the player takes the network from %d games of training on (%d to go; --network takes it now)\n", player.NetworkGames, player.NetworkGames-trained)
	}
	return writeCurve(e.stdout, curve)
}

// writeCurve draws the learning curve of a training run: the mean score
// of its games, in at most 30 bars.
func writeCurve(w io.Writer, blocks []ntuple.Block) error {
	per := (len(blocks) + 29) / 30
	var points []bench.Point
	for i := 0; i < len(blocks); i += per {
		group := blocks[i:min(i+per, len(blocks))]
		games, sum := 0, 0.0
		for _, b := range group {
			games += b.Fresh
			sum += b.MeanScore * float64(b.Fresh)
		}
		last := group[len(group)-1]
		points = append(points, bench.Point{Label: fmt.Sprint(last.First + last.Games), Value: sum / float64(max(1, games))})
	}
	return bench.WriteCurve(w, "mean score of the games, by games trained", points, "%.0f", 40)
}
