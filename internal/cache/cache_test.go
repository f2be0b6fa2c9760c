package cache

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDefault(t *testing.T) {
	t.Setenv(EnvVar, "/somewhere/else")
	if d, err := Default(); err != nil || d != "/somewhere/else" {
		t.Errorf("with %s: %q, %v", EnvVar, d, err)
	}
	t.Setenv(EnvVar, "")
	t.Setenv("XDG_CACHE_HOME", "/xdg")
	t.Setenv("HOME", "/home/someone")
	d, err := Default()
	if err != nil || !strings.HasSuffix(string(d), "gamelab") {
		t.Errorf("without it: %q, %v", d, err)
	}
}

func TestOpenAndDamaged(t *testing.T) {
	var none Dir
	if none.Path("x") != "" {
		t.Error("the empty Dir names a path")
	}
	if _, err := Open(none.Path("x")); !errors.Is(err, ErrMissing) {
		t.Errorf("Open of the empty Dir: %v", err)
	}
	d := Dir(t.TempDir())
	path := d.Path("tree.txt")
	if _, err := Open(path); !errors.Is(err, ErrMissing) {
		t.Errorf("Open of a missing file: %v", err)
	}
	os.WriteFile(path, []byte("half a tr"), 0o644)
	f, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	err = Damaged(path, errors.New("truncated"))
	var de *DamagedError
	if !errors.As(err, &de) || !strings.Contains(err.Error(), "damaged (truncated)") || !strings.Contains(err.Error(), de.Backup) {
		t.Fatalf("Damaged = %v", err)
	}
	if got, _ := os.ReadFile(de.Backup); string(got) != "half a tr" || filepath.Dir(de.Backup) != string(d) {
		t.Errorf("backup %s holds %q", de.Backup, got)
	}
	if _, err := Open(path); !errors.Is(err, ErrMissing) {
		t.Errorf("the damaged file is still in place: %v", err)
	}
}

// TestHold: one holder at a time, again once released; the empty Dir
// holds nothing.
func TestHold(t *testing.T) {
	d := Dir(filepath.Join(t.TempDir(), "made"))
	release, err := d.Hold("f")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.Hold("f"); !errors.Is(err, ErrBusy) {
		t.Fatalf("held twice: %v", err)
	}
	other, err := d.Hold("g")
	if err != nil {
		t.Fatalf("another file: %v", err)
	}
	other()
	release()
	again, err := d.Hold("f")
	if err != nil {
		t.Fatalf("after release: %v", err)
	}
	again()
	if release, err := Dir("").Hold("f"); err != nil {
		t.Fatalf("the empty Dir: %v", err)
	} else {
		release()
	}
}

// TestLoadAndSave: a saved file loads back; none is ErrMissing; one read
// fails on is set aside as damaged, and the next load finds none; a save
// whose writing fails leaves the old file whole; the empty Dir keeps
// nothing.
func TestLoadAndSave(t *testing.T) {
	d := Dir(t.TempDir())
	readAll := func(r io.Reader) (string, error) {
		b, err := io.ReadAll(r)
		if string(b) == "bad" {
			return "", errors.New("not what it should be")
		}
		return string(b), err
	}
	writeText := func(s string) func(io.Writer) error {
		return func(w io.Writer) error { _, err := io.WriteString(w, s); return err }
	}
	if _, err := Load(d, "f", readAll); !errors.Is(err, ErrMissing) {
		t.Fatalf("nothing saved: %v, want ErrMissing", err)
	}
	path, err := Save(d, "f", writeText("good"))
	if err != nil || path != d.Path("f") {
		t.Fatalf("Save: %q, %v", path, err)
	}
	if s, err := Load(d, "f", readAll); s != "good" || err != nil {
		t.Fatalf("Load: %q, %v", s, err)
	}
	failed := errors.New("the disk is full")
	if _, err := Save(d, "f", func(w io.Writer) error { io.WriteString(w, "half"); return failed }); !errors.Is(err, failed) {
		t.Fatalf("a failed write: %v", err)
	}
	if s, _ := Load(d, "f", readAll); s != "good" {
		t.Fatalf("after a failed save the file holds %q", s)
	}
	Save(d, "f", writeText("bad"))
	var damaged *DamagedError
	if _, err := Load(d, "f", readAll); !errors.As(err, &damaged) || damaged.Backup == "" {
		t.Fatalf("a damaged file: %v", err)
	}
	if _, err := os.Stat(damaged.Backup); err != nil {
		t.Errorf("not set aside: %v", err)
	}
	if _, err := Load(d, "f", readAll); !errors.Is(err, ErrMissing) {
		t.Errorf("after setting it aside: %v, want ErrMissing", err)
	}
	entries, _ := os.ReadDir(string(d))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("a temporary file left: %s", e.Name())
		}
	}
	if _, err := Save("", "f", writeText("x")); !errors.Is(err, ErrNoDir) {
		t.Errorf("the empty Dir: %v, want ErrNoDir", err)
	}
}
