package web

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
	"tableside/tracker"
)

type testDice struct{ r *rand.Rand }

func (d testDice) Roll(n int) int { return d.r.IntN(n) + 1 }
func (d testDice) Intn(n int) int { return d.r.IntN(n) }

// Every phase of both games renders for the host, each seat and the public,
// and a seat never sees another seat's cards.
func TestConquestScreensRenderForEveryViewerAndPhase(t *testing.T) {
	t.Parallel()
	v := sharedViews()
	for _, rules := range []engine.Rules{riskclassic.Rules{}, pctw.Rules{}} {
		set, _ := json.Marshal(conquest.Settings{StartArmies: 22, Neutrals: map[string]int{"risk": 1}[rules.Kind()]})
		st, err := rules.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: set})
		if err != nil {
			t.Fatal(err)
		}
		d := testDice{rand.New(rand.NewPCG(5, 5))}
		phases := map[string]bool{}
		step := func(typ string, seat int, args any) bool {
			b, _ := json.Marshal(args)
			next, _, err := conquest.Apply(rules, st, engine.Command{Type: typ, Seat: seat, Data: b}, d)
			if err == nil {
				st = next
			}
			return err == nil
		}
		render := func() {
			s := st.(*conquest.State)
			phases[s.Phase] = true
			if len(s.Hands[0])+len(s.Hands[1]) > 0 {
				phases["cards"] = true
			}
			for _, seat := range []int{engine.Host, engine.Public, 0, 1} {
				p := gamePage{Info: tracker.GameInfo{ID: 1, Kind: rules.Kind(), Name: "T", Setup: anaAndBen}, Viewer: engine.Viewer{Seat: seat}, View: rules.View(st, engine.Viewer{Seat: seat})}
				p.answer()
				html, err := v.fragment("game_"+rules.Kind(), "live", page{Host: seat == engine.Host, Data: p})
				if err != nil {
					t.Fatalf("%s %s seat %d: %v", rules.Kind(), s.Phase, seat, err)
				}
				shown := cardsShown(html)
				if seat == engine.Public && len(shown) > 0 {
					t.Fatalf("the public sees cards %v", shown)
				}
				if seat >= 0 && len(shown) != len(s.Hands[seat]) {
					t.Fatalf("seat %d sees cards %v; holds %d", seat, shown, len(s.Hands[seat]))
				}
			}
		}
		render()
		step(conquest.CmdStart, engine.Host, nil)
		for i := 0; i < 400; i++ {
			render()
			s := st.(*conquest.State)
			if s.Phase == conquest.PhaseOver || (s.Round >= 3 && phases[conquest.PhaseFortify] == (rules.Kind() == "risk")) {
				break
			}
			// Try, in order: move in, trade, place, attack, stop.
			switch {
			case s.Defence != nil: // the defender's choice, made by the host for them
				phases["defence"] = true
				step(conquest.CmdDefend, engine.Host, map[string]int{"dice": 1 + i%2})
				continue
			case s.Pending != nil:
				step(conquest.CmdMove, engine.Host, map[string]int{"count": s.Pending.Max})
				continue
			case s.Phase == conquest.PhaseFortify:
				step(conquest.CmdEndTurn, engine.Host, nil)
				continue
			}
			if ids, ok := conquest.FindSet(conquestVariant(rules), s.Hands[max(s.Turn, 0)], s.Sets); ok && step(conquest.CmdTrade, engine.Host, map[string][]int{"cards": ids}) {
				continue
			}
			placed := false
			for t := range s.Owner {
				if step(conquest.CmdPlace, engine.Host, map[string]int{"territory": t, "count": 1}) {
					placed = true
					break
				}
			}
			if placed {
				continue
			}
			// The attack from the first territory in the map's order, as the
			// walk has always taken it (the sheet lists the likeliest first).
			var attack json.RawMessage
			first := [2]int{1 << 30, 1 << 30}
			for _, m := range rules.(engine.Mover).Moves(st, engine.Viewer{Seat: engine.Host}).Moves {
				var at struct{ From, To int }
				if m.Type != conquest.CmdAttack || !strings.HasPrefix(m.ID, "attack-") || json.Unmarshal(m.Data, &at) != nil {
					continue
				}
				if k := [2]int{at.From, at.To}; k[0] < first[0] || (k[0] == first[0] && k[1] < first[1]) {
					first, attack = k, m.Data
				}
			}
			if attack != nil && i%3 != 0 && step(conquest.CmdAttack, engine.Host, attack) {
				continue
			}
			if !step(conquest.CmdEndAttack, engine.Host, nil) {
				step(conquest.CmdEndTurn, engine.Host, nil)
			}
		}
		for _, ph := range []string{"cards", "defence", conquest.PhaseSetup, conquest.PhasePlace, conquest.PhaseReinforce, conquest.PhaseAttack} {
			if !phases[ph] {
				t.Fatalf("%s: the walk never reached %s (reached %v)", rules.Kind(), ph, phases)
			}
		}
		if rules.Kind() == "risk" && !phases[conquest.PhaseNeutral] {
			t.Fatalf("risk: the walk never reached the neutral's turn (%v)", phases)
		}
	}
}

