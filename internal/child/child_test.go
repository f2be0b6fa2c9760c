package child

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// helperEnv makes the test binary a program of the kind it names (see
// TestMain), for the tests of Start.
const helperEnv = "GAMELAB_TEST_CHILD"

func TestMain(m *testing.M) {
	switch os.Getenv(helperEnv) {
	case "":
		os.Exit(m.Run())
	case "echo":
		// Answers each line with itself in capitals until its input ends.
		sc := bufio.NewScanner(os.Stdin)
		for sc.Scan() {
			fmt.Println(strings.ToUpper(sc.Text()))
		}
	case "dies":
		fmt.Fprintln(os.Stderr, "loading")
		fmt.Fprint(os.Stderr, "panic: out of ideas\n\n")
		os.Exit(2)
	case "deaf":
		// Never reads, never ends of its own accord.
		time.Sleep(time.Hour)
	}
	os.Exit(0)
}

// self returns the test binary's path, which the tests run as programs.
func self(t *testing.T, kind string) string {
	t.Helper()
	path, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(path, " \t") {
		t.Skip("the test binary's path has spaces, which a command line splits")
	}
	t.Setenv(helperEnv, kind)
	return path
}

func TestProcess(t *testing.T) {
	t.Run("talks", func(t *testing.T) {
		p, err := Start(context.Background(), self(t, "echo"))
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []string{"uci", "  go depth 3 "} {
			if err := p.Send("%s", s); err != nil {
				t.Fatal(err)
			}
			if got, ok := p.Receive(); !ok || got != strings.ToUpper(strings.TrimSpace(s)) {
				t.Fatalf("Receive() = %q, %v after %q", got, ok, s)
			}
		}
		if err := p.End(5 * time.Second); err != nil {
			t.Fatalf("End: %v", err)
		}
		if err := p.End(time.Second); err != nil {
			t.Fatalf("End again: %v", err)
		}
	})
	t.Run("dies", func(t *testing.T) {
		p, err := Start(context.Background(), self(t, "dies"))
		if err != nil {
			t.Fatal(err)
		}
		if line, ok := p.Receive(); ok {
			t.Fatalf("Receive() = %q from a program that said nothing", line)
		}
		if err := p.End(5 * time.Second); err == nil {
			t.Fatal("End: no exit status from a program that failed")
		}
		if got := p.LastWords(); got != "panic: out of ideas" {
			t.Fatalf("LastWords() = %q", got)
		}
		if got := p.WithLastWords(errors.New("it stopped")).Error(); got != "it stopped; its last words: panic: out of ideas" {
			t.Fatalf("WithLastWords: %q", got)
		}
	})
	t.Run("deaf", func(t *testing.T) {
		p, err := Start(context.Background(), self(t, "deaf"))
		if err != nil {
			t.Fatal(err)
		}
		if err := p.End(10 * time.Millisecond); err == nil {
			t.Fatal("End: no error for a program that had to be killed")
		}
	})
	t.Run("missing", func(t *testing.T) {
		if _, err := Start(context.Background(), "./no-such-program --fast"); err == nil {
			t.Fatal("no error for a missing program")
		}
	})
	t.Run("empty", func(t *testing.T) {
		if _, err := Start(context.Background(), " \t"); err == nil {
			t.Fatal("no error for an empty command")
		}
	})
}

func TestLastLine(t *testing.T) {
	long := strings.Repeat("x", 5000)
	for _, tc := range []struct {
		name   string
		writes []string
		want   string
	}{
		{"none", nil, ""},
		{"one line", []string{"error: no\n"}, "error: no"},
		{"the last of several", []string{"a\nb\n", "c\n"}, "c"},
		{"split across writes", []string{"err", "or: n", "o\n"}, "error: no"},
		{"blank lines after", []string{"why\n", "\n  \n"}, "why"},
		{"unfinished", []string{"done\n", "panic: half"}, "panic: half"},
		{"no newline ever", []string{long, long}, long[:4096]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var l lastLine
			for _, w := range tc.writes {
				if n, err := l.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write: %d, %v", n, err)
				}
			}
			if got := l.String(); got != tc.want {
				t.Errorf("String() = %.40q…, want %.40q…", got, tc.want)
			}
		})
	}
}

// TestReceiveWithin: a program that does not answer in time is given up
// on and killed; one that answers is heard.
func TestReceiveWithin(t *testing.T) {
	p, err := Start(context.Background(), "sleep 30")
	if err != nil {
		t.Skipf("no sleep here: %v", err)
	}
	start := time.Now()
	if _, err := p.ReceiveWithin(100 * time.Millisecond); !errors.Is(err, ErrSilent) {
		t.Errorf("a silent program: %v, want ErrSilent", err)
	}
	p.End(time.Second)
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("ending a silent program took %v", d)
	}
	q, err := Start(context.Background(), "echo hello")
	if err != nil {
		t.Fatal(err)
	}
	if line, err := q.ReceiveWithin(5 * time.Second); err != nil || line != "hello" {
		t.Errorf("echo: %q, %v", line, err)
	}
	if _, err := q.ReceiveWithin(5 * time.Second); err != io.EOF {
		t.Errorf("after the output: %v, want io.EOF", err)
	}
	q.End(time.Second)
}
