package tracker

import (
	"slices"
	"time"

	"tableside/engine"
)

// A screen shows a handful of the newest lines, so a game keeps the lines of
// its newest feedWindow events when it is rebuilt, and at most maxFeed lines
// as it is played: a long game's feed costs neither a slow load nor
// unbounded memory.
const (
	feedWindow = 2000
	maxFeed    = 8000
)

// FeedItem is one line of a game's feed with the event that made it.
type FeedItem struct {
	Seq int64 `json:"seq"`
	// Cmd is the seq of the first event of the command that made the
	// line, so a screen can sum what one command did (a game's end pays
	// bonuses and sales in many events); in memory only.
	Cmd  int64     `json:"-"`
	Time time.Time `json:"time"`
	engine.Line
}

// feedOf appends the lines r makes to feed, given s, the state just after
// r. A panic in the engine costs the lines, never the game (a command is
// refused before it is written if its lines panic: see feedLines and apply,
// so only a log written by an older version gets here).
func feedOf(rules engine.Rules, s engine.State, r Record, feed []FeedItem) []FeedItem {
	lines, _ := feedLines(rules, s, r)
	return appendFeed(feed, r, lines)
}

// feedLines are the lines r makes, given s, the state just after r (the
// engine's Feed). A panic comes back as a faultError.
func feedLines(rules engine.Rules, s engine.State, r Record) (lines []engine.Line, err error) {
	err = guard(rules.Kind(), "Feed", func() { lines = rules.Feed(s, r.event()) })
	return lines, err
}

// appendFeed appends r's lines to feed, keeping at most maxFeed.
func appendFeed(feed []FeedItem, r Record, lines []engine.Line) []FeedItem {
	for _, l := range lines {
		if l.Text != "" {
			feed = append(feed, FeedItem{Seq: r.Seq, Cmd: r.Cmd, Time: r.Time, Line: l})
		}
	}
	if len(feed) > maxFeed {
		feed = slices.Clone(feed[len(feed)-maxFeed/2:])
	}
	return feed
}

// feedFor is up to n of the newest lines v may read, newest first. The
// caller holds g.mu.
func (g *game) feedFor(v engine.Viewer, n int) []FeedItem {
	var out []FeedItem
	for i := len(g.feed) - 1; i >= 0 && len(out) < n; i-- {
		if g.feed[i].ReadBy(v) {
			out = append(out, g.feed[i])
		}
	}
	return out
}
