// Package risk holds the rules RISK games share: the classic map, the dice,
// and exact battle odds. Every screen and command that needs a border, a
// continent bonus or a battle's chances asks this package, so each rule lives
// in one place.
//
// Armies are always counted as they stand on the board: a territory with 10
// attacks with at most 9 (one stays home).
//
//   - The map: Classic() gives territories, continents with bonuses and
//     borders (Neighbours, Adjacent, Lookup, ContinentBonus).
//   - The dice: DiceRules (the defender's most dice, a house-rule setting)
//     with RollDice (virtual dice through engine.Dice), ResolveFaces (real
//     dice typed in), ApplyLosses (only the losses typed in), BlitzDice and
//     BlitzMomPop (roll to the end or a stop count, every roll listed).
//     OneRoll gives the exact chances of one roll.
//   - The odds: Compute(Query) answers a battle or a chain of battles
//     exactly, with stop early, armies left behind, Mom & Pop defenders and
//     the defender-dice house rule. ParseQuery reads a typed question, for
//     the command line and the odds page alike.
package risk

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// TerritoryID numbers a territory of a map, from 0.
type TerritoryID int

// ContinentID numbers a continent of a map, from 0.
type ContinentID int

// The classic map's continents, in the order the rulebook lists them.
const (
	NorthAmerica ContinentID = iota
	SouthAmerica
	Europe
	Africa
	Asia
	Australia
)

// Territory is one space on the board.
type Territory struct {
	ID        TerritoryID `json:"id"`
	Name      string      `json:"name"`
	Continent ContinentID `json:"continent"`
}

// Continent is a group of territories whose owner earns Bonus extra armies.
type Continent struct {
	ID          ContinentID   `json:"id"`
	Name        string        `json:"name"`
	Bonus       int           `json:"bonus"`
	Territories []TerritoryID `json:"territories"`
}

// Map is a board: territories, continents and the borders between them.
// It is read-only once built; share it freely.
type Map struct {
	territories []Territory
	continents  []Continent
	neighbours  [][]TerritoryID
	borders     [][2]TerritoryID
	byName      map[string]TerritoryID
}

// classic is built once, on first use (not at every start of the binary,
// which most commands never need): the data never changes.
var classic = sync.OnceValue(func() *Map { return mustMap(classicContinents, classicTerritories, classicBorders) })

// Classic returns the classic RISK map: 42 territories, 6 continents, 83 borders.
func Classic() *Map { return classic() }

// Neighbours lists the classic map's territories that border id: a
// shorthand for Classic().Neighbours(id).
func Neighbours(id TerritoryID) []TerritoryID { return classic().Neighbours(id) }

// Territories lists every territory in ID order. The slice is a copy.
func (m *Map) Territories() []Territory { return append([]Territory(nil), m.territories...) }

// Len is the number of territories.
func (m *Map) Len() int { return len(m.territories) }

// Territory returns the territory with the given ID.
func (m *Map) Territory(id TerritoryID) (Territory, bool) {
	if !m.Valid(id) {
		return Territory{}, false
	}
	return m.territories[id], true
}

// Valid reports whether id names a territory of this map.
func (m *Map) Valid(id TerritoryID) bool { return id >= 0 && int(id) < len(m.territories) }

// Name is a territory's name, or "territory N" for an unknown ID.
func (m *Map) Name(id TerritoryID) string {
	if !m.Valid(id) {
		return fmt.Sprintf("territory %d", id)
	}
	return m.territories[id].Name
}

// Lookup finds a territory by name, ignoring case and surrounding spaces.
func (m *Map) Lookup(name string) (TerritoryID, bool) {
	id, ok := m.byName[strings.ToLower(strings.TrimSpace(name))]
	return id, ok
}

// Neighbours lists the territories that share a border with id, in ID order.
// The slice is a copy; an unknown ID has none.
func (m *Map) Neighbours(id TerritoryID) []TerritoryID {
	if !m.Valid(id) {
		return nil
	}
	return append([]TerritoryID(nil), m.neighbours[id]...)
}

// Adjacent reports whether a and b share a border.
func (m *Map) Adjacent(a, b TerritoryID) bool {
	if !m.Valid(a) || !m.Valid(b) {
		return false
	}
	for _, n := range m.neighbours[a] {
		if n == b {
			return true
		}
	}
	return false
}

// Borders lists every border once, the lower ID first, sorted.
func (m *Map) Borders() [][2]TerritoryID { return append([][2]TerritoryID(nil), m.borders...) }

