package consistent

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"time"

	"gamelab/mastermind"
)

// ReadInstance reads the instance file at path.
func ReadInstance(path string) (*mastermind.Instance, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	in, err := mastermind.Parse(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return in, nil
}

// ReadSolutions reads the list of codes at path.
func ReadSolutions(path string) ([]mastermind.Code, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	codes, err := mastermind.ParseSolutions(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return codes, nil
}

// Compare solves in and compares its codes with want, as sets: "" if
// they are the same, else how they differ.
func Compare(in *mastermind.Instance, want []mastermind.Code) string {
	var got []mastermind.Code
	if err := Solve(in, func(c mastermind.Code) bool { got = append(got, slices.Clone(c)); return true }); err != nil {
		return "error: " + err.Error()
	}
	slices.SortFunc(got, slices.Compare)
	want = slices.Clone(want)
	slices.SortFunc(want, slices.Compare)
	var missing, extra []mastermind.Code
	i, j := 0, 0
	for i < len(got) || j < len(want) {
		switch {
		case j == len(want) || i < len(got) && slices.Compare(got[i], want[j]) < 0:
			extra = append(extra, got[i])
			i++
		case i == len(got) || slices.Compare(got[i], want[j]) > 0:
			missing = append(missing, want[j])
			j++
		default:
			i++
			j++
		}
	}
	if len(missing) == 0 && len(extra) == 0 {
		return ""
	}
	s := fmt.Sprintf("differs: %d expected not found, %d found not expected", len(missing), len(extra))
	if len(missing) > 0 {
		s += fmt.Sprintf(" (first missing %v)", missing[0])
	}
	if len(extra) > 0 {
		s += fmt.Sprintf(" (first extra %v)", extra[0])
	}
	return s
}

// Suite is the specification's test runner: every testXXXd.txt of Dir
// solved within Timeout, its codes written to Out's testXXXt.txt and
// compared with testXXXs.txt.
type Suite struct {
	Dir, Out string
	Timeout  time.Duration
}

// suiteInput names a test's instance file.
var suiteInput = regexp.MustCompile(`^test(\d+)d\.txt$`)

// Run solves every test of the suite in order, telling report each one's
// number and the line that says how it went, and
// returns how many passed of how many. It fails only if the folders
// cannot be read or made, or there are no tests.
func (s Suite) Run(ctx context.Context, report func(id, line string)) (passed, total int, err error) {
	entries, err := os.ReadDir(s.Dir)
	if err != nil {
		return 0, 0, err
	}
	var ids []string
	for _, en := range entries {
		if m := suiteInput.FindStringSubmatch(en.Name()); m != nil {
			ids = append(ids, m[1])
		}
	}
	if len(ids) == 0 {
		return 0, 0, fmt.Errorf("%s: no testXXXd.txt files", s.Dir)
	}
	if err := os.MkdirAll(s.Out, 0o755); err != nil {
		return 0, 0, err
	}
	for _, id := range ids {
		line, ok := s.runTest(ctx, id)
		if ok {
			passed++
		}
		report(id, line)
	}
	return passed, len(ids), nil
}

// runTest solves test id and says how it went.
func (s Suite) runTest(ctx context.Context, id string) (string, bool) {
	in, err := ReadInstance(filepath.Join(s.Dir, "test"+id+"d.txt"))
	if err != nil {
		return "error: " + err.Error(), false
	}
	want, err := ReadSolutions(filepath.Join(s.Dir, "test"+id+"s.txt"))
	if err != nil {
		return "error: " + err.Error(), false
	}
	ctx, cancel := context.WithTimeout(ctx, s.Timeout)
	defer cancel()
	start := time.Now()
	out, err := os.Create(filepath.Join(s.Out, "test"+id+"t.txt"))
	if err != nil {
		return "error: " + err.Error(), false
	}
	n, err := WriteSolutions(ctx, out, in)
	elapsed := time.Since(start).Round(time.Microsecond)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	switch {
	case errors.Is(err, context.DeadlineExceeded):
		return fmt.Sprintf("timeout after %v", s.Timeout), false
	case err != nil:
		return "error: " + err.Error(), false
	}
	if diff := Compare(in, want); diff != "" {
		return fmt.Sprintf("wrong, %d solutions in %v: %s", n, elapsed, diff), false
	}
	return fmt.Sprintf("passed, %d solutions in %v", n, elapsed), true
}
