package riskclassic

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/enginetest"
)

func TestBadInputIsRefusedNamingTheProblem(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{})
	enginetest.RefusesBadInput(t, Rules{}, &tb.s, tb.dice, []enginetest.Bad{
		{engine.Host, conquest.CmdConfigure, `{"neutral":1}`, "", `"neutral"`},
		{engine.Host, conquest.CmdConfigure, `{"settings":{"neutralz":1}}`, "", `"neutralz"`},
		{engine.Host, conquest.CmdConfigure, `{"empire":true} {"first":2}`, "", "more after"},
		{engine.Host, conquest.CmdConfigure, `{"neutrals":1000000}`, "settings", "neutral"},
		{engine.Host, conquest.CmdConfigure, `{"neutrals":-1}`, "settings", "neutral"},
		{engine.Host, conquest.CmdConfigure, `{"startArmies":1000000}`, "settings", "start armies"},
		{engine.Host, conquest.CmdConfigure, `{"startArmies":-4}`, "settings", "start armies"},
		{engine.Host, conquest.CmdConfigure, `{"first":7}`, "first-player", "first player"},
		{engine.Host, conquest.CmdStart, `{"go":true}`, "", `start does not take the field "go"`},
		{engine.Host, conquest.CmdStart, `{}x`, "", "start"},
	})
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.placeAll()
	p := tb.s.Turn
	enginetest.RefusesBadInput(t, Rules{}, &tb.s, tb.dice, []enginetest.Bad{
		{p, conquest.CmdPlace, `{"territroy":1,"count":1}`, "", `"territroy"`},
		{p, conquest.CmdPlace, `{"territory":1,"count":1}]`, "", "more after"},
		{p, conquest.CmdPlace, `{"territory":"x","count":1}`, "whole-number", `"territory"`},
		{p, conquest.CmdPlace, `{"territory":1,"count":"2"}`, "whole-number", `place: "count" must be a whole number, not "2".`},
		{p, conquest.CmdPlace, `{"count":1}`, "no-such-territory", "territory"},
		{p, conquest.CmdAttack, `{"from":1,"to":2,"dice":3}`, "", `"dice"`},
		{p, conquest.CmdTrade, `{"cards":[1,2,3],"cardz":1}`, "", `"cardz"`},
		{p, conquest.CmdEndTurn, `{"now":1}`, "", `"now"`},
		{p, conquest.CmdFortify, `[1,2]`, "", "JSON object"},
	})
	own := -1
	for t, o := range tb.s.Owner {
		if o == p {
			own = t
			break
		}
	}
	for _, n := range []string{"1000000", "-3", `"many"`, "2.5"} { // (0 or blank is a form's "1")
		if err := tb.try(p, conquest.CmdPlace, map[string]any{"territory": own, "count": rawNum(n)}); !engine.IsRefusal(err) {
			t.Fatalf("placing %s armies: %v", n, err)
		}
	}
}

type rawNum string

func (n rawNum) MarshalJSON() ([]byte, error) { return []byte(n), nil }
