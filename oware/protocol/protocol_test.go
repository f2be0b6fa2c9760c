package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"gamelab/oware"
	"gamelab/oware/search"
)

func config() Config {
	return Config{Engine: "test", Rules: oware.Abapa, New: func(hash, threads int) search.Searcher {
		return search.NewEngine(search.EngineOptions{HashMiB: min(hash, 4), Threads: 1})
	}}
}

func TestSession(t *testing.T) {
	in := strings.Join([]string{
		"uci",
		"isready",
		"ucinewgame",
		"setoption name Hash value 2",
		"position startpos moves Fa Eb",
		"go depth 5",
		"position fen 0-0-0-0-0-3-1-2-1-1-1-0-20-19-S",
		"go movetime 50",
		"position fen 4-4-4",
		"position startpos moves Fz",
		"position startpos moves FF",
		"go depth x movetime 20",
		"frobnicate",
		"quit",
	}, "\n")
	var out strings.Builder
	if err := Serve(strings.NewReader(in), &out, config()); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"id name gamelab-oware test", "uciok", "readyok",
		"info depth 5 score cp", "bestmove F\n", "score mate 1",
		"info string error: position \"4-4-4\"", "info string error: move 2 of \"Fz\"",
		"info string error: move 2: F: illegal move", "info string error: go depth", "unknown command \"frobnicate\"",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the session's output lacks %q:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "bestmove"); n != 3 {
		t.Errorf("%d bestmoves, want 3 (one a go):\n%s", n, got)
	}
}

// Options beyond the bounds uci states are refused and never reach the
// engine: a Hash of a terabyte used to end the engine making its table.
func TestOptionBounds(t *testing.T) {
	var made [][2]int
	cfg := config()
	cfg.New = func(hash, threads int) search.Searcher {
		made = append(made, [2]int{hash, threads})
		return config().New(hash, threads)
	}
	in := strings.Join([]string{
		"setoption name Hash value 999999999999",
		"setoption name Threads value 257",
		"setoption name Hash value -1",
		"setoption name Hash value 4096",
		"setoption name Threads value 2",
		"setoption name Hash value 0",
	}, "\n")
	var out strings.Builder
	if err := Serve(strings.NewReader(in), &out, cfg); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"info string error: option Hash: 999999999999 MiB is more than the 4096 it takes; kept 64",
		"info string error: option Threads: 257 is more than the 256 it takes; kept 0",
		`info string error: option Hash: "-1" is not a whole number of 0 or more`,
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the output lacks %q:\n%s", want, out.String())
		}
	}
	want := [][2]int{{search.DefaultHashMiB, 0}, {4096, 0}, {4096, 2}, {1, 2}}
	if !slices.Equal(made, want) {
		t.Errorf("engines made with (hash, threads) %v, want %v", made, want)
	}
}

// A search without limits runs until stop, and still answers.
func TestStop(t *testing.T) {
	r, w := io.Pipe()
	var out strings.Builder
	done := make(chan error)
	go func() { done <- Serve(r, &out, config()) }()
	io.WriteString(w, "position startpos\ngo infinite\n")
	time.Sleep(50 * time.Millisecond)
	io.WriteString(w, "stop\nquit\n")
	w.Close()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "bestmove ") {
		t.Errorf("no bestmove after stop:\n%s", out.String())
	}
}

// engine is a session on pipes, read a line at a time, for the tests
// that talk to it as a client does.
type engine struct {
	t     *testing.T
	in    io.WriteCloser
	lines chan string
	done  chan error
}

func startEngine(t *testing.T) *engine {
	in, inW := io.Pipe()
	outR, out := io.Pipe()
	e := &engine{t: t, in: inW, lines: make(chan string, 1024), done: make(chan error, 1)}
	go func() { e.done <- Serve(in, out, config()); out.Close() }()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	return e
}

func (e *engine) send(lines ...string) {
	for _, l := range lines {
		io.WriteString(e.in, l+"\n")
	}
}

// until reads the engine's lines up to one starting with prefix.
func (e *engine) until(prefix string) (read []string) {
	e.t.Helper()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				e.t.Fatalf("the session ended before %q; it said %q", prefix, read)
			}
			if read = append(read, l); strings.HasPrefix(l, prefix) {
				return read
			}
		case <-time.After(time.Minute): // a hung session, not a slow one
			e.t.Fatalf("no %q: the session hangs; it said %q", prefix, read)
		}
	}
}

