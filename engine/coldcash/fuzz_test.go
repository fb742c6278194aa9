package coldcash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

// FuzzDecide throws arbitrary command data (what a phone could send) at a
// game in the middle of a merger and at one between turns: Decide never
// panics, never changes the state, and whatever it accepts keeps the
// ledger's invariants.
func FuzzDecide(f *testing.F) {
	types := []string{CmdFound, CmdSize, CmdBuy, CmdSell, CmdHide, CmdDividends, CmdMerge, CmdDispose, CmdTurn, CmdMeeting, CmdAccept, CmdVote, CmdDissolve, CmdEnd}
	seeds := []string{`{"company":"c5","count":3}`, `{"seat":1,"company":"c6","count":"2"}`, `{"count":1.5}`, `{"count":-1}`,
		`{"sell":1,"trade":2,"keep":0}`, `{"choice":"trade-max"}`, `{"defuncts":["c5","c6"],"survivor":"c6","maker":0}`,
		`{"size":1e300}`, `[]`, `null`, `{"hidden":"x"}`, `{"seat":99}`,
		`{"company":"c5","count":1,"seats":1}`, `{"company":"c5","count":1} {"count":3}`, `{"size":1000000,"company":"c4"}`, `{"choice":"keep-all"}]`}
	for i, s := range seeds {
		f.Add(uint8(i), int8(-1), s, false)
		f.Add(uint8(i*5), int8(1), s, true)
	}
	f.Fuzz(func(t *testing.T, typ uint8, seat int8, data string, merging bool) {
		tb := newTable(&testing.T{}, 3, nil)
		tb.t = t
		tb.found("c6", 0, 8)
		tb.found("c5", 1, 6)
		tb.give(2, "c5", 3)
		if merging {
			tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c5", "maker": 0})
		}
		before, _ := json.Marshal(tb.s)
		cmd := engine.Command{Type: types[int(typ)%len(types)], Seat: int(seat) % 4, Data: json.RawMessage(data)}
		evs, err := Rules{}.Decide(tb.s, cmd, nil)
		after, _ := json.Marshal(tb.s)
		if string(before) != string(after) {
			t.Fatal("Decide changed the state")
		}
		if err != nil {
			if !engine.IsRefusal(err) {
				t.Fatalf("not a refusal: %v", err)
			}
			return
		}
		for _, e := range evs {
			Rules{}.Evolve(tb.s, e)
		}
		tb.check()
	})
}