// Continents lists the continents in ID order, each with its territories.
func (m *Map) Continents() []Continent {
	out := make([]Continent, len(m.continents))
	for i, c := range m.continents {
		c.Territories = append([]TerritoryID(nil), c.Territories...)
		out[i] = c
	}
	return out
}

// Continent returns one continent.
func (m *Map) Continent(id ContinentID) (Continent, bool) {
	if id < 0 || int(id) >= len(m.continents) {
		return Continent{}, false
	}
	c := m.continents[id]
	c.Territories = append([]TerritoryID(nil), c.Territories...)
	return c, true
}

// ContinentsHeld lists the continents whose every territory is in held
// (held(id) reports true), the basis of continent bonuses.
func (m *Map) ContinentsHeld(held func(TerritoryID) bool) []ContinentID {
	var out []ContinentID
	for _, c := range m.continents {
		all := true
		for _, t := range c.Territories {
			if !held(t) {
				all = false
				break
			}
		}
		if all {
			out = append(out, c.ID)
		}
	}
	return out
}

// ContinentBonus totals the bonuses of the continents wholly in held.
func (m *Map) ContinentBonus(held func(TerritoryID) bool) int {
	sum := 0
	for _, id := range m.ContinentsHeld(held) {
		sum += m.continents[id].Bonus
	}
	return sum
}

type continentData struct {
	name  string
	bonus int
}

type territoryData struct {
	name      string
	continent ContinentID
}

// mustMap builds a map from its tables; a bad table is a programming error.
func mustMap(cs []continentData, ts []territoryData, bs [][2]TerritoryID) *Map {
	m := &Map{byName: map[string]TerritoryID{}, neighbours: make([][]TerritoryID, len(ts))}
	for i, c := range cs {
		m.continents = append(m.continents, Continent{ID: ContinentID(i), Name: c.name, Bonus: c.bonus})
	}
	for i, t := range ts {
		id := TerritoryID(i)
		m.territories = append(m.territories, Territory{ID: id, Name: t.name, Continent: t.continent})
		m.continents[t.continent].Territories = append(m.continents[t.continent].Territories, id)
		m.byName[strings.ToLower(t.name)] = id
	}
	for _, b := range bs {
		a, c := b[0], b[1]
		if a == c || !m.Valid(a) || !m.Valid(c) || m.Adjacent(a, c) {
			panic(fmt.Sprintf("risk: bad border %v", b))
		}
		if a > c {
			a, c = c, a
		}
		m.neighbours[a] = append(m.neighbours[a], c)
		m.neighbours[c] = append(m.neighbours[c], a)
		m.borders = append(m.borders, [2]TerritoryID{a, c})
	}
	for _, ns := range m.neighbours {
		sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
	}
	sort.Slice(m.borders, func(i, j int) bool {
		if m.borders[i][0] != m.borders[j][0] {
			return m.borders[i][0] < m.borders[j][0]
		}
		return m.borders[i][1] < m.borders[j][1]
	})
	return m
}

var classicContinents = []continentData{
	NorthAmerica: {"North America", 5},
	SouthAmerica: {"South America", 2},
	Europe:       {"Europe", 5},
	Africa:       {"Africa", 3},
	Asia:         {"Asia", 7},
	Australia:    {"Australia", 2},
}

// classicTerritories is in the order of the territory IDs.
var classicTerritories = []territoryData{
	{"Alaska", NorthAmerica},
	{"Northwest Territory", NorthAmerica},
	{"Greenland", NorthAmerica},
	{"Alberta", NorthAmerica},
	{"Ontario", NorthAmerica},
	{"Quebec", NorthAmerica},
	{"Western United States", NorthAmerica},
	{"Eastern United States", NorthAmerica},
	{"Central America", NorthAmerica},
	{"Venezuela", SouthAmerica},
	{"Brazil", SouthAmerica},
	{"Peru", SouthAmerica},
	{"Argentina", SouthAmerica},
	{"Iceland", Europe},
	{"Great Britain", Europe},
	{"Scandinavia", Europe},
	{"Northern Europe", Europe},
	{"Southern Europe", Europe},
	{"Western Europe", Europe},
	{"Ukraine", Europe},
	{"North Africa", Africa},
	{"Egypt", Africa},
	{"East Africa", Africa},
	{"Congo", Africa},
	{"South Africa", Africa},
	{"Madagascar", Africa},
	{"Ural", Asia},
	{"Siberia", Asia},
	{"Yakutsk", Asia},
	{"Kamchatka", Asia},
	{"Irkutsk", Asia},
	{"Mongolia", Asia},
	{"Japan", Asia},
	{"Afghanistan", Asia},
	{"China", Asia},
	{"Middle East", Asia},
	{"India", Asia},
	{"Siam", Asia},
	{"Indonesia", Australia},
	{"New Guinea", Australia},
	{"Western Australia", Australia},
	{"Eastern Australia", Australia},
}

