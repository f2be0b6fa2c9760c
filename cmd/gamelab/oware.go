package main

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"gamelab/internal/bench"
	"gamelab/internal/store"
	"gamelab/oware"
	"gamelab/oware/match"
	oplay "gamelab/oware/play"
	"gamelab/oware/protocol"
	"gamelab/oware/search"
)

type owareCmd struct {
	Play   owarePlayCmd   `cmd:"" help:"Play Oware in the terminal: against the computer, another person, or watch two engines."`
	Engine owareEngineCmd `cmd:"" help:"Speak the UCI-style engine protocol on stdin/stdout (docs/protocols/oware.md)."`
	Match  owareMatchCmd  `cmd:"" help:"Play engines against each other from varied openings, colours swapped."`
	Perft  owarePerftCmd  `cmd:"" help:"Count the move sequences of each length from a position (move-generation check)."`
}

// owareRulesFlag is --rules: abapa or its variants.
type owareRulesFlag string

// Validate implements kong's validation hook.
func (r owareRulesFlag) Validate() error {
	_, err := oware.ParseRules(string(r))
	return err
}

func (r owareRulesFlag) rules() oware.Rules {
	rules, _ := oware.ParseRules(string(r))
	return rules
}

// owarePositionFlag is --position: startpos or the notation.
type owarePositionFlag string

// Validate implements kong's validation hook.
func (p owarePositionFlag) Validate() error {
	_, err := p.position()
	return err
}

func (p owarePositionFlag) position() (oware.Position, error) {
	if p == "" || p == "startpos" {
		return oware.Start(), nil
	}
	return oware.ParsePosition(string(p))
}

type owarePerftCmd struct {
	Depth    int               `required:"" help:"Plies to count to (1 or more)."`
	Position owarePositionFlag `default:"startpos" help:"Where to count from: startpos or a position such as 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S."`
	Rules    owareRulesFlag    `default:"abapa" help:"abapa, or variants such as grand-slam=forbidden,cycle=third-repetition."`
	Divide   bool              `help:"Also count below each first move."`
}

func (c *owarePerftCmd) Validate() error {
	if c.Depth < 1 || c.Depth > 30 {
		return fmt.Errorf("--depth %d: want 1 to 30", c.Depth)
	}
	return nil
}

func (c *owarePerftCmd) Run(e *env) error {
	p, _ := c.Position.position()
	rules := c.Rules.rules()
	if c.Divide {
		counts := oware.Divide(p, c.Depth, rules)
		for moves := p.Legal(rules); moves != 0; moves = moves.Rest() {
			fmt.Fprintf(e.stdout, "%v %d\n", moves.First(), counts[moves.First()])
		}
	}
	for d := 1; d <= c.Depth; d++ {
		if err := e.ctx.Err(); err != nil {
			return err
		}
		start := time.Now()
		n := oware.Perft(p, d, rules)
		elapsed := time.Since(start)
		fmt.Fprintf(e.stdout, "perft %2d %15d  %8.3fs  %6.1f M leaves/s\n", d, n, elapsed.Seconds(), float64(n)/max(elapsed.Seconds(), 1e-9)/1e6)
	}
	return nil
}

type owareEngineCmd struct {
	Player string         `default:"${owareengine}" help:"The engine: ${owareplayers}; @N fixes a depth (alphabeta@8)."`
	Rules  owareRulesFlag `default:"abapa" help:"abapa, or variants such as grand-slam=forbidden."`
}

func (c *owareEngineCmd) Validate() error {
	_, err := search.ParseSpec(c.Player)
	return err
}

func (c *owareEngineCmd) Run(e *env) error {
	spec, _ := search.ParseSpec(c.Player)
	return protocol.Serve(e.stdin, e.stdout, protocol.Config{
		Engine: spec.String(),
		Rules:  c.Rules.rules(),
		New: func(hash, threads int) search.Searcher {
			return search.NewFromSpec(spec, search.EngineOptions{HashMiB: hash, Threads: threads})
		},
	})
}

type owareMatchCmd struct {
	South    string         `required:"" help:"The first engine: ${owareplayers} (alphabeta@8: a fixed depth; pvs:no-table: an ingredient off) or cmd:<command> for a program speaking the protocol. It plays South in even games."`
	North    string         `required:"" help:"The second engine, in the same words; North in even games."`
	Games    int            `default:"20" help:"Games (pairs of one opening with colours swapped)."`
	MoveTime time.Duration  `name:"movetime" default:"100ms" help:"Time per move."`
	Opening  int            `default:"${oweropening}" help:"Random plies that open each pair of games."`
	Seed     uint64         `default:"1" help:"Seed of the openings."`
	Rules    owareRulesFlag `default:"abapa" help:"abapa, or variants."`
	Workers  int            `help:"Games played at once (default: one per core; each engine searches on one thread)."`
	Shard    string         `default:"0/1" help:"Play only part i/n of the run, to merge later with gamelab merge."`
	JSON     bool           `help:"Print the full report as JSON."`
}

