// Package cache locates gamelab's caches (decision trees, openers, endgame
// databases, networks, crash logs: what can be rebuilt) under one root,
// and is every cache file's one mechanism: Load reads one, setting aside
// a file found damaged; Save writes one atomically, streamed.
//
// The root is, in order: what the user gives (--cache-dir), the
// environment variable GAMELAB_CACHE_DIR, or "gamelab" in the user's cache
// directory. Tests point GAMELAB_CACHE_DIR at a temporary directory, which
// works the same on every platform.
package cache

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"gamelab/internal/store"

	"github.com/gofrs/flock"
)

// EnvVar names the environment variable that overrides the cache root.
const EnvVar = "GAMELAB_CACHE_DIR"

// Dir is a cache root. The empty Dir caches nothing: loads find nothing
// and saves are skipped.
type Dir string

// Default returns the root named by GAMELAB_CACHE_DIR, else the gamelab
// folder of the user's cache directory.
func Default() (Dir, error) {
	if d := os.Getenv(EnvVar); d != "" {
		return Dir(d), nil
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("finding the cache directory (set %s or --cache-dir): %w", EnvVar, err)
	}
	return Dir(filepath.Join(base, "gamelab")), nil
}

// Path returns the path of the cache file name, or "" for the empty Dir.
func (d Dir) Path(name string) string {
	if d == "" {
		return ""
	}
	return filepath.Join(string(d), name)
}

// ErrMissing reports a cache file that does not exist (yet).
var ErrMissing = errors.New("not cached")

// DamagedError reports a cache file that exists but could not be used. It
// has been moved aside to Backup (unless Backup is empty, when even that
// failed), so the next save starts afresh and nothing is lost for study.
type DamagedError struct {
	Path, Backup string
	Err          error
}

func (e *DamagedError) Error() string {
	if e.Backup == "" {
		return fmt.Sprintf("the cache file %s is damaged (%v)", e.Path, e.Err)
	}
	return fmt.Sprintf("the cache file %s is damaged (%v); moved aside to %s", e.Path, e.Err, e.Backup)
}

func (e *DamagedError) Unwrap() error { return e.Err }

// Open opens the cache file at path: ErrMissing if there is none (or the
// Dir is empty, path ""), else the file or the error that stopped it.
func Open(path string) (*os.File, error) {
	if path == "" {
		return nil, ErrMissing
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, ErrMissing
	}
	return f, err
}

// Damaged moves the file at path aside, to path.damaged-<time>, and
// returns the *DamagedError that says so.
func Damaged(path string, why error) error {
	backup := fmt.Sprintf("%s.damaged-%s", path, time.Now().Format("20060102-150405.000"))
	if err := os.Rename(path, backup); err != nil {
		backup = ""
	}
	return &DamagedError{Path: path, Backup: backup, Err: why}
}

// ErrBusy reports a cache file another process is building: its lock is
// held.
var ErrBusy = errors.New("another process is writing it")

// Hold takes the lock of the cache file name (a file beside it) without
// waiting, for a process that writes the file again and again (a training
// run), so that a second one fails at once rather than overwriting the
// first's work with its own; release gives it back. It fails with ErrBusy
// if another process holds the lock. The empty Dir holds nothing.
func (d Dir) Hold(name string) (release func(), err error) {
	path := d.Path(name)
	if path == "" {
		return func() {}, nil
	}
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return nil, fmt.Errorf("locking %s: %w", path, err)
	}
	lock := flock.New(path + ".lock")
	ok, err := lock.TryLock()
	switch {
	case err != nil:
		return nil, fmt.Errorf("locking %s: %w", path, err)
	case !ok:
		return nil, fmt.Errorf("%s: %w", path, ErrBusy)
	}
	return func() { lock.Unlock() }, nil
}

// ErrNoDir reports a save to the empty Dir, which keeps nothing.
var ErrNoDir = errors.New("no cache directory to keep it in")

// Load reads the cache file name of d with read, which gets the open
// *os.File (so it may read at offsets, as io.ReaderAt). It fails with
// ErrMissing if there is none (or d is empty), and with a *DamagedError,
// having moved the file aside, if read fails on it: a cache file that
// cannot be used is rebuilt, and kept for study.
func Load[T any](d Dir, name string, read func(io.Reader) (T, error)) (T, error) {
	var zero T
	path := d.Path(name)
	f, err := Open(path)
	if err != nil {
		return zero, err
	}
	v, err := read(f)
	f.Close() // before Damaged moves it
	if err != nil {
		return zero, Damaged(path, err)
	}
	return v, nil
}

// Save writes the cache file name of d with write, atomically and
// streamed (store.WriteAtomicFunc): a process reading it meanwhile sees
// the old file or the whole new one. It returns the file's path, and
// ErrNoDir for the empty Dir.
func Save(d Dir, name string, write func(io.Writer) error) (string, error) {
	path := d.Path(name)
	if path == "" {
		return "", ErrNoDir
	}
	return path, store.WriteAtomicFunc(path, write)
}
