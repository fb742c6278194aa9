package web

import (
	"tableside/engine"
	"tableside/tracker"
)

// The public view's feed is the room's ticker: the newest money moves and
// battles (the lines the engines mark engine.Line.Ticker), one line each,
// not every placement and turn the host's feed tells. The public view
// reads the newest tickerWindow public lines to find its tickerLines.
const (
	tickerWindow = 160
	tickerLines  = 6
)

// feedCount is how many of the newest lines this viewer may read the page
// asks the tracker for.
func feedCount(v engine.Viewer) int {
	if v.IsPublic() {
		return tickerWindow
	}
	return feedLines
}

// feedFor is the feed this viewer's screen shows, from the newest lines it
// may read (newest first): the ticker's lines for the public view.
func feedFor(v engine.Viewer, items []tracker.FeedItem) []tracker.FeedItem {
	if !v.IsPublic() {
		return items
	}
	var out []tracker.FeedItem
	for _, it := range items {
		if it.Ticker && len(out) < tickerLines {
			out = append(out, it)
		}
	}
	return out
}
