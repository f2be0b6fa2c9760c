package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/cmdline"
	"gamelab/internal/store"
	"gamelab/oware"
	"gamelab/oware/egdb"
	"gamelab/oware/match"
	oplay "gamelab/oware/play"
	"gamelab/oware/protocol"
	"gamelab/oware/search"
)

type owareCmd struct {
	Play   owarePlayCmd   `cmd:"" help:"Play Oware in the terminal: against the computer, another person, or watch two engines."`
	Engine owareEngineCmd `cmd:"" help:"Speak the UCI-style engine protocol on stdin/stdout (docs/protocols/oware.md)."`
	Match  owareMatchCmd  `cmd:"" help:"Play engines against each other from varied openings, colours swapped."`
	Bench  owareBenchCmd  `cmd:"" help:"Benchmark the engine: a match of the default engine against alphabeta@8 unless told otherwise."`
	Perft  owarePerftCmd  `cmd:"" help:"Count the move sequences of each length from a position (move-generation check)."`
	EGDB   owareEGDBCmd   `cmd:"" name:"egdb" help:"The endgame database: build it, look positions up."`
}

type owarePerftCmd struct {
	Depth    int            `required:"" help:"Plies to count to (1 or more)."`
	Position oware.Position `default:"startpos" help:"Where to count from: startpos or a position such as 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S."`
	Rules    oware.Rules    `default:"abapa" help:"abapa, or variants such as grand-slam=forbidden,cycle=third-repetition."`
	Divide   bool           `help:"Also count below each first move."`
}

func (c *owarePerftCmd) Validate() error {
	if c.Depth < 1 || c.Depth > 30 {
		return fmt.Errorf("--depth %d: want 1 to 30", c.Depth)
	}
	return nil
}

func (c *owarePerftCmd) Run(e *env) error {
	// A depth of 20 and more counts for hours, in the engine's pure code.
	return e.Interruptible(func() error {
		return oware.WritePerft(e.Stdout, c.Position, c.Depth, c.Rules, c.Divide)
	})
}

type owareEngineCmd struct {
	Player string      `default:"${owareengine}" help:"The engine: ${owareplayers}; @N fixes a depth (alphabeta@8)."`
	Rules  oware.Rules `default:"abapa" help:"abapa, or variants such as grand-slam=forbidden."`
	egdbFlags
}

func (c *owareEngineCmd) Validate() error {
	_, err := search.ParseSpec(c.Player)
	return err
}

func (c *owareEngineCmd) Run(e *env) error {
	// Loading the endgame database is interruptible too: a large one
	// takes seconds to read.
	return e.Interruptible(func() error { return c.serve(e) })
}

// serve loads the engine and speaks the protocol until the input ends.
func (c *owareEngineCmd) serve(e *env) error {
	spec, _ := search.ParseSpec(c.Player)
	tb := c.tablebase(e, true)
	cfg := protocol.Config{
		Engine: spec.String(),
		Note:   egdb.About(tb),
		Rules:  c.Rules,
		New: func(hash, threads int) search.Searcher {
			return search.NewFromSpec(spec, search.EngineOptions{HashMiB: hash, Threads: threads, Tablebase: tb})
		},
	}
	return protocol.Serve(e.Stdin, e.Stdout, cfg)
}

type owareMatchCmd struct {
	South string `required:"" help:"The first engine: ${owareplayers} (alphabeta@8: a fixed depth; pvs:no-table: an ingredient off; pvs:empty=-150: a weight of the evaluation) or cmd:<command> for a program speaking the protocol. It plays South in even games."`
	North string `required:"" help:"The second engine, in the same words; North in even games."`
	Games int    `default:"20" help:"Games, played in pairs: one opening, colours swapped."`
	matchFlags
}