// quiet reports a line, if the engine says one within d.
func (e *engine) quiet(d time.Duration) (string, bool) {
	select {
	case l := <-e.lines:
		return l, false
	case <-time.After(d):
		return "", true
	}
}

func (e *engine) quit() {
	e.t.Helper()
	e.send("quit")
	if err := <-e.done; err != nil {
		e.t.Fatal(err)
	}
}

// TestEveryGoAnswered: a command that changes what a search works on
// ends a search without limits (go infinite, go ponder), which answers
// first; one with limits is waited for. Either way every go has exactly
// one bestmove. go infinite, then go again, left the session waiting for
// ever before.
func TestEveryGoAnswered(t *testing.T) {
	for _, tc := range []struct {
		name   string
		script []string
		gos    int
	}{
		{"go infinite, then go", []string{"position startpos", "go infinite", "go depth 2"}, 2},
		{"go infinite, then position", []string{"position startpos", "go infinite", "position startpos moves F", "go depth 2"}, 2},
		{"go ponder, then ucinewgame", []string{"position startpos moves F", "go ponder", "ucinewgame", "go depth 2"}, 2},
		{"go ponder, then setoption", []string{"go ponder", "setoption name Hash value 2", "go depth 1"}, 2},
		{"go, then go", []string{"go depth 3", "go depth 2", "position startpos moves F", "go depth 1"}, 3},
		{"go with a bad limit", []string{"go nodes 100 movetime 10", "go depth 0 movetime 10"}, 2},
		{"go in a finished game", []string{"position fen 0-0-0-0-0-0-0-0-0-0-0-0-24-24-S", "go depth 2", "go ponder", "stop"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := startEngine(t)
			e.send(tc.script...)
			e.send("isready") // answered at once, perhaps before a bestmove
			var said []string
			for bestmoves, ready := 0, false; bestmoves < tc.gos || !ready; {
				l, quiet := e.quiet(time.Minute)
				if quiet {
					t.Fatalf("the session hangs; it said %q", said)
				}
				said = append(said, l)
				bestmoves += strings.Count(l, "bestmove")
				ready = ready || l == "readyok"
			}
			if l, quiet := e.quiet(200 * time.Millisecond); !quiet {
				t.Errorf("after %d bestmoves and readyok, the engine said %q", tc.gos, l)
			}
			e.quit()
			for _, l := range said {
				if strings.HasPrefix(l, "bestmove") && !regexp.MustCompile(`^bestmove ([A-Fa-f](?: ponder [A-Fa-f])?|0000)$`).MatchString(l) {
					t.Errorf("%q", l)
				}
			}
		})
	}
}

// TestPonder drives the engine as a tournament runner that ponders does
// (Aalina's, among others): after its move the engine is given the
// position after the reply it predicts and go ponder; it says nothing
// until stop (a miss: it answers, and the answer is thrown away) or
// ponderhit (the search goes on under the go's limits and answers once).
func TestPonder(t *testing.T) {
	e := startEngine(t)
	e.send("uci", "setoption name Ponder value true", "setoption name EngineTurn value south", "debug off")
	e.until("uciok")
	e.send("ucinewgame", "isready")
	if said := e.until("readyok"); len(said) != 2 || !strings.Contains(said[0], `info string option "EngineTurn" is not one of this engine's`) {
		t.Errorf("EngineTurn and debug: %q, want one info string and readyok", said)
	}
	// bestmove reads the engine's answer, checks it is legal after moves
	// and returns it and the reply it predicts.
	bestmove := func(moves string) (best, ponder string) {
		t.Helper()
		said := e.until("bestmove ")
		f := strings.Fields(said[len(said)-1])
		g, _ := PositionCommand{Start: oware.Start()}.Game(oware.Abapa)
		if ms, err := oware.ParseMoves(moves); err == nil {
			for _, m := range ms {
				g.Play(m)
			}
		}
		m, err := oware.ParseMove(f[1])
		if err != nil || !g.Legal().Contains(m) {
			t.Fatalf("after %q: %q is no legal move", moves, said[len(said)-1])
		}
		if len(f) == 4 && f[2] == "ponder" {
			return f[1], f[3]
		}
		return f[1], ""
	}
	// silent checks the engine says no bestmove for a while: it ponders.
	silent := func() {
		t.Helper()
		for {
			l, quiet := e.quiet(300 * time.Millisecond)
			if quiet {
				return
			}
			if strings.HasPrefix(l, "bestmove") {
				t.Fatalf("pondering, the engine answered %q", l)
			}
		}
	}
	e.send("position startpos", "go movetime 50 depth 127")
	first, predicted := bestmove("")
	if predicted == "" {
		t.Fatalf("bestmove %s offers no move to ponder on", first)
	}
	// A hit: the opponent plays the move predicted.
	moves := first + predicted
	e.send("position startpos moves "+moves, "go ponder movetime 50")
	silent()
	e.send("ponderhit")
	reply, predicted := bestmove(moves)
	moves += reply
	// A miss: the opponent plays another move; the runner stops the
	// pondering and throws its answer away.
	g, _ := PositionCommand{Start: oware.Start()}.Game(oware.Abapa)
	ms, _ := oware.ParseMoves(moves)
	for _, m := range ms {
		g.Play(m)
	}
	other := ""
	for _, m := range g.Legal().Moves() {
		if m.String() != predicted {
			other = m.String()
		}
	}
	if predicted == "" || other == "" {
		t.Fatalf("after %s: prediction %q, other %q", moves, predicted, other)
	}
	e.send("position startpos moves "+moves+predicted, "go ponder wtime 1000 btime 1000")
	silent()
	e.send("stop")
	bestmove(moves + predicted)
	e.send("position startpos moves "+moves+other, "go movetime 50")
	bestmove(moves + other)
	// Every go was answered once: nothing more comes before readyok.
	e.send("isready")
	if said := e.until("readyok"); len(said) != 1 {
		t.Errorf("after the last bestmove: %q", said)
	}
	e.quit()
}

