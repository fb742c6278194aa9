package risk

import (
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// rulesFile finds a file of the shared rules folder, which sits beside the
// repository (../shared/rules) or beside the folder of worktrees.
func rulesFile(t *testing.T, name string) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		p := filepath.Join(dir, "shared", "rules", name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatalf("cannot find shared/rules/%s above the package folder", name)
		}
		dir = parent
	}
}

func readCSV(t *testing.T, name string) []map[string]string {
	t.Helper()
	f, err := os.Open(rulesFile(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var out []map[string]string
	for _, r := range rows[1:] {
		m := map[string]string{}
		for i, h := range rows[0] {
			m[h] = r[i]
		}
		out = append(out, m)
	}
	return out
}

func TestClassicMapMatchesCheckedTerritoryList(t *testing.T) {
	m := Classic()
	rows := readCSV(t, "risk-classic-territories.csv")
	if m.Len() != 42 || len(rows) != 42 {
		t.Fatalf("map has %d territories, the checked list %d; want 42", m.Len(), len(rows))
	}
	for _, r := range rows {
		id, _ := strconv.Atoi(r["id"])
		ter, ok := m.Territory(TerritoryID(id))
		if !ok || ter.Name != r["territory"] {
			t.Errorf("territory %d is %q, want %q", id, ter.Name, r["territory"])
			continue
		}
		c, _ := m.Continent(ter.Continent)
		bonus, _ := strconv.Atoi(r["continent_bonus"])
		if c.Name != r["continent"] || c.Bonus != bonus {
			t.Errorf("%s is in %s (bonus %d), want %s (bonus %d)", ter.Name, c.Name, c.Bonus, r["continent"], bonus)
		}
		deg, _ := strconv.Atoi(r["degree"])
		if got := len(m.Neighbours(ter.ID)); got != deg {
			t.Errorf("%s has %d neighbours, want %d", ter.Name, got, deg)
		}
		if back, ok := m.Lookup(" " + r["territory"] + " "); !ok || back != ter.ID {
			t.Errorf("Lookup(%q) = %d, %v", r["territory"], back, ok)
		}
	}
}

func TestClassicContinentsAndBonuses(t *testing.T) {
	want := map[string][2]int{"North America": {9, 5}, "South America": {4, 2}, "Europe": {7, 5}, "Africa": {6, 3}, "Asia": {12, 7}, "Australia": {4, 2}}
	cs := Classic().Continents()
	if len(cs) != 6 {
		t.Fatalf("%d continents, want 6", len(cs))
	}
	for _, c := range cs {
		w, ok := want[c.Name]
		if !ok || len(c.Territories) != w[0] || c.Bonus != w[1] {
			t.Errorf("%s: %d territories, bonus %d; want %v", c.Name, len(c.Territories), c.Bonus, w)
		}
	}
	all := func(TerritoryID) bool { return true }
	if got := Classic().ContinentBonus(all); got != 24 {
		t.Errorf("holding the whole map earns %d continent armies, want 24", got)
	}
	australia := func(id TerritoryID) bool { return id >= 38 }
	if got := Classic().ContinentsHeld(australia); len(got) != 1 || got[0] != Australia {
		t.Errorf("holding territories 38-41 gives continents %v, want Australia", got)
	}
}

func TestClassicBordersMatchCheckedAdjacencyList(t *testing.T) {
	m := Classic()
	rows := readCSV(t, "risk-classic-adjacency.csv")
	if len(m.Borders()) != 83 || len(rows) != 83 {
		t.Fatalf("%d borders, checked list %d; want 83", len(m.Borders()), len(rows))
	}
	inter := 0
	for _, r := range rows {
		a, okA := m.Lookup(r["territory_a"])
		b, okB := m.Lookup(r["territory_b"])
		if !okA || !okB || !m.Adjacent(a, b) || !m.Adjacent(b, a) {
			t.Errorf("border %s - %s missing", r["territory_a"], r["territory_b"])
		}
		ta, _ := m.Territory(a)
		tb, _ := m.Territory(b)
		if (ta.Continent != tb.Continent) != (r["intercontinental"] == "1") {
			t.Errorf("border %s - %s: intercontinental flag disagrees", ta.Name, tb.Name)
		}
		if ta.Continent != tb.Continent {
			inter++
		}
	}
	if inter != 14 {
		t.Errorf("%d borders between continents, want 14", inter)
	}
}

func TestClassicMapIsSymmetricAndConnected(t *testing.T) {
	m := Classic()
	edges := 0
	for id := TerritoryID(0); int(id) < m.Len(); id++ {
		for _, n := range m.Neighbours(id) {
			if n == id {
				t.Errorf("%s borders itself", m.Name(id))
			}
			if !m.Adjacent(n, id) {
				t.Errorf("%s borders %s but not back", m.Name(id), m.Name(n))
			}
			edges++
		}
	}
	if edges != 2*83 {
		t.Errorf("%d directed edges, want 166", edges)
	}
	seen := map[TerritoryID]bool{0: true}
	queue := []TerritoryID{0}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		for _, n := range m.Neighbours(id) {
			if !seen[n] {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	if len(seen) != 42 {
		t.Errorf("only %d territories reachable from Alaska, want 42", len(seen))
	}
	if len(Neighbours(0)) != 3 || m.Neighbours(99) != nil || m.Adjacent(0, 99) {
		t.Error("Alaska has 3 neighbours; an unknown territory none")
	}
}