// owareBenchCmd is a match with the defaults of a benchmark: the default
// engine against the source's alpha-beta at depth 8.
type owareBenchCmd struct {
	South string `default:"${owareengine}" aliases:"player" help:"The engine measured (as in match)."`
	North string `default:"alphabeta@8" help:"Its opponent (as in match)."`
	Games int    `default:"100" help:"Games, played in pairs: one opening, colours swapped."`
	matchFlags
}

// match returns the match the bench plays.
func (c *owareBenchCmd) match() *owareMatchCmd {
	return &owareMatchCmd{South: c.South, North: c.North, Games: c.Games, matchFlags: c.matchFlags}
}

func (c *owareBenchCmd) Validate() error { return c.match().Validate() }

func (c *owareBenchCmd) Run(e *env) error { return c.match().Run(e) }

// matchFlags are the flags of match and bench after the players.
type matchFlags struct {
	MoveTime    cmdline.Millis  `name:"movetime" default:"100ms" help:"Time per move, in milliseconds (100) or with a unit (2s)."`
	MoveTimeout cmdline.Seconds `name:"move-timeout" default:"30s" help:"How long past its time per move an outside program (cmd:) may take to answer; one that takes longer forfeits the game and is restarted."`
	Opening     int             `default:"${oweropening}" help:"Random plies that open each pair of games."`
	Seed        uint64          `default:"1" help:"Seed of the openings."`
	Rules       oware.Rules     `default:"abapa" help:"abapa, or variants."`
	Workers     cmdline.Workers `help:"Games played at once (default: one per core; each engine searches on one thread)."`
	cmdline.ReportFlags
	SPRT   string `name:"sprt" placeholder:"ELO0,ELO1" help:"Stop as soon as a sequential test decides between the first being ELO0 and ELO1 Elo stronger (errors 5% each); --games bounds it."`
	Ponder bool   `help:"Let the engines think in their opponent's time, as under a tournament runner that ponders (default workers: one per two cores)."`
	Watch  bool   `help:"Watch the games on the board: space pauses and resumes, s steps, +/- change the speed."`
	egdbFlags
}

// maxDelay bounds the pause between two computers' moves in a game
// watched: a longer one would look like a hang.
const maxDelay = time.Minute

func (c *owareMatchCmd) Validate() error {
	// Run before kong's check of required flags: a flag left out comes
	// here empty, and the error names it.
	for _, f := range []struct{ flag, value string }{{"south", c.South}, {"north", c.North}} {
		if _, err := match.ParsePlayer(f.value); err != nil {
			return fmt.Errorf("--%s: %w", f.flag, err)
		}
	}
	switch {
	case cmdline.CheckGames(&c.Games) != nil:
		return cmdline.CheckGames(&c.Games)
	case c.MoveTime <= 0 || time.Duration(c.MoveTime) > match.MaxMoveTime:
		return fmt.Errorf("--movetime %v: want a positive time up to %v, such as 100ms", time.Duration(c.MoveTime), match.MaxMoveTime)
	case c.Opening < 0 || c.Opening > match.MaxOpeningPlies:
		return fmt.Errorf("--opening %d: want 0 to %d", c.Opening, match.MaxOpeningPlies)
	}
	if c.SPRT != "" {
		if _, err := match.ParseSPRT(c.SPRT); err != nil {
			return err
		}
	}
	return c.Check(c.Workers)
}