func (c *owareMatchCmd) Validate() error {
	for _, s := range []string{c.South, c.North} {
		if _, err := match.ParsePlayer(s); err != nil {
			return err
		}
	}
	switch {
	case c.Games < 1:
		return fmt.Errorf("--games %d: want at least one", c.Games)
	case c.MoveTime <= 0:
		return fmt.Errorf("--movetime %v: want a positive time, such as 100ms", c.MoveTime)
	case c.Workers < 0:
		return fmt.Errorf("--workers %d: want a positive number", c.Workers)
	case c.Opening < 0:
		return fmt.Errorf("--opening %d: want 0 or more", c.Opening)
	}
	_, err := bench.ParseShard(c.Shard)
	return err
}

func (c *owareMatchCmd) Run(e *env) error {
	first, _ := match.ParsePlayer(c.South)
	second, _ := match.ParsePlayer(c.North)
	shard, _ := bench.ParseShard(c.Shard)
	mc := match.Config{First: first, Second: second, MoveTime: c.MoveTime, Rules: c.Rules.rules(),
		OpeningPlies: c.Opening, Seed: c.Seed, HashMiB: 16,
		Start: func(command string) (match.External, error) { return protocol.Start(command) }}
	cfg := mc.BenchConfig(c.Games)
	cfg.Shard, cfg.Workers = shard, c.Workers
	var mu sync.Mutex
	var players []*match.BenchPlayer
	defer func() {
		for _, p := range players {
			p.Close()
		}
	}()
	r, err := runBench(e, "oware", cfg, func() (bench.Player, error) {
		p, err := match.NewBenchPlayer(mc)
		if err == nil {
			mu.Lock()
			players = append(players, p)
			mu.Unlock()
		}
		return p, err
	})
	if err != nil {
		return err
	}
	return printReport(e, r, c.JSON)
}

type owarePlayCmd struct {
	South    string         `default:"human" enum:"human,computer" help:"Who plays South, who moves first: human or computer."`
	North    string         `default:"computer" enum:"human,computer" help:"Who plays North: human or computer."`
	Engine   string         `default:"${owareengine}" help:"The computer: ${owareplayers}; @N fixes a depth (alphabeta@6)."`
	Depth    int            `help:"Search to this depth instead of for a time."`
	MoveTime time.Duration  `name:"movetime" default:"1s" help:"The computer's time per move."`
	Rules    owareRulesFlag `default:"abapa" help:"abapa, or variants such as grand-slam=forbidden,cycle=third-repetition."`
	Load     string         `type:"existingfile" placeholder:"FILE" help:"Go on with a game saved with ctrl+s."`
	Delay    time.Duration  `default:"700ms" help:"Pause between two computers' moves, to watch them."`
}

func (c *owarePlayCmd) Validate() error {
	if _, err := search.ParseSpec(c.Engine); err != nil {
		return err
	}
	switch {
	case c.Depth < 0 || c.Depth > search.MaxDepth:
		return fmt.Errorf("--depth %d: want 1 to %d", c.Depth, search.MaxDepth)
	case c.MoveTime <= 0:
		return fmt.Errorf("--movetime %v: want a positive time, such as 1s", c.MoveTime)
	case c.Delay < 0:
		return fmt.Errorf("--delay %v: want 0 or more", c.Delay)
	}
	return nil
}

func (c *owarePlayCmd) Run(e *env) error { return playOware(e, c) }

// playOware runs the game with c's flags and the player's saved profile.
func playOware(e *env, c *owarePlayCmd) error {
	if !isTerminal(e.stdin) || !isTerminal(e.stdout) {
		return errors.New("oware play needs a terminal")
	}
	spec, _ := search.ParseSpec(c.Engine)
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
	pr, err := loadProfile[oplay.Profile](oplay.ProfileName, oplay.ProfileFormat, oplay.ProfileVersion)
	if err != nil {
		return err
	}
	who := map[string]oplay.Who{"human": oplay.Human, "computer": oplay.Computer}
	opts := oplay.Options{
		Players: [2]oplay.Who{who[c.South], who[c.North]},
		Engine:  spec, Limits: search.Limits{MoveTime: c.MoveTime},
		Rules: c.Rules.rules(), Game: game, Delay: c.Delay,
		SaveRecord: saveOwareRecord,
		Profile:    pr.loaded, Update: pr.update, Notice: pr.notice,
	}
	_, err = runProgram(e, newProgram(e, oplay.New(opts)), "oware play")
	return err
}

// saveOwareRecord writes a game record to a new file in the current
// directory and returns its name.
func saveOwareRecord(record string) (string, error) {
	name := "oware-" + time.Now().Format("20060102-150405") + ".txt"
	if err := store.WriteAtomic(name, []byte(record)); err != nil {
		return "", err
	}
	return name, nil
}
