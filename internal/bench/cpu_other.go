//go:build !unix

package bench

import "time"

// processCPU returns zero: this platform's processor time is not read.
func processCPU() time.Duration { return 0 }
