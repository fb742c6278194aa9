package risk

import (
	"fmt"
	"strings"
)

// ContinentSpec and TerritorySpec describe a map that is not the classic one
// (a piecepack layout, say), for NewMap.
type ContinentSpec struct {
	Name  string
	Bonus int
}

// TerritorySpec is one territory of a custom map: its name and continent index.
type TerritorySpec struct {
	Name      string
	Continent ContinentID
}

// NewMap builds a map from its parts, refusing a bad one (a border to an
// unknown territory, a territory on no continent, a name used twice), so a
// table's layout setting can never give a broken board.
func NewMap(cs []ContinentSpec, ts []TerritorySpec, bs [][2]TerritoryID) (*Map, error) {
	seen := map[string]bool{}
	for _, t := range ts {
		if t.Continent < 0 || int(t.Continent) >= len(cs) {
			return nil, fmt.Errorf("territory %q is on no continent", t.Name)
		}
		k := strings.ToLower(strings.TrimSpace(t.Name))
		if k == "" || seen[k] {
			return nil, fmt.Errorf("territory name %q is empty or used twice", t.Name)
		}
		seen[k] = true
	}
	pairs := map[[2]TerritoryID]bool{}
	for _, b := range bs {
		a, c := min(b[0], b[1]), max(b[0], b[1])
		if a == c || a < 0 || int(c) >= len(ts) || pairs[[2]TerritoryID{a, c}] {
			return nil, fmt.Errorf("bad or repeated border %v", b)
		}
		pairs[[2]TerritoryID{a, c}] = true
	}
	cd := make([]continentData, len(cs))
	for i, c := range cs {
		cd[i] = continentData{name: c.Name, bonus: c.Bonus}
	}
	td := make([]territoryData, len(ts))
	for i, t := range ts {
		td[i] = territoryData{name: t.Name, continent: t.Continent}
	}
	return mustMap(cd, td, bs), nil
}
