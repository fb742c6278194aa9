package web

import (
	"encoding/json"
	"fmt"
	"html/template"
	"sync"

	"tableside/draw"
	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
)

// ccPanel is the board-mode screen around the map, for looking: the map,
// the territory tapped (sel), and the two things the move sheet has no
// move for: the host typing each player's first card from the table's own
// deck, and a restructure of two or three moves at once. Every other move
// is on the move sheet, which a map tap narrows.
type ccPanel struct {
	Sel *coldcash.TerritoryView
	Map draw.WorldMap
	// MapHTML is Map drawn (the "cc-map" template, by ccBoard).
	MapHTML template.HTML `json:"-"`
	// Open: the host types each player's first card (the table keeps the
	// deck); the sheet has no move for it.
	Open bool
	// Restructure lists each company whose earnings the viewer chooses,
	// with its territories, for the form of two or three moves (the sheet
	// offers one move at a time).
	Restructure []ccCompanyLand
}

// ccCompanyLand is a company and the territories it holds.
type ccCompanyLand struct {
	Company string
	Name    string
	Land    []coldcash.TerritoryView
}

// ccLandForm is a company's land with its game, for the template.
type ccLandForm struct {
	ID int64
	C  ccCompanyLand
}

// ccBoard is coldcashPanel with its map drawn (the same map's HTML is
// drawn once: drawnOnce).
func (s *Server) ccBoard(id int64, view coldcash.View, sheet engine.Sheet, viewer engine.Viewer, sel, from string) (*ccPanel, error) {
	p := coldcashPanel(id, view, sheet, viewer, sel, from)
	if p == nil {
		return nil, nil
	}
	html, err := s.ccMaps.html(ccMapKey{game: id, sel: sel, from: from}, p.Map, func(m draw.WorldMap) (string, error) {
		return s.views.fragment(gameTemplate(s.views, "coldcash"), "cc-map", m)
	})
	if err != nil {
		return nil, fmt.Errorf("the map of game %d: %w", id, err)
	}
	p.MapHTML = html
	return p, nil
}

// coldcashPanel builds the panel for a board-mode view from the viewer's
// move sheet, or nil.
func coldcashPanel(id int64, v coldcash.View, sheet engine.Sheet, viewer engine.Viewer, sel, from string) *ccPanel {
	if v.Table == nil {
		return nil
	}
	t := v.Table
	terrs := map[string]*coldcash.TerritoryView{}
	for i := range t.Territories {
		terrs[t.Territories[i].ID] = &t.Territories[i]
	}
	if terrs[sel] == nil {
		sel = ""
	}
	if terrs[from] == nil || from == sel {
		from = ""
	}
	p := &ccPanel{Sel: terrs[sel], Map: buildMap(id, t, sel, from)}
	p.Open = viewer.IsHost() && t.Phase == coldcash.PhaseOpening && !t.AppDeck && !v.Over
	seen := map[string]bool{}
	for _, m := range sheet.Moves {
		if m.Type != coldcash.CmdRestructure {
			continue
		}
		if c := companyOf(m); !seen[c] {
			seen[c] = true
			p.Restructure = append(p.Restructure, companyLand(v, c))
		}
	}
	return p
}

// companyLand is a company's name and territories, for the restructure form.
func companyLand(v coldcash.View, c string) ccCompanyLand {
	cl := ccCompanyLand{Company: c}
	for _, cv := range v.Companies {
		if cv.ID == c {
			cl.Name = cv.Name
		}
	}
	for _, tv := range v.Table.Territories {
		if tv.Company == c {
			cl.Land = append(cl.Land, tv)
		}
	}
	return cl
}

// companyOf is the company a move's data names.
func companyOf(m engine.Move) string {
	var d struct {
		Company string `json:"company"`
	}
	json.Unmarshal(m.Data, &d) // a move's data is a JSON object the engine made
	return d.Company
}

// ccCash is a Cold Cash Risk seat's cash, the one number above its move
// sheet (its net worth is in its portfolio below), so the player sees what
// they can spend while choosing, and the sheet starts higher on the phone.
func ccCash(v coldcash.View) []standingItem {
	if v.Me == nil || v.Over {
		return nil
	}
	return []standingItem{{Label: "Cash", Value: v.Me.Cash, Money: true}}
}

// buildMap lays out game id's Cold Cash Risk map for a view
// (draw.ColdCashMap), marking the selected territories: the borders come
// from the engine's map, each once, in its order.
func buildMap(id int64, tv *coldcash.TableView, sel, from string) draw.WorldMap {
	terrs := make([]draw.CCTerritory, 0, len(tv.Territories))
	for _, t := range tv.Territories {
		terrs = append(terrs, draw.CCTerritory{ID: t.ID, Name: t.Name, Continent: t.Continent, State: t.State, Company: t.Company,
			Letter: t.Letter, Colour: t.Colour, Teams: t.Teams, Tower: t.Tower})
	}
	return draw.ColdCashMap(id, terrs, classicBorders(), acquire.Colours(), sel, from)
}

// classicBorders is the classic map's borders, each once, in its order:
// the same for every view, so listed once (every frame of every viewer
// lays out its map to compare it with the one drawn).
var classicBorders = sync.OnceValue(func() [][2]string {
	g := board.Classic()
	var borders [][2]string
	for _, a := range g.Territories() {
		for _, b := range g.Neighbours(a) {
			if a < b {
				borders = append(borders, [2]string{a, b})
			}
		}
	}
	return borders
})
