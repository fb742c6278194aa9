package tracker

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"tableside/engine"
)

// The turn clock is advisory: the read side measures each seat's thinking
// time from the log (readmodel/clock_time.go) and never changes a game. The host's settings for
// it (paused or running, a soft limit per decision) are records of their
// own, written for every game alike: like undo requests they are not steps,
// change no state, and no undo ever takes them back; a replay reads them in
// order, so the setting in force is the log's newest.
const typeClock = "tracker.clock"

// Soft limits a host may set, in seconds (0: no limit).
const (
	minClockLimit = 30
	maxClockLimit = 3600
)

// ClockSetting is the turn clock's setting for the whole table.
type ClockSetting struct {
	// Paused stops the clock for everyone: a break is nobody's thinking.
	Paused bool `json:"paused"`
	// Limit is the soft limit per decision in seconds, 0 for none: past it
	// the player and the table are nudged; nothing is ever forfeited.
	Limit int `json:"limit,omitempty"`
}

// ClockSettingOf is the setting a clock record holds; ok is false for
// any other record.
func ClockSettingOf(r Record) (c ClockSetting, ok bool) {
	if r.Type != typeClock {
		return ClockSetting{}, false
	}
	return engine.Payload[ClockSetting](r.event()), true
}

// addClock takes a clock record into the history: the setting in force.
func (h *history) addClock(r Record) error {
	var c ClockSetting
	if err := json.Unmarshal(r.Data, &c); err != nil {
		return fmt.Errorf("event %d: %s: %w", r.Seq, r.Type, err)
	}
	h.clock = c
	return nil
}

// SetClock is the host pausing or resuming the turn clock, or setting its
// soft limit (Limit 0 turns it off). Only the host (actor engine.Host) may;
// a finished game's clock has stopped, and asking for the setting already in
// force is refused, so every record in the log is a change.
func (t *Tracker) SetClock(ctx context.Context, id int64, actor int, c ClockSetting) (ClockSetting, error) {
	if actor != engine.Host {
		return ClockSetting{}, engine.Refuse("clock-host", "Only the host pauses the clock or sets its limit.")
	}
	if c.Limit != 0 && (c.Limit < minClockLimit || c.Limit > maxClockLimit) {
		return ClockSetting{}, engine.Refuse("clock-limit", "A limit per decision is from %d seconds to %d minutes, or off; not %d seconds.", minClockLimit, maxClockLimit/60, c.Limit)
	}
	g, err := t.load(ctx, id)
	if err != nil {
		return ClockSetting{}, err
	}
	g.write.Lock()
	defer g.write.Unlock()
	g.mu.Lock()
	cur, status := g.hist.clock, g.info.Status
	g.mu.Unlock()
	switch {
	case status != statusPlaying:
		return cur, engine.Refuse("clock-over", "The game is over: its clock has stopped.")
	case c == cur:
		return cur, engine.Refuse("clock-same", "Nothing to change: the clock is already %s.", c.words())
	}
	rec := Record{Seq: g.seq + 1, Time: t.Now().UTC(), Actor: engine.Host, Cmd: g.seq + 1, Type: typeClock,
		Data: engine.NewEvent(typeClock, c).Data}
	if err := t.appendTrackerRecord(ctx, g, rec); err != nil {
		return cur, fmt.Errorf("set the clock of game %d: %w", id, err)
	}
	return c, nil
}

// words says a setting: "paused, with a soft limit of 2 min per decision".
func (c ClockSetting) words() string {
	state := "running"
	if c.Paused {
		state = "paused"
	}
	if c.Limit == 0 {
		return state + ", with no limit per decision"
	}
	return fmt.Sprintf("%s, with a soft limit of %s per decision", state, Minutes(time.Duration(c.Limit)*time.Second))
}

// ClockOf is the clock setting in force in a game.
func (t *Tracker) ClockOf(ctx context.Context, id int64) (ClockSetting, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return ClockSetting{}, err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.hist.clock, nil
}

// clockFeed tells the table what the host did to the clock.
func clockFeed(r Record, feed []FeedItem) []FeedItem {
	c := engine.Payload[ClockSetting](r.event())
	text := "The turn clock runs, with no limit per decision"
	switch {
	case c.Paused:
		text = "The host paused the turn clock for a break"
	case c.Limit > 0:
		text = fmt.Sprintf("The turn clock runs, with a soft limit of %s per decision", Minutes(time.Duration(c.Limit)*time.Second))
	}
	return append(feed, FeedItem{Seq: r.Seq, Time: r.Time, Line: engine.Line{To: engine.Public, Text: text}})
}

// isNote reports whether a record is one the table's game does not move
// by (an undo request, its refusal, a clock setting): no step of the
// timeline, no command to undo.
func isNote(typ string) bool { return isRequest(typ) || typ == typeClock }

// Minutes says a duration for people, to the second under ten minutes:
// "45 s", "3 min 10 s", "14 min", "1 h 5 min".
func Minutes(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%d s", s)
	case s < 600 && s%60 != 0:
		return fmt.Sprintf("%d min %d s", s/60, s%60)
	case s < 3600:
		return fmt.Sprintf("%d min", (s+30)/60)
	}
	m := (s + 30) / 60
	if m%60 == 0 {
		return fmt.Sprintf("%d h", m/60)
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}
