package store

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

type doc struct {
	Name  string
	Count int
}

func TestSaveLoad(t *testing.T) {
	f := File{filepath.Join(t.TempDir(), "sub", "doc.json")}
	var d doc
	if err := f.Load(&d); err != nil || d != (doc{}) {
		t.Fatalf("missing file: %v, %+v", err, d)
	}
	if err := f.Save(doc{"x", 3}); err != nil {
		t.Fatal(err)
	}
	if err := f.Load(&d); err != nil || d != (doc{"x", 3}) {
		t.Fatalf("after save: %v, %+v", err, d)
	}
	entries, _ := os.ReadDir(filepath.Dir(f.Path))
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

func TestLoadCorrupt(t *testing.T) {
	f := File{filepath.Join(t.TempDir(), "doc.json")}
	if err := os.WriteFile(f.Path, []byte(`{"Name": "x", "Cou`), 0o644); err != nil {
		t.Fatal(err)
	}
	d := doc{"keep", 1}
	err := f.Load(&d)
	var ce *CorruptError
	if !errors.As(err, &ce) {
		t.Fatalf("Load = %v, want *CorruptError", err)
	}
	if d != (doc{"keep", 1}) {
		t.Errorf("corrupt file changed the value: %+v", d)
	}
	if _, err := os.Stat(ce.Backup); err != nil {
		t.Errorf("backup missing: %v", err)
	}
	if _, err := os.Stat(f.Path); !os.IsNotExist(err) {
		t.Errorf("corrupt file still in place")
	}
	// The next save starts afresh.
	if err := f.Save(doc{"new", 2}); err != nil {
		t.Fatal(err)
	}
	if err := f.Load(&d); err != nil || d != (doc{"new", 2}) {
		t.Errorf("after fresh save: %v %+v", err, d)
	}
}

func TestUserFile(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/tmp/cfg")
	f, err := UserFile("a.json")
	if err != nil || f.Path != "/tmp/cfg/gamelab/a.json" {
		t.Errorf("UserFile = %v, %v", f, err)
	}
}
