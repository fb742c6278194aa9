package coldcash

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// panelGame drives a board-mode game (the table's deck) straight through
// the engine.
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

// sheet is seat's move sheet, each move of which Decide must accept as it
// stands (fields at their starting values).
func (g *panelGame) sheet(seat int) engine.Sheet {
	g.t.Helper()
	sh := g.s.Moves(engine.Viewer{Seat: seat})
	for _, m := range sh.Moves {
		data := map[string]any{}
		json.Unmarshal(m.Data, &data)
		for _, f := range m.Fields {
			data[f.Name] = f.Value
		}
		raw, _ := json.Marshal(data)
		if _, err := (Rules{}).Decide(g.s, engine.Command{Type: m.Type, Seat: seat, Data: raw}, fixedDice{}); err != nil {
			g.t.Fatalf("move %s (%s %s) is on offer to %d but refused: %v", m.ID, m.Type, raw, seat, err)
		}
	}
	return sh
}

// ids lists the ids of the moves of type typ (every type when empty),
// leaving out the phone's own share hiding.
func ids(sh engine.Sheet, typ string) string {
	var out []string
	for _, m := range sh.Moves {
		if (typ == "" || m.Type == typ) && m.Type != CmdHide {
			out = append(out, m.ID)
		}
	}
	return strings.Join(out, " ")
}

// about lists the ids of the moves that concern territory at.
func about(sh engine.Sheet, at string) string {
	var out []string
	for _, m := range sh.Moves {
		if slices.Contains(m.Concerns, at) {
			out = append(out, m.ID)
		}
	}
	return strings.Join(out, " ")
}

func TestMoveSheetOfEachStep(t *testing.T) {
	t.Parallel()
	g := newPanelGame(t)
	if sh := g.sheet(engine.Host); sh.Step != SheetOpening || len(sh.Moves) != 0 {
		t.Fatalf("opening with the table's deck (the host types the cards): %+v", sh)
	}
	g.do("open", map[string]any{"first": []string{"north-africa", "peru"}}) // Ana leads
	host := g.sheet(engine.Host)
	if got := about(host, "egypt"); got != "place-egypt" {
		t.Fatalf("place step, Egypt: %s", got)
	}
	if got := about(host, "peru"); got != "" {
		t.Fatalf("place step, occupied Peru: %s", got)
	}
	if n := len(strings.Fields(ids(host, CmdPlace))); n != 40 {
		t.Fatalf("%d placements; want one per empty territory, 40", n)
	}
	if got := ids(g.sheet(1), ""); got != "" {
		t.Fatalf("Ben's phone during Ana's turn offers %s", got)
	}
	g.do("place", map[string]any{"territory": "egypt"})
	if got := ids(g.sheet(0), ""); !strings.HasPrefix(got, "found-c1 found-c2") || !strings.HasSuffix(got, "leave") {
		t.Fatalf("outcome step: %s", got)
	}
	g.do("found", map[string]any{"company": "c5"})
	if got := ids(g.sheet(0), CmdBuy); !strings.HasPrefix(got, "buy-c5-1 buy-c5-2 buy-c5-3") {
		t.Fatalf("Festival, just founded, is not the first to buy: %s", got)
	}
	g.do("draw", nil)
	g.do("place", map[string]any{"territory": "brazil"})
	g.do("found", map[string]any{"company": "c3"})
	ben := g.sheet(1)
	if got := ids(ben, CmdBuy); !strings.HasPrefix(got, "buy-c3-1") {
		t.Fatalf("American, just founded, is not the first to buy: %s", got)
	}
	if got := ids(ben, CmdMeeting); got != "meeting-c3-0" {
		t.Fatalf("Ben, American's CEO and its only holder, may call its meeting to nominate Ana only: %s", got)
	}
	if got := ids(ben, CmdTakeover) + " " + ids(ben, CmdDraw); got != "takeover-c3 draw" {
		t.Fatalf("action step: %s", got)
	}
	g.do("takeover", map[string]any{"company": "c3"})
	ben = g.sheet(1)
	if got := about(ben, "north-africa"); got != "attack-brazil-north-africa blitz-brazil-north-africa real-dice-brazil-north-africa-0 real-dice-brazil-north-africa-1" {
		t.Fatalf("takeover, North Africa: %s", got)
	}
	for _, m := range ben.Moves {
		if m.Type == CmdAttack && m.Group != "Real dice" && (m.Chance == nil || *m.Chance <= 0 || *m.Chance >= 1 || m.From != "brazil") {
			t.Fatalf("attack %s: from %q, chance %v", m.ID, m.From, m.Chance)
		}
		if m.Type == CmdMove && (!m.Ends || !strings.Contains(m.Label, "ending the attacks")) {
			t.Fatalf("free move %q does not say it ends the attacks", m.Label)
		}
	}
	if got := ids(ben, CmdMove); got != "move-brazil-peru" {
		t.Fatalf("takeover, free move: %s", got)
	}
	g.do("attack", map[string]any{"from": "brazil", "to": "north-africa"}) // 6s against 6s: the defender wins ties
	g.do("attack", map[string]any{"from": "brazil", "to": "north-africa", "attackerLost": 0, "defenderLost": 1})
	var occupy []engine.Move
	for _, m := range g.sheet(1).Moves {
		if m.Type != CmdHide {
			occupy = append(occupy, m)
		}
	}
	if len(occupy) != 1 || occupy[0].ID != "occupy" || len(occupy[0].Fields) != 1 {
		t.Fatalf("conquest: one move, its count a field: %+v", occupy)
	}
}