// TestTournamentRunner plays whole games between two sessions the way
// Aalina's tournament runner (test battle) drives its engines: debug off,
// EngineTurn, "go movetime T depth 127", and each engine pondering with a
// bare go ponder on the position after the reply it predicted, stopped
// when its turn comes. The first game under it never ended: go ponder was
// refused, and the runner waited for ever for the bestmove after stop.
func TestTournamentRunner(t *testing.T) {
	engines := [2]*engine{startEngine(t), startEngine(t)}
	for _, e := range engines {
		e.send("uci")
		e.until("uciok")
	}
	for game := range 2 {
		pondering := [2]bool{}
		ponderMove := [2]string{}
		for side, e := range engines {
			e.send("debug off", "ucinewgame", "isready")
			e.until("readyok")
			e.send("setoption name EngineTurn value " + [2]string{"south", "north"}[side])
		}
		g := oware.NewGame(oware.Start(), oware.Abapa)
		position := func(g *oware.Game) string { return PositionCommand{Start: oware.Start(), Moves: g.Moves()}.String() }
		answer := func(side int) []string {
			said := engines[side].until("bestmove ")
			return strings.Fields(said[len(said)-1])
		}
		last := 1 // North ponders first, as in the runner
		for !g.Over() && len(g.Moves()) < 400 {
			// The side that moved last ponders on the reply it predicted.
			p, _ := PositionCommand{Start: oware.Start(), Moves: g.Moves()}.Game(oware.Abapa)
			if m, err := oware.ParseMove(ponderMove[last]); err == nil && p.Legal().Contains(m) {
				p.Play(m)
			}
			engines[last].send(position(p), "go ponder")
			pondering[last] = true
			side := int(g.Position().ToMove())
			if pondering[side] {
				engines[side].send("stop")
				answer(side)
				pondering[side] = false
			}
			engines[side].send(position(g), "go movetime 20 depth 127")
			f := answer(side)
			m, err := oware.ParseMove(f[1])
			if err != nil || !g.Legal().Contains(m) {
				t.Fatalf("game %d, after %s: %v is no legal move", game, oware.FormatMoves(g.Moves()), f)
			}
			ponderMove[side] = ""
			if len(f) == 4 {
				ponderMove[side] = f[3]
			}
			g.Play(m)
			last = side
		}
		if !g.Over() {
			t.Fatalf("game %d: not over after %d plies", game, len(g.Moves()))
		}
		for side, e := range engines {
			if pondering[side] {
				e.send("stop")
				answer(side)
			}
		}
	}
	for _, e := range engines {
		e.quit()
	}
}

