package consistent

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gamelab/mastermind"
)

// TestJob solves an instance file as megold and stopper do: the list, its
// count, written to a file, and checked against right and wrong lists.
func TestJob(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	instance := write("d.txt", "4   1 1 1 1/0 1 2 2 0/1 3 1 3 2/0\n")
	right := write("right.txt", "[[4,1,3],[3,1,4]].\n")
	wrong := write("wrong.txt", "[[4,1,3]].\n")
	for _, tc := range []struct {
		job     Job
		out, in string // what out holds, and what the log
		ok      bool
	}{
		{Job{File: instance}, "[[3,1,4],[4,1,3]].\n", "d.txt: 2 solutions in", true},
		{Job{File: instance, Count: true}, "2\n", "d.txt: 2 solutions", true},
		{Job{File: instance, Check: right}, "[[3,1,4],[4,1,3]].\n", "right.txt: as expected", true},
		{Job{File: instance, Count: true, Check: wrong}, "2\n", "wrong.txt: ", false},
		{Job{File: instance, Output: filepath.Join(dir, "t.txt")}, "", "2 solutions", true},
	} {
		var out, log strings.Builder
		ok, err := tc.job.Run(context.Background(), &out, &log)
		if err != nil || ok != tc.ok || out.String() != tc.out || !strings.Contains(log.String(), tc.in) {
			t.Errorf("%+v: %v, %v; out %q, log %q", tc.job, ok, err, out.String(), log.String())
		}
	}
	if data, err := os.ReadFile(filepath.Join(dir, "t.txt")); err != nil || string(data) != "[[3,1,4],[4,1,3]].\n" {
		t.Errorf("the output file: %q, %v", data, err)
	}
	if _, err := (Job{File: filepath.Join(dir, "none.txt")}).Run(context.Background(), &strings.Builder{}, &strings.Builder{}); err == nil {
		t.Error("a missing file solved")
	}
}

// TestRepeatedHints: hints repeated thousands of times solve as the
// distinct ones do, and a guess repeated with another answer has no
// solution.
func TestRepeatedHints(t *testing.T) {
	base := []mastermind.Hint{
		{Guess: mastermind.Code{1, 1, 2, 2}, Answer: mastermind.Answer{Blacks: 1, Whites: 1}},
		{Guess: mastermind.Code{3, 4, 5, 6}, Answer: mastermind.Answer{Blacks: 0, Whites: 2}},
	}
	want, err := Count(context.Background(), &mastermind.Instance{Max: 6, Hints: base})
	if err != nil {
		t.Fatal(err)
	}
	var many []mastermind.Hint
	for range 10_000 {
		many = append(many, base...)
	}
	if got, err := Count(context.Background(), &mastermind.Instance{Max: 6, Hints: many}); err != nil || got != want {
		t.Errorf("20,000 repeated hints: %d codes, %v; want %d", got, err, want)
	}
	clash := append(many, mastermind.Hint{Guess: mastermind.Code{1, 1, 2, 2}, Answer: mastermind.Answer{Blacks: 2}})
	if got, err := Count(context.Background(), &mastermind.Instance{Max: 6, Hints: clash}); err != nil || got != 0 {
		t.Errorf("a guess repeated with another answer: %d codes, %v", got, err)
	}
}
