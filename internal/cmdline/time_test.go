package cmdline

import (
	"strconv"
	"testing"
	"time"
)

// TestParseTime reads times as --timeout (seconds) and --movetime
// (milliseconds) take them: a bare number in the flag's unit, or a Go
// duration.
func TestParseTime(t *testing.T) {
	for _, tc := range []struct {
		text string
		unit timeUnit
		want time.Duration // -1: refused
	}{
		{"10", inSeconds, 10 * time.Second},
		{"2.5", inSeconds, 2500 * time.Millisecond},
		{"100", inMillis, 100 * time.Millisecond},
		{"500ms", inSeconds, 500 * time.Millisecond},
		{"1m30s", inMillis, 90 * time.Second},
		{"0", inSeconds, 0},
		{"0s", inMillis, 0},
		{"-1", inSeconds, -1}, {"-1s", inSeconds, -1}, {"abc", inSeconds, -1}, {"", inMillis, -1},
		{"NaN", inSeconds, -1}, {"Inf", inMillis, -1}, {"1e300", inSeconds, -1},
	} {
		got, err := parseTime(tc.text, tc.unit)
		if (err != nil) != (tc.want < 0) || err == nil && got != tc.want {
			t.Errorf("parseTime(%q, %s) = %v, %v; want %v", tc.text, tc.unit.name, got, err, tc.want)
		}
	}
}

// FuzzParseTime: a time read is never negative; one with a unit is read
// as time.ParseDuration reads it, a bare number as that many units.
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{"10", "2.5", "100ms", "1m30s", "-1", "NaN", "1e300", ".5", "0x10", "+3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, unit := range []timeUnit{inSeconds, inMillis} {
			d, err := parseTime(text, unit)
			if err != nil {
				continue
			}
			if d < 0 {
				t.Fatalf("parseTime(%q, %s) = %v, negative", text, unit.name, d)
			}
			if f, ferr := strconv.ParseFloat(text, 64); ferr == nil {
				if want := time.Duration(f * float64(unit.size)); d != want {
					t.Fatalf("parseTime(%q, %s) = %v, want %v", text, unit.name, d, want)
				}
			} else if want, _ := time.ParseDuration(text); d != want {
				t.Fatalf("parseTime(%q, %s) = %v, want time.ParseDuration's %v", text, unit.name, d, want)
			}
		}
	})
}
