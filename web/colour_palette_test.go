package web

import (
	"strings"
	"testing"

	"tableside/draw"
	"tableside/engine"
)

// okabeIto is the Okabe-Ito palette, whose colours colour-blind eyes tell
// apart too.
var okabeIto = map[string]bool{"#000000": true, "#E69F00": true, "#56B4E9": true, "#009E73": true,
	"#F0E442": true, "#0072B2": true, "#D55E00": true, "#CC79A7": true}

// Every RISK-family army colour and every chart line is drawn in the
// Okabe-Ito palette, and each army's badge gets the letter colour that
// reads on it (the letter is what tells players apart without colour).
func TestArmyAndChartColoursAreColourBlindSafe(t *testing.T) {
	css := string(companiesCSS())
	for name, hex := range draw.OwnerColours {
		if !okabeIto[strings.ToUpper(hex)] {
			t.Errorf("army colour %s is %s, not in the Okabe-Ito palette", name, hex)
		}
		rule := ".badge.cq-" + name + " { background: " + hex + "; color: " + engine.Ink(hex) + "; }"
		if !strings.Contains(css, rule) {
			t.Errorf("companies.css lacks %q", rule)
		}
	}
	for _, hex := range draw.Palette {
		if !okabeIto[strings.ToUpper(hex)] {
			t.Errorf("chart colour %s is not in the Okabe-Ito palette", hex)
		}
	}
}
