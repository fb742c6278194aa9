package web

import (
	"html/template"
	"slices"
	"sync"

	"tableside/draw"
)

// ccMaps keeps the Cold Cash Risk map last drawn for each game (and tapped
// territory): the map is most of a board-mode frame's HTML and of its
// drawing time, and it changes only when something on the board does, not
// with every buy, vote or card, nor from one viewer to the next. The HTML
// is kept with the map it was drawn from and served only for an equal one:
// it is a function of the map alone, so no screen is shown anything its
// own map would not draw.
type ccMaps struct {
	mu sync.Mutex
	m  map[ccMapKey]ccMapDrawn
}

type ccMapKey struct {
	game      int64
	sel, from string
}

type ccMapDrawn struct {
	m    draw.WorldMap
	html template.HTML
}

// ccMapsKept bounds the games (and taps) kept; any one goes when full.
const ccMapsKept = 64

// html is m drawn by draw, or as last drawn when m is the same map.
func (c *ccMaps) html(k ccMapKey, m draw.WorldMap, drawIt func(draw.WorldMap) (string, error)) (template.HTML, error) {
	c.mu.Lock()
	d, ok := c.m[k]
	c.mu.Unlock()
	if ok && sameMap(d.m, m) {
		return d.html, nil
	}
	out, err := drawIt(m)
	if err != nil {
		return "", err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[ccMapKey]ccMapDrawn{}
	}
	if _, ok := c.m[k]; !ok && len(c.m) >= ccMapsKept {
		for old := range c.m {
			delete(c.m, old)
			break
		}
	}
	c.m[k] = ccMapDrawn{m: m, html: template.HTML(out)} // drawn by the template, escaped there
	return c.m[k].html, nil
}

// sameMap says whether a and b draw the same map.
func sameMap(a, b draw.WorldMap) bool {
	return a.W == b.W && a.H == b.H && a.TileW == b.TileW && a.TileH == b.TileH && a.GameID == b.GameID &&
		slices.Equal(a.Links, b.Links) && slices.Equal(a.Wraps, b.Wraps) && slices.Equal(a.Tiles, b.Tiles)
}
