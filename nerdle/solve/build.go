package solve

import (
	"context"
	"fmt"
	"io"
	"sync"
	"time"

	"gamelab/nerdle"
)

// Advice says what the default solver of u could not take from the cache
// and how it plays instead, a line each; none when its book is complete.
func (b *Book) Advice() []string {
	u := b.u
	var lines []string
	if b.CacheErr != nil {
		lines = append(lines, b.CacheErr.Error())
	}
	build := fmt.Sprintf("`gamelab nerdle tree build --length %d --rules %v`", u.Length, u.Rules)
	switch {
	case WholeTree(u) && b.Tree == nil:
		lines = append(lines, fmt.Sprintf("no decision tree cached for length %d (%v); playing the online strategy. %s builds the best-found tree.", u.Length, u.Rules, build))
	case !WholeTree(u) && !b.OpenerCached:
		lines = append(lines, fmt.Sprintf("no opener cached for length %d (%v); using one found quickly at start-up. %s weighs openers thoroughly.", u.Length, u.Rules, build))
	}
	return lines
}

// Build is a build of what the solver caches for a universe: the whole
// decision tree where one is in reach (WholeTree), else the opener.
type Build struct {
	Openers int  // trees: first guesses weighed by their whole tree (0: DefaultSearch's)
	Width   int  // trees: guesses weighed at each later position (0: DefaultSearch's)
	Force   bool // replace the cached tree even with a worse one
}

// Run builds and caches u's tree or opener, telling log how the search
// goes, and returns what it kept, where, in a sentence or two. A cached
// tree better than the one found is kept unless b.Force.
func (b Build) Run(ctx context.Context, u *Universe, log io.Writer) (string, error) {
	start := time.Now()
	took := func() time.Duration { return time.Since(start).Round(time.Millisecond) }
	if !WholeTree(u) {
		fmt.Fprintf(log, "length %d (%v, %d equations): weighing openers against every equation\n", u.Length, u.Rules, len(u.All))
		g := BuildOpener(u)
		path, err := SaveOpener(u, g)
		if err != nil {
			return "", fmt.Errorf("saving the opener: %w", err)
		}
		return fmt.Sprintf("length %d, %v rules: opener %v\nsaved to %s in %v", u.Length, u.Rules, g, path, took()), nil
	}
	o := DefaultSearch(u.Length)
	if b.Openers > 0 {
		o.Openers = b.Openers
	}
	if b.Width > 0 {
		o.Width = b.Width
	}
	fmt.Fprintf(log, "searching length %d (%v, %d equations): %d openers, width %d, at most %d guesses\n",
		u.Length, u.Rules, len(u.All), min(o.Openers, len(u.All)), min(o.Width, len(u.All)), o.Depth)
	// Search weighs openers on every core and reports from each.
	var mu sync.Mutex
	t, err := Search(ctx, u, o, func(g nerdle.Equation, total int) {
		mu.Lock()
		defer mu.Unlock()
		if total >= 1<<40 {
			fmt.Fprintf(log, "  opener %v: no better tree  [%v]\n", g, time.Since(start).Round(time.Second))
			return
		}
		fmt.Fprintf(log, "  opener %v: %d guesses (%.4f)  [%v]\n", g, total, float64(total)/float64(len(u.All)), time.Since(start).Round(time.Second))
	})
	if err != nil {
		return "", err
	}
	kept, path, damaged, err := KeepBetter(u, t, b.Force)
	if damaged != nil {
		fmt.Fprintf(log, "gamelab: %v\n", damaged)
	}
	if err != nil {
		return "", fmt.Errorf("saving the tree: %w", err)
	}
	if kept != t {
		return fmt.Sprintf("length %d, %v rules: found %s\nkept the cached tree, which is better: %s (--force replaces it)",
			u.Length, u.Rules, t.summary(), kept.summary()), nil
	}
	return fmt.Sprintf("length %d, %v rules: %s\nsaved to %s in %v", u.Length, u.Rules, t.summary(), path, took()), nil
}

// summary describes t in a line.
func (t *Tree) summary() string {
	return fmt.Sprintf("%d guesses over %d secrets, average %.4f, worst %d, opener %v", t.Total, t.Secrets, t.Average(), t.Worst, t.Root())
}