func (c *owareMatchCmd) Run(e *env) error {
	first, _ := match.ParsePlayer(c.South)
	second, _ := match.ParsePlayer(c.North)
	mc := match.Config{First: first, Second: second, MoveTime: time.Duration(c.MoveTime), Rules: c.Rules,
		OpeningPlies: c.Opening, Seed: c.Seed, HashMiB: 16, Tablebase: c.tablebase(e, false), Ponder: c.Ponder,
		Start: func(command string) (match.External, error) {
			return protocol.Start(command, time.Duration(c.MoveTimeout))
		}}
	cfg := mc.BenchConfig(c.Games)
	c.Apply(&cfg, c.Workers)
	if c.Ponder && c.Workers == 0 {
		cfg.Workers = max(1, runtime.NumCPU()/2) // each game's two engines think at once
	}
	var sprt *match.SPRT
	if c.SPRT != "" {
		t, _ := match.ParseSPRT(c.SPRT)
		sprt = &t
		cfg.Enough = func(o []bench.Outcome) bool { return t.Decision(o) != 0 }
	}
	newPlayer := func() (bench.Player, error) { return match.NewBenchPlayer(mc) }
	r, err := e.Bench("oware", c.Watch, func() cmdline.WatchView { return oplay.NewWatch(c.South, c.North, cfg.Games) }, cfg, newPlayer)
	if sprt != nil && r != nil {
		r.Figures = append(r.Figures, sprt.Figure(r.Outcomes))
	}
	return finish(e, c.ReportFlags, r, err)
}

type owarePlayCmd struct {
	South    string         `default:"human" enum:"human,computer" help:"Who plays South, who moves first: human or computer."`
	North    string         `default:"computer" enum:"human,computer" help:"Who plays North: human or computer."`
	Player   string         `default:"${owareengine}" aliases:"engine" help:"The computer: ${owareplayers}; @N fixes a depth (alphabeta@6)."`
	Depth    int            `help:"Search to this depth instead of for a time."`
	MoveTime cmdline.Millis `name:"movetime" default:"${owaremovetime}" help:"The computer's time per move, in milliseconds (1000) or with a unit (1s)."`
	Rules    oware.Rules    `default:"abapa" help:"abapa, or variants such as grand-slam=forbidden,cycle=third-repetition."`
	Load     string         `type:"existingfile" placeholder:"FILE" help:"Go on with a game saved with ctrl+s."`
	Delay    cmdline.Millis `default:"${owaredelay}" help:"Pause between two computers' moves, to watch them, in milliseconds or with a unit."`
	egdbFlags
}

func (c *owarePlayCmd) Validate() error {
	if _, err := search.ParseSpec(c.Player); err != nil {
		return err
	}
	switch {
	case c.Depth < 0 || c.Depth > search.MaxDepth:
		return fmt.Errorf("--depth %d: want 1 to %d", c.Depth, search.MaxDepth)
	case c.MoveTime <= 0 || time.Duration(c.MoveTime) > match.MaxMoveTime:
		return fmt.Errorf("--movetime %v: want a positive time up to %v, such as 1s", time.Duration(c.MoveTime), match.MaxMoveTime)
	case c.Delay < 0 || time.Duration(c.Delay) > maxDelay:
		return fmt.Errorf("--delay %v: want 0 to %v", time.Duration(c.Delay), maxDelay)
	}
	return nil
}

func (c *owarePlayCmd) Run(e *env) error { return playOware(e, c) }

// playOware runs the game with c's flags and the player's saved profile.
func playOware(e *env, c *owarePlayCmd) error {
	spec, _ := search.ParseSpec(c.Player)
	if c.Depth > 0 {
		spec.Depth = c.Depth
	}
	var game *oware.Game
	if c.Load != "" {
		f, err := os.Open(c.Load)
		if err != nil {
			return err
		}
		game, err = oware.ParseRecord(f)
		f.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", c.Load, err)
		}
	}
	if !e.Terminal() {
		return errors.New("needs a terminal")
	}
	pr, err := loadProfile[oplay.Profile](oplay.ProfileName, oplay.ProfileFormat, oplay.ProfileVersion)
	if err != nil {
		return err
	}
	tb, trouble := c.open(e, true)
	notice := strings.TrimSpace(pr.Notice + "\n" + trouble)
	who := map[string]oplay.Who{"human": oplay.Human, "computer": oplay.Computer}
	opts := oplay.Options{
		Players: [2]oplay.Who{who[c.South], who[c.North]},
		Engine:  spec, Limits: search.Limits{MoveTime: time.Duration(c.MoveTime)},
		Rules: c.Rules, Game: game, Delay: time.Duration(c.Delay),
		SaveRecord: saveOwareRecord,
		NewSearcher: func(s search.Spec) search.Searcher {
			return search.NewFromSpec(s, search.EngineOptions{Tablebase: tb})
		},
		Profile: pr.Loaded, Update: pr.Update, Notice: notice,
	}
	return e.Play(oplay.New(opts), "oware play")
}

