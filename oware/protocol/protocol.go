// Package protocol is the Oware engine's UCI-style protocol on a reader and
// a writer, the dialect of the strongest open-source Oware engines, so
// that tournament tools and GUIs can drive any searcher
// (docs/protocols/oware.md):
//
//	uci                                → id name …, id author …, option …, uciok
//	isready                            → readyok
//	setoption name Hash value 64       (also Threads)
//	ucinewgame
//	position startpos [moves FaEb…]
//	position fen 4-4-…-0-0-S [moves …]
//	go depth N | go movetime MS | go wtime MS btime MS | go infinite
//	                                   → info depth … score … nodes … pv …, bestmove X
//	stop                               → ends a search at once
//	quit
//
// A search runs while commands are still read, so stop and isready are
// answered during it. A line the engine cannot follow gets "info string
// error: " and the reason, and the session goes on, as UCI expects.
package protocol

import (
	"context"
	"io"
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
	cancel  context.CancelFunc
	// endless is set while a search without limits (go infinite) runs:
	// only stop ends it, so a command that waits for the search is
	// refused instead, or the session would hang.
	endless bool
	done    chan struct{} // closed when the running search has answered
}

// Serve runs the protocol on r and w until quit or the end of r; a search
// still running then is stopped and answered first.
func Serve(r io.Reader, w io.Writer, cfg Config) error {
	s := &session{cfg: cfg, out: lines.NewReplier(w), hash: search.DefaultHashMiB}
	s.s = cfg.New(s.hash, s.threads)
	s.game = oware.NewGame(oware.Start(), cfg.Rules)
	defer s.wait()
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
	if waits[fields[0]] {
		if s.refuseWhileEndless(fields[0]) {
			return
		}
		s.wait()
	}
	switch fields[0] {
	case "uci":
		s.reply("id name %s %s", Name, cfg.Engine)
		s.reply("id author the gamelab developers")
		s.reply("option name Hash type spin default %d min 1 max %d", search.DefaultHashMiB, maxHashMiB)
		s.reply("option name Threads type spin default 0 min 0 max %d", maxThreads)
		s.reply("uciok")
		if cfg.Note != "" {
			s.reply("info string %s", cfg.Note)
		}
	case "isready":
		s.reply("readyok")
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
		if err := s.goSearch(fields[1:]); err != nil {
			s.reply("info string error: %s", lines.Clip(err.Error()))
		}
	case "stop":
		s.stop()
	default:
		s.reply("info string error: unknown command %q", lines.Clip(fields[0]))
	}
}

// reply writes a line to the client. A client gone away is noticed when
// the input ends, so a failed write is not an error of its own here.
func (s *session) reply(format string, args ...any) { s.out.Say(format, args...) }

// stop ends the running search, which still answers bestmove.
func (s *session) stop() {
	if s.cancel != nil {
		s.cancel()
	}
	s.wait()
}

// wait lets the running search finish.
func (s *session) wait() {
	if s.done != nil {
		<-s.done
		s.done, s.cancel, s.endless = nil, nil, false
	}
}

// waits holds the commands that change what a search works on: they wait
// for the running one to answer first.
var waits = map[string]bool{"ucinewgame": true, "setoption": true, "position": true, "go": true}

// refuseWhileEndless answers command with an error, and reports true, if
// a search without limits is running. Other commands wait for a running
// search, so that a script may send its lines without waiting for each
// bestmove; that one would never end.
func (s *session) refuseWhileEndless(command string) bool {
	if s.done == nil || !s.endless {
		return false
	}
	select {
	case <-s.done: // it ended (at its greatest depth): nothing to refuse
		return false
	default:
	}
	s.reply("info string error: %s: a search without limits is running; send stop first", command)
	return true
}

// The options' bounds, as uci states them: a bigger table than asked for
// could not be allocated, or would take the machine's memory.
const (
	maxHashMiB = 4096
	maxThreads = 256
)

func (s *session) setOption(args []string) {
	// setoption name <name> value <value>
	if len(args) != 4 || args[0] != "name" || args[2] != "value" {
		s.reply("info string error: want setoption name <Hash|Threads> value <n>")
		return
	}
	n, err := strconv.Atoi(args[3])
	switch {
	case err != nil || n < 0:
		s.reply("info string error: option %s: %q is not a whole number of 0 or more", lines.Clip(args[1]), lines.Clip(args[3]))
		return
	case strings.EqualFold(args[1], "Hash"):
		if n > maxHashMiB {
			s.reply("info string error: option Hash: %d MiB is more than the %d it takes; kept %d", n, maxHashMiB, s.hash)
			return
		}
		s.hash = max(1, n)
	case strings.EqualFold(args[1], "Threads"):
		if n > maxThreads {
			s.reply("info string error: option Threads: %d is more than the %d it takes; kept %d", n, maxThreads, s.threads)
			return
		}
		s.threads = n
	default:
		s.reply("info string error: no option %q (Hash, Threads)", lines.Clip(args[1]))
		return
	}
	s.s = s.cfg.New(s.hash, s.threads)
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

// goSearch starts a search with the limits given.
func (s *session) goSearch(args []string) error {
	c, err := parseGo(args)
	if err != nil {
		return err
	}
	limits := c.Limits(s.game.Position().ToMove())
	if s.game.Over() {
		s.reply("info string the game is over: %v", s.game.Result())
		s.reply("%s", formatBestMove(oware.NoMove))
		return nil
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancel, s.done = cancel, make(chan struct{})
	s.endless = limits == (search.Limits{})
	g, searcher, done := s.game, s.s, s.done
	go func() {
		defer close(done)
		defer cancel()
		r := searcher.Search(ctx, g, limits, s.info)
		s.reply("%s", formatBestMove(r.Move))
	}()
	return nil
}

// info writes a search's progress.
func (s *session) info(i search.Info) { s.reply("%s", formatInfo(i)) }