func FuzzSession(f *testing.F) {
	f.Add("position startpos moves FaEb\ngo depth 2\n")
	f.Add("position fen 0-0-0-0-0-3-1-2-1-1-1-0-20-19-S moves F\ngo depth 1\n")
	f.Add("setoption name Threads value 1\ngo wtime 100 btime 100\n")
	f.Fuzz(func(t *testing.T, script string) {
		var out strings.Builder
		lines := strings.Split(script, "\n")
		for i, l := range lines { // keep fuzzed searches short
			if strings.HasPrefix(strings.TrimSpace(l), "go") {
				lines[i] = "go depth 2"
			}
			if strings.Contains(l, "setoption") {
				lines[i] = ""
			}
		}
		if err := Serve(strings.NewReader(strings.Join(lines, "\n")), &out, config()); err != nil {
			t.Fatal(err)
		}
	})
}

// TestMain lets the test binary serve as an engine for the client tests:
// run with GAMELAB_ENGINE_CHILD=1, it speaks the protocol and exits; with
// GAMELAB_ENGINE_CHILD=dies, it says why on standard error and stops.
func TestMain(m *testing.M) {
	switch os.Getenv("GAMELAB_ENGINE_CHILD") {
	case "1":
		Serve(os.Stdin, os.Stdout, config())
		os.Exit(0)
	case "dies":
		fmt.Fprintln(os.Stderr, "no opening book at /nowhere")
		os.Exit(3)
	}
	os.Exit(m.Run())
}

// An engine that stops before it is ready is refused with its last words.
func TestClientEngineDies(t *testing.T) {
	t.Setenv("GAMELAB_ENGINE_CHILD", "dies")
	c, err := Start(os.Args[0], 0)
	if err == nil {
		c.Close()
		t.Fatal("Start: no error from an engine that stopped")
	}
	if want := "the engine stopped; its last words: no opening book at /nowhere"; !strings.Contains(err.Error(), want) {
		t.Fatalf("Start: %v, want …%s", err, want)
	}
}

// The client drives an engine process as it would another program's, and
// a cancelled search is stopped and still answered.
func TestClient(t *testing.T) {
	t.Setenv("GAMELAB_ENGINE_CHILD", "1")
	c, err := Start(os.Args[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if c.Name != Name+" test" {
		t.Errorf("name %q", c.Name)
	}
	g := oware.NewGame(oware.Start(), oware.Abapa)
	for range 6 {
		r := c.Search(context.Background(), g, search.Limits{Depth: 3}, nil)
		if _, err := g.Play(r.Move); err != nil {
			t.Fatalf("after %s: %v (%v)", oware.FormatMoves(g.Moves()), err, c.Err())
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	r := c.Search(ctx, g, search.Limits{}, nil) // no limit: only the stop ends it
	if !g.Legal().Contains(r.Move) || time.Since(start) > 5*time.Second {
		t.Errorf("stopped search: %v after %v (%v)", r.Move, time.Since(start), c.Err())
	}
}

// TestClientPonders: the client has an engine program ponder after its
// move, and tells it ponderhit when the reply it named is played, or stop
// (its answer thrown away) when another is: either way the next search
// is answered with a legal move of the game as it stands.
func TestClientPonders(t *testing.T) {
	t.Setenv("GAMELAB_ENGINE_CHILD", "1")
	c, err := Start(os.Args[0], 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	g := oware.NewGame(oware.Start(), oware.Abapa)
	limits := search.Limits{MoveTime: 20 * time.Millisecond}
	pondered := 0
	for ply := range 12 {
		r := c.Search(context.Background(), g, limits, nil)
		if _, err := g.Play(r.Move); err != nil {
			t.Fatalf("ply %d, after %s: %v (%v)", ply, oware.FormatMoves(g.Moves()), err, c.Err())
		}
		if g.Over() {
			break
		}
		predicted := c.predicted
		c.Ponder(g, limits)
		if predicted == oware.NoMove { // a principal variation of one move
			g.Play(g.Legal().Moves()[0])
			continue
		}
		if c.pondering == nil {
			t.Fatalf("ply %d: not pondering on %v", ply, predicted)
		}
		pondered++
		// The opponent: the reply predicted on even plies, another on odd.
		reply := predicted
		if ply%2 == 1 {
			for _, m := range g.Legal().Moves() {
				if m != predicted {
					reply = m
				}
			}
		}
		if _, err := g.Play(reply); err != nil {
			t.Fatal(err)
		}
		if g.Over() {
			break
		}
	}
	c.StopPondering()
	if err := c.Err(); err != nil {
		t.Fatal(err)
	}
	if pondered < 4 {
		t.Errorf("pondered %d times in 12 moves", pondered)
	}
}
