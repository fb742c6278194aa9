package board

import (
	"strings"
	"sync"

	"tableside/engine/risk"
)

// Slug is the board's id for a territory: its name in lower case with words
// joined by dashes ("northwest-territory"), readable in logs and forms.
func Slug(name string) string {
	return strings.Join(strings.Fields(strings.ToLower(name)), "-")
}

// FromMap builds the board's geography from a RISK map (the one source of
// territories, continents and borders).
func FromMap(m *risk.Map) (*Geography, error) {
	var ts []TerritoryInfo
	var cs []ContinentInfo
	for _, c := range m.Continents() {
		cs = append(cs, ContinentInfo{ID: Slug(c.Name), Name: c.Name, Bonus: c.Bonus})
	}
	cont := map[risk.ContinentID]string{}
	for _, c := range m.Continents() {
		cont[c.ID] = Slug(c.Name)
	}
	for _, t := range m.Territories() {
		ts = append(ts, TerritoryInfo{ID: Slug(t.Name), Name: t.Name, Continent: cont[t.Continent]})
	}
	var bs [][2]string
	for _, b := range m.Borders() {
		bs = append(bs, [2]string{Slug(m.Name(b[0])), Slug(m.Name(b[1]))})
	}
	g, err := NewGeography(ts, cs, bs)
	if err != nil {
		return nil, err
	}
	g.riskIDs = map[string]risk.TerritoryID{}
	for _, t := range m.Territories() {
		g.riskIDs[Slug(t.Name)] = t.ID
	}
	return g, nil
}

// classic is built on first use: most starts of the binary never need it.
var classic = sync.OnceValue(func() *Geography {
	g, err := FromMap(risk.Classic())
	if err != nil {
		panic("board: the classic map does not make a geography: " + err.Error())
	}
	return g
})

// Classic is the geography of the classic 42-territory map.
func Classic() *Geography { return classic() }

// RiskID is the map package's number for a territory, for the odds and the
// screens that draw the map.
func (g *Geography) RiskID(id string) (risk.TerritoryID, bool) {
	r, ok := g.riskIDs[id]
	return r, ok
}
