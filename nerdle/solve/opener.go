package solve

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"gamelab/internal/store"
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

// openerFormat heads an opener file; a change makes old files stale.
const openerFormat = "gamelab nerdle opener v1"

func openerPath(u *Universe) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, "gamelab", fmt.Sprintf("nerdle-opener-%d-%v.txt", u.Length, u.Rules)), nil
}

// SaveOpener caches g as the opener of u.
func SaveOpener(u *Universe, g nerdle.Equation) (string, error) {
	path, err := openerPath(u)
	if err != nil {
		return "", err
	}
	text := fmt.Sprintf("%s\n%d %v %d\n%v\n", openerFormat, u.Length, u.Rules, len(u.All), g)
	return path, store.WriteAtomic(path, []byte(text))
}

// LoadOpener returns the cached opener of u, or 0 if none is cached or the
// file is stale.
func LoadOpener(u *Universe) nerdle.Equation {
	path, err := openerPath(u)
	if err != nil {
		return 0
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return 0
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	want := fmt.Sprintf("%d %v %s", u.Length, u.Rules, strconv.Itoa(len(u.All)))
	if len(lines) != 3 || lines[0] != openerFormat || lines[1] != want {
		return 0
	}
	g, err := nerdle.ParseEquation(lines[2])
	if err != nil || g.Len() != u.Length || nerdle.Check(lines[2], u.Rules) != nil {
		return 0
	}
	return g
}
