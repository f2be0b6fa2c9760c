//go:build unix

package bench

import (
	"syscall"
	"time"
)

// processCPU returns the processor time the process has used, user and
// system, over all its threads, and that of the programs it ran that have
// ended and been waited for: the players a benchmark ran as programs of
// their own, once their workers closed them.
func processCPU() time.Duration {
	var total time.Duration
	for _, who := range []int{syscall.RUSAGE_SELF, syscall.RUSAGE_CHILDREN} {
		var u syscall.Rusage
		if syscall.Getrusage(who, &u) == nil {
			total += time.Duration(u.Utime.Nano() + u.Stime.Nano())
		}
	}
	return total
}
