package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// tally is a small state: named counters that must not be negative.
type tally struct {
	Name   string         `json:"name"`
	Counts map[string]int `json:"counts,omitempty"`
}

func (t *tally) Validate() error {
	for k, n := range t.Counts {
		if n < 0 {
			return fmt.Errorf("count %s is %d", k, n)
		}
	}
	return nil
}

func (t *tally) add(k string) {
	if t.Counts == nil {
		t.Counts = map[string]int{}
	}
	t.Counts[k]++
}

func file(t *testing.T) File {
	return File{Path: filepath.Join(t.TempDir(), "sub", "tally.json"), Format: "test tally", Version: 2}
}

func TestUpdateAndRead(t *testing.T) {
	f := file(t)
	v, err := Read[tally](f)
	if err != nil || v.Name != "" || v.Counts != nil {
		t.Fatalf("missing file: %v, %+v", err, v)
	}
	if _, err := Update(f, func(v *tally) { v.Name = "x"; v.add("a") }); err != nil {
		t.Fatal(err)
	}
	v, err = Update(f, func(v *tally) { v.add("a") })
	if err != nil || v.Name != "x" || v.Counts["a"] != 2 {
		t.Fatalf("after two updates: %v, %+v", err, v)
	}
	data, _ := os.ReadFile(f.Path)
	if !strings.Contains(string(data), `"format": "test tally"`) || !strings.Contains(string(data), `"version": 2`) {
		t.Errorf("the file does not carry its format and version:\n%s", data)
	}
	entries, _ := os.ReadDir(filepath.Dir(f.Path))
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("temporary file left behind: %s", e.Name())
		}
	}
}

// TestDamaged writes every kind of damage: each file is moved aside with a
// *CorruptError, the state read is the zero one, and the next update starts
// afresh.
func TestDamaged(t *testing.T) {
	for name, content := range map[string]string{
		"not json":         `{"format": "test tally", "vers`,
		"empty":            ``,
		"another format":   `{"format": "other", "version": 1, "data": {}}`,
		"unknown field":    `{"format": "test tally", "version": 1, "data": {"name": "x", "colour": 3}}`,
		"wrong type":       `{"format": "test tally", "version": 1, "data": {"name": 3}}`,
		"negative count":   `{"format": "test tally", "version": 2, "data": {"counts": {"a": -1}}}`,
		"negative version": `{"format": "test tally", "version": -1, "data": {}}`,
		"no data":          `{"format": "test tally", "version": 1}`,
		"trailing data":    `{"format": "test tally", "version": 1, "data": {}} {}`,
		"a list":           `[1, 2]`,
	} {
		t.Run(name, func(t *testing.T) {
			f := file(t)
			os.MkdirAll(filepath.Dir(f.Path), 0o755)
			if err := os.WriteFile(f.Path, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			v, err := Read[tally](f)
			var ce *CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("Read = %v, want *CorruptError", err)
			}
			if v == nil || v.Name != "" || v.Counts != nil {
				t.Errorf("state after damage: %+v, want the zero state", v)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("the notice has several lines: %q", err)
			}
			if got, _ := os.ReadFile(ce.Backup); string(got) != content {
				t.Errorf("backup holds %q, want the damaged file", got)
			}
			if _, err := os.Stat(f.Path); !os.IsNotExist(err) {
				t.Errorf("damaged file still in place")
			}
			if v, err := Update(f, func(v *tally) { v.add("b") }); err != nil || v.Counts["b"] != 1 {
				t.Errorf("after a fresh update: %v %+v", err, v)
			}
		})
	}
}

func TestNewerIsLeftAlone(t *testing.T) {
	f := file(t)
	os.MkdirAll(filepath.Dir(f.Path), 0o755)
	newer := `{"format": "test tally", "version": 3, "data": {"name": "future", "stars": 5}}`
	os.WriteFile(f.Path, []byte(newer), 0o644)
	v, err := Update(f, func(v *tally) { v.add("a") })
	var ne *NewerError
	if !errors.As(err, &ne) || v == nil || v.Counts["a"] != 1 {
		t.Fatalf("Update = %+v, %v, want the change applied unsaved and a *NewerError", v, err)
	}
	if got, _ := os.ReadFile(f.Path); string(got) != newer {
		t.Errorf("a newer file was changed: %s", got)
	}
}

func TestLegacy(t *testing.T) {
	f := file(t)
	f.Legacy = true
	os.MkdirAll(filepath.Dir(f.Path), 0o755)
	os.WriteFile(f.Path, []byte(`{"name": "old", "counts": {"a": 4}}`), 0o644)
	v, err := Update(f, func(v *tally) { v.add("a") })
	if err != nil || v.Name != "old" || v.Counts["a"] != 5 {
		t.Fatalf("legacy file: %+v, %v", v, err)
	}
	if data, _ := os.ReadFile(f.Path); !strings.Contains(string(data), `"format"`) {
		t.Errorf("the legacy file was not rewritten in the current format: %s", data)
	}
}

