package bench

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// Bin is one bar of a histogram: the outcomes with Lo <= value < Hi (for
// whole-number data, exactly Lo).
type Bin struct {
	Label string  `json:"label"`
	Lo    float64 `json:"lo"`
	Hi    float64 `json:"hi"`
	Count int     `json:"count"`
}

// maxIntegerBins is the widest range of whole-number values that gets one
// bar per value; wider data is grouped into equal ranges.
const maxIntegerBins = 30

// MakeHistogram groups values: one bar per value when they are whole
// numbers in a narrow range (guesses, moves), else about 20 equal ranges.
// Values that are not finite are left out.
func MakeHistogram(values []float64) []Bin {
	lo, hi := math.Inf(1), math.Inf(-1)
	integers := true
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		lo, hi = min(lo, v), max(hi, v)
		// Beyond 2^53 floats skip whole numbers: treat them as continuous.
		integers = integers && v == math.Trunc(v) && math.Abs(v) < 1<<53
	}
	if lo > hi {
		return nil
	}
	var bins []Bin
	if integers && hi-lo < maxIntegerBins {
		for i := 0; lo+float64(i) <= hi; i++ {
			v := lo + float64(i)
			bins = append(bins, Bin{Label: fmt.Sprintf("%d", int64(v)), Lo: v, Hi: v + 1})
		}
	} else {
		const n = 20
		// hi/n - lo/n, not (hi-lo)/n: the range of the largest floats
		// overflows to infinity.
		width := hi/n - lo/n
		if integers {
			width = math.Ceil(width)
		}
		if !(width > 0) || lo+width == lo {
			width = max(1, math.Abs(lo)) // all values (nearly) equal
		}
		for i := 0; i <= n && lo+float64(i)*width <= hi; i++ {
			a := lo + float64(i)*width
			bins = append(bins, Bin{Label: fmt.Sprintf("%s–%s", formatValue(a), formatValue(a+width)), Lo: a, Hi: a + width})
		}
	}
	width := bins[0].Hi - bins[0].Lo
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		i := 0
		// v/width - lo/width cannot overflow where (v-lo)/width can; a NaN
		// fails the comparison and lands in the first bin.
		if f := v/width - lo/width; f > 0 {
			i = int(min(float64(len(bins)-1), f))
		}
		bins[i].Count++
	}
	return bins
}

// PowerHistogram groups positive values by the power of two at or below
// them, one bar per power from the least to the greatest present.
func PowerHistogram(values []float64) []Bin {
	lo, hi := math.MaxInt, math.MinInt
	for _, v := range values {
		if v >= 1 && !math.IsInf(v, 0) {
			e := int(math.Floor(math.Log2(v)))
			lo, hi = min(lo, e), max(hi, e)
		}
	}
	if lo > hi {
		return nil
	}
	bins := make([]Bin, 0, hi-lo+1)
	for e := lo; e <= hi; e++ {
		a := math.Ldexp(1, e)
		bins = append(bins, Bin{Label: formatValue(a), Lo: a, Hi: 2 * a})
	}
	for _, v := range values {
		if v >= 1 && !math.IsInf(v, 0) {
			bins[int(math.Floor(math.Log2(v)))-lo].Count++
		}
	}
	return bins
}

// eighths are the block characters that draw a bar to an eighth of a cell.
var eighths = []string{"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"}

// bar draws a bar eighthsLong eighths of a cell long, padded to width
// cells.
func bar(eighthsLong, width int) string {
	cells := (eighthsLong + 7) / 8
	return strings.Repeat("█", eighthsLong/8) + eighths[eighthsLong%8] + strings.Repeat(" ", max(0, width-cells))
}

// Point is one bar of a curve: a label and a value.
type Point struct {
	Label string
	Value float64
}

// WriteCurve draws a curve (a learning curve, say) as one horizontal bar
// per point, the largest value width cells long, each followed by its
// value as format prints it. Negative values draw no bar.
func WriteCurve(w io.Writer, title string, points []Point, format string, width int) error {
	most, lw := 0.0, 0
	for _, p := range points {
		most = max(most, p.Value)
		lw = max(lw, len(p.Label))
	}
	if _, err := fmt.Fprintln(w, title); err != nil {
		return err
	}
	for _, p := range points {
		eighthsLong := 0
		if most > 0 && p.Value > 0 {
			eighthsLong = max(1, int(math.Round(p.Value*float64(8*width)/most)))
		}
		if _, err := fmt.Fprintf(w, "%s │%s "+format+"\n", pad(p.Label, lw), bar(eighthsLong, width), p.Value); err != nil {
			return err
		}
	}
	return nil
}

// WriteHistogram draws bins as horizontal bars at most width cells long,
// with each bar's count and share.
func WriteHistogram(w io.Writer, bins []Bin, unit string, width int) error {
	if len(bins) == 0 {
		return nil
	}
	total, most := 0, 0
	for _, b := range bins {
		total += b.Count
		most = max(most, b.Count)
	}
	lw := max(labelWidth(bins), len(unit))
	cw := len(fmt.Sprint(most))
	fmt.Fprintf(w, "%s\n", pad(unit, lw))
	for _, b := range bins {
		eighthsLong := 0
		if most > 0 {
			eighthsLong = int(math.Round(float64(b.Count) * float64(8*width) / float64(most)))
		}
		if b.Count > 0 && eighthsLong == 0 {
			eighthsLong = 1 // a non-empty bar is never invisible
		}
		share := 100 * float64(b.Count) / float64(total)
		if _, err := fmt.Fprintf(w, "%s │%s %*d  %5.1f%%\n", pad(b.Label, lw), bar(eighthsLong, width), cw, b.Count, share); err != nil {
			return err
		}
	}
	return nil
}
