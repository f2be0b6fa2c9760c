package bench

import (
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/charmbracelet/x/term"
)

// Bar is a one-line progress bar redrawn in place with a carriage return;
// it is meant for a terminal's standard error.
type Bar struct {
	w     io.Writer
	label string
	start time.Time
	last  time.Time
	now   func() time.Time
}

// NewBar returns a bar that writes to w.
func NewBar(w io.Writer, label string) *Bar {
	return &Bar{w: w, label: label, start: time.Now(), now: time.Now}
}

// ForFile returns a Bar on f if f is a terminal, else a Log: a bar
// redrawn in a file or a pipe would only be noise, but a run of hours
// (2048's strong level plays a game in minutes) said nothing there until
// its end.
func ForFile(f *os.File, label string) Progress {
	if !term.IsTerminal(f.Fd()) {
		return NewLog(f, label)
	}
	return NewBar(f, label)
}

// barWidth is the number of cells of the bar itself.
const barWidth = 30

// Update redraws the bar, at most ten times a second and always for the
// last game.
func (b *Bar) Update(done, total int) {
	now := b.now()
	if done < total && now.Sub(b.last) < 100*time.Millisecond {
		return
	}
	b.last = now
	fmt.Fprint(b.w, "\r"+b.Line(done, total, now.Sub(b.start)))
}

// Line renders the bar for done of total games after elapsed time.
func (b *Bar) Line(done, total int, elapsed time.Duration) string {
	filled := barWidth * done / max(1, total)
	var eta string
	if left, ok := timeLeft(done, total, elapsed); ok {
		eta = "  ETA " + left.String()
	}
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	return fmt.Sprintf("%s [%s%s] %d/%d  %.1f games/s%s\x1b[K",
		b.label, strings.Repeat("█", filled), strings.Repeat("░", barWidth-filled), done, total, rate, eta)
}

// Log is progress for a file or a pipe: a plain line now and then, at most
// once every LogEvery, so that a short run writes nothing and a long one
// a line a minute or a game, whichever is rarer.
type Log struct {
	w     io.Writer
	label string
	start time.Time
	last  time.Time
	now   func() time.Time
}

// LogEvery is the least time between two lines of a Log.
const LogEvery = time.Minute

// NewLog returns a Log that writes to w.
func NewLog(w io.Writer, label string) *Log {
	now := time.Now()
	return &Log{w: w, label: label, start: now, last: now, now: time.Now}
}

// Update writes a line if LogEvery has passed since the last (or the
// start).
func (l *Log) Update(done, total int) {
	now := l.now()
	if now.Sub(l.last) < LogEvery {
		return
	}
	l.last = now
	fmt.Fprintln(l.w, l.Line(done, total, now.Sub(l.start)))
}

// Line says how far a run has come: done of total games after elapsed
// time, and the time left at that pace.
func (l *Log) Line(done, total int, elapsed time.Duration) string {
	line := fmt.Sprintf("%s: %d/%d games in %s", l.label, done, total, elapsed.Round(time.Second))
	if left, ok := timeLeft(done, total, elapsed); ok {
		line += ", about " + left.String() + " to go"
	}
	return line
}

// timeLeft returns the time the games left of a run will take at the pace
// of those done, to the second, if some are done and some are left.
func timeLeft(done, total int, elapsed time.Duration) (time.Duration, bool) {
	if done <= 0 || done >= total {
		return 0, false
	}
	return time.Duration(float64(elapsed) / float64(done) * float64(total-done)).Round(time.Second), true
}

// Finish does nothing: the summary follows the last line.
func (l *Log) Finish() {}

// Finish erases the bar so that the summary starts on a clean line.
func (b *Bar) Finish() { fmt.Fprint(b.w, "\r\x1b[K") }
