package cmdline

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alecthomas/kong"
)

// level is a value a game parses, for TestParsed.
type level int

func parseLevel(s string) (level, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 3 {
		return 0, errors.New("want 1, 2 or 3")
	}
	return level(n), nil
}

// TestParsed: a flag of a parsed type holds the parser's value, from its
// default or the command line, and a value refused is an error that
// names the flag and quotes the value, in the command line's words.
func TestParsed(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want level
		err  string
	}{
		{nil, 2, ""},
		{[]string{"--level", "3"}, 3, ""},
		{[]string{"--level", "9"}, 0, `--level "9": want 1, 2 or 3`},
		{[]string{"--optional", "1"}, 2, ""},
	} {
		var cli struct {
			Level    level  `default:"2"`
			Optional *level `help:"An optional one."`
		}
		parser, err := kong.New(&cli, Parsed(parseLevel), kong.Writers(io.Discard, io.Discard))
		if err != nil {
			t.Fatal(err)
		}
		_, err = parser.Parse(tc.args)
		switch {
		case tc.err != "":
			if err == nil || Plain(err.Error()) != tc.err {
				t.Errorf("%q: error %v, want %q", tc.args, err, tc.err)
			}
		case err != nil:
			t.Errorf("%q: %v", tc.args, err)
		case cli.Level != tc.want:
			t.Errorf("%q: level %d, want %d", tc.args, cli.Level, tc.want)
		case len(tc.args) > 0 && tc.args[0] == "--optional" && (cli.Optional == nil || *cli.Optional != 1):
			t.Errorf("%q: optional %v", tc.args, cli.Optional)
		}
	}
}

// TestPlain rewrites kong's messages in the command line's words.
func TestPlain(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`--games: expected int value but got "x" (x)`, `--games: "x" is not a whole number`},
		{`--seed: expected uint value but got "-1" (short flag); perhaps try --seed="-1"?`, `--seed: "-1" reads as a flag; write --seed=-1`},
		{`--rules: "web": unknown`, `--rules "web": unknown`},
		{`--depth: --depth 0: want 1 to 30`, `--depth 0: want 1 to 30`},
		{`expected "<file>"`, `missing <file>`},
	} {
		if got := Plain(tc.in); got != tc.want {
			t.Errorf("Plain(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestInterruptible: work that never looks at the context is left behind
// once it ends, with the context's cause.
func TestInterruptible(t *testing.T) {
	cause := fmt.Errorf("interrupt")
	ctx, cancel := context.WithCancelCause(context.Background())
	e := &Env{Ctx: ctx}
	go func() {
		time.Sleep(10 * time.Millisecond)
		cancel(cause)
	}()
	block := make(chan struct{})
	defer close(block)
	if err := e.Interruptible(func() error { <-block; return nil }); err != cause {
		t.Errorf("interrupted work: %v, want the cause", err)
	}
	e.Ctx = context.Background()
	if err := e.Interruptible(func() error { return io.EOF }); err != io.EOF {
		t.Errorf("work done: %v", err)
	}
}

// TestBrief keeps a long message's start and end, cut at runes.
func TestBrief(t *testing.T) {
	long := "a" + strings.Repeat("é", 1000) + "z"
	got := Brief(long)
	if len(got) > briefHead+briefTail+60 || !strings.HasPrefix(got, "aé") || !strings.HasSuffix(got, "éz") || !strings.Contains(got, "bytes left out") {
		t.Errorf("Brief: %q", got)
	}
	if got := Brief("short"); got != "short" {
		t.Errorf("Brief(short) = %q", got)
	}
}

// TestHelpForBranch: a command line naming a group of commands, at any
// depth, asks for its help; one naming a command, a flag or nothing is
// left alone.
func TestHelpForBranch(t *testing.T) {
	var cli struct {
		Menu  struct{} `cmd:"" default:"1"`
		Oware struct {
			Play struct{} `cmd:""`
			EGDB struct {
				Build struct{} `cmd:""`
			} `cmd:"" name:"egdb"`
		} `cmd:""`
	}
	parser, err := kong.New(&cli)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ args, want string }{
		{"", ""},
		{"oware", "oware --help"},
		{"oware egdb", "oware egdb --help"},
		{"oware egdb build", "oware egdb build"},
		{"oware play", "oware play"},
		{"oware --x", "oware --x"},
		{"chess", "chess"},
	} {
		if got := strings.Join(HelpForBranch(parser, strings.Fields(tc.args)), " "); got != tc.want {
			t.Errorf("%q: %q, want %q", tc.args, got, tc.want)
		}
	}
}