func conquestVariant(r engine.Rules) *conquest.Variant {
	if r.Kind() == "pctw" {
		return pctw.Variant
	}
	return riskclassic.Variant
}

// cardsShown lists the cards a rendered screen shows in a hand.
func cardsShown(html string) []string {
	var out []string
	for _, part := range strings.Split(html, `<li class="cq-card`)[1:] {
		out = append(out, part[:strings.Index(part, "</li>")])
	}
	return out
}

// The phone of a player whose turn began with 6 cards offers both sets, and
// after the first the second; a turn that began with 4 offers nothing after
// its one set: the screen offers a trade exactly when the engine takes it.
func TestPhoneOffersASecondSetOnlyWhenTheTurnBeganWithFiveOrSix(t *testing.T) {
	v := sharedViews()
	rules := riskclassic.Rules{}
	d := testDice{rand.New(rand.NewPCG(1, 2))}
	st, err := rules.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: json.RawMessage(`{"startArmies":21}`)})
	if err != nil {
		t.Fatal(err)
	}
	apply := func(seat int, typ string, data any) {
		t.Helper()
		b, _ := json.Marshal(data)
		if st, _, err = conquest.Apply(rules, st, engine.Command{Type: typ, Seat: seat, Data: b}, d); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
	apply(engine.Host, conquest.CmdStart, nil)
	s := st.(*conquest.State)
	if s.Phase != conquest.PhaseReinforce {
		t.Fatalf("21 start armies on 21 territories each: phase %s; want the first turn", s.Phase)
	}
	p := s.Turn
	var cards []conquest.Card
	for i, k := range []string{"A", "A", "A", "I", "I", "I"} {
		cards = append(cards, conquest.Card{ID: i, Territory: i, Kind: k, Label: "card" + string(rune('a'+i))})
	}
	buttons := func() int {
		return strings.Count(renderConquestSheet(t, v, rules, st, engine.Viewer{Seat: s.Turn}), `name="type" value="trade"`)
	}
	s.Hands[p], s.TurnCards = cards, 6
	if n := buttons(); n != 2 {
		t.Fatalf("a turn begun with 6 cards (two sets) offers %d trades; want 2", n)
	}
	apply(p, conquest.CmdTrade, map[string][]int{"cards": {0, 1, 2}})
	if n := buttons(); n != 1 {
		t.Fatalf("after the first of two sets the phone offers %d trades; want the second", n)
	}
	s = st.(*conquest.State)
	s.TurnCards = 4 // as if the turn had begun with 4: one set only
	if n := buttons(); n != 0 {
		t.Fatalf("a turn begun with 4 cards offers %d trades after its set; want none", n)
	}
}

// The start armies' moves on the sheet offer a count only at a table that
// set "several at a time" (from 1 to all that may go there, starting at
// all of them); by default each move places one army and says so.
func TestStartArmiesSheetOffersACountOnlyWithSeveralAtATime(t *testing.T) {
	t.Parallel()
	v := sharedViews()
	for _, rules := range []engine.Rules{riskclassic.Rules{}, pctw.Rules{}} {
		for _, many := range []bool{false, true} {
			set, _ := json.Marshal(conquest.Settings{PlaceMany: many})
			st, err := rules.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: set})
			if err != nil {
				t.Fatal(err)
			}
			d := testDice{rand.New(rand.NewPCG(5, 5))}
			do := func(typ string, args any) {
				b, _ := json.Marshal(args)
				next, _, err := conquest.Apply(rules, st, engine.Command{Type: typ, Seat: engine.Host, Data: b}, d)
				if err != nil {
					t.Fatalf("%s %s: %v", rules.Kind(), typ, err)
				}
				st = next
			}
			// The set-up options keep the setting when saved again.
			setup := renderConquestHost(t, v, rules, st)
			if want := `name="d.placeMany" value="true" checked`; strings.Contains(setup, want) != many {
				t.Fatalf("%s, several at a time %v: the options form's box (checked: %v)", rules.Kind(), many, !many)
			}
			do(conquest.CmdStart, nil)
			for s := st.(*conquest.State); s.Phase == conquest.PhaseClaim; s = st.(*conquest.State) {
				for ter, o := range s.Owner {
					if o < 0 {
						do(conquest.CmdPlace, map[string]int{"territory": ter})
						break
					}
				}
			}
			s := st.(*conquest.State)
			if s.Phase != conquest.PhasePlace {
				t.Fatalf("%s: phase %s; want place", rules.Kind(), s.Phase)
			}
			sheet := renderConquestSheet(t, v, rules, st, engine.Viewer{Seat: s.Placer})
			count, one := strings.Contains(sheet, `name="d.count"`), strings.Contains(sheet, "Place 1 army on ")
			if many != count || many == one || !strings.Contains(sheet, `value="place"`) {
				t.Fatalf("%s, several at a time %v: count stepper %v, one-army moves %v:\n%s", rules.Kind(), many, count, one, sheet)
			}
		}
	}
}

