package pctw

import (
	"tableside/engine"
	"tableside/engine/conquest"
)

var _ engine.Rememberer = Rules{}

// Remember offers a table's own map layout to its next game.
func (Rules) Remember(st engine.State) (engine.Remembered, bool) {
	s, ok := st.(*conquest.State)
	if !ok || s.Settings.Layout == "" || s.Settings.Layout == DefaultLayout {
		return engine.Remembered{}, false
	}
	return engine.RememberValue("layout", "a map layout of its own", s.Settings.Layout, s.Settings.Layout)
}
