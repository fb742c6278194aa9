package web

import (
	"hash/maphash"
	"html/template"
	"slices"

	"tableside/draw"
)

// drawnOnce keeps each map as last drawn, by key: a board's map is most of
// a frame's HTML and of its drawing time, and it changes only when
// something on the board does, not with every buy, card or vote, nor from
// one viewer to the next. The HTML is kept with the map it was drawn from
// and served only for an equal one: it is a function of the map alone, so
// no screen is shown anything its own map would not draw.
type drawnOnce[K comparable, M any] struct {
	kept kept[K, drawnMap[M]]
	same func(a, b M) bool
}

type drawnMap[M any] struct {
	m    M
	html template.HTML
}

// html is m drawn by drawIt, or as last drawn under k when m is the same map.
func (c *drawnOnce[K, M]) html(k K, m M, drawIt func(M) (string, error)) (template.HTML, error) {
	if d, ok := c.kept.get(k); ok && c.same(d.m, m) {
		return d.html, nil
	}
	out, err := drawIt(m)
	if err != nil {
		return "", err
	}
	d := drawnMap[M]{m: m, html: template.HTML(out)} // drawn by the template, escaped there
	c.kept.put(k, d)
	return d.html, nil
}

// ccMapKey is a Cold Cash map's place: its game and the tapped territory.
type ccMapKey struct {
	game      int64
	sel, from string
}

func newCCMaps() *drawnOnce[ccMapKey, draw.WorldMap] {
	return &drawnOnce[ccMapKey, draw.WorldMap]{same: func(a, b draw.WorldMap) bool {
		return a.W == b.W && a.H == b.H && a.TileW == b.TileW && a.TileH == b.TileH && a.GameID == b.GameID &&
			slices.Equal(a.Links, b.Links) && slices.Equal(a.Wraps, b.Wraps) && slices.Equal(a.Tiles, b.Tiles)
	}}
}

// The RISK family's template draws its map from the view alone, with no
// game to key it by: the key is the drawing's own hash (equal drawings, one
// key), and the drawing is still compared whole before its HTML is used.
var conquestMapSeed = maphash.MakeSeed()

func conquestMapKey(d draw.MapDrawing) uint64 {
	var h maphash.Hash
	h.SetSeed(conquestMapSeed)
	maphash.WriteComparable(&h, [3]int{d.Width, d.Height, len(d.Spots)})
	maphash.WriteComparable(&h, d.Tiles)
	for _, s := range d.Spots {
		maphash.WriteComparable(&h, s)
	}
	for _, l := range d.Lines {
		maphash.WriteComparable(&h, l)
	}
	return h.Sum64()
}

func newConquestMaps() *drawnOnce[uint64, draw.MapDrawing] {
	return &drawnOnce[uint64, draw.MapDrawing]{same: func(a, b draw.MapDrawing) bool {
		return a.Width == b.Width && a.Height == b.Height && a.Tiles == b.Tiles &&
			slices.Equal(a.Spots, b.Spots) && slices.Equal(a.Lines, b.Lines)
	}}
}
