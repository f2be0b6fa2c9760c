package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/alecthomas/kong"

	"gamelab/internal/bench"
	"gamelab/internal/cache"
	"gamelab/internal/cmdline"
	"gamelab/internal/lines"
	"gamelab/internal/testenv"
	"gamelab/internal/tui"
	"gamelab/twenty48"
	"gamelab/twenty48/ntuple"
	"gamelab/twenty48/player"
)

// call runs the command line args and returns what it printed and its exit
// status, as main would.
func call(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	code = cmdline.ExitCode(err, &errb)
	return out.String(), errb.String(), code
}

func TestCommands(t *testing.T) {
	tests := []struct {
		args   []string
		stdout string // exact, or a prefix when it ends in "…"
		stderr string // a substring; "" means stderr must be empty
		code   int
	}{
		{[]string{"nerdle", "check", "23+34=57"}, "valid\n", "", 0},
		{[]string{"nerdle", "check", "9-2*4=28"}, "left side is 1, right side says 28\n", "", 1},
		{[]string{"nerdle", "check", "04+1=5"}, "leading zero in 04\n", "", 1},
		{[]string{"nerdle", "check", "5/2*4=10"}, "5/2 is not exact\n", "", 1},
		{[]string{"nerdle", "check", "--rules", "nerdlegame", "5/2*4=10"}, "valid\n", "", 0},
		{[]string{"nerdle", "check", "1+1=x"}, "'x' is not a Nerdle symbol (use 0-9 + - * / =)\n", "", 1},
		{[]string{"nerdle", "check", ""}, "0 symbols: an equation has 5 to 11\n", "", 1},
		{[]string{"nerdle", "check"}, "", "missing <equation>", 2},
		{[]string{"nerdle", "feedback", "--secret", "23+34=57", "12+35=47"}, "BMGGMGMG\n", "", 0},
		{[]string{"nerdle", "feedback", "--secret", "11+11=22", "21+12=33"}, "MGGGMGBB\n", "", 0},
		{[]string{"nerdle", "feedback", "--secret", "1+1=2", "12+35=47"}, "", "equally long", 1},
		{[]string{"nerdle", "feedback", "--secret", "1+1=2", "1+a=2"}, "", `the guess "1+a=2": 'a' is not a Nerdle symbol`, 1},
		{[]string{"nerdle", "feedback", "--secret", "1+1=3", "1+1=2"}, "", `the secret "1+1=3": left side is 2, right side says 3`, 1},
		{[]string{"nerdle", "feedback", "--secret", "", ""}, "", `the secret "": 0 symbols`, 1},
		{[]string{"nerdle", "feedback", "--secret", "5/2*4=10", "2*5/1=10"}, "", "5/2 is not exact", 1},
		{[]string{"nerdle", "feedback", "--rules", "nerdlegame", "--secret", "5/2*4=10", "2*5/1=10"}, "MMMMBGGG\n", "", 0},
		{[]string{"nerdle"}, "Usage: gamelab nerdle <command>…", "", 0},
		{[]string{"2048"}, "Usage: gamelab 2048 <command>…", "", 0},
		{[]string{"oware", "egdb"}, "Usage: gamelab oware egdb <command>…", "", 0},
		{[]string{"--version"}, "gamelab …", "", 0},
		{[]string{"oware", "egdb", "build", "--seeds", "0"}, "", "gamelab oware egdb build: --seeds 0: want 1 to 24 (see gamelab oware egdb build --help)", 2},
		{[]string{"2048", "play", "--size", "9"}, "", "--size 9: boards are 3 to 8 cells a side", 2},
		{[]string{"2048", "play", "--mode", "nice"}, "", `mode "nice": choose classic, shuffle, evil`, 2},
		{[]string{"2048", "play", "--undo", "-1"}, "", `--undo: "-1" reads as a flag; write --undo=-1`, 2},
		{[]string{"2048", "play", "--undo=-1"}, "", "--undo -1: want 0 or more", 2},
		{[]string{"2048", "play"}, "", "needs a terminal", 1},
		{[]string{"2048", "replay", "/no/such/file"}, "", "gamelab 2048 replay: /no/such/file: no such file or directory (see gamelab 2048 replay --help)", 2},
		{[]string{"2048", "train", "--games", "0"}, "", "--games 0: want at least one", 2},
		{[]string{"2048", "train", "--alpha", "2"}, "", "--alpha 2: want a rate between 0 and 1", 2},
		{[]string{"2048", "train", "--restart", "1"}, "", "--restart 1: want a share from 0 up to (not including) 1", 2},
		{[]string{"2048", "bench", "--budget", "soon"}, "", `budget "soon": fast, strong, or a time per move such as 50ms`, 2},
		{[]string{"2048", "bench", "--games", "0"}, "", "--games 0: want 1 to 10000000", 2},
		{[]string{"2048", "bench", "--player", "cmd:"}, "", "--player cmd:: name the program after cmd:, e.g. cmd:./myplayer", 2},
		{[]string{"2048", "bench", "--player", "cmd:/no/such/player --fast", "--games", "2"}, "", `player "/no/such/player --fast": fork/exec /no/such/player:`, 1},
		{[]string{"2048", "bench", "--stop-at", "100"}, "", "--stop-at 100: want a tile from 4 to 32768", 2},
		{[]string{"2048", "bench", "--stop-at", "65536"}, "", "--stop-at 65536: want a tile from 4 to 32768", 2},
		{[]string{"2048", "bench", "--save", "x"}, "", "give --stop-at too", 2},
		{[]string{"2048", "bench", "--from", "/no/such/file"}, "", "gamelab 2048 bench: --from /no/such/file: no such file", 2},
		{[]string{"2048", "bench", "--from", "/"}, "", "--from: / is a folder, not a file", 2},
		{[]string{"oware", "play"}, "", "needs a terminal", 1},
		{[]string{"oware", "perft", "--depth", "3"}, "perft  1               6…", "", 0},
		{[]string{"oware", "perft", "--depth", "2", "--position", "4-4-4"}, "", `position "4-4-4": want 12 houses`, 2},
		{[]string{"oware", "perft", "--depth", "2", "--rules", "awari"}, "", `rules "awari"`, 2},
		{[]string{"oware", "match", "--south", "pvs", "--north", "genius"}, "", `--north: unknown engine "genius"`, 2},
		{[]string{"oware", "match", "--south", "pvs"}, "", `--north: no engine given: choose`, 2},
		{[]string{"oware", "match", "--south", "pvs:no-brain", "--north", "minimax"}, "", `no ingredient "no-brain"`, 2},
		{[]string{"oware", "match", "--south", "alphabeta@2", "--north", "minimax@1", "--games", "2"}, "benchmark …", "", 0},
		{[]string{"oware", "play", "--load", "/no/such/file"}, "", "/no/such/file", 2},
		{[]string{"mastermind", "solve", "/no/such/file"}, "", "gamelab mastermind solve: /no/such/file: no such file", 2},
		{[]string{"mastermind", "solve", "/"}, "", "gamelab mastermind solve: / is a folder, not a file", 2},
		{[]string{"mastermind", "test", "/no/such/dir"}, "", "/no/such/dir", 1},
		{[]string{"mastermind", "engine", "--strategy", "knuth"}, "1 1 2 2\n", "", 0},
		{[]string{"mastermind", "engine", "--player", "knuth", "--colours", "6"}, "1 1 2 2\n", "", 0},
		{[]string{"nerdle", "bench", "--player", "random", "--length", "5", "--games", "2"}, "benchmark…", "", 0},
		{[]string{"nerdle", "bench", "--solver", "random", "--length", "5", "--games", "2"}, "benchmark…", "", 0},
		{[]string{"mastermind", "engine", "--pegs", "9", "--colors", "9", "--strategy", "optimal"}, "", "9 pegs of 9 colours: 387420489 codes, more than the 65536", 2},
		{[]string{"mastermind", "engine", "--pegs", "70000"}, "", "--pegs 70000: want 1 to 20", 2},
		{[]string{"mastermind", "bench", "--colors", "300"}, "", "--colours 300: want 1 to 255", 2},
		{[]string{"mastermind", "play", "--rows", "1000000"}, "", "--rows 1000000: want 1 to 30", 2},
		{[]string{"mastermind", "engine", "--pegs", "9", "--colors", "9", "--strategy", "random"}, "8 3 3 2 3 1 4 8 3\n", "", 0},
		{[]string{"mastermind", "engine", "--strategy", "genius"}, "", `unknown strategy "genius"`, 2},
		{[]string{"pdd", "engine"}, "", "", 0},
		{[]string{"pdd", "engine", "--player", "genius"}, "", `unknown player "genius": choose learner, random, simple`, 2},
		{[]string{"pdd", "engine", "--rule", "same"}, "", `--rule "same": at the end of the rule: expected suit, value or colour after same`, 2},
		{[]string{"pdd", "engine", "--rules", "3-4"}, "", `--rules "3-4": permissive (60-95), restrictive (15-70)`, 2},
		{[]string{"pdd", "bench", "--players", "simple"}, "", `--players: two to eight players, comma-separated, not 1`, 2},
		{[]string{"pdd", "bench", "--players", "simple,genius"}, "", `--players: unknown player "genius": choose learner, random, simple`, 2},
		{[]string{"pdd", "bench", "--deck", "triple"}, "", `--deck "triple": single or double`, 2},
		{[]string{"pdd", "bench", "--rules", "90-20"}, "", `--rules "90-20": permissive (60-95), restrictive (15-70)`, 2},
		{[]string{"pdd", "bench", "--games", "0"}, "", "--games 0: want 1 to 10000000", 2},
		{[]string{"pdd", "bench", "--games", "100000000000"}, "", "--games 100000000000: want 1 to 10000000", 2},
		{[]string{"pdd", "bench", "--players", "simple,simple", "--games", "3", "--rules", "40-80"}, "benchmark  …", "", 0},
		{[]string{"nerdle", "bench", "--games", "0"}, "", "--games 0: want 1 to 10000000", 2},
		{[]string{"nerdle", "bench", "--rows", "99999999999"}, "", "--rows 99999999999: a game has 1 to 20 rows", 2},
		{[]string{"mastermind", "bench", "--games", "0"}, "", "--games 0: want 1 to 10000000", 2},
		{[]string{"nerdle", "feedback", "12+35=47"}, "", "missing flags: --secret", 2},
		{[]string{"nerdle", "list", "--length", "5"}, "0+0=0\n0+1=1\n…", "", 0},
		{[]string{"nerdle", "list", "--length", "4"}, "", "--length 4: equations have 5 to 11 symbols", 2},
		{[]string{"nerdle", "list", "--length", "x"}, "", "--length", 2},
		{[]string{"nerdle", "list", "--rules", "web"}, "", `--rules: unknown rules "web" (want standard or nerdlegame)`, 2},
		{[]string{"nerdle", "play", "--rows", "0"}, "", "--rows 0", 2},
		{[]string{"nerdle", "play"}, "", "needs a terminal", 1},
		{[]string{"nosuchgame"}, "", "unexpected argument nosuchgame", 2},
		{[]string{"merge", "/no/such/file.json"}, "", "gamelab merge: /no/such/file.json: no such file", 2},
		{[]string{"--help"}, "Usage: gamelab <command>…", "", 0},
		{[]string{}, "", "the menu needs a terminal", 1},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			stdout, stderr, code := call(t, tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d (stderr %q)", code, tt.code, stderr)
			}
			if prefix, ok := strings.CutSuffix(tt.stdout, "…"); ok {
				if !strings.HasPrefix(stdout, prefix) {
					t.Errorf("stdout %q, want it to start with %q", stdout, prefix)
				}
			} else if stdout != tt.stdout {
				t.Errorf("stdout %q, want %q", stdout, tt.stdout)
			}
			if tt.stderr == "" && stderr != "" {
				t.Errorf("stderr %q, want none", stderr)
			}
			if !strings.Contains(stderr, tt.stderr) {
				t.Errorf("stderr %q, want it to contain %q", stderr, tt.stderr)
			}
			if strings.Count(strings.TrimSpace(stderr), "\n") > 0 {
				t.Errorf("stderr has several lines: %q", stderr)
			}
		})
	}
}

