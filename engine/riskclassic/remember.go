package riskclassic

import (
	"fmt"
	"strings"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
)

var _ engine.Rememberer = Rules{}

// Remember offers a club's edited card symbols to its next game of RISK.
func (Rules) Remember(st engine.State) (engine.Remembered, bool) {
	s, ok := st.(*conquest.State)
	if !ok || s.Settings.Symbols == "" || s.Settings.Symbols == risk.ClassicSymbols {
		return engine.Remembered{}, false
	}
	sym := s.Settings.Symbols
	say := fmt.Sprintf("%d infantry, %d cavalry, %d artillery", strings.Count(sym, "I"), strings.Count(sym, "C"), strings.Count(sym, "A"))
	return engine.RememberValue("symbols", "custom card symbols", sym, say)
}
