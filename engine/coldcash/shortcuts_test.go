package coldcash

import (
	"testing"

	"tableside/engine"
)

// offered lists the ids of the disposal shortcuts every screen shows: the
// awaited holder's phone choices, its advisor, its view and the host's.
func (tb *table) offered(seat int) map[string][]string {
	out := map[string][]string{}
	_, cs := (Rules{}).Moves(tb.s, engine.Viewer{Seat: seat}).Decision()
	for _, c := range cs {
		out["choices"] = append(out["choices"], c.ID)
	}
	for _, a := range tb.s.Advise(seat)[1:] {
		out["advisor"] = append(out["advisor"], a.ID)
	}
	for name, v := range map[string]engine.Viewer{"phone": {Seat: seat}, "host": {Seat: engine.Host}} {
		for _, c := range tb.s.View(v).Merger.Choices {
			out[name] = append(out[name], c.Choice)
		}
	}
	return out
}

func offersTradeMax(ids []string) bool {
	for _, id := range ids {
		if id == ChoiceTradeMax {
			return true
		}
	}
	return false
}

// "Trade max" is offered only when it trades something: with the bank out
// of survivor shares it would keep every share, like "keep all", so no
// screen offers it; with shares in the bank it is offered again.
func TestTradeMaxOfferedOnlyWhenTheBankHasSurvivorShares(t *testing.T) {
	for _, bankEmpty := range []bool{true, false} {
		tb := newTable(t, 2, nil)
		tb.found("c6", 1, 9)
		tb.found("c2", 0, 6)
		tb.give(0, "c2", 1) // Ana holds 2 Festival: one trade's worth
		if bankEmpty {
			tb.give(1, "c6", 24) // Ben takes every Imperial share
		}
		tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
		for screen, ids := range tb.offered(0) {
			if got := offersTradeMax(ids); got == bankEmpty {
				t.Errorf("bank empty %v: %s offers %v; trade max should be offered only when it trades", bankEmpty, screen, ids)
			}
		}
	}
}

// With one share the holder has too few for a trade: trade max is not
// offered. Two shares, one hidden: the holder's phone offers it (it counts
// the hidden share), the host's screen does not, judging by the one shown.
func TestTradeMaxNeedsSharesForOneTradeCountingHiddenOnlyOnTheHoldersPhone(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 1, 9)
	tb.found("c2", 0, 6) // Ana's free share: 1 Festival
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	for screen, ids := range tb.offered(0) {
		if offersTradeMax(ids) {
			t.Errorf("one share: %s offers %v", screen, ids)
		}
	}
	tb = newTable(t, 2, nil)
	tb.found("c6", 1, 9)
	tb.found("c2", 0, 6)
	tb.give(0, "c2", 1)
	tb.must(0, CmdHide, H{"company": "c2", "hidden": 1})
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	got := tb.offered(0)
	for _, screen := range []string{"choices", "advisor", "phone"} {
		if !offersTradeMax(got[screen]) {
			t.Errorf("Ana's %s does not offer trade max for her 2 shares: %v", screen, got[screen])
		}
	}
	if offersTradeMax(got["host"]) {
		t.Errorf("the host's screen offers trade max on one shown share: %v", got["host"])
	}
}