// TestTrain2048 trains a network in stretches, each going on from the
// cached one; the player leaves a network of so few games aside for the
// heuristic unless --network asks for it.
func TestTrain2048(t *testing.T) {
	stdout, stderr, code := call(t, "2048", "train", "--games", "40", "--every", "20")
	if code != 0 || !strings.Contains(stderr, "40 games in all") || strings.Count(stdout, "│") != 2 {
		t.Fatalf("train: exit %d\n%s%s", code, stdout, stderr)
	}
	_, stderr, code = call(t, "2048", "train", "--games", "20", "--every", "20")
	if code != 0 || !strings.Contains(stderr, "going on from 40 games") || !strings.Contains(stderr, "60 games in all") || strings.Contains(stderr, "plain TD") {
		t.Fatalf("train again: exit %d\n%s", code, stderr)
	}
	// One run at a time: a second one while the first holds the network
	// is refused, and saves nothing over it.
	release, err := cache.Dir(os.Getenv(cache.EnvVar)).Hold(ntuple.FileName)
	if err != nil {
		t.Fatal(err)
	}
	_, stderr, code = call(t, "2048", "train", "--games", "20", "--every", "20")
	release()
	if code == 0 || !strings.Contains(stderr, "another gamelab 2048 train") {
		t.Fatalf("train beside another: exit %d\n%s", code, stderr)
	}
	// Without its rates, a network goes on by plain TD, and says so.
	rates := filepath.Join(os.Getenv(cache.EnvVar), ntuple.RatesFileName)
	if err := os.Remove(rates); err != nil {
		t.Fatal(err)
	}
	_, stderr, code = call(t, "2048", "train", "--games", "20", "--every", "20")
	if code != 0 || !strings.Contains(stderr, "80 games in all") || !strings.Contains(stderr, "learns by plain TD") {
		t.Fatalf("train without rates: exit %d\n%s", code, stderr)
	}
	if _, err := os.Stat(rates); !os.IsNotExist(err) {
		t.Errorf("plain TD left rates: %v", err)
	}
	// A network of 80 games plays worse than the heuristic, which plays
	// instead, and says why, unless --network asks for the network.
	e := &env{cmdline.Env{Ctx: context.Background(), Stderr: io.Discard}}
	for _, tt := range []struct {
		flags      budgetFlags
		want, note string
	}{
		{budgetFlags{Player: "expectimax", Budget: "strong"}, "expectimax, budget strong, heuristic", "trained over 80 games, fewer than the 500000"},
		{budgetFlags{Player: "expectimax", Budget: "strong", Network: true}, "expectimax, network of 80 games, budget strong", ""},
		{budgetFlags{Player: "expectimax", Budget: "50ms", Network: true}, "expectimax, network of 80 games, budget 50ms", ""},
		{budgetFlags{Player: "expectimax", Budget: "strong", Heuristic: true}, "expectimax, budget strong, heuristic", ""},
		{budgetFlags{Player: "expectimax", Budget: "fast"}, "expectimax, budget fast, heuristic", "--network takes it anyway"},
		{budgetFlags{Player: "expectimax", Budget: "fast", Network: true}, "expectimax, network of 80 games, budget fast", ""},
		{budgetFlags{Player: "random", Budget: "strong"}, "random", ""},
		{budgetFlags{Player: "cmd:./myplayer --fast", Budget: "strong"}, "cmd:./myplayer --fast", ""},
	} {
		_, opts, about, note, err := tt.flags.player(e)
		if err != nil || about != tt.want || (opts.Network != nil) != strings.Contains(tt.want, "network") {
			t.Errorf("%+v: %q, %v", tt.flags, about, err)
		}
		if !strings.Contains(note, tt.note) || (tt.note == "") != (note == "") {
			t.Errorf("%+v: note %q, want one saying %q", tt.flags, note, tt.note)
		}
	}
	// The engine says so on standard error, its replies alone on standard
	// output; both ways of rating at once are refused.
	var out, errb bytes.Buffer
	err = run(context.Background(), []string{"2048", "engine"}, strings.NewReader("new 1\nboard 1 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0\nquit\n"), &out, &errb)
	if replies := strings.Fields(out.String()); err != nil || len(replies) != 2 || replies[0] != "ok" || !strings.Contains(errb.String(), "fewer than the 500000") {
		t.Errorf("engine with a network of 80 games: %v\n%s%s", err, &out, &errb)
	}
	_, stderr, code = call(t, "2048", "engine", "--heuristic", "--network")
	if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("--heuristic --network: exit %d\n%s", code, stderr)
	}
}

