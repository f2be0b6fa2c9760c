// Package testenv prepares the environment of test binaries.
package testenv

import (
	"os"
	"testing"

	"gamelab/internal/cache"
)

// RunWithOwnDirs runs m's tests with a fresh, empty cache root and
// configuration directory, so that they neither read nor write the caches
// and profiles of the person running them, and returns the exit code for
// os.Exit.
func RunWithOwnDirs(m *testing.M) int {
	dir, err := os.MkdirTemp("", "gamelab-test")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	os.Setenv(cache.EnvVar, dir+"/cache")
	os.Setenv("XDG_CONFIG_HOME", dir+"/config")
	os.Setenv("HOME", dir) // os.UserConfigDir on macOS
	return m.Run()
}
