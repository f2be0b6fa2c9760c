package solve

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"gamelab/internal/cache"
	"gamelab/nerdle"
)

// TestBuildKeepsTheBetterTree: a build caches the tree it finds and the
// book then plays it; a later, worse build keeps the cached tree unless
// forced, and says so.
func TestBuildKeepsTheBetterTree(t *testing.T) {
	u, err := NewUniverse(5, nerdle.Standard, cache.Dir(t.TempDir()))
	if err != nil {
		t.Fatal(err)
	}
	if advice := strings.Join(NewBook(u, nil).Advice(), "\n"); !strings.Contains(advice, "no decision tree cached for length 5") {
		t.Errorf("advice without a tree: %q", advice)
	}
	var log bytes.Buffer
	summary, err := Build{}.Run(context.Background(), u, &log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(summary, "485 guesses over 156 secrets") || !strings.Contains(summary, "saved to") {
		t.Errorf("first build: %q", summary)
	}
	if !strings.Contains(log.String(), "searching length 5") {
		t.Errorf("log: %q", log.String())
	}
	worse := Build{Openers: 1, Width: 1}
	summary, err = worse.Run(context.Background(), u, &log)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(summary, "kept the cached tree, which is better: 485 guesses") {
		t.Errorf("a worse build: %q", summary)
	}
	worse.Force = true
	if summary, err = worse.Run(context.Background(), u, &log); err != nil || strings.Contains(summary, "kept the cached") {
		t.Errorf("a worse build, forced: %q, %v", summary, err)
	}
}