// The merger moves offer every choice the placer has and no other: one
// per survivor among the largest, one per order of equal absorbed ones.
func TestMergeMovesOfferEveryOrderOfEqualSizes(t *testing.T) {
	t.Parallel()
	g := newPanelGame(t)
	land := func(c string, ts ...string) {
		for _, id := range ts {
			g.s.Table.Board.Land[id] = board.Holding{Corp: c, Teams: 1}
		}
		g.s.Table.Board.Towers[c] = ts[0]
	}
	land("c1", "alaska", "alberta", "ontario", "quebec", "greenland")
	land("c2", "brazil", "argentina", "peru")
	land("c3", "egypt", "east-africa", "congo")
	land("c4", "ukraine", "ural")
	got := g.s.mergeOrders([]string{"c1", "c2", "c3", "c4"})
	want := [][]string{{"c1", "c2", "c3", "c4"}, {"c1", "c3", "c2", "c4"}}
	if !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("merger orders %v; want %v (Tower survives; Luxor and American in either order; Worldwide last)", got, want)
	}
	if orders := g.s.mergeOrders([]string{"c2", "c3"}); len(orders) != 2 || orders[1][0] != "c3" {
		t.Fatalf("two equal corporations: %v", orders)
	}
	// Four equal corporations: 24 orders, of which the sheet shows one per
	// survivor and folds the rest.
	land("c5", "iceland", "scandinavia")
	land("c6", "siam", "indonesia")
	land("c7", "japan", "kamchatka")
	orders := g.s.mergeOrders([]string{"c4", "c5", "c6", "c7"})
	var everyday []string
	for i, o := range orders {
		if firstOfSurvivor(orders, i) {
			everyday = append(everyday, strings.Join(o, "-"))
		}
	}
	if len(orders) != 24 || strings.Join(everyday, " ") != "c4-c5-c6-c7 c5-c4-c6-c7 c6-c4-c5-c7 c7-c4-c5-c6" {
		t.Fatalf("four equal corporations: %d orders, everyday %v", len(orders), everyday)
	}
}

