package web

import (
	"context"
	"encoding/json"
	"slices"

	"tableside/tracker"
)

// carried is one setting a new game would take from an earlier game.
type carried struct {
	Kind, Title string
	What, Value string // what is reused and its value, in words
	From        string // the earlier game's name
}

// rememberedFrom finds the setting a kind's next game would reuse: each
// engine says which setting is remembered, and the tracker keeps its last
// value per kind, so no old game is loaded (ok false when there is none).
func (s *Server) rememberedFrom(ctx context.Context, kind string) (tracker.RememberedSetting, bool) {
	r, ok, err := s.tracker.Remembered(ctx, kind)
	if err != nil {
		s.log.Warn("remembered settings", "kind", kind, "err", err)
		return tracker.RememberedSetting{}, false
	}
	return r, ok
}

// carriedOver says, for the new-game form, what a new game of kind would
// reuse (ok false when nothing).
func (s *Server) carriedOver(ctx context.Context, kind, title string) (carried, bool) {
	r, ok := s.rememberedFrom(ctx, kind)
	if !ok {
		return carried{}, false
	}
	return carried{Kind: kind, Title: title, What: r.What, Value: r.Say, From: r.GameName}, true
}

// rememberedSettings fills a new game's remembered setting from the newest
// earlier game of its kind, unless the new game names its own or the host
// chose to start without it (fresh lists those kinds).
func (s *Server) rememberedSettings(ctx context.Context, kind string, settings json.RawMessage, fresh []string) json.RawMessage {
	if slices.Contains(fresh, kind) {
		return settings
	}
	r, ok := s.rememberedFrom(ctx, kind)
	if !ok {
		return settings
	}
	m := map[string]json.RawMessage{}
	if len(settings) > 0 {
		if err := json.Unmarshal(settings, &m); err != nil {
			return settings // the engine refuses it with a clear message
		}
	}
	if _, given := m[r.Key]; given {
		return settings
	}
	m[r.Key] = r.Value
	out, _ := json.Marshal(m) // a map of raw JSON always encodes
	return out
}
