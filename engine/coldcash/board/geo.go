// Package board is the Cold Cash Risk board: which territories are empty,
// held by a Mom & Pop or by a corporation (with its security teams), where
// the towers stand, the territory deck, and every board rule as a pure
// function. It holds no money: the game package pays what the board reports.
//
// Every function here leaves its inputs untouched and returns a new board, or
// a refusal (engine.Refuse) that names the rule and changes nothing.
package board

import (
	"fmt"
	"sort"

	"tableside/engine/risk"
)

// Geography is what the board needs to know of a map: its territories, its
// continents with their bonuses and its borders. It is built once from the
// map package (see Classic) and never changes during a game.
type Geography struct {
	ids       []string            // territory ids, sorted
	name      map[string]string   // territory id -> name
	continent map[string]string   // territory id -> continent id
	bonus     map[string]int      // continent id -> bonus
	cname     map[string]string   // continent id -> name
	members   map[string][]string // continent id -> its territories, sorted
	conts     []string            // continent ids, sorted
	adj       map[string][]string // territory id -> neighbours, sorted
	riskIDs   map[string]risk.TerritoryID
}

// TerritoryInfo describes one territory for NewGeography.
type TerritoryInfo struct {
	ID, Name, Continent string
}

// ContinentInfo describes one continent for NewGeography.
type ContinentInfo struct {
	ID, Name string
	Bonus    int
}

// NewGeography checks and indexes a map. Borders are undirected pairs of
// territory ids.
func NewGeography(ts []TerritoryInfo, cs []ContinentInfo, borders [][2]string) (*Geography, error) {
	g := &Geography{name: map[string]string{}, continent: map[string]string{}, bonus: map[string]int{},
		cname: map[string]string{}, members: map[string][]string{}, adj: map[string][]string{}}
	for _, c := range cs {
		if _, dup := g.bonus[c.ID]; dup || c.ID == "" {
			return nil, fmt.Errorf("geography: continent %q is blank or listed twice", c.ID)
		}
		g.bonus[c.ID], g.cname[c.ID] = c.Bonus, c.Name
		g.conts = append(g.conts, c.ID)
	}
	for _, t := range ts {
		if _, dup := g.name[t.ID]; dup || t.ID == "" {
			return nil, fmt.Errorf("geography: territory %q is blank or listed twice", t.ID)
		}
		if _, ok := g.bonus[t.Continent]; !ok {
			return nil, fmt.Errorf("geography: territory %q is in unknown continent %q", t.ID, t.Continent)
		}
		g.name[t.ID], g.continent[t.ID] = t.Name, t.Continent
		g.members[t.Continent] = append(g.members[t.Continent], t.ID)
		g.ids = append(g.ids, t.ID)
	}
	for _, b := range borders {
		for _, id := range b {
			if _, ok := g.name[id]; !ok {
				return nil, fmt.Errorf("geography: border %v names unknown territory %q", b, id)
			}
		}
		if b[0] == b[1] {
			return nil, fmt.Errorf("geography: territory %q borders itself", b[0])
		}
		g.adj[b[0]] = append(g.adj[b[0]], b[1])
		g.adj[b[1]] = append(g.adj[b[1]], b[0])
	}
	sort.Strings(g.ids)
	sort.Strings(g.conts)
	for _, m := range g.members {
		sort.Strings(m)
	}
	for id, n := range g.adj {
		sort.Strings(n)
		g.adj[id] = dedupe(n)
	}
	return g, nil
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// Territories lists every territory id, sorted.
func (g *Geography) Territories() []string { return append([]string(nil), g.ids...) }

// Continents lists every continent id, sorted.
func (g *Geography) Continents() []string { return append([]string(nil), g.conts...) }

// Has reports whether id is a territory of the map.
func (g *Geography) Has(id string) bool { _, ok := g.name[id]; return ok }

// Name is a territory's name for people.
func (g *Geography) Name(id string) string {
	if n, ok := g.name[id]; ok {
		return n
	}
	return id
}

// ContinentOf is the continent a territory lies in.
func (g *Geography) ContinentOf(id string) string { return g.continent[id] }

// ContinentName is a continent's name for people.
func (g *Geography) ContinentName(c string) string { return g.cname[c] }

// Bonus is a continent's bonus.
func (g *Geography) Bonus(c string) int { return g.bonus[c] }

// Members lists a continent's territories, sorted.
func (g *Geography) Members(c string) []string { return append([]string(nil), g.members[c]...) }

// Neighbours lists the territories bordering id, sorted.
func (g *Geography) Neighbours(id string) []string { return g.adj[id] }

// Borders reports whether a and b share a border.
func (g *Geography) Borders(a, b string) bool {
	for _, n := range g.adj[a] {
		if n == b {
			return true
		}
	}
	return false
}