// Downsize fires the hire count and pays double dividends; with a hire count
// of 0 that is still allowed (nothing is fired), and the earnings choice says
// so rather than offer "downsize 0 teams" like a mistake.
func TestDownsizeWithHireCountZeroSaysWhyItIsAllowed(t *testing.T) {
	t.Parallel()
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
	for _, m := range g.sheet(seat).Moves {
		if strings.HasPrefix(m.ID, "downsize-") {
			label = m.Label + " " + m.Note
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

// The action step is one screen deep at any point of a game: a line per
// company to buy 1, 2 or 3 of (the company the Mom & Pop joined first),
// taking a card, then the line of meetings the player may call and the
// line of takeovers; each buy, meeting and takeover is a segment of its
// company's or its kind's line (docs/screens.md).
func TestActionStepIsALinePerCompanyThenTheCard(t *testing.T) {
	t.Parallel()
	g := newPanelGame(t)
	g.do("open", map[string]any{"first": []string{"north-africa", "peru"}}) // Ana leads
	g.do("place", map[string]any{"territory": "egypt"})
	g.do("found", map[string]any{"company": "c5"})
	g.do("draw", nil)
	g.do("place", map[string]any{"territory": "brazil"})
	g.do("found", map[string]any{"company": "c3"})
	g.do("buy", map[string]any{"seat": 1, "company": "c5", "count": 1}) // Ben holds Festival, Ana's
	g.do("draw", nil)
	for g.s.Table.Phase == PhaseEarnings {
		g.do("dividends", map[string]any{"company": g.s.pendingEarnings()[0]})
	}
	g.do("place", map[string]any{"territory": "japan"})
	g.do("leave", nil)
	g.do("draw", nil)
	g.do("place", map[string]any{"territory": "ural"})
	g.do("leave", nil)
	// The sheet's everyday moves (the folded ones left out), in order.
	var got []string
	for _, m := range g.sheet(1).Moves {
		if !m.Minor && m.Type != CmdHide {
			got = append(got, m.ID)
		}
	}
	want := []string{"buy-c3-1", "buy-c3-2", "buy-c3-3", "buy-c5-1", "buy-c5-2", "buy-c5-3", "draw", "meeting-c5-1", "takeover-c3"}
	if !slices.Equal(got, want) {
		t.Fatalf("Ben's action step: %v; want %v", got, want)
	}
	rows := map[string]string{}
	for _, m := range g.sheet(1).Moves {
		if m.Row != nil {
			rows[m.ID] = m.Row.Key + " " + m.Row.Short
		}
	}
	for id, row := range map[string]string{"buy-c3-3": "buy-c3 3", "buy-c5-1": "buy-c5 1", "meeting-c5-1": "meeting Festival", "takeover-c3": "takeover American"} {
		if rows[id] != row {
			t.Errorf("%s is drawn as %q; want the segment %q", id, rows[id], row)
		}
	}
	if _, ok := rows["draw"]; ok {
		t.Error("taking a card is a segment; want it a button of its own")
	}
}

// A hostile takeover is offered only by a company that can attack now
// (a territory with 2 or more teams bordering an enemy or a Mom & Pop),
// and a command for one that cannot is refused, naming why: starting it
// would only spend the turn's action.
func TestTakeoverOfferedOnlyWithSomethingToAttack(t *testing.T) {
	t.Parallel()
	g := newPanelGame(t)
	g.do("open", map[string]any{"first": []string{"north-africa", "peru"}}) // Ana leads
	g.do("place", map[string]any{"territory": "egypt"})
	g.do("found", map[string]any{"company": "c5"}) // Festival: Egypt (3 teams) borders Middle East, empty
	if got := ids(g.sheet(0), CmdTakeover); got != "" {
		t.Fatalf("Festival borders nothing to attack, yet the sheet offers %q", got)
	}
	raw, _ := json.Marshal(map[string]any{"company": "c5"})
	_, err := Rules{}.Decide(g.s, engine.Command{Type: CmdTakeover, Seat: 0, Data: raw}, fixedDice{})
	if !isRule(err, "takeover-needs-attack") || !strings.Contains(err.Error(), "Festival has nothing to attack") {
		t.Fatalf("a takeover with nothing to attack: %v", err)
	}
	g.do("draw", nil)
	g.do("place", map[string]any{"territory": "brazil"})
	g.do("found", map[string]any{"company": "c3"}) // American: Brazil borders North Africa, a Mom & Pop
	if got := ids(g.sheet(1), CmdTakeover); got != "takeover-c3" {
		t.Fatalf("American can attack North Africa: takeovers offered %q", got)
	}
}
