package coldcash

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
)

// panelGame drives a board-mode game straight through the engine.
type panelGame struct {
	t *testing.T
	s *State
}

func newPanelGame(t *testing.T) *panelGame {
	st, err := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}},
		Settings: json.RawMessage(`{"mode":"board","deck":"table"}`)})
	if err != nil {
		t.Fatal(err)
	}
	return &panelGame{t: t, s: st.(*State)}
}

func (g *panelGame) do(typ string, data map[string]any) {
	g.t.Helper()
	raw, _ := json.Marshal(data)
	evs, err := Rules{}.Decide(g.s, engine.Command{Type: typ, Seat: engine.Host, Data: raw}, fixedDice{})
	if err != nil {
		g.t.Fatalf("%s: %v", typ, err)
	}
	for _, e := range evs {
		Rules{}.Evolve(g.s, e)
	}
}

type fixedDice struct{}

func (fixedDice) Roll(int) int { return 6 }
func (fixedDice) Intn(int) int { return 0 }

// panel is the board's moves for seat, each of which Decide must accept
// as it stands: a move on offer that the rules refuse is a bug.
func (g *panelGame) panel(seat int, sel, from string) *BoardMoves {
	g.t.Helper()
	bm := g.s.View(engine.Viewer{Seat: seat}).BoardMoves(engine.Viewer{Seat: seat}, sel, from)
	for _, m := range bm.Moves {
		if m.Type == "" {
			continue // a selection, not a command
		}
		if _, err := (Rules{}).Decide(g.s.clone(), engine.Command{Type: m.Type, Seat: seat, Data: m.Data}, fixedDice{}); err != nil {
			g.t.Fatalf("move %s (%s %s) is on offer to %d but refused: %v", m.ID, m.Type, m.Data, seat, err)
		}
	}
	return bm
}

func ids(p *BoardMoves) string {
	var out []string
	for _, a := range p.Moves {
		out = append(out, a.ID)
	}
	return strings.Join(out, " ")
}

func TestBoardMovesOfEachStep(t *testing.T) {
	t.Parallel()
	g := newPanelGame(t)
	if p := g.panel(engine.Host, "", ""); !p.Open || len(p.Moves) != 0 {
		t.Fatalf("opening: %+v", p)
	}
	g.do("open", map[string]any{"first": []string{"north-africa", "peru"}}) // Ana leads
	if got := ids(g.panel(engine.Host, "egypt", "")); got != "place noplace" {
		t.Fatalf("place step on an empty territory: %s", got)
	}
	if got := ids(g.panel(engine.Host, "peru", "")); got != "noplace" {
		t.Fatalf("place step on an occupied territory: %s", got)
	}
	if got := ids(g.panel(1, "egypt", "")); got != "" {
		t.Fatalf("Ben's phone during Ana's turn offers %s", got)
	}
	g.do("place", map[string]any{"territory": "egypt"})
	if got := ids(g.panel(0, "", "")); !strings.HasPrefix(got, "found-c1 found-c2") || !strings.HasSuffix(got, "leave") {
		t.Fatalf("outcome step: %s", got)
	}
	g.do("found", map[string]any{"company": "c5"})
	g.do("draw", nil)
	g.do("place", map[string]any{"territory": "brazil"})
	g.do("found", map[string]any{"company": "c3"})
	if got := ids(g.panel(1, "", "")); got != "takeover-c3 draw" {
		t.Fatalf("action step: %s", got)
	}
	g.do("takeover", map[string]any{"company": "c3"})
	if got := ids(g.panel(1, "brazil", "")); got != "from takeover-end" {
		t.Fatalf("takeover, own territory tapped: %s", got)
	}
	if got := ids(g.panel(1, "north-africa", "brazil")); got != "attack blitz takeover-end" {
		t.Fatalf("takeover, attack: %s", got)
	}
	if got := ids(g.panel(1, "peru", "brazil")); got != "move-1 move-2 takeover-end" {
		t.Fatalf("takeover, free move: %s", got)
	}
	g.do("attack", map[string]any{"from": "brazil", "to": "north-africa"}) // 6s against 6s: the defender wins ties
	g.do("attack", map[string]any{"from": "brazil", "to": "north-africa", "attackerLost": 0, "defenderLost": 1})
	if got := ids(g.panel(1, "", "")); !strings.HasPrefix(got, "occupy-") {
		t.Fatalf("conquest: %s", got)
	}
}

// The merger buttons offer every choice the placer has and no other: one
// per survivor among the largest, one per order of equal absorbed ones.
func TestMergeActsOfferEveryOrderOfEqualSizes(t *testing.T) {
	co := map[string]CompanyView{
		"c1": {ID: "c1", Name: "Tower", Size: 5}, "c2": {ID: "c2", Name: "Luxor", Size: 3},
		"c3": {ID: "c3", Name: "American", Size: 3}, "c4": {ID: "c4", Name: "Worldwide", Size: 2},
	}
	var got []string
	for _, a := range mergeActs([]string{"c1", "c2", "c3", "c4"}, co) {
		got = append(got, a.ID)
	}
	want := []string{"merge-c1-c2-c3-c4", "merge-c1-c3-c2-c4"}
	if !slices.Equal(got, want) {
		t.Fatalf("merge buttons %v; want %v (Tower survives; Luxor and American in either order; Worldwide last)", got, want)
	}
	if acts := mergeActs([]string{"c2", "c3"}, co); len(acts) != 2 || !strings.Contains(acts[1].Label, "American survives") {
		t.Fatalf("two equal corporations: %+v", acts)
	}
}

// Downsize fires the hire count and pays double dividends; with a hire count
// of 0 that is still allowed (nothing is fired), and the earnings choice says
// so rather than offer "downsize 0 teams" like a mistake.
func TestDownsizeWithHireCountZeroSaysWhyItIsAllowed(t *testing.T) {
	g := newPanelGame(t)
	g.do("open", map[string]any{"first": []string{"north-africa", "peru"}}) // Ana leads
	g.do("place", map[string]any{"territory": "egypt"})
	g.do("found", map[string]any{"company": "c5"}) // Egypt and North Africa: 2 / 3 = 0
	g.do("draw", nil)
	g.do("place", map[string]any{"territory": "brazil"})
	g.do("found", map[string]any{"company": "c3"})
	g.do("draw", nil)
	if g.s.Table.Phase != PhaseEarnings {
		t.Fatalf("phase %s; want earnings", g.s.Table.Phase)
	}
	seat := g.s.Table.acting()
	var label string
	for _, m := range g.panel(seat, "", "").Moves {
		if strings.HasPrefix(m.ID, "downsize-") {
			label = m.Label
		}
	}
	for _, want := range []string{"downsize, double dividends", "no team is fired", "hire count is 0", "2 territories / 3 = 0", "the rules allow"} {
		if !strings.Contains(label, want) {
			t.Fatalf("downsize label %q; want it to say %q", label, want)
		}
	}
	if strings.Contains(label, "downsize 0 teams") {
		t.Fatalf("downsize label %q still reads like a mistake", label)
	}
}
