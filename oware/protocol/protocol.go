// Package protocol is the Oware engine's UCI-style protocol on a reader and
// a writer, the dialect of the strongest open-source Oware engines, so
// that tournament tools and GUIs can drive any searcher
// (docs/protocols/oware.md):
//
//	uci                                → id name …, id author …, option …, uciok
//	isready                            → readyok (at once, even mid-search)
//	setoption name Hash value 64       (also Threads, Ponder; others ignored)
//	ucinewgame
//	position startpos [moves FaEb…]
//	position fen 4-4-…-0-0-S [moves …]
//	go depth N | go movetime MS | go wtime MS btime MS | go infinite | go ponder …
//	                                   → info depth … score … nodes … pv …, bestmove X [ponder Y]
//	ponderhit                          → the pondering search goes on under its limits
//	stop                               → ends a search at once
//	wait                               → waits for a search that ends by itself
//	quit
//
// Every go is answered by exactly one bestmove, whatever comes between.
// A search runs while commands are still read, so stop, ponderhit and
// isready are answered during it. A line the engine cannot follow gets
// "info string error: " and the reason, and the session goes on, as UCI
// expects.
package protocol

import (
	"context"
	"io"
	"slices"
	"strconv"
	"strings"

	"gamelab/internal/lines"
	"gamelab/oware"
	"gamelab/oware/search"
)

// Name is the engine's name in the reply to uci.
const Name = "gamelab-oware"

// Config is what a session needs: the searcher's name (for id name), a
// way to make a searcher with the given hash size and threads, and the
// rules.
type Config struct {
	Engine string                                     // shown after Name in "id name"
	New    func(hashMiB, threads int) search.Searcher // called on start and on setoption
	Rules  oware.Rules
	Note   string // said as an info string after uciok, if set (the endgame database in use, say)
}

// session is the state of one connection.
type session struct {
	cfg     Config
	out     *lines.Replier
	s       search.Searcher
	hash    int
	threads int
	game    *oware.Game
	running *run // the search under way, if any
}

// run is a search under way: its goroutine answers bestmove when the
// search ends, or, pondering, once the client has said stop.
type run struct {
	cancel context.CancelFunc
	done   chan struct{} // closed once the search has answered, or given way
	// endless is set for a search that only a command ends: go infinite
	// and go ponder.
	endless bool
	// ponder is set while the search ponders: its bestmove waits for the
	// client's word on release (true: stop, answer; false: ponderhit,
	// give way to the search under limits).
	ponder  bool
	release chan bool
	command GoCommand // the go, for ponderhit's limits
	game    *oware.Game
}

// Serve runs the protocol on r and w until quit or the end of r; a search
// still running then is stopped and answered first.
func Serve(r io.Reader, w io.Writer, cfg Config) error {
	s := &session{cfg: cfg, out: lines.NewReplier(w), hash: search.DefaultHashMiB}
	s.s = cfg.New(s.hash, s.threads)
	s.game = oware.NewGame(oware.Start(), cfg.Rules)
	tooLong := func() error { s.reply("info string error: %v", lines.ErrTooLong); return nil }
	err := lines.Serve(r, tooLong, func(_ string, fields []string) error {
		s.command(fields)
		return nil
	})
	s.stop()
	return err
}

// command carries out one command of the protocol, fields its words.
func (s *session) command(fields []string) {
	cfg := s.cfg
	if changes[fields[0]] {
		s.settle()
	}
	switch fields[0] {
	case "uci":
		s.reply("id name %s %s", Name, cfg.Engine)
		s.reply("id author the gamelab developers")
		s.reply("option name Hash type spin default %d min 1 max %d", search.DefaultHashMiB, maxHashMiB)
		s.reply("option name Threads type spin default 0 min 0 max %d", maxThreads)
		s.reply("option name Ponder type check default false")
		s.reply("uciok")
		if cfg.Note != "" {
			s.reply("info string %s", cfg.Note)
		}
	case "isready":
		s.reply("readyok")
	case "debug":
		// Accepted, as UCI asks; the engine has nothing more to say.
	case "ucinewgame":
		s.game = oware.NewGame(oware.Start(), cfg.Rules)
		if e, ok := s.s.(interface{ NewGame() }); ok {
			e.NewGame()
		}
	case "setoption":
		s.setOption(fields[1:])
	case "position":
		if err := s.position(fields[1:]); err != nil {
			s.reply("info string error: %s", lines.Clip(err.Error()))
		}
	case "go":
		s.goSearch(fields[1:])
	case "ponderhit":
		s.ponderhit()
	case "stop":
		s.stop()
	case "wait":
		if s.running != nil && s.running.endless {
			s.reply("info string error: wait: the search runs until stop; send stop")
			return
		}
		s.settle()
	default:
		s.reply("info string error: unknown command %q", lines.Clip(fields[0]))
	}
}

// reply writes a line to the client. A client gone away is noticed when
// the input ends, so a failed write is not an error of its own here.
func (s *session) reply(format string, args ...any) { s.out.Say(format, args...) }

// changes holds the commands that change what a search works on: a
// running search first ends (settle) and answers.
var changes = map[string]bool{"ucinewgame": true, "setoption": true, "position": true, "go": true}

