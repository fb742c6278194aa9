package web

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/riskclassic"
	"tableside/tracker"
)

// The start armies' moves on the sheet offer a count only at a table that
// set "several at a time" (from 1 to all that may go there, starting at
// all of them); by default each move places one army and says so.
func TestStartArmiesSheetOffersACountOnlyWithSeveralAtATime(t *testing.T) {
	t.Parallel()
	v := mustViews()
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
	p := gamePage{Info: tracker.GameInfo{ID: 1, Kind: rules.Kind(), Name: "T"}, Viewer: engine.Viewer{Seat: engine.Host}, View: rules.View(st, engine.Viewer{Seat: engine.Host})}
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
