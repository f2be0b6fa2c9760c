package cmdline

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/alecthomas/kong"
)

// Seconds and Millis are flags of a time, given with a unit (2s, 100ms,
// 1m30s) or as a bare number in the unit of their name: the spec's test
// run takes its time limit in seconds (--timeout 10), and UCI's movetime
// is in milliseconds (--movetime 100). A bare number had been refused
// ("missing unit in duration").
type (
	Seconds time.Duration
	Millis  time.Duration
)

// timeUnit is the unit of a bare number, and how errors name it.
type timeUnit struct {
	size     time.Duration
	name     string // "seconds"
	examples string // bare numbers in it
}

var (
	inSeconds = timeUnit{time.Second, "seconds", "10, 2.5"}
	inMillis  = timeUnit{time.Millisecond, "milliseconds", "100, 2500"}
)

// Decode implements kong.MapperValue.
func (s *Seconds) Decode(ctx *kong.DecodeContext) error {
	return decodeTime(ctx, (*time.Duration)(s), inSeconds)
}

// Decode implements kong.MapperValue.
func (m *Millis) Decode(ctx *kong.DecodeContext) error {
	return decodeTime(ctx, (*time.Duration)(m), inMillis)
}

// decodeTime reads the flag's value into d, a bare number in unit.
func decodeTime(ctx *kong.DecodeContext, d *time.Duration, unit timeUnit) error {
	var text string
	if err := ctx.Scan.PopValueInto("time", &text); err != nil {
		return err
	}
	t, err := parseTime(text, unit)
	if err != nil {
		return err
	}
	*d = t
	return nil
}

// parseTime reads text as a Go duration or, if it is a bare number, as
// that many units. A time must be 0 or more.
func parseTime(text string, unit timeUnit) (time.Duration, error) {
	if f, err := strconv.ParseFloat(text, 64); err == nil {
		switch {
		case !(f >= 0): // NaN too
			return 0, fmt.Errorf("%q %s: want 0 or more", text, unit.name)
		case f > float64(math.MaxInt64)/float64(unit.size):
			return 0, fmt.Errorf("%q %s: want at most %v", text, unit.name, time.Duration(math.MaxInt64).Truncate(time.Hour))
		}
		return time.Duration(f * float64(unit.size)), nil
	}
	d, err := time.ParseDuration(text)
	switch {
	case err != nil:
		return 0, fmt.Errorf("%q: want a time in %s (%s) or with a unit (10s, 500ms)", text, unit.name, unit.examples)
	case d < 0:
		return 0, fmt.Errorf("%q: want 0 or more", text)
	}
	return d, nil
}
