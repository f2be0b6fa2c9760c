// Package testenv prepares the environment of test binaries.
package testenv

import (
	"os"
	"testing"
)

// RunWithOwnCache runs m's tests with a fresh, empty user cache directory,
// so that they neither read nor write the caches of the person running
// them, and returns the exit code for os.Exit.
func RunWithOwnCache(m *testing.M) int {
	dir, err := os.MkdirTemp("", "gamelab-cache")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.Setenv("XDG_CACHE_HOME", dir)
	return m.Run()
}