// settle ends the running search before a command that changes what it
// works on: one that ends by itself is waited for (a script may send its
// lines without waiting for each bestmove); one that would run until
// stop (go infinite, go ponder) is stopped. Either way it answers first,
// so that every go has its bestmove.
func (s *session) settle() {
	if s.running != nil && s.running.endless {
		s.stop()
	}
	s.wait()
}

// stop ends the running search, which answers bestmove.
func (s *session) stop() {
	if r := s.running; r != nil {
		if r.ponder {
			r.release <- true
		}
		r.cancel()
	}
	s.wait()
}

// wait lets the running search finish.
func (s *session) wait() {
	if r := s.running; r != nil {
		<-r.done
		s.running = nil
	}
}

// ponderhit turns the pondering search into the search the client asked
// for with go ponder: the client's opponent played the move pondered on.
// The pondering search gives way, and the search under the limits begins
// on the same game, its table still holding what pondering found.
func (s *session) ponderhit() {
	r := s.running
	if r == nil || !r.ponder {
		s.reply("info string error: ponderhit: no search is pondering")
		return
	}
	r.release <- false
	r.cancel()
	s.wait()
	c := r.command
	c.Ponder = false
	s.start(r.game, c)
}

// The options' bounds, as uci states them: a bigger table than asked for
// could not be allocated, or would take the machine's memory.
const (
	maxHashMiB = 4096
	maxThreads = 256
)

// setOption applies "setoption name <id> [value <x>]": the engine's own
// options, checked before anything changes; another engine's (Aalina's
// EngineTurn, OwnBook, UseLeaves, …) are ignored with a word.
func (s *session) setOption(args []string) {
	name, value, ok := parseSetOption(args)
	if !ok {
		s.reply("info string error: want setoption name <id> [value <x>]")
		return
	}
	var n int
	if strings.EqualFold(name, "Hash") || strings.EqualFold(name, "Threads") {
		var err error
		if n, err = strconv.Atoi(value); err != nil || n < 0 {
			s.reply("info string error: option %s: %q is not a whole number of 0 or more", name, lines.Clip(value))
			return
		}
	}
	switch {
	case strings.EqualFold(name, "Hash"):
		if n > maxHashMiB {
			s.reply("info string error: option Hash: %d MiB is more than the %d it takes; kept %d", n, maxHashMiB, s.hash)
			return
		}
		s.hash = max(1, n)
	case strings.EqualFold(name, "Threads"):
		if n > maxThreads {
			s.reply("info string error: option Threads: %d is more than the %d it takes; kept %d", n, maxThreads, s.threads)
			return
		}
		s.threads = n
	case strings.EqualFold(name, "Ponder"):
		// It tells the engine that the client will ponder: each go ponder
		// says so anyway, so there is nothing to set.
		return
	default:
		s.reply("info string option %q is not one of this engine's (Hash, Threads, Ponder): ignored", lines.Clip(name))
		return
	}
	s.s = s.cfg.New(s.hash, s.threads)
}

// parseSetOption reads the words after setoption: the option's name and
// value, each of one word or more.
func parseSetOption(args []string) (name, value string, ok bool) {
	if len(args) < 2 || args[0] != "name" {
		return "", "", false
	}
	at := slices.Index(args, "value")
	if at < 0 {
		return strings.Join(args[1:], " "), "", true
	}
	if at == 1 {
		return "", "", false
	}
	return strings.Join(args[1:at], " "), strings.Join(args[at+1:], " "), true
}

// position sets the game.
func (s *session) position(args []string) error {
	c, err := parsePosition(args)
	if err != nil {
		return err
	}
	g, err := c.Game(s.cfg.Rules)
	if err != nil {
		return err
	}
	s.game = g
	return nil
}

// goSearch starts a search with the limits given. A limit it cannot
// honour is answered with an error and left out: the search still runs,
// under the other limits or DefaultMoveTime, and answers, so that the
// client waiting for its bestmove is not left waiting.
func (s *session) goSearch(args []string) {
	c, err := parseGo(args)
	if err != nil {
		s.reply("info string error: %s", lines.Clip(err.Error()))
	}
	s.start(s.game, c)
}

// start runs the search c asks for on g in the background.
func (s *session) start(g *oware.Game, c GoCommand) {
	limits := c.Limits(g.Position().ToMove())
	if c.Ponder {
		limits = search.Limits{} // until ponderhit or stop
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &run{cancel: cancel, done: make(chan struct{}), endless: c.Ponder || limits == (search.Limits{}),
		ponder: c.Ponder, release: make(chan bool, 1), command: c, game: g}
	s.running = r
	searcher := s.s
	go func() {
		defer close(r.done)
		defer cancel()
		result := search.Result{Move: oware.NoMove}
		if g.Over() {
			s.reply("info string the game is over: %v", g.Result())
		} else {
			result = searcher.Search(ctx, g, limits, s.info)
		}
		if r.ponder && !<-r.release {
			return // ponderhit: the search under limits answers
		}
		s.reply("%s", formatBestMove(result))
	}()
}

// info writes a search's progress.
func (s *session) info(i search.Info) { s.reply("%s", formatInfo(i)) }
