package lines

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"sync"
	"unicode/utf8"
)

// Replier writes a protocol's replies, a line each, flushed at once so
// that the program at the other end sees each reply as it is made. It is
// safe for use by several goroutines (a search answering while the next
// command is read).
type Replier struct {
	mu sync.Mutex
	w  *bufio.Writer
}

// NewReplier returns a Replier writing to w.
func NewReplier(w io.Writer) *Replier { return &Replier{w: bufio.NewWriter(w)} }

// Say writes one reply: format and args as fmt.Fprintf, and a newline.
func (r *Replier) Say(format string, args ...any) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	fmt.Fprintf(r.w, format+"\n", args...)
	return r.w.Flush()
}

// Serve is the loop of every line protocol: it reads in a line at a time
// until a line whose first word is quit (in any case) or the end of in.
// It skips blank lines and answers a line longer than MaxLen with tooLong
// (the protocol's own error line). Every other line goes to handle, its
// spaces trimmed, with its words, the first (the command) in lower case.
// It returns the first error of handle or tooLong (a reply that could not
// be written, say), or the error that ended reading.
func Serve(in io.Reader, tooLong func() error, handle func(line string, words []string) error) error {
	sc := NewScanner(in)
	for sc.Scan() {
		if sc.TooLong() {
			if err := tooLong(); err != nil {
				return err
			}
			continue
		}
		line := strings.TrimSpace(sc.Text())
		words := strings.Fields(line)
		if len(words) == 0 {
			continue
		}
		words[0] = strings.ToLower(words[0]) // NEW is new, in every game
		if words[0] == "quit" {
			return nil
		}
		if err := handle(line, words); err != nil {
			return err
		}
	}
	return sc.Err()
}

// clipAt is the longest text Clip leaves whole.
const clipAt = 160

// Clip shortens s, if longer than 160 bytes, to its beginning and end
// with the count of bytes left out between them. Error lines quote what
// they could not use, and a line can be a megabyte long: clipped, the
// reply still names the line and ends with the advice after it.
func Clip(s string) string {
	if len(s) <= clipAt {
		return s
	}
	end, start := 100, len(s)-40 // of the beginning kept, of the end kept
	for end > 0 && !utf8.RuneStart(s[end]) {
		end-- // not within a character
	}
	for start < len(s) && !utf8.RuneStart(s[start]) {
		start++
	}
	return fmt.Sprintf("%s…(%d bytes)…%s", s[:end], start-end, s[start:])
}