// saveOwareRecord writes a game record to a new file in the current
// directory and returns its name.
func saveOwareRecord(record string) (string, error) {
	return store.WriteNew("oware-"+time.Now().Format("20060102-150405"), ".txt", []byte(record))
}

type owareEGDBCmd struct {
	Build owareEGDBBuildCmd `cmd:"" help:"Build the endgame database by retrograde analysis and keep it in the cache directory."`
	Probe owareEGDBProbeCmd `cmd:"" help:"Look a position up in the cached database."`
}

type owareEGDBBuildCmd struct {
	Seeds   int `default:"${owareegdbseeds}" help:"Every position with up to this many seeds on the board (each seed more costs about 1.7 times the time and memory)."`
	Threads int `help:"Threads (default: every core)."`
}

func (c *owareEGDBBuildCmd) Validate() error {
	if c.Seeds < 1 || c.Seeds > egdb.MaxSeeds {
		return fmt.Errorf("--seeds %d: want 1 to %d", c.Seeds, egdb.MaxSeeds)
	}
	if c.Threads < 0 || c.Threads > cmdline.MaxWorkers {
		return fmt.Errorf("--threads %d: want 0 (every core) to %d", c.Threads, cmdline.MaxWorkers)
	}
	return nil
}

func (c *owareEGDBBuildCmd) Run(e *env) error {
	dir, err := e.Cache()
	if err != nil {
		return err
	}
	// The build looks at the context between sweeps, which take seconds
	// each at 14 seeds: an interrupt ends the command at once.
	var db *egdb.DB
	if err := e.Interruptible(func() (err error) {
		db, err = egdb.Build(e.Ctx, c.Seeds, c.Threads, egdb.Table(e.Stdout))
		return err
	}); err != nil {
		return err
	}
	path, err := egdb.SaveCached(dir, db)
	if err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "kept in %s\n", path)
	return nil
}

type owareEGDBProbeCmd struct {
	Position string `arg:"" help:"The position, such as 0-0-0-0-0-2-1-1-1-0-0-0-22-21-S."`
}

func (c *owareEGDBProbeCmd) Run(e *env) error {
	p, err := oware.ParsePosition(c.Position)
	if err != nil {
		return err
	}
	dir, err := e.Cache()
	if err != nil {
		return err
	}
	answer, err := egdb.Probe(dir, p)
	if err != nil {
		return err
	}
	fmt.Fprintln(e.Stdout, answer)
	return nil
}

// egdbFlags choose whether the engines use the cached endgame database.
type egdbFlags struct {
	NoEGDB bool `name:"no-egdb" help:"Play without the cached endgame database."`
}

// tablebase returns the database the engines use (egdb.Open), unless
// told not to: with none cached and build set (the engine and the game,
// not matches, which measure), one built in the background. A damaged
// file is reported on stderr.
func (f egdbFlags) tablebase(e *env, build bool) search.Tablebase {
	tb, trouble := f.open(e, build)
	if trouble != "" {
		fmt.Fprintln(e.Stderr, trouble)
	}
	return tb
}

// open is tablebase for the terminal game, which shows the trouble with
// the database in its own status line rather than on a stderr its screen
// would cover.
func (f egdbFlags) open(e *env, build bool) (search.Tablebase, string) {
	if f.NoEGDB {
		return nil, ""
	}
	dir, err := e.Cache()
	if err != nil {
		return nil, ""
	}
	db, err := egdb.Open(e.Ctx, dir, build)
	if err != nil {
		return db, "endgame database: " + err.Error()
	}
	return db, ""
}
