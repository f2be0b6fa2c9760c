//go:build amd64 && !purego

package floats

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestWideIsVEX checks that no routine of wide_amd64.s that uses AVX
// also uses a legacy-encoded SSE instruction on an X register (MOVSD
// where VMOVSD, MULSD where VMULSD): mixed with AVX, each costs Intel
// processors a state transition, which no result shows and only a
// benchmark on such a processor would.
func TestWideIsVEX(t *testing.T) {
	src, err := os.ReadFile("wide_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	xmm := regexp.MustCompile(`\bX([0-9]|1[0-5])\b`)
	type instruction struct {
		line     int
		op, args string
	}
	routines := map[string][]instruction{}
	name := ""
	for n, line := range strings.Split(string(src), "\n") {
		code, _, _ := strings.Cut(line, "//")
		fields := strings.Fields(code)
		switch {
		case len(fields) == 0 || strings.HasSuffix(fields[0], ":"):
		case fields[0] == "TEXT":
			name = strings.TrimSuffix(fields[1], ",")
		default:
			routines[name] = append(routines[name], instruction{n + 1, fields[0], strings.Join(fields[1:], " ")})
		}
	}
	if len(routines["·addOuterWide(SB)"]) == 0 {
		t.Fatal("no addOuterWide in wide_amd64.s")
	}
	for name, body := range routines {
		avx := false
		for _, in := range body {
			avx = avx || strings.HasPrefix(in.op, "V")
		}
		for _, in := range body {
			if avx && !strings.HasPrefix(in.op, "V") && xmm.MatchString(in.args) {
				t.Errorf("wide_amd64.s:%d: %s in %s is legacy SSE beside AVX; use V%s", in.line, in.op, name, in.op)
			}
		}
	}
}
