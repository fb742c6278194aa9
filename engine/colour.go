package engine

import (
	"math"
	"strconv"
)

// Ink is the text colour, black or white, that reads better on a "#rrggbb"
// background: the one with the higher WCAG contrast ratio. Badges, map
// labels and person dots all ask here, so no screen keeps its own list of
// which colours take dark letters. A colour it cannot read gets white.
func Ink(colour string) string {
	if len(colour) != 7 || colour[0] != '#' {
		return "#fff"
	}
	var lum float64
	for i, weight := range []float64{0.2126, 0.7152, 0.0722} {
		v, err := strconv.ParseUint(colour[1+2*i:3+2*i], 16, 8)
		if err != nil {
			return "#fff"
		}
		c := float64(v) / 255
		if c <= 0.04045 {
			c /= 12.92
		} else {
			c = math.Pow((c+0.055)/1.055, 2.4)
		}
		lum += weight * c
	}
	// Contrast with black is (L+0.05)/0.05, with white 1.05/(L+0.05).
	if (lum+0.05)*(lum+0.05) > 0.05*1.05 {
		return "#000"
	}
	return "#fff"
}
