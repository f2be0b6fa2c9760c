package cache

import (
	"errors"
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
