// Package registry holds named factories: the AIs of a game (solvers,
// players, codebreakers) that users choose by name on the command line,
// and that programs add to with Register.
package registry

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Registry maps names to values of type F, safe for concurrent use.
type Registry[F any] struct {
	kind string // what is registered, for messages: "solver", "player"
	mu   sync.RWMutex
	m    map[string]F
}

// New returns an empty registry of kind (a noun: "solver").
func New[F any](kind string) *Registry[F] { return &Registry[F]{kind: kind, m: map[string]F{}} }

// Register adds f as name; it panics if the name is taken, as two
// registrations of one name are a programming error.
func (r *Registry[F]) Register(name string, f F) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.m[name]; dup {
		panic(fmt.Sprintf("%s %s registered twice", r.kind, name))
	}
	r.m[name] = f
}

// Names returns the names registered, sorted.
func (r *Registry[F]) Names() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	names := make([]string, 0, len(r.m))
	for n := range r.m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Lookup returns what is registered as name, or an error that lists the
// names there are.
func (r *Registry[F]) Lookup(name string) (F, error) {
	r.mu.RLock()
	f, ok := r.m[name]
	r.mu.RUnlock()
	switch {
	case !ok && name == "":
		// A required flag left out reaches here empty: say so, rather
		// than call "" an unknown name.
		return f, fmt.Errorf("no %s given: choose %s", r.kind, strings.Join(r.Names(), ", "))
	case !ok:
		return f, fmt.Errorf("unknown %s %q: choose %s", r.kind, name, strings.Join(r.Names(), ", "))
	}
	return f, nil
}

// CommandPrefix marks a player named on a command line that is a
// program of its own, speaking its game's protocol: cmd:./myplayer --fast.
const CommandPrefix = "cmd:"

// ParseCommand reports whether s names a program (CommandPrefix and its
// command line) and returns the command line; it is an error to name none.
func ParseCommand(s string) (command string, ok bool, err error) {
	command, ok = strings.CutPrefix(s, CommandPrefix)
	switch {
	case !ok:
		return "", false, nil
	case strings.TrimSpace(command) == "":
		return "", true, fmt.Errorf("%s: name the program after %s, e.g. %s./myplayer", s, CommandPrefix, CommandPrefix)
	}
	return command, true, nil
}
