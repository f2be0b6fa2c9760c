package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
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
		"go depth x",
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
	if n := strings.Count(got, "bestmove"); n != 2 {
		t.Errorf("%d bestmoves, want 2:\n%s", n, got)
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

// Commands that wait for the running search are refused during one
// without limits, which only stop ends: go infinite, then go again, left
// the session waiting for ever, deaf to quit and stop.
func TestEndlessSearchRefusesWaiting(t *testing.T) {
	in, inW := io.Pipe()
	outR, out := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(in, out, config()); out.Close() }()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	// until reads the engine's lines up to one starting with prefix.
	until := func(prefix string) (read []string) {
		t.Helper()
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("the session ended before %q; it said %q", prefix, read)
				}
				if read = append(read, l); strings.HasPrefix(l, prefix) {
					return read
				}
			case <-time.After(time.Minute): // a hung session, not a slow one
				t.Fatalf("no %q: the session hangs; it said %q", prefix, read)
			}
		}
	}
	io.WriteString(inW, "position startpos\ngo infinite\ngo depth 2\nposition startpos moves F\nsetoption name Hash value 2\nucinewgame\nisready\n")
	var refused []string
	for _, l := range until("readyok") {
		if strings.HasPrefix(l, "info string error") {
			refused = append(refused, l)
		}
	}
	want := []string{
		"info string error: go: a search without limits is running; send stop first",
		"info string error: position: a search without limits is running; send stop first",
		"info string error: setoption: a search without limits is running; send stop first",
		"info string error: ucinewgame: a search without limits is running; send stop first",
	}
	if !slices.Equal(refused, want) {
		t.Errorf("during go infinite the session said\n%s\nwant\n%s", strings.Join(refused, "\n"), strings.Join(want, "\n"))
	}
	io.WriteString(inW, "stop\n")
	until("bestmove ")
	// Once stopped, the session takes them again.
	io.WriteString(inW, "position startpos moves F\ngo depth 2\n")
	until("bestmove ")
	io.WriteString(inW, "quit\n")
	if err := <-done; err != nil {
		t.Fatal(err)
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