var classicBorders = [][2]TerritoryID{
	{0, 1},   // Alaska - Northwest Territory
	{0, 3},   // Alaska - Alberta
	{0, 29},  // Alaska - Kamchatka
	{1, 2},   // Northwest Territory - Greenland
	{1, 3},   // Northwest Territory - Alberta
	{1, 4},   // Northwest Territory - Ontario
	{2, 4},   // Greenland - Ontario
	{2, 5},   // Greenland - Quebec
	{2, 13},  // Greenland - Iceland
	{3, 4},   // Alberta - Ontario
	{3, 6},   // Alberta - Western United States
	{4, 5},   // Ontario - Quebec
	{4, 6},   // Ontario - Western United States
	{4, 7},   // Ontario - Eastern United States
	{5, 7},   // Quebec - Eastern United States
	{6, 7},   // Western United States - Eastern United States
	{6, 8},   // Western United States - Central America
	{7, 8},   // Eastern United States - Central America
	{8, 9},   // Central America - Venezuela
	{9, 10},  // Venezuela - Brazil
	{9, 11},  // Venezuela - Peru
	{10, 11}, // Brazil - Peru
	{10, 12}, // Brazil - Argentina
	{10, 20}, // Brazil - North Africa
	{11, 12}, // Peru - Argentina
	{13, 14}, // Iceland - Great Britain
	{13, 15}, // Iceland - Scandinavia
	{14, 15}, // Great Britain - Scandinavia
	{14, 16}, // Great Britain - Northern Europe
	{14, 18}, // Great Britain - Western Europe
	{15, 16}, // Scandinavia - Northern Europe
	{15, 19}, // Scandinavia - Ukraine
	{16, 17}, // Northern Europe - Southern Europe
	{16, 18}, // Northern Europe - Western Europe
	{16, 19}, // Northern Europe - Ukraine
	{17, 18}, // Southern Europe - Western Europe
	{17, 19}, // Southern Europe - Ukraine
	{17, 20}, // Southern Europe - North Africa
	{17, 21}, // Southern Europe - Egypt
	{17, 35}, // Southern Europe - Middle East
	{18, 20}, // Western Europe - North Africa
	{19, 26}, // Ukraine - Ural
	{19, 33}, // Ukraine - Afghanistan
	{19, 35}, // Ukraine - Middle East
	{20, 21}, // North Africa - Egypt
	{20, 22}, // North Africa - East Africa
	{20, 23}, // North Africa - Congo
	{21, 22}, // Egypt - East Africa
	{21, 35}, // Egypt - Middle East
	{22, 23}, // East Africa - Congo
	{22, 24}, // East Africa - South Africa
	{22, 25}, // East Africa - Madagascar
	{22, 35}, // East Africa - Middle East
	{23, 24}, // Congo - South Africa
	{24, 25}, // South Africa - Madagascar
	{26, 27}, // Ural - Siberia
	{26, 33}, // Ural - Afghanistan
	{26, 34}, // Ural - China
	{27, 28}, // Siberia - Yakutsk
	{27, 30}, // Siberia - Irkutsk
	{27, 31}, // Siberia - Mongolia
	{27, 34}, // Siberia - China
	{28, 29}, // Yakutsk - Kamchatka
	{28, 30}, // Yakutsk - Irkutsk
	{29, 30}, // Kamchatka - Irkutsk
	{29, 31}, // Kamchatka - Mongolia
	{29, 32}, // Kamchatka - Japan
	{30, 31}, // Irkutsk - Mongolia
	{31, 32}, // Mongolia - Japan
	{31, 34}, // Mongolia - China
	{33, 34}, // Afghanistan - China
	{33, 35}, // Afghanistan - Middle East
	{33, 36}, // Afghanistan - India
	{34, 36}, // China - India
	{34, 37}, // China - Siam
	{35, 36}, // Middle East - India
	{36, 37}, // India - Siam
	{37, 38}, // Siam - Indonesia
	{38, 39}, // Indonesia - New Guinea
	{38, 40}, // Indonesia - Western Australia
	{39, 40}, // New Guinea - Western Australia
	{39, 41}, // New Guinea - Eastern Australia
	{40, 41}, // Western Australia - Eastern Australia
}
