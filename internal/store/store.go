// Package store keeps a player's settings, statistics and unfinished games
// in JSON files under the user's configuration directory.
//
// Every file carries its format and a version number, is validated on every
// load, and is written atomically (a crash or a full disk never leaves half
// a file). It is changed only under a lock on a file beside it: Update
// reads the freshest content, applies the change and writes it back while
// holding the lock. So two gamelab processes playing at once merge their
// changes instead of the last writer's erasing the other's.
//
// A file that cannot be decoded or fails validation is moved aside (never
// overwritten, never deleted) and reported as a *CorruptError; the caller
// shows its one-line message and goes on with defaults. A file written by
// a newer gamelab is left alone: it is read as empty and never written.
package store

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/gofrs/flock"
)

// State is what a File holds. Validate reports content that the program
// could not have written: negative counts, settings outside what the flags
// allow, games that do not replay.
type State interface {
	Validate() error
}

// File is one versioned JSON document on disk.
type File struct {
	Path    string
	Format  string // names the kind of document, e.g. "gamelab nerdle profile"
	Version int    // the version this program writes; older ones are read as it

	// Legacy, if set, accepts a document written before files carried a
	// format: the bare content, read as version 0.
	Legacy bool
}

// envelope is a File's form on disk.
type envelope struct {
	Format  string          `json:"format"`
	Version int             `json:"version"`
	Data    json.RawMessage `json:"data"`
}

// configDirEnv overrides the configuration directory, for tests and for
// people who keep several profiles.
const configDirEnv = "GAMELAB_CONFIG_DIR"

// UserFile returns the document name of the given format and version in
// gamelab's directory under the user's configuration directory
// ($GAMELAB_CONFIG_DIR, else $XDG_CONFIG_HOME/gamelab or
// ~/.config/gamelab on Linux).
func UserFile(name, format string, version int) (File, error) {
	dir := os.Getenv(configDirEnv)
	if dir == "" {
		base, err := os.UserConfigDir()
		if err != nil {
			return File{}, fmt.Errorf("finding the configuration directory: %w", err)
		}
		dir = filepath.Join(base, "gamelab")
	}
	return File{Path: filepath.Join(dir, name), Format: format, Version: version}, nil
}

// CorruptError reports a file that exists but could not be used: not JSON,
// another format, content that fails validation. It has been moved aside
// to Backup, so nothing is lost and the caller can start afresh.
type CorruptError struct {
	Path, Backup string
	Err          error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("%s was unreadable (%v); kept as %s, starting afresh", e.Path, e.Err, e.Backup)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// NewerError reports a file written by a newer gamelab, in a version this
// one cannot read. The file is left as it is and is not written.
type NewerError struct {
	Path            string
	Version, Newest int
}

func (e *NewerError) Error() string {
	return fmt.Sprintf("%s was written by a newer gamelab (version %d; this one reads up to %d); it is left alone and nothing will be saved",
		e.Path, e.Version, e.Newest)
}

// Load reads the file into v, which should hold its zero value. A missing
// file is not an error: v is left as it is. A damaged file is moved aside
// and reported as a *CorruptError, a newer one as a *NewerError; after an
// error v may hold part of the file, to be discarded.
func (f File) Load(v State) error {
	data, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", f.Path, err)
	}
	content, err := f.unwrap(data)
	if err != nil {
		var newer *NewerError
		if errors.As(err, &newer) {
			return err
		}
		return f.moveAside(err)
	}
	if err := decode(content, v); err != nil {
		return f.moveAside(err)
	}
	return nil
}

// unwrap checks the envelope of data and returns its content.
func (f File) unwrap(data []byte) (json.RawMessage, error) {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return nil, JSONError(err)
	}
	if _, ok := top["format"]; !ok && f.Legacy {
		return data, nil
	}
	var env envelope
	if err := strictUnmarshal(data, &env); err != nil {
		return nil, err
	}
	switch {
	case env.Format != f.Format:
		return nil, fmt.Errorf("a %q file, not %q", env.Format, f.Format)
	case env.Version > f.Version:
		return nil, &NewerError{Path: f.Path, Version: env.Version, Newest: f.Version}
	case env.Version < 0:
		return nil, fmt.Errorf("version %d", env.Version)
	case len(env.Data) == 0:
		return nil, errors.New("no data")
	}
	return env.Data, nil
}

// decode reads content strictly (no unknown fields, no trailing data) into
// v and validates it.
func decode(content []byte, v State) error {
	if err := strictUnmarshal(content, v); err != nil {
		return err
	}
	return v.Validate()
}

func strictUnmarshal(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return JSONError(err)
	}
	if dec.More() {
		return errors.New("data after the document")
	}
	return nil
}

