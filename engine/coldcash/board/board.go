package board

import (
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"

	"tableside/engine"
)

// Board is what stands on the map. A territory missing from Land is empty.
// Corporations are named by the game's company ids ("c3"); the board only
// needs them to be distinct and non-empty.
type Board struct {
	Land   map[string]Holding `json:"land"`   // occupied territories
	Towers map[string]string  `json:"towers"` // active corporation -> its tower's territory
}

// Holding is one occupied territory: a Mom & Pop (Corp empty) or a
// corporation with its security teams. A Mom & Pop has teams only while it
// defends during a hostile takeover; they vanish when that turn ends.
type Holding struct {
	Corp  string `json:"corp,omitempty"`
	Teams int    `json:"teams,omitempty"`
}

// IsMomPop reports whether the holding is a Mom & Pop.
func (h Holding) IsMomPop() bool { return h.Corp == "" }

// New returns an empty board.
func New() Board { return Board{Land: map[string]Holding{}, Towers: map[string]string{}} }

// Clone returns a deep copy, so rules can build a new board from an old one.
// (maps.Clone copies a map's table whole rather than inserting its entries
// one by one; an empty board's maps are made, as New makes them, so the
// copy can always be written to.)
func (b Board) Clone() Board {
	c := Board{Land: maps.Clone(b.Land), Towers: maps.Clone(b.Towers)}
	if c.Land == nil {
		c.Land = map[string]Holding{}
	}
	if c.Towers == nil {
		c.Towers = map[string]string{}
	}
	return c
}

// Empty reports whether territory t is empty.
func (b Board) Empty(t string) bool { _, ok := b.Land[t]; return !ok }

// MomPop reports whether t holds a Mom & Pop.
func (b Board) MomPop(t string) bool { h, ok := b.Land[t]; return ok && h.IsMomPop() }

// Owner is the corporation holding t ("" for empty or a Mom & Pop).
func (b Board) Owner(t string) string { return b.Land[t].Corp }

// Active lists the corporations in play (those with a tower), sorted.
func (b Board) Active() []string {
	var cs []string
	for c := range b.Towers {
		cs = append(cs, c)
	}
	sort.Strings(cs)
	return cs
}

// InPlay reports whether corporation c is active.
func (b Board) InPlay(c string) bool { _, ok := b.Towers[c]; return ok }

// TowerAt returns the corporation whose tower stands in t, if any.
func (b Board) TowerAt(t string) (string, bool) {
	for c, at := range b.Towers {
		if at == t {
			return c, true
		}
	}
	return "", false
}

// Held lists the territories corporation c controls, sorted.
func (b Board) Held(c string) []string {
	var ts []string
	for t, h := range b.Land {
		if h.Corp == c && c != "" {
			ts = append(ts, t)
		}
	}
	sort.Strings(ts)
	return ts
}

// Teams counts corporation c's security teams on the board.
func (b Board) Teams(c string) int {
	n := 0
	for _, h := range b.Land {
		if h.Corp == c && c != "" {
			n += h.Teams
		}
	}
	return n
}

// Size is a corporation's size with its explanation.
type Size struct {
	Territories int      `json:"territories"`
	Continents  []string `json:"continents,omitempty"` // continents held whole
	Bonus       int      `json:"bonus"`
	Size        int      `json:"size"`
	Why         string   `json:"why"`
}

// SizeOf is the size of corporation c: its territories plus the bonus of
// every continent it holds whole; a corporation of one territory counts 2.
func SizeOf(g *Geography, b Board, c string) Size { return SizeOfLand(g, b.Held(c)) }

// SizeOfLand is the size of a set of territories, by the same rule; used for
// a defeated corporation, whose size counts only some of its land.
func SizeOfLand(g *Geography, land []string) Size {
	s := Size{Territories: len(land)}
	s.Continents = whole(g, land)
	var why strings.Builder
	why.WriteString(strconv.Itoa(len(land)))
	why.WriteString(" territories")
	for _, c := range s.Continents {
		s.Bonus += g.Bonus(c)
		why.WriteString(" + ")
		why.WriteString(g.ContinentName(c))
		why.WriteByte(' ')
		why.WriteString(strconv.Itoa(g.Bonus(c)))
	}
	s.Size = s.Territories + s.Bonus
	why.WriteString(" = size ")
	why.WriteString(strconv.Itoa(s.Size))
	s.Why = why.String()
	if s.Territories == 1 {
		s.Size = 2
		s.Why = "1 territory: a one-territory corporation counts as size 2"
	}
	if s.Territories == 0 {
		s.Size, s.Why = 0, "no territories"
	}
	return s
}

// whole lists the continents every territory of which is in land. It is
// asked for every company on every view, so it reads the map's own lists
// (no copies).
func whole(g *Geography, land []string) []string {
	if len(land) == 0 {
		return nil
	}
	in := make(map[string]bool, len(land))
	for _, t := range land {
		in[t] = true
	}
	var out []string
	for _, c := range g.conts {
		all := true
		for _, t := range g.members[c] {
			if !in[t] {
				all = false
				break
			}
		}
		if all {
			out = append(out, c)
		}
	}
	return out
}

// Hire is how many security teams a corporation hires (or fires when it
// downsizes): its territories divided by 3, rounded down, plus the bonus of
// every continent it holds whole. With classicMin, the territories' part is
// never less than 3, as RISK's own minimum, before the continents are added
// (a whole Australia hires max(3, 1) + 2 = 5).
type Hire struct {
	Teams int    `json:"teams"`
	Why   string `json:"why"`
}

// ClassicMinimum is RISK's least reinforcement from territories, which the
// classicMin setting applies to a corporation's hire.
const ClassicMinimum = 3

// TerritoriesPerTeam is RISK's count of reinforcements: one team for every
// this many territories held, rounded down.
const TerritoriesPerTeam = 3

// HireFor computes corporation c's hire.
func HireFor(g *Geography, b Board, c string, classicMin bool) Hire {
	land := b.Held(c)
	n := len(land) / TerritoriesPerTeam
	why := fmt.Sprintf("%d %s / %d = %d", len(land), engine.Plural(len(land), "territory", "territories"), TerritoriesPerTeam, n)
	if classicMin && n < ClassicMinimum {
		n = ClassicMinimum
		why += fmt.Sprintf(", raised to the classic minimum of %d", ClassicMinimum)
	}
	for _, ct := range whole(g, land) {
		n += g.Bonus(ct)
		why += fmt.Sprintf(" + %s %d", g.ContinentName(ct), g.Bonus(ct))
	}
	return Hire{Teams: n, Why: fmt.Sprintf("%s: %d teams", why, n)}
}

// connected lists every territory reachable from start through territories
// for which step is true (start included).
func connected(g *Geography, start string, step func(string) bool) []string {
	seen := map[string]bool{start: true}
	queue := []string{start}
	for len(queue) > 0 {
		t := queue[0]
		queue = queue[1:]
		for _, n := range g.Neighbours(t) {
			if !seen[n] && step(n) {
				seen[n] = true
				queue = append(queue, n)
			}
		}
	}
	out := make([]string, 0, len(seen))
	for t := range seen {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// refuseUnknown refuses a territory id that is not on the map.
func refuseUnknown(g *Geography, ts ...string) error {
	for _, t := range ts {
		if !g.Has(t) {
			return engine.Refuse("no-such-territory", "There is no territory %q on the map.", t)
		}
	}
	return nil
}