// TestMerge2048 joins the shards of a 2048 run: the merged summary has
// the game's own figures, computed over every game.
func TestMerge2048(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for i := range 2 {
		stdout, stderr, code := call(t, "2048", "bench", "--player", "random", "--games", "2", "--shard", fmt.Sprintf("%d/2", i), "--json")
		if code != 0 {
			t.Fatalf("shard %d: exit %d: %s", i, code, stderr)
		}
		name := filepath.Join(dir, fmt.Sprintf("%d.json", i))
		if err := os.WriteFile(name, []byte(stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, name)
	}
	stdout, stderr, code := call(t, append([]string{"merge"}, files...)...)
	if code != 0 || !strings.Contains(stdout, "Σ max tile / 2048") || !strings.Contains(stdout, "2, seed 1") {
		t.Errorf("merge: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestBench2048Positions saves the boards where games made a tile and
// plays on from them: each once, the run named for them; a malformed
// position file is refused by its line.
func TestBench2048Positions(t *testing.T) {
	dir := t.TempDir()
	saved := filepath.Join(dir, "64.txt")
	_, stderr, code := call(t, "2048", "bench", "--player", "random", "--games", "8", "--stop-at", "64", "--save", saved)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	data, err := os.ReadFile(saved)
	if err != nil {
		t.Fatal(err)
	}
	boards, err := twenty48.ReadBoards(bytes.NewReader(data))
	if err != nil || len(boards) == 0 {
		t.Fatalf("saved %q: %v", data, err)
	}
	for _, b := range boards {
		if b.MaxExp() != 6 {
			t.Errorf("saved a board whose largest tile is %d, not 64", 1<<b.MaxExp())
		}
	}
	stdout, stderr, code := call(t, "2048", "bench", "--player", "random", "--from", saved, "--json")
	if code != 0 {
		t.Fatalf("--from: exit %d: %s", code, stderr)
	}
	var r bench.Report
	if err := json.Unmarshal([]byte(stdout), &r); err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("from %d positions", len(boards)); len(r.Outcomes) != len(boards) || !r.Config.Exhaustive() || !strings.Contains(r.Config.Name, want) {
		t.Errorf("%d games of %q, want %d %s", len(r.Outcomes), r.Config.Name, len(boards), want)
	}
	// The seed still draws the tiles to come: the summary says it.
	if stdout, _, _ := call(t, "2048", "bench", "--player", "random", "--from", saved, "--seed", "7"); !strings.Contains(stdout, fmt.Sprintf("%d, every position once, seed 7", len(boards))) {
		t.Errorf("summary:\n%s", stdout)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("# two boards\n"+boards[0].Exponents()+"\n0 0 0\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, stderr, code := call(t, "2048", "bench", "--from", bad); code != 1 || !strings.Contains(stderr, "bad.txt: line 3: a board has 16 cells, this one 3") {
		t.Errorf("bad file: exit %d, %q", code, stderr)
	}
}

// TestMastermindTest runs the source's test run on a folder: one test
// right, one with a wrong expected list, one that does not parse.
func TestMastermindTest(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"test001d.txt": "4   1 1 1 1/0 1 2 2 0/1 3 1 3 2/0\n",
		"test001s.txt": "[[4,1,3],[3,1,4]].\n",
		"test002d.txt": "4\n1 2 3 4 4/0\n",
		"test002s.txt": "[[1,2,3,3]].\n",
		"test003d.txt": "4\n1 2 9 1/0\n",
		"test003s.txt": "[].\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(dir, "out", "deeper")
	stdout, stderr, code := call(t, "mastermind", "test", dir, "--out", out, "--timeout", "5")
	for _, want := range []string{"test001  passed, 2 solutions", "test002  wrong, 1 solutions", "test003  error: ", "colour 9 is not one of 1 to 4", "1 of 3 passed"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in\n%s%s", want, stdout, stderr)
		}
	}
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if data, err := os.ReadFile(filepath.Join(out, "test001t.txt")); err != nil || string(data) != "[[3,1,4],[4,1,3]].\n" {
		t.Errorf("test001t.txt: %q, %v", data, err)
	}
}

func TestListCounts(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want int
	}{
		{[]string{"nerdle", "list", "-n", "7"}, 7501},
		{[]string{"nerdle", "list", "-n", "8"}, 18290},
		{[]string{"nerdle", "list", "-n", "8", "--rules", "nerdlegame"}, 17723},
	} {
		stdout, _, code := call(t, tt.args...)
		if code != 0 || strings.Count(stdout, "\n") != tt.want {
			t.Errorf("%v: exit %d, %d lines, want %d", tt.args, code, strings.Count(stdout, "\n"), tt.want)
		}
	}
}

// TestOneGameTree checks that a command line beginning with a game, for
// which the tree holds that game's commands only (gameTrees), reads as it
// would in the whole tree: every command's help and an unknown flag's
// message. A flag before the game (--cache-dir) makes the whole tree.
// notGames are the commands of no one game.
var notGames = map[string]bool{"merge": true, "serve": true}

func TestOneGameTree(t *testing.T) {
	root := cli{Games: gameTrees(nil)}
	parser, err := newParser(&root, io.Discard, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	var paths [][]string
	kong.Visit(parser.Model, func(n kong.Visitable, next kong.Next) error {
		if n, ok := n.(*kong.Node); ok && n.Type == kong.CommandNode && !n.Hidden && !notGames[n.Name] {
			paths = append(paths, strings.Fields(n.Path()))
		}
		return next(nil)
	})
	if len(paths) < 30 {
		t.Fatalf("%d commands of games in the tree, want every one", len(paths))
	}
	for _, n := range parser.Model.Children {
		if !notGames[n.Name] && !n.Hidden && len(gameTrees([]string{n.Name})) != 1 {
			t.Errorf("gamelab %s builds the whole tree: gameTrees does not know the game's name", n.Name)
		}
	}
	whole := []string{"--cache-dir=" + t.TempDir()}
	for _, path := range paths {
		for _, last := range []string{"--help", "--no-such-flag"} {
			args := append(slices.Clone(path), last)
			out, errs, code := call(t, args...)
			wout, werrs, wcode := call(t, append(slices.Clone(whole), args...)...)
			if out != wout || errs != werrs || code != wcode {
				t.Errorf("gamelab %s: one game's tree says\n%s%s(exit %d)\nthe whole tree\n%s%s(exit %d)",
					strings.Join(args, " "), out, errs, code, wout, werrs, wcode)
			}
		}
	}
}

// TestMain runs the tests with their own cache and configuration
// directories; with GAMELAB_TEST_MAIN set, the test binary is gamelab
// itself, for tests that need a process.
func TestMain(m *testing.M) {
	if os.Getenv("GAMELAB_TEST_MAIN") != "" {
		main()
	}
	os.Exit(testenv.RunWithOwnDirs(m))
}

// TestNoTerminalQuery runs `nerdle check` under a pseudo-terminal that
// answers nothing: a command with no terminal UI must neither write
// terminal queries nor wait for their answers.
func TestNoTerminalQuery(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("no script(1) to make a pseudo-terminal")
	}
	start := time.Now()
	cmd := exec.Command(script, "-q", "-e", "-c", os.Args[0]+" nerdle check 1+1=2", "/dev/null")
	cmd.Env = append(os.Environ(), "GAMELAB_TEST_MAIN=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%v: %q", err, out)
	}
	if got := strings.TrimRight(string(out), "\r\n"); got != "valid" {
		t.Errorf("output %q, want just valid", out)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v: it waited for the terminal", d)
	}
}

func TestCrashLog(t *testing.T) {
	var errb bytes.Buffer
	e := &env{cmdline.Env{Ctx: context.Background(), Stderr: &errb}}
	err := e.Crashed([]string{"nerdle", "play"}, &tui.PanicError{Value: "boom\nwith two lines", Stack: []byte("goroutine 1 [running]:\nmain.f()")})
	msg := err.Error()
	if strings.Contains(msg, "\n") || !strings.Contains(msg, "internal error: boom with two lines") {
		t.Fatalf("message %q", msg)
	}
	_, path, ok := strings.Cut(msg, "details in ")
	if !ok {
		t.Fatalf("message %q names no log", msg)
	}
	log, err := os.ReadFile(strings.TrimSuffix(path, ")"))
	if err != nil || !strings.Contains(string(log), "goroutine 1 [running]") || !strings.Contains(string(log), "gamelab nerdle play") {
		t.Errorf("log %q: %v", log, err)
	}
	if code := cmdline.ExitCode(fmt.Errorf("%s", msg), &errb); code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
}

// TestBriefErrors: an error quoting a huge input is cut in its middle, at
// rune boundaries, keeping its start and its end; a short one is whole.
func TestBriefErrors(t *testing.T) {
	long := strings.Repeat("é", 60000) // two bytes a rune
	var errb strings.Builder
	cmdline.ExitCode(fmt.Errorf("the guess %q: too long (details in /tmp/x.log)", long), &errb)
	got := errb.String()
	if len(got) > 600 || !strings.HasPrefix(got, `gamelab: the guess "éé`) || !strings.HasSuffix(got, `éé": too long (details in /tmp/x.log)`+"\n") ||
		!utf8.ValidString(got) || !strings.Contains(got, "bytes left out") || strings.Count(got, "\n") != 1 {
		t.Errorf("a long error reported as %d bytes: %.80q…", len(got), got)
	}
	if short := cmdline.Brief("the guess \"1+1=2\": no"); short != "the guess \"1+1=2\": no" {
		t.Errorf("a short error changed: %q", short)
	}
}

// TestMastermindBenchBuildsOnce: a strategy tree not in the cache is
// announced as it is built, then kept there.
func TestMastermindBenchBuildsOnce(t *testing.T) {
	dir := t.TempDir()
	stdout, stderr, code := call(t, "mastermind", "bench", "--cache-dir", dir, "--pegs", "3", "--colors", "5", "--strategy", "lookahead-wide")
	if code != 0 || !strings.Contains(stderr, "building the strategy tree") || !strings.Contains(stdout, "125 games") {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if trees, _ := filepath.Glob(filepath.Join(dir, "*lookahead*")); len(trees) != 1 {
		t.Errorf("kept in the cache: %v, want one tree", trees)
	}
}

// TestInterruptedBenchReports stops a bench after its first game, as
// Ctrl-C would: the game finished is reported, and the error says the run
// stopped.
func TestInterruptedBenchReports(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := player.BenchConfig("random", 3, 1)
	cfg.Workers = 1
	r, err := bench.Run(ctx, cfg, func() (bench.Player, error) {
		return cancelAfterGame{player.NewBenchPlayer(&player.Random{}), cancel}, nil
	}, nil)
	var stdout bytes.Buffer
	err = finish(&env{cmdline.Env{Ctx: ctx, Stdout: &stdout}}, cmdline.ReportFlags{}, r, err)
	if err == nil || !strings.Contains(err.Error(), "benchmark stopped after 1 of 3 games") {
		t.Errorf("error %v, want the run stopped", err)
	}
	if out := stdout.String(); !strings.Contains(out, "1 of 3 (incomplete), seed 1") || !strings.Contains(out, "Σ max tile / 2048") {
		t.Errorf("report:\n%s", out)
	}
}

// cancelAfterGame is a bench player that cancels the run once it has
// played a game.
type cancelAfterGame struct {
	bench.Player
	cancel context.CancelFunc
}

func (p cancelAfterGame) Play(ctx context.Context, g bench.Game) (bench.Outcome, error) {
	defer p.cancel()
	return p.Player.Play(ctx, g)
}

// TestServersEndOnSignal cancels the context of each protocol server, as
// main does at an interrupt or a SIGTERM, while it waits for a line that
// never comes (and Oware's during a search without limits): each ends
// with the signal's cause. They ignored both before, waiting on their
// input for ever.
func TestServersEndOnSignal(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{
		{"2048", "engine"},
		{"mastermind", "engine"},
		{"oware", "engine", "--no-egdb"},
		{"pdd", "engine"},
		{"nerdle", "solve", "--length", "5"},
	} {
		t.Run(args[0], func(t *testing.T) {
			in, w := io.Pipe()
			defer w.Close()
			if args[0] == "oware" {
				go io.WriteString(w, "go infinite\n")
			}
			signalled := errors.New("terminated signal received")
			ctx, cancel := context.WithCancelCause(context.Background())
			done := make(chan error, 1)
			go func() {
				done <- run(ctx, append([]string{"--cache-dir", dir}, args...), in, io.Discard, io.Discard)
			}()
			time.Sleep(100 * time.Millisecond) // to be waiting on its input, or searching, when it comes
			cancel(signalled)
			select {
			case err := <-done:
				if !errors.Is(err, signalled) {
					t.Errorf("%v ended with %v, want the signal's cause", args, err)
				}
				if code := cmdline.ExitCode(err, io.Discard); code != 130 {
					t.Errorf("%v ended with exit status %d, want 130", args, code)
				}
			case <-time.After(time.Minute): // a server deaf to its signal, not a slow one
				t.Fatalf("%v still runs a minute after its signal", args)
			}
		})
	}
}

// TestServersSkipLongLines sends each protocol server a line of more than
// lines.MaxLen bytes: each answers it with an error and reads on. They
// ended their session at 64 KiB before, with "bufio.Scanner: token too
// long".
func TestServersSkipLongLines(t *testing.T) {
	dir := t.TempDir()
	long := "board " + strings.Repeat("1 ", lines.MaxLen/2+1) + "\n"
	for _, tc := range []struct {
		args  []string
		after string // a line the server answers, with what its reply starts
		reply string
	}{
		{[]string{"2048", "engine"}, "new 1", "ok"},
		{[]string{"mastermind", "engine"}, "count", "1296"},
		{[]string{"oware", "engine", "--no-egdb"}, "isready", "readyok"},
		{[]string{"pdd", "engine"}, "frobnicate", "error: unknown command"},
		{[]string{"nerdle", "solve", "--length", "5"}, "x", "error: feedback"},
	} {
		t.Run(tc.args[0], func(t *testing.T) {
			var out, errb bytes.Buffer
			err := run(context.Background(), append([]string{"--cache-dir", dir}, tc.args...), strings.NewReader(long+tc.after+"\nquit\n"), &out, &errb)
			if err != nil {
				t.Fatalf("%v: %v (%s)", tc.args, err, errb.String())
			}
			said := out.String()
			i := strings.Index(said, lines.ErrTooLong.Error())
			if i < 0 {
				t.Fatalf("%v said nothing of the long line:\n%s", tc.args, said)
			}
			if rest := said[i:]; !strings.Contains(rest, "\n"+tc.reply) {
				t.Errorf("%v did not go on to answer %q with %q:\n%s", tc.args, tc.after, tc.reply, rest)
			}
		})
	}
}
