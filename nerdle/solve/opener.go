package solve

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gamelab/internal/cache"
	"gamelab/nerdle"
)

// quickOpenerSecrets is how many secrets the opener found at start-up is
// weighed against: enough to be within a few seconds at length 11.
const quickOpenerSecrets = 300_000

// thoroughOpenerSecrets is the same for the cached opener of
// BuildOpener, which weighs every equation up to length 10.
const thoroughOpenerSecrets = 2_000_000

// BuildOpener weighs a larger field of first guesses than start-up can
// afford against (nearly) every equation, and returns the best.
func BuildOpener(u *Universe) nerdle.Equation {
	pool := guessPool(u, 2*searchPoolSize)
	guesses := append(pool, spread(u.All, 2000)...)
	guesses = append(guesses, informative(scanned(u), spread(u.All, 50_000), 1000)...)
	top := parallelBest(u, guesses, spread(u.All, 50_000), 48)
	return parallelBest(u, top, spread(u.All, thoroughOpenerSecrets), 1)[0]
}

// openerFormat heads an opener file; a change makes old files damaged.
const openerFormat = "gamelab nerdle opener v1"

func openerPath(u *Universe) string { return u.Cache.Path(openerName(u)) }

// openerName is the name of u's opener file in the cache.
func openerName(u *Universe) string { return fmt.Sprintf("nerdle-opener-%d-%v.txt", u.Length, u.Rules) }

// SaveOpener caches g as the opener of u and returns the file's path.
func SaveOpener(u *Universe, g nerdle.Equation) (string, error) {
	return cache.Save(u.Cache, openerName(u), func(w io.Writer) error {
		_, err := fmt.Fprintf(w, "%s\n%d %v %d\n%v\n", openerFormat, u.Length, u.Rules, len(u.All), g)
		return err
	})
}

// LoadOpener returns the cached opener of u. It fails with cache.ErrMissing
// if there is none, and with a *cache.DamagedError, having moved the file
// aside, if the file is not an opener of u.
func LoadOpener(u *Universe) (nerdle.Equation, error) {
	return cache.Load(u.Cache, openerName(u), func(r io.Reader) (nerdle.Equation, error) {
		data, err := io.ReadAll(io.LimitReader(r, 1<<10))
		if err != nil {
			return 0, err
		}
		lines := strings.Split(strings.TrimSpace(string(data)), "\n")
		want := fmt.Sprintf("%d %v %s", u.Length, u.Rules, strconv.Itoa(len(u.All)))
		switch {
		case len(lines) != 3 || lines[0] != openerFormat:
			return 0, errors.New("not an opener file of this version")
		case lines[1] != want:
			return 0, fmt.Errorf("an opener for %q, not %q", lines[1], want)
		}
		g, err := nerdle.ParseEquation(lines[2])
		if err == nil && g.Len() != u.Length {
			err = fmt.Errorf("%v is not of length %d", g, u.Length)
		}
		if err == nil {
			err = nerdle.Check(lines[2], u.Rules)
		}
		return g, err
	})
}
