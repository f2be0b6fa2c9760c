package protocol

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"

	"gamelab/internal/bench"
	"gamelab/internal/child"
	"gamelab/twenty48"
	"gamelab/twenty48/player"
)

// helperEnv makes the test binary a player program of the kind it names
// (see TestMain), for the tests of Start.
const helperEnv = "GAMELAB_TEST_2048_PLAYER"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "random":
		Serve(os.Stdin, os.Stdout, &player.Random{})
	case "dies":
		// Reads a command, says why on standard error and stops.
		bufio.NewReader(os.Stdin).ReadString('\n')
		fmt.Fprintln(os.Stderr, "panic: out of ideas")
		os.Exit(2)
	}
	os.Exit(0)
}

// pipePlayer returns a client talking through pipes to serve, run on its
// own goroutine with the command stream and the reply stream.
func pipePlayer(t *testing.T, serve func(commands io.Reader, replies io.WriteCloser)) *Client {
	t.Helper()
	commandsR, commandsW := io.Pipe()
	repliesR, repliesW := io.Pipe()
	go serve(commandsR, repliesW)
	c := &Client{command: "test player", p: child.Pipe(commandsW, repliesR)}
	t.Cleanup(func() { c.Close(); commandsR.Close() })
	return c
}

// boards returns the boards of a game played with random moves.
func boards(seed uint64) []twenty48.Board {
	g, err := twenty48.New(4, seed, twenty48.ClassicMode, 0)
	if err != nil {
		panic(err)
	}
	r := &player.Random{}
	r.Seed(seed)
	var out []twenty48.Board
	for !g.Over() {
		b, _ := twenty48.BoardOf(g.Grid())
		out = append(out, b)
		d, _ := r.Move(b)
		g.Play(twenty48.Move(d), nil)
	}
	return out
}

