package web

import (
	"fmt"

	"tableside/draw"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
)

// conquestMap draws a RISK-family game's board (draw.ConquestMap) from
// whatever view the game gave (classic RISK or Piecepack Conquers the
// World); the template calls it.
func conquestMap(view any) (*draw.MapDrawing, error) {
	switch v := view.(type) {
	case conquest.View:
		b := conquestBoard(v)
		for _, br := range risk.Classic().Borders() {
			b.Borders = append(b.Borders, [2]int{int(br[0]), int(br[1])})
		}
		return draw.ConquestMap(b), nil
	case pctw.View:
		b := conquestBoard(v.View)
		g := &draw.Grid{Cols: v.Grid.Cols, Rows: v.Grid.Rows, Wraps: v.Grid.Wraps}
		for _, c := range v.Grid.Cells {
			g.Cells = append(g.Cells, draw.Cell{Territory: c.Territory, Col: c.Col, Row: c.Row})
		}
		b.Grid = g
		return draw.ConquestMap(b), nil
	}
	return nil, fmt.Errorf("conquestMap: no drawing for %T", view)
}

// conquestBoard is a view's territories, players and continents as the
// drawing takes them.
func conquestBoard(v conquest.View) draw.Board {
	var b draw.Board
	for _, t := range v.Territories {
		b.Lands = append(b.Lands, draw.Land{ID: t.ID, Name: t.Name, Continent: t.Continent, Owner: t.Owner, Armies: t.Armies})
	}
	for _, p := range v.Players {
		b.Owners = append(b.Owners, draw.Owner{Name: p.Name, Colour: p.Colour, Letter: p.Letter})
	}
	for _, c := range v.Continents {
		b.Continents = append(b.Continents, c.Name)
	}
	return b
}

// seatName is a player's name by index, or "nobody".
func seatName(ps []conquest.PlayerView, i int) string {
	if i < 0 || i >= len(ps) {
		return "nobody"
	}
	return ps[i].Name
}