// TestConcurrentUpdates changes one file from many goroutines, each with
// its own lock: no update is lost.
func TestConcurrentUpdates(t *testing.T) {
	f := file(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			for range 25 {
				if _, err := Update(f, func(v *tally) { v.add(strconv.Itoa(i % 2)) }); err != nil {
					t.Error(err)
				}
			}
		})
	}
	wg.Wait()
	v, err := Read[tally](f)
	if err != nil || v.Counts["0"] != 100 || v.Counts["1"] != 100 {
		t.Errorf("after 200 updates: %+v, %v", v, err)
	}
}

// TestTwoProcesses runs this test binary twice at once, each adding to the
// same file: nothing is lost between processes.
func TestTwoProcesses(t *testing.T) {
	if path := os.Getenv("STORE_TEST_FILE"); path != "" {
		f := File{Path: path, Format: "test tally", Version: 2}
		for range 100 {
			if _, err := Update(f, func(v *tally) { v.add(os.Getenv("STORE_TEST_KEY")) }); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	f := file(t)
	var cmds []*exec.Cmd
	for _, k := range []string{"a", "b"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestTwoProcesses$")
		cmd.Env = append(os.Environ(), "STORE_TEST_FILE="+f.Path, "STORE_TEST_KEY="+k)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		cmds = append(cmds, cmd)
	}
	for _, cmd := range cmds {
		if err := cmd.Wait(); err != nil {
			t.Fatal(err)
		}
	}
	v, err := Read[tally](f)
	if err != nil || v.Counts["a"] != 100 || v.Counts["b"] != 100 {
		t.Errorf("two processes, 100 updates each: %+v, %v", v, err)
	}
}

func TestSaveRefusesInvalid(t *testing.T) {
	f := file(t)
	if err := f.Save(&tally{Counts: map[string]int{"a": -2}}); err == nil {
		t.Error("an invalid state was saved")
	}
}

func TestUserFile(t *testing.T) {
	t.Setenv(configDirEnv, "")
	t.Setenv("XDG_CONFIG_HOME", "/tmp/cfg")
	f, err := UserFile("a.json", "x", 1)
	if err != nil || f.Path != "/tmp/cfg/gamelab/a.json" || f.Format != "x" || f.Version != 1 {
		t.Errorf("UserFile = %v, %v", f, err)
	}
	t.Setenv(configDirEnv, "/elsewhere")
	if f, _ := UserFile("a.json", "x", 1); f.Path != "/elsewhere/a.json" {
		t.Errorf("with %s: %v", configDirEnv, f.Path)
	}
}

// FuzzLoad feeds any bytes to Load: it fails cleanly or yields a valid
// state, and never panics.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(`{"format": "test tally", "version": 2, "data": {"name": "x", "counts": {"a": 1}}}`))
	f.Add([]byte(`{"name": "legacy"}`))
	f.Add([]byte(`{"format": "test tally", "version": 9}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		file := File{Path: filepath.Join(dir, "fuzz.json"), Format: "test tally", Version: 2, Legacy: true}
		if err := os.WriteFile(file.Path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		var v tally
		if err := file.Load(&v); err == nil {
			if verr := v.Validate(); verr != nil {
				t.Fatalf("Load accepted an invalid state: %v", verr)
			}
		}
		os.Remove(file.Path)
		matches, _ := filepath.Glob(file.Path + ".corrupt-*")
		for _, m := range matches {
			os.Remove(m)
		}
	})
}

func TestJSONError(t *testing.T) {
	var v struct {
		Played int            `json:"played"`
		Tries  []int          `json:"tries"`
		Stats  map[string]int `json:"stats"`
	}
	for in, want := range map[string]string{
		`{"played": "x"}`: `played: want a number, not a JSON string`,
		`{"tries": {}}`:   `tries: want a list, not a JSON object`,
		`{"stats": [1]}`:  `stats: want an object, not a JSON array`,
		`{"played": 1,,}`: `not valid JSON at byte 14: invalid character ',' looking for beginning of object key string`,
		`{"played": 1`:    `the JSON ends too early`,
		`["a"]`:           `the document: want an object, not a JSON array`,
	} {
		err := JSONError(json.NewDecoder(strings.NewReader(in)).Decode(&v))
		if err == nil || err.Error() != want {
			t.Errorf("%s: %v, want %s", in, err, want)
		}
	}
}

// TestWriteNew: files written at once under one name are all kept, each
// under a name of its own.
func TestWriteNew(t *testing.T) {
	base := filepath.Join(t.TempDir(), "oware-20261207-101010")
	var wg sync.WaitGroup
	names := make([]string, 20)
	for i := range names {
		wg.Go(func() {
			name, err := WriteNew(base, ".txt", []byte(strconv.Itoa(i)))
			if err != nil {
				t.Error(err)
			}
			names[i] = name
		})
	}
	wg.Wait()
	seen := map[string]bool{}
	for i, name := range names {
		data, err := os.ReadFile(name)
		if err != nil || string(data) != strconv.Itoa(i) || seen[name] {
			t.Errorf("write %d: %s holds %q, %v (seen %v)", i, name, data, err, seen[name])
		}
		seen[name] = true
	}
	if !seen[base+".txt"] || !seen[base+"-2.txt"] {
		t.Errorf("names %v", names)
	}
	if left, _ := filepath.Glob(base + "*.tmp-*"); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
