package lines

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// TestServe: blank lines are skipped, a line too long is answered by
// tooLong and reading goes on, quit ends the loop, every other line
// reaches handle trimmed and split, and handle's error ends it.
func TestServe(t *testing.T) {
	long := strings.Repeat("x", MaxLen+1)
	stop := errors.New("stop")
	for _, tt := range []struct {
		name, in string
		want     []string // lines handled, then "long" for each line too long
		err      error
	}{
		{"blank lines", "\n  \na b\n\t\n", []string{"a b/2"}, nil},
		{"trimmed", "  go  depth 3 \r\n", []string{"go  depth 3/3"}, nil},
		{"quit ends", "a\nquit\nb\n", []string{"a/1"}, nil},
		{"quit with words", "quit now\nb\n", nil, nil},
		{"QUIT too", "a\nQuit\nb\n", []string{"a/1"}, nil},
		{"command in lower case", "NEW Abc\n", []string{"NEW Abc/2 new"}, nil},
		{"too long", "a\n" + long + "\nb", []string{"a/1", "long", "b/1"}, nil},
		{"handle's error", "a\nstop\nb\n", []string{"a/1", "stop/1"}, stop},
		{"no end of line", "a", []string{"a/1"}, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			err := Serve(strings.NewReader(tt.in), func() error {
				got = append(got, "long")
				return nil
			}, func(line string, words []string) error {
				entry := line + "/" + string(rune('0'+len(words)))
				if words[0] != strings.Fields(line)[0] {
					entry += " " + words[0]
				}
				got = append(got, entry)
				if line == "stop" {
					return stop
				}
				return nil
			})
			if !errors.Is(err, tt.err) || strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("handled %q, %v; want %q, %v", got, err, tt.want, tt.err)
			}
		})
	}
}

// TestReplier: replies from several goroutines come out whole, a line
// each.
func TestReplier(t *testing.T) {
	var b strings.Builder
	r := NewReplier(&b)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 100 {
				r.Say("reply %d of many words", i)
			}
		})
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != 800 {
		t.Fatalf("%d lines, want 800", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "reply ") || !strings.HasSuffix(l, " of many words") {
			t.Fatalf("a reply broken up: %q", l)
		}
	}
}

func TestClip(t *testing.T) {
	long := strings.Repeat("a", 99) + "é" + strings.Repeat("x", 1000) + "ü" + strings.Repeat("z", 39)
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"unknown command \"frob\": use new, board or quit", "unknown command \"frob\": use new, board or quit"},
		{strings.Repeat("b", 160), strings.Repeat("b", 160)},
		{strings.Repeat("b", 161), strings.Repeat("b", 100) + "…(21 bytes)…" + strings.Repeat("b", 40)},
		{long, strings.Repeat("a", 99) + "…(1004 bytes)…" + strings.Repeat("z", 39)},
	} {
		if got := Clip(tc.in); got != tc.want {
			t.Errorf("Clip(%.20q… of %d bytes) = %q, want %q", tc.in, len(tc.in), got, tc.want)
		}
	}
}

func FuzzClip(f *testing.F) {
	f.Add(strings.Repeat("é", 200))
	f.Fuzz(func(t *testing.T, s string) {
		got := Clip(s)
		if len(s) <= clipAt && got != s || len(got) > clipAt+40 || utf8.ValidString(s) && !utf8.ValidString(got) {
			t.Fatalf("Clip(%q) = %q", s, got)
		}
	})
}
