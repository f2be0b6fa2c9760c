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

// ForTerminal returns a Bar on f if f is a terminal, else nil: a progress
// bar in a file or a pipe would only be noise.
func ForTerminal(f *os.File, label string) Progress {
	if !term.IsTerminal(f.Fd()) {
		return nil
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
	if done > 0 && done < total {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		eta = "  ETA " + left.Round(time.Second).String()
	}
	rate := float64(done) / max(elapsed.Seconds(), 1e-9)
	return fmt.Sprintf("%s [%s%s] %d/%d  %.1f games/s%s\x1b[K",
		b.label, strings.Repeat("█", filled), strings.Repeat("░", barWidth-filled), done, total, rate, eta)
}

// Finish erases the bar so that the summary starts on a clean line.
func (b *Bar) Finish() { fmt.Fprint(b.w, "\r\x1b[K") }