func (f File) moveAside(why error) error {
	backup := fmt.Sprintf("%s.corrupt-%s", f.Path, time.Now().Format("20060102-150405.000"))
	if err := os.Rename(f.Path, backup); err != nil {
		return fmt.Errorf("reading %s: %w (and moving it aside: %v)", f.Path, why, err)
	}
	return &CorruptError{Path: f.Path, Backup: backup, Err: why}
}

// Save writes v as the file's content, atomically, without the lock: for a
// file no other process changes. Update is the way to change shared state.
func (f File) Save(v State) error {
	if err := v.Validate(); err != nil {
		return fmt.Errorf("saving %s: %w", f.Path, err)
	}
	content, err := json.MarshalIndent(v, "  ", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", f.Path, err)
	}
	data, err := json.MarshalIndent(envelope{Format: f.Format, Version: f.Version, Data: content}, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", f.Path, err)
	}
	if err := WriteAtomic(f.Path, append(data, '\n')); err != nil {
		return fmt.Errorf("saving %s: %w", f.Path, err)
	}
	return nil
}

// Read returns the file's content, read under its lock (so never while
// another process moves a damaged file aside), or the zero state if there
// is none. Its errors are Load's; with a *CorruptError or a *NewerError it
// returns the zero state, to go on with.
func Read[T any, P interface {
	*T
	State
}](f File) (P, error) {
	var v P
	err := f.locked(func() error {
		v = P(new(T))
		err := f.Load(v)
		if err != nil {
			v = P(new(T))
		}
		return err
	})
	return v, err
}

// lockTimeout bounds the wait for another process's update: updates take
// milliseconds, so a lock held longer belongs to a process that hangs.
const lockTimeout = 10 * time.Second

// Update applies change to the file's freshest content under the file's
// lock and saves the result; it returns the state saved. A damaged file is
// moved aside and change applies to the zero state; the *CorruptError is
// returned with the saved state so that the caller can say so. A file of a
// newer version is not changed: Update returns the *NewerError and the
// state change made to the zero state, unsaved.
func Update[T any, P interface {
	*T
	State
}](f File, change func(P)) (P, error) {
	var v P
	err := f.locked(func() error {
		v = P(new(T))
		loadErr := f.Load(v)
		var corrupt *CorruptError
		var newer *NewerError
		switch {
		case loadErr == nil:
		case errors.As(loadErr, &corrupt):
			v = P(new(T)) // what was read of it is not to be trusted
		case errors.As(loadErr, &newer):
			v = P(new(T))
			change(v)
			return loadErr
		default:
			v = nil
			return loadErr
		}
		change(v)
		if err := f.Save(v); err != nil {
			return err
		}
		return loadErr
	})
	return v, err
}

// locked runs fn holding the file's lock, a file beside it.
func (f File) locked(fn func() error) error {
	if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
		return fmt.Errorf("locking %s: %w", f.Path, err)
	}
	lock := flock.New(f.Path + ".lock")
	ctx, cancel := context.WithTimeout(context.Background(), lockTimeout)
	defer cancel()
	if ok, err := lock.TryLockContext(ctx, 5*time.Millisecond); !ok {
		return fmt.Errorf("locking %s: %w", f.Path, errors.Join(err, ctx.Err()))
	}
	defer lock.Unlock()
	return fn()
}

// WriteAtomic writes data to the file at path atomically: see
// WriteAtomicFunc.
func WriteAtomic(path string, data []byte) error {
	return WriteAtomicFunc(path, func(w io.Writer) error {
		_, err := w.Write(data)
		return err
	})
}

// WriteAtomicFunc writes the file at path with what write writes,
// streamed through a buffer to a temporary file beside it that is synced
// and then renamed over path: a reader sees the old file or the whole new
// one, never part of it, and a write that fails or is interrupted leaves
// the old file. It makes path's folder if need be.
func WriteAtomicFunc(path string, write func(io.Writer) error) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	bw := bufio.NewWriterSize(tmp, 1<<16)
	if err := write(bw); err != nil {
		tmp.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// WriteNew writes data to a new file named base+ext, or base-2+ext,
// base-3+ext and so on where that name is taken, and returns its name.
// It never replaces a file, even one made at the same moment by another
// process: the content is written to a temporary file and linked to the
// name, which fails if the name exists.
func WriteNew(base, ext string, data []byte) (string, error) {
	dir := filepath.Dir(base)
	tmp, err := os.CreateTemp(dir, filepath.Base(base)+".tmp-*")
	if err != nil {
		return "", err
	}
	defer os.Remove(tmp.Name())
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", err
	}
	for n := 1; n <= maxNewNames; n++ {
		name := base + ext
		if n > 1 {
			name = fmt.Sprintf("%s-%d%s", base, n, ext)
		}
		err := os.Link(tmp.Name(), name)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("%s%s: %d files of that name already", base, ext, maxNewNames)
}

// maxNewNames is how many numbered names WriteNew tries.
const maxNewNames = 10000
