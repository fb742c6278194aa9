package web

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
	"tableside/tracker"
)

// The rampaging neutral's turn is on every screen move by move, and only
// the phone that lost a territory is told so in a card of its own.
func TestNeutralFeedOnEveryScreenAndThePhoneThatLostIsTold(t *testing.T) {
	v := mustViews()
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
		p := gamePage{Info: tracker.GameInfo{ID: 1, Kind: "risk", Name: "T"}, Viewer: engine.Viewer{Seat: seat}, View: rules.View(st, engine.Viewer{Seat: seat})}
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
