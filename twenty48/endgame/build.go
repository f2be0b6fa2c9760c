package endgame

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"gamelab/internal/cache"
)

// Positions returns the number of positions of shapes' tables.
func Positions(shapes []*Shape) uint64 {
	n := uint64(0)
	for _, s := range shapes {
		n += s.size
	}
	return n
}

// Progress is told how a build goes: positions done of all, and the
// shape it is on.
type Progress func(done, all uint64, shape *Shape)

// checkpoint is how often a table being built is saved, so that a build
// stopped by force loses no more than that.
const checkpoint = time.Minute

// BuildCached builds the tables of shapes that dir lacks or holds in
// part, on workers goroutines (0: one per core), going on from the layers saved, and saves
// each as it goes (every minute and when ctx ends): a build stopped goes
// on from where it was. A second process building them at once fails
// with cache.ErrBusy.
func BuildCached(ctx context.Context, dir cache.Dir, shapes []*Shape, workers int, progress Progress) error {
	if dir == "" {
		return cache.ErrNoDir
	}
	all, before := Positions(shapes), uint64(0)
	for _, s := range shapes {
		if err := buildOne(ctx, dir, s, workers, func(done uint64) {
			if progress != nil {
				progress(before+done, all, s)
			}
		}); err != nil {
			return err
		}
		before += s.size
	}
	return nil
}

// buildOne builds the table of s in dir, going on from what is saved.
func buildOne(ctx context.Context, dir cache.Dir, s *Shape, workers int, progress func(done uint64)) error {
	release, err := dir.Hold(FileName(s))
	if err != nil {
		return fmt.Errorf("table %v: %w", s, err)
	}
	defer release()
	t, err := cache.Load(dir, FileName(s), func(r io.Reader) (*Table, error) {
		return load(r.(*os.File), s, true)
	})
	if err != nil {
		// None yet, or one damaged (cache.Load set it aside): start.
		t = NewTable(s)
	}
	if t.Whole() {
		progress(s.size)
		return nil
	}
	saved := time.Now()
	err = t.Build(ctx, workers, func(done, _ uint64) {
		progress(done)
		if time.Since(saved) > checkpoint {
			// A checkpoint that fails is tried again at the next; the
			// last save's error is the build's.
			SaveCached(dir, t)
			saved = time.Now()
		}
	})
	if _, serr := SaveCached(dir, t); serr != nil && err == nil {
		err = serr
	}
	return err
}
