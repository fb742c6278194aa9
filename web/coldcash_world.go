package web

import (
	"tableside/draw"
	"tableside/engine/acquire"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
)

// buildMap lays out game id's Cold Cash Risk map for a view
// (draw.ColdCashMap), marking the selected territories: the borders come
// from the engine's map, each once, in its order.
func buildMap(id int64, tv *coldcash.TableView, sel, from string) draw.WorldMap {
	g := board.Classic()
	var borders [][2]string
	for _, a := range g.Territories() {
		for _, b := range g.Neighbours(a) {
			if a < b {
				borders = append(borders, [2]string{a, b})
			}
		}
	}
	terrs := make([]draw.CCTerritory, 0, len(tv.Territories))
	for _, t := range tv.Territories {
		terrs = append(terrs, draw.CCTerritory{ID: t.ID, Name: t.Name, Continent: t.Continent, State: t.State, Company: t.Company,
			Letter: t.Letter, Colour: t.Colour, Teams: t.Teams, Tower: t.Tower})
	}
	return draw.ColdCashMap(id, terrs, borders, acquire.Colours(), sel, from)
}
