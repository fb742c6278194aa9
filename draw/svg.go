package draw

import (
	"fmt"
	"html/template"
	"math"
	"strconv"
)

// Palette tells six lines apart for colour-blind eyes too (Okabe and Ito).
var Palette = []string{"#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9"}

// Dashes is each seat's dash pattern: the cue that is not colour.
var Dashes = []string{"", "8 4", "2 3", "10 3 2 3", "5 5", "1 6"}

// NiceCeil rounds up to a round number for an axis top: 1, 1.2, 1.5, 2,
// 2.5, 3, 4, 5, 6 or 8 times a power of ten, so the lines use most of the
// height.
func NiceCeil(x int) int {
	if x <= 0 {
		return 0
	}
	p := math.Pow(10, math.Floor(math.Log10(float64(x))))
	for _, f := range []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if top := int(math.Round(f * p)); top >= x {
			return top
		}
	}
	return int(10 * p)
}

// Percent writes a share as a whole percentage: "25 %".
func Percent(f float64) string { return strconv.Itoa(int(math.Round(100*f))) + " %" }

// Clip shortens s to n characters, ending in an ellipsis when cut.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

func esc(s string) string { return template.HTMLEscapeString(s) }

func dashAttr(d string) string {
	if d == "" {
		return ""
	}
	return fmt.Sprintf(` stroke-dasharray="%s"`, d)
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
