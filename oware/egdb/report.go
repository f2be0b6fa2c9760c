package egdb

import (
	"errors"
	"fmt"
	"io"
	"time"

	"gamelab/internal/cache"
	"gamelab/oware"
	"gamelab/oware/search"
)

// DefaultSeeds is the database `gamelab oware egdb build` builds unless
// told: 14 seeds take minutes and a few hundred megabytes.
const DefaultSeeds = 14

// About says in a line which database tb, from Open, gives the engines.
func About(tb search.Tablebase) string {
	switch db := tb.(type) {
	case *DB:
		return fmt.Sprintf("endgame database: every position with up to %d seeds", db.Seeds())
	case *Lazy:
		return fmt.Sprintf("endgame database: none cached; building one of %d seeds in the background (gamelab oware egdb build --seeds %d makes a larger one)", BackgroundSeeds, DefaultSeeds)
	}
	return "endgame database off"
}

// Table returns a Progress that prints a build's levels to w as a table
// under a header: seeds, positions, sweeps, the share of exact values and
// the time since the build began.
func Table(w io.Writer) Progress {
	start := time.Now()
	fmt.Fprintf(w, "%5s %13s %7s %7s %9s\n", "seeds", "positions", "sweeps", "exact", "time")
	return func(n int, size uint64, sweeps int, exact uint64) {
		fmt.Fprintf(w, "%5d %13d %7d %6.1f%% %8.1fs\n", n, size, sweeps, 100*float64(exact)/float64(size), time.Since(start).Seconds())
	}
}

// Probe says in a sentence what the database cached in dir knows of p:
// how many of the seeds on the board the side to move captures with best
// play.
func Probe(dir cache.Dir, p oware.Position) (string, error) {
	db, _, err := LoadCached(dir)
	if errors.Is(err, cache.ErrMissing) {
		return "", errors.New("no endgame database is cached: build one with gamelab oware egdb build")
	}
	if err != nil {
		return "", err
	}
	lo, hi, ok := db.Bounds(p)
	switch {
	case !ok:
		return "", fmt.Errorf("%d seeds on the board: the database covers %d", p.OnBoard(), db.Seeds())
	case lo == hi:
		return fmt.Sprintf("%v to move captures %d of the %d seeds on the board", p.ToMove(), lo, p.OnBoard()), nil
	}
	return fmt.Sprintf("%v to move captures %d to %d of the %d seeds on the board: best play goes round, and the cycle rule decides", p.ToMove(), lo, hi, p.OnBoard()), nil
}
