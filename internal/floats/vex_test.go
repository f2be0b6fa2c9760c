//go:build amd64 && !purego

package floats

import (
	"os"
	"strings"
	"testing"
)

// TestWideIsVEX checks that the AVX routines use no legacy-encoded SSE
// instruction (MOVSD where VMOVSD, MULSD where VMULSD): mixed with AVX,
// each costs Intel processors a state transition, which no result shows
// and only a benchmark on such a processor would.
func TestWideIsVEX(t *testing.T) {
	src, err := os.ReadFile("wide_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	inWide := false
	for n, line := range strings.Split(string(src), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 || strings.HasPrefix(fields[0], "//") {
			continue
		}
		if fields[0] == "TEXT" {
			inWide = strings.Contains(line, "·addOuterWide(")
			continue
		}
		op := fields[0]
		// Labels, jumps (JPS: on parity) and VEX instructions pass.
		if !inWide || strings.HasSuffix(op, ":") || strings.HasPrefix(op, "J") || strings.HasPrefix(op, "V") {
			continue
		}
		for _, suffix := range []string{"SD", "SS", "PD", "PS"} {
			if strings.HasSuffix(op, suffix) {
				t.Errorf("wide_amd64.s:%d: %s is legacy SSE in an AVX routine; use V%s", n+1, op, op)
			}
		}
	}
}