// TestClientPlaysAsServed: a player behind the protocol, seeded by the
// client's new command, plays the moves it plays in process.
func TestClientPlaysAsServed(t *testing.T) {
	c := pipePlayer(t, func(commands io.Reader, replies io.WriteCloser) {
		Serve(commands, replies, &player.Random{})
		replies.Close()
	})
	for seed := range uint64(3) {
		c.Seed(seed)
		local := &player.Random{}
		local.Seed(seed)
		for i, b := range boards(seed + 10) {
			got, gotOK := c.Move(b)
			want, wantOK := local.Move(b)
			if got != want || gotOK != wantOK {
				t.Fatalf("seed %d, board %d (%s): %v %v, in process %v %v (err %v)", seed, i, b.Exponents(), got, gotOK, want, wantOK, c.Err())
			}
		}
	}
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// canned answers each command with the next of replies, then stops.
func canned(replies ...string) func(io.Reader, io.WriteCloser) {
	return func(commands io.Reader, w io.WriteCloser) {
		sc := bufio.NewScanner(commands)
		for _, r := range replies {
			if !sc.Scan() {
				break
			}
			fmt.Fprintln(w, r)
		}
		w.Close()
		io.Copy(io.Discard, commands)
	}
}

func TestClientFailures(t *testing.T) {
	// Left and right change nothing on this board; up and down do.
	b, err := twenty48.ParseBoard(strings.Fields("1 2 1 2 0 0 0 0 0 0 0 0 0 0 0 0"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name    string
		replies []string
		want    string
	}{
		{"not a move", []string{"ok", "north"}, `answered "north" to board 1 2 1 2`},
		{"a move that changes nothing", []string{"ok", "L"}, "answered L to board 1 2 1 2 0 0 0 0 0 0 0 0 0 0 0 0, a move that changes nothing"},
		{"an error", []string{"ok", "error: out of memory"}, "answered with an error: out of memory"},
		{"new refused", []string{"go"}, `answered "go" to new 7, where ok was due`},
		{"stopped", []string{"ok"}, "stopped"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := pipePlayer(t, canned(tc.replies...))
			c.Seed(7)
			if _, ok := c.Move(b); ok {
				t.Fatal("a move, after a failure")
			}
			if c.Err() == nil || !strings.Contains(c.Err().Error(), tc.want) {
				t.Fatalf("Err() = %v, want …%s…", c.Err(), tc.want)
			}
			first := c.Err()
			if _, ok := c.Move(b); ok || c.Err() != first {
				t.Errorf("after the failure: a move, or Err() = %v", c.Err())
			}
		})
	}
}

// TestClientSeesBigTiles: through player.Choose a program is sent the
// grid itself, tiles over 32768 as they are (a Board holds them as
// 32768s), and its move is checked on the grid.
func TestClientSeesBigTiles(t *testing.T) {
	g, err := twenty48.ParseGrid(strings.Fields("16 16 1 2 3 4 5 6 7 8 9 10 11 12 13 14"))
	if err != nil {
		t.Fatal(err)
	}
	sent := make(chan string, 1)
	c := pipePlayer(t, func(commands io.Reader, w io.WriteCloser) {
		sc := bufio.NewScanner(commands)
		if sc.Scan() {
			sent <- sc.Text()
			fmt.Fprintln(w, "L")
		}
		w.Close()
		io.Copy(io.Discard, commands)
	})
	d, ok := player.Choose(c, g)
	if want := "board 16 16 1 2 3 4 5 6 7 8 9 10 11 12 13 14"; !ok || d != twenty48.Left || <-sent != want {
		t.Fatalf("Choose = %v, %v (Err %v); want L after %q", d, ok, c.Err(), want)
	}
}

// TestClientGameOver: a board no move changes is not sent.
func TestClientGameOver(t *testing.T) {
	c := pipePlayer(t, canned("U"))
	over, _ := twenty48.ParseBoard(strings.Fields("1 2 1 2 2 1 2 1 1 2 1 2 2 1 2 1"))
	if _, ok := c.Move(over); ok || c.Err() != nil {
		t.Fatalf("a board that is over: a move, or Err() = %v", c.Err())
	}
}

// TestBenchPlayerReportsClient: a benchmark game ends with the client's
// failure, not a vaguer one.
func TestBenchPlayerReportsClient(t *testing.T) {
	c := pipePlayer(t, canned("ok", "sideways"))
	cfg := player.BenchConfig("test", 1, 1)
	_, err := player.NewBenchPlayer(c).Play(context.Background(), bench.GameFor(cfg, 0))
	if err == nil || !strings.Contains(err.Error(), `answered "sideways"`) {
		t.Fatalf("Play: %v", err)
	}
}

// TestStart runs the test binary as player programs.
func TestStart(t *testing.T) {
	b, _ := twenty48.ParseBoard(strings.Fields("1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0"))
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(self, " \t") {
		t.Skip("the test binary's path has spaces, which a command line splits")
	}
	t.Run("plays", func(t *testing.T) {
		t.Setenv(helperEnv, "random")
		c := Start(context.Background(), self, 0)
		c.Seed(1)
		if _, ok := c.Move(b); !ok {
			t.Fatal(c.Err())
		}
		if err := c.Close(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("dies", func(t *testing.T) {
		t.Setenv(helperEnv, "dies")
		c := Start(context.Background(), self, 0)
		defer c.Close()
		if _, ok := c.Move(b); ok {
			t.Fatal("a move from a program that stopped")
		}
		if err := c.Err(); err == nil || !strings.Contains(err.Error(), "stopped; its last words: panic: out of ideas") {
			t.Fatalf("Err() = %v", err)
		}
	})
	t.Run("missing", func(t *testing.T) {
		c := Start(context.Background(), "./no-such-player --fast", 0)
		if _, ok := c.Move(b); ok || c.Err() == nil || !strings.Contains(c.Err().Error(), `player "./no-such-player --fast"`) {
			t.Fatalf("Move: %v, Err() = %v", ok, c.Err())
		}
		c.Close()
	})
	t.Run("empty", func(t *testing.T) {
		if c := Start(context.Background(), "  ", 0); c.Err() == nil {
			t.Fatal("no error for an empty command")
		}
	})
}

// FuzzClient answers a board with any line: the client either returns a
// move that changes the board or reports a failure, and never panics.
func FuzzClient(f *testing.F) {
	for _, s := range []string{"U", "L", "r", "error: no", "", "UU", "\x00"} {
		f.Add(s)
	}
	b, _ := twenty48.ParseBoard(strings.Fields("1 2 1 2 0 0 0 0 0 0 0 0 0 0 0 0"))
	f.Fuzz(func(t *testing.T, reply string) {
		c := &Client{command: "fuzz", p: child.Pipe(nopCloser{io.Discard}, strings.NewReader(reply+"\n"))}
		d, ok := c.Move(b)
		if ok {
			if next, _ := b.Move(d); next == b || c.Err() != nil {
				t.Fatalf("reply %q: move %v, Err() = %v", reply, d, c.Err())
			}
		} else if c.Err() == nil {
			t.Fatalf("reply %q: no move and no error", reply)
		}
	})
}

type nopCloser struct{ io.Writer }

func (nopCloser) Close() error { return nil }
