//go:build unix

package bench

import (
	"syscall"
	"time"
)

// processCPU returns the processor time the process has used, user and
// system, over all its threads.
func processCPU() time.Duration {
	var u syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &u) != nil {
		return 0
	}
	return time.Duration(u.Utime.Nano() + u.Stime.Nano())
}
