package web

import (
	"context"
	"encoding/json"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
)

// remembered lists the settings a table enters once and expects to find
// again in its next game of the same kind: the setting's name and how to
// read it from a game's state. The newest game of the kind that has it wins.
var remembered = map[string]struct {
	key  string
	read func(engine.State) any
}{
	"cashcrash": {"cards", func(s engine.State) any {
		if set := cashcrash.CardSet(s); len(set) == cashcrash.SetSize {
			return set
		}
		return nil
	}},
	// A club that edited its RISK deck's symbols, or laid its own piecepack
	// map, finds them again in the next game.
	"risk": {"symbols", func(s engine.State) any {
		if st, ok := s.(*conquest.State); ok && st.Settings.Symbols != risk.ClassicSymbols {
			return st.Settings.Symbols
		}
		return nil
	}},
	"pctw": {"layout", func(s engine.State) any {
		if st, ok := s.(*conquest.State); ok && st.Settings.Layout != pctw.DefaultLayout {
			return st.Settings.Layout
		}
		return nil
	}},
}

// rememberedSettings fills a new game's remembered setting from the newest
// earlier game of its kind, unless the new game names its own.
func (s *Server) rememberedSettings(ctx context.Context, kind string, settings json.RawMessage) json.RawMessage {
	r, ok := remembered[kind]
	if !ok {
		return settings
	}
	m := map[string]json.RawMessage{}
	if len(settings) > 0 {
		if err := json.Unmarshal(settings, &m); err != nil {
			return settings // the engine refuses it with a clear message
		}
	}
	if _, given := m[r.key]; given {
		return settings
	}
	games, err := s.tracker.Games(ctx) // newest first
	if err != nil {
		s.log.Warn("remembered settings: list games", "err", err)
		return settings
	}
	for _, g := range games {
		if g.Kind != kind {
			continue
		}
		var v any
		if err := s.tracker.State(ctx, g.ID, func(st engine.State, _ int64) { v = r.read(st) }); err != nil || v == nil {
			continue
		}
		b, err := json.Marshal(v)
		if err != nil {
			return settings
		}
		m[r.key] = b
		out, _ := json.Marshal(m) // a map of raw JSON always encodes
		return out
	}
	return settings
}
