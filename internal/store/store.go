// Package store keeps a player's settings, statistics and unfinished games
// in JSON files under the user's configuration directory, written
// atomically so that a crash or a full disk never leaves half a file.
package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// File is one JSON document on disk.
type File struct {
	Path string
}

// UserFile returns the file name in gamelab's directory under the user's
// configuration directory ($XDG_CONFIG_HOME or ~/.config on Linux).
func UserFile(name string) (File, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return File{}, fmt.Errorf("finding the configuration directory: %w", err)
	}
	return File{filepath.Join(dir, "gamelab", name)}, nil
}

// CorruptError reports a file that exists but could not be read as JSON.
// Load has moved it aside to Backup, so nothing is lost and the caller can
// start afresh.
type CorruptError struct {
	Path, Backup string
	Err          error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("%s was unreadable (%v); kept as %s", e.Path, e.Err, e.Backup)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// Load reads the file into v. A missing file is not an error: v keeps its
// value. A file that is not valid JSON is renamed to a backup and reported
// as a *CorruptError, leaving v as it was.
func (f File) Load(v any) error {
	data, err := os.ReadFile(f.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading %s: %w", f.Path, err)
	}
	// Decode into a fresh value first so that a corrupt file leaves v as
	// it was.
	if err := json.Unmarshal(data, new(any)); err != nil {
		backup := fmt.Sprintf("%s.corrupt-%s", f.Path, time.Now().Format("20060102-150405"))
		if rerr := os.Rename(f.Path, backup); rerr != nil {
			return fmt.Errorf("reading %s: %w (and moving it aside: %v)", f.Path, err, rerr)
		}
		return &CorruptError{Path: f.Path, Backup: backup, Err: err}
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("reading %s: %w", f.Path, err)
	}
	return nil
}

// Save writes v as JSON, atomically (see WriteAtomic).
func (f File) Save(v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding %s: %w", f.Path, err)
	}
	if err := WriteAtomic(f.Path, append(data, '\n')); err != nil {
		return fmt.Errorf("saving %s: %w", f.Path, err)
	}
	return nil
}

// WriteAtomic writes data to path, creating its directory: to a temporary
// file in the same directory, synced, then renamed over the old file, so
// readers see the old or the new content and never a mix.
func WriteAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // fails harmlessly after the rename
	if _, err := tmp.Write(data); err != nil {
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