// renderConquestHost is the host's live region of a conquest game as the server sends it.
func renderConquestHost(t *testing.T, v *views, rules engine.Rules, st engine.State) string {
	t.Helper()
	p := gamePage{Info: tracker.GameInfo{ID: 1, Kind: rules.Kind(), Name: "T", Setup: anaAndBen}, Viewer: engine.Viewer{Seat: engine.Host}, View: rules.View(st, engine.Viewer{Seat: engine.Host})}
	p.answer()
	html, err := v.fragment("game_"+rules.Kind(), "live", page{Host: true, Data: p})
	if err != nil {
		t.Fatal(err)
	}
	return html
}

// renderConquestSheet is viewer's move sheet in a conquest game, as the
// server draws it (the engine's whole list).
func renderConquestSheet(t *testing.T, v *views, rules engine.Rules, st engine.State, who engine.Viewer) string {
	t.Helper()
	sh := sheetFor(rules.Moves(st, who), who, 1, nil)
	if sh == nil {
		return ""
	}
	html, err := v.fragment("game_"+rules.Kind(), "move-sheet", sh)
	if err != nil {
		t.Fatal(err)
	}
	return html
}

// The rampaging neutral's turn is on every screen move by move, and only
// the phone that lost a territory is told so in a card of its own.
func TestNeutralFeedOnEveryScreenAndThePhoneThatLostIsTold(t *testing.T) {
	v := sharedViews()
	rules := riskclassic.Rules{}
	set, _ := json.Marshal(conquest.Settings{Neutrals: 1})
	st, err := rules.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	if st, _, err = conquest.Apply(rules, st, engine.Command{Type: conquest.CmdStart, Seat: engine.Host, Data: json.RawMessage(`{"random":true}`)}, testDice{rand.New(rand.NewPCG(1, 2))}); err != nil {
		t.Fatal(err)
	}
	s := st.(*conquest.State)
	// As after a rampage from a neutral territory into one of Ana's.
	from, to := -1, -1
	for ter, o := range s.Owner {
		for _, n := range s.Map().Neighbours(risk.TerritoryID(ter)) {
			if o == 2 && s.Owner[n] == 0 && from < 0 {
				from, to = ter, int(n)
			}
		}
	}
	s.Rampage = []conquest.RampageStep{{Neutral: 2, From: from, Options: []int{to}, Faces: []int{1}, Target: to, Armies: 9,
		Result: &conquest.RampageResult{Defender: 0, AttLost: 1, DefLost: 2, Conquered: true, Moved: 7}}}
	render := func(seat int) string {
		p := gamePage{Info: tracker.GameInfo{ID: 1, Kind: "risk", Name: "T", Setup: anaAndBen}, Viewer: engine.Viewer{Seat: seat}, View: rules.View(st, engine.Viewer{Seat: seat})}
		p.answer()
		html, err := v.fragment("game_risk", "live", page{Data: p, Host: seat == engine.Host})
		if err != nil {
			t.Fatal(err)
		}
		return html
	}
	target := s.Map().Name(risk.TerritoryID(to))
	for _, seat := range []int{engine.Host, engine.Public, 0, 1} {
		if h := render(seat); !strings.Contains(h, "move by move") || !strings.Contains(h, "attacks "+target+" (Ana) and takes it") {
			t.Fatalf("seat %d's screen does not tell the neutral's move into %s", seat, target)
		}
	}
	if h := render(0); !strings.Contains(h, "While you waited") || !strings.Contains(h, "took "+target+" from you") {
		t.Fatal("Ana's phone is not told that the neutral took her territory")
	}
	for _, seat := range []int{engine.Host, engine.Public, 1} {
		if strings.Contains(render(seat), "While you waited") {
			t.Fatalf("seat %d is told of a loss that was Ana's", seat)
		}
	}
}

// anaAndBen is the seats of the tests' conquest games, as their pages' game info holds them.
var anaAndBen = engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
