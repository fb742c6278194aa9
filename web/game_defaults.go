package web

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
	"tableside/tracker"
)

// remembered lists the settings a table enters once and expects to find
// again in its next game of the same kind: the setting's name, how to read
// it from a game's state, and how to say it on the new-game form. The
// newest game of the kind that has it wins. Nothing is carried over unseen:
// the form shows each one and lets the host start without it.
var remembered = map[string]struct {
	key  string
	what string // what is reused, in the form's words
	read func(engine.State) any
	say  func(any) string
}{
	"cashcrash": {"cards", "the set of ten cards", func(s engine.State) any {
		if set := cashcrash.CardSet(s); len(set) == cashcrash.SetSize {
			return set
		}
		return nil
	}, func(v any) string { return fmt.Sprint(v) }},
	// A club that edited its RISK deck's symbols, or laid its own piecepack
	// map, finds them again in the next game.
	"risk": {"symbols", "custom card symbols", func(s engine.State) any {
		if st, ok := s.(*conquest.State); ok && st.Settings.Symbols != risk.ClassicSymbols {
			return st.Settings.Symbols
		}
		return nil
	}, func(v any) string {
		sym, _ := v.(string)
		return fmt.Sprintf("%d infantry, %d cavalry, %d artillery", strings.Count(sym, "I"), strings.Count(sym, "C"), strings.Count(sym, "A"))
	}},
	"pctw": {"layout", "a map layout of its own", func(s engine.State) any {
		if st, ok := s.(*conquest.State); ok && st.Settings.Layout != pctw.DefaultLayout {
			return st.Settings.Layout
		}
		return nil
	}, func(v any) string { return fmt.Sprint(v) }},
}

// carried is one setting a new game would take from an earlier game.
type carried struct {
	Kind, Title string
	What, Value string // what is reused and its value, in words
	From        string // the earlier game's name
}

// rememberedFrom finds the setting kind's next game would reuse: its value
// and the game it comes from (ok false when there is none).
func (s *Server) rememberedFrom(ctx context.Context, kind string) (any, tracker.GameInfo, bool) {
	r, ok := remembered[kind]
	if !ok {
		return nil, tracker.GameInfo{}, false
	}
	games, err := s.tracker.Games(ctx) // newest first
	if err != nil {
		s.log.Warn("remembered settings: list games", "err", err)
		return nil, tracker.GameInfo{}, false
	}
	for _, g := range games {
		if g.Kind != kind {
			continue
		}
		var v any
		if err := s.tracker.State(ctx, g.ID, func(st engine.State, _ int64) { v = r.read(st) }); err != nil || v == nil {
			continue
		}
		return v, g, true
	}
	return nil, tracker.GameInfo{}, false
}

// carriedOver says, for the new-game form, what a new game of kind would
// reuse (ok false when nothing).
func (s *Server) carriedOver(ctx context.Context, kind, title string) (carried, bool) {
	v, g, ok := s.rememberedFrom(ctx, kind)
	if !ok {
		return carried{}, false
	}
	r := remembered[kind]
	return carried{Kind: kind, Title: title, What: r.what, Value: r.say(v), From: g.Name}, true
}

// rememberedSettings fills a new game's remembered setting from the newest
// earlier game of its kind, unless the new game names its own or the host
// chose to start without it (fresh lists those kinds).
func (s *Server) rememberedSettings(ctx context.Context, kind string, settings json.RawMessage, fresh []string) json.RawMessage {
	r, ok := remembered[kind]
	if !ok || slices.Contains(fresh, kind) {
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
	v, _, ok := s.rememberedFrom(ctx, kind)
	if !ok {
		return settings
	}
	b, err := json.Marshal(v)
	if err != nil {
		return settings
	}
	m[r.key] = b
	out, _ := json.Marshal(m) // a map of raw JSON always encodes
	return out
}
