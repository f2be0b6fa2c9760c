package egdb

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"gamelab/internal/cache"
	"gamelab/oware/search"
)

// FileName returns the cache file name of the database up to seeds seeds.
func FileName(seeds int) string { return "oware-egdb-" + strconv.Itoa(seeds) + ".bin" }

// header starts every file: the format, then the seeds on its own line.
const header = "gamelab oware endgame database 2 abapa\n"

// Write writes db: the header, the seeds, every level's bounds in rank
// order (low then high byte), and the SHA-256 of all that before.
func (db *DB) Write(w io.Writer) error {
	h := sha256.New()
	bw := bufio.NewWriter(io.MultiWriter(w, h))
	fmt.Fprintf(bw, "%s%d\n", header, db.seeds)
	for _, level := range db.levels {
		for _, v := range level {
			bw.WriteByte(byte(v))
			bw.WriteByte(byte(v >> 8))
		}
	}
	if err := bw.Flush(); err != nil {
		return err
	}
	_, err := w.Write(h.Sum(nil))
	return err
}

// Read reads a database written by Write, checking its checksum, its
// size and every value.
func Read(r io.Reader) (*DB, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, err
	}
	if len(data) < len(header)+sha256.Size || !bytes.HasPrefix(data, []byte(header)) {
		return nil, errors.New("not an Oware endgame database")
	}
	body, sum := data[:len(data)-sha256.Size], data[len(data)-sha256.Size:]
	if got := sha256.Sum256(body); !bytes.Equal(got[:], sum) {
		return nil, errors.New("the checksum does not match: the file is damaged")
	}
	rest := body[len(header):]
	line, values, ok := bytes.Cut(rest, []byte("\n"))
	seeds, err := strconv.Atoi(string(line))
	if !ok || err != nil || seeds < 0 || seeds > MaxSeeds {
		return nil, fmt.Errorf("bad seed count %q", line)
	}
	db := &DB{seeds: seeds, levels: make([][]uint16, seeds+1)}
	for n := range seeds + 1 {
		size := Size(n)
		if uint64(len(values)) < 2*size {
			return nil, fmt.Errorf("level %d is cut short", n)
		}
		level := make([]uint16, size)
		for i := range level {
			lo, hi := values[2*i], values[2*i+1]
			if lo > hi || int(hi) > n {
				return nil, fmt.Errorf("level %d holds the bounds %d and %d", n, lo, hi)
			}
			level[i] = uint16(lo) | uint16(hi)<<8
		}
		db.levels[n], values = level, values[2*size:]
	}
	if len(values) != 0 {
		return nil, fmt.Errorf("%d bytes after the last level", len(values))
	}
	return db, nil
}

// SaveCached writes db to the cache directory and returns the path.
func SaveCached(dir cache.Dir, db *DB) (string, error) {
	return cache.Save(dir, FileName(db.seeds), db.Write)
}

// LoadCached loads the largest database in the cache directory; it
// returns cache.ErrMissing if there is none, and sets aside a damaged one.
func LoadCached(dir cache.Dir) (*DB, string, error) {
	if dir == "" {
		return nil, "", cache.ErrMissing
	}
	matches, _ := filepath.Glob(dir.Path("oware-egdb-*.bin"))
	best, bestSeeds := "", -1
	for _, m := range matches {
		s, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(filepath.Base(m), "oware-egdb-"), ".bin"))
		if err == nil && s > bestSeeds && s <= MaxSeeds {
			best, bestSeeds = m, s
		}
	}
	if best == "" {
		return nil, "", cache.ErrMissing
	}
	db, err := cache.Load(dir, filepath.Base(best), func(r io.Reader) (*DB, error) {
		return Read(bufio.NewReaderSize(r, 1<<20))
	})
	return db, best, err
}

// BackgroundSeeds is the database Open builds when none is cached: 12
// seeds take about 25 seconds on one core and are worth most of what 14
// are.
const BackgroundSeeds = 12

// Open returns the database for the engines: the largest cached in dir;
// with none cached and build set, a Lazy that a database of
// BackgroundSeeds seeds, built in the background until ctx ends, fills
// once ready (and that is saved in dir), so that an engine is at full
// strength from its first games without a step to remember. It returns
// nil where there is nothing to use. A damaged file is set aside and
// reported in err, with the rest as if none were cached.
func Open(ctx context.Context, dir cache.Dir, build bool) (search.Tablebase, error) {
	db, _, err := LoadCached(dir)
	switch {
	case err == nil:
		return db, nil
	case errors.Is(err, cache.ErrMissing):
		err = nil
	}
	if dir == "" || !build {
		return nil, err
	}
	lazy := &Lazy{}
	go func() {
		db, err := Build(ctx, BackgroundSeeds, 1, nil)
		if err != nil {
			return
		}
		lazy.Set(db)
		SaveCached(dir, db) // a cache: failing to keep it costs only time next run
	}()
	return lazy, err
}
