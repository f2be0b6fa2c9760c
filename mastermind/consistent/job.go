package consistent

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// Job is the solve of one instance file, as the source's megold and
// stopper run it: every consistent code, or their number, timed, and
// optionally compared with the expected list.
type Job struct {
	File   string // the instance
	Output string // where the solutions go; "" for the writer Run is given
	Count  bool   // write only the number of solutions
	Check  string // the file of the solutions expected, if any
}

// Run solves the job, writing the solutions (or their number) to out
// unless j.Output names a file, and its time and the check's verdict to
// log. It reports whether the solutions are as expected (true when there
// is no check).
func (j Job) Run(ctx context.Context, out, log io.Writer) (bool, error) {
	in, err := ReadInstance(j.File)
	if err != nil {
		return false, err
	}
	start := time.Now()
	var n int
	switch {
	case j.Count:
		if n, err = Count(ctx, in); err == nil {
			_, err = fmt.Fprintln(out, n)
		}
	case j.Output != "":
		var f *os.File
		if f, err = os.Create(j.Output); err != nil {
			return false, err
		}
		n, err = WriteSolutions(ctx, f, in)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	default:
		n, err = WriteSolutions(ctx, out, in)
	}
	if err != nil {
		return false, err
	}
	fmt.Fprintf(log, "%s: %d solutions in %v\n", filepath.Base(j.File), n, time.Since(start).Round(time.Microsecond))
	if j.Check == "" {
		return true, nil
	}
	want, err := ReadSolutions(j.Check)
	if err != nil {
		return false, err
	}
	if diff := Compare(in, want); diff != "" {
		fmt.Fprintf(log, "%s: %s\n", filepath.Base(j.Check), diff)
		return false, nil
	}
	fmt.Fprintf(log, "%s: as expected\n", filepath.Base(j.Check))
	return true, nil
}
