// Package layers holds the test that keeps the module's imports to the
// layers docs/ARCHITECTURE.md describes, so that a new game cannot break
// them unnoticed.
package layers

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// games are the top-level folders that hold a game.
var games = map[string]bool{"nerdle": true, "twenty48": true, "oware": true, "mastermind": true, "pdd": true}

// layer returns the layer of a package of the module, and its game if it
// belongs to one.
func layer(path string) (name, game string) {
	rel := strings.TrimPrefix(path, "gamelab/")
	parts := strings.Split(rel, "/")
	switch {
	case parts[0] == "cmd":
		return "cmd", ""
	case rel == "internal/cmdline":
		return "cmdline", ""
	case rel == "internal/watch":
		return "watch", ""
	case rel == "internal/tui" || rel == "internal/quietterm":
		return "tui", ""
	case rel == "internal/tui/tuitest":
		return "tuitest", ""
	case rel == "internal/hugepage" || rel == "internal/floats":
		return "machine", ""
	case rel == "internal/child" || rel == "internal/lines":
		return "process", ""
	case parts[0] == "internal":
		return "shared", ""
	case rel == "web":
		return "web", ""
	case parts[0] == "web" && parts[1] == "db":
		return "storage", ""
	case rel == "web/webtest":
		return "webtest", ""
	case !games[parts[0]]:
		return "unknown", ""
	case len(parts) == 1:
		return "engine", parts[0]
	case parts[1] == "play":
		return "ui", parts[0]
	case parts[1] == "protocol":
		return "protocol", parts[0]
	case parts[1] == "web":
		return "webgame", parts[0]
	}
	return "ai", parts[0]
}

// rule is what a layer may import: packages of the module by layer (a
// game's own layers only), and modules from outside by prefix.
type rule struct {
	layers   []string
	external []string
}

var charm = []string{"github.com/charmbracelet/", "github.com/muesli/"}

// rules is the table of docs/ARCHITECTURE.md.
var rules = map[string]rule{
	"engine":   {layers: []string{"machine"}},
	"ai":       {layers: []string{"engine", "ai", "shared", "machine"}},
	"protocol": {layers: []string{"engine", "ai", "process", "shared"}},
	"ui":       {layers: []string{"engine", "ai", "tui", "shared", "watch"}, external: charm},
	"watch":    {layers: []string{"tui", "shared"}, external: charm},
	"tui":      {external: charm},
	"tuitest":  {layers: []string{"shared"}, external: charm},
	"shared":   {layers: []string{"shared", "machine"}, external: []string{"github.com/charmbracelet/x/term", "github.com/gofrs/flock"}},
	"machine":  {},
	"process":  {},
	"cmdline":  {layers: []string{"tui", "shared"}, external: append([]string{"github.com/alecthomas/kong", "github.com/peterh/liner"}, charm...)},
	"cmd":      {layers: []string{"engine", "ai", "protocol", "ui", "tui", "shared", "cmdline", "web", "webgame", "storage"}, external: append([]string{"github.com/alecthomas/kong", "github.com/peterh/liner", "github.com/tsenart/vegeta/"}, charm...)},
	"web":      {layers: []string{"shared", "storage"}},
	"storage":  {layers: []string{"storage"}, external: []string{"modernc.org/sqlite", "github.com/jackc/pgx/", "github.com/pressly/goose/", "github.com/gofrs/flock"}},
	"webgame":  {layers: []string{"engine", "ai", "shared", "web", "storage"}},
	"webtest":  {layers: []string{"web", "storage"}, external: []string{"github.com/chromedp/"}},
}

// sharedFiles are the shared packages that read and write state files; the
// UI may not import them (persistence is handed in).
var sharedFiles = map[string]bool{"gamelab/internal/store": true}

func TestLayers(t *testing.T) {
	out, err := exec.Command("go", "list", "-json=ImportPath,Imports,Standard,Dir,GoFiles", "gamelab/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(out))
	checked := 0
	for dec.More() {
		var p struct {
			ImportPath string
			Imports    []string
			Dir        string
			GoFiles    []string
		}
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		// go test keeps a passing result until a file the test looked at
		// changes; go list's reading is not seen, so the test looks at
		// every file itself, or a new import would pass on a cached run.
		for _, f := range p.GoFiles {
			os.Stat(filepath.Join(p.Dir, f))
		}
		name, game := layer(p.ImportPath)
		r, ok := rules[name]
		if !ok {
			t.Errorf("%s: in no layer; add it to docs/ARCHITECTURE.md and this test", p.ImportPath)
			continue
		}
		checked++
		for _, imp := range p.Imports {
			if !strings.Contains(strings.Split(imp, "/")[0], ".") && !strings.HasPrefix(imp, "gamelab") {
				continue // the standard library
			}
			if strings.HasPrefix(imp, "gamelab/") {
				il, ig := layer(imp)
				switch {
				case ig != "" && game != "" && ig != game:
					t.Errorf("%s imports %s: games do not import each other", p.ImportPath, imp)
				case name == "ui" && sharedFiles[imp]:
					t.Errorf("%s imports %s: the UI is handed its state, it does not reach for files", p.ImportPath, imp)
				case !slices.Contains(r.layers, il):
					t.Errorf("%s (%s) imports %s (%s): not allowed", p.ImportPath, name, imp, il)
				}
				continue
			}
			if !hasPrefix(imp, r.external) {
				t.Errorf("%s (%s) imports %s: not allowed in this layer", p.ImportPath, name, imp)
			}
		}
	}
	if checked < 8 {
		t.Errorf("only %d packages checked", checked)
	}
}

func hasPrefix(s string, prefixes []string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) || s == strings.TrimSuffix(p, "/") {
			return true
		}
	}
	return false
}
