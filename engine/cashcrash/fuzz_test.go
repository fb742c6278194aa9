package cashcrash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

// FuzzCommandDecoding throws arbitrary payloads at every command in every
// phase: the engine refuses or accepts, never panics, and a refusal leaves
// the state untouched.
func FuzzCommandDecoding(f *testing.F) {
	for _, seed := range []string{``, `{}`, `null`, `[]`, `{"qty":3,"goods":"GO"}`, `{"qty":"3","gold":true}`, `{"card":4,"qty":5,"goods":"W"}`,
		`{"cards":"1,2"}`, `{"cards":[1,2],"recover":3}`, `{"card.1":true,"card.2":"on"}`, `{"give":1,"take":2}`, `{"qty":-1,"goods":"X"}`,
		`{"qty":1e99}`, `{"cards":[0,11,-3]}`, testSetJSON, `{"variant":"blitz","card1":"99G"}`, `{"first":7}`} {
		for c := range 13 {
			f.Add(seed, uint8(c), int8(0))
		}
	}
	types := []string{CmdConfigure, CmdStart, CmdSwap, CmdStake, CmdBid, CmdAdd, CmdSell, CmdDouble, CmdAccept, CmdPersist, CmdWithdraw, CmdForfeit, CmdRecover}
	var base []*State
	f.Fuzz(func(t *testing.T, data string, typ uint8, seat int8) {
		if base == nil {
			base = fuzzStates(t)
		}
		for _, b := range base {
			s := b.clone()
			before, _ := json.Marshal(s)
			cmd := engine.Command{Type: types[int(typ)%len(types)], Seat: int(seat)%4 - 1, Data: json.RawMessage(data)}
			if !json.Valid(cmd.Data) {
				cmd.Data = nil
			}
			evs, err := Rules{}.Decide(s, cmd, fixedDice{})
			after, _ := json.Marshal(s)
			if string(before) != string(after) {
				t.Fatalf("Decide changed the state")
			}
			if err != nil {
				if !engine.IsRefusal(err) {
					t.Fatalf("not a refusal: %v", err)
				}
				continue
			}
			for _, e := range evs {
				s = Rules{}.Evolve(s, e).(*State)
			}
			Rules{}.View(s, engine.Viewer{Seat: 0})
		}
	})
}

// fuzzStates are games in several phases.
func fuzzStates(t *testing.T) []*State {
	fresh, _ := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}, {Name: "C"}}})
	staking := newGame(t, "")
	bidding := newGame(t, `{"doubling":true}`)
	bidding.stake("1,4", "2,7", "3,10")
	bidding.do(0, CmdBid, bid(2, "G"))
	answer := newGame(t, `{"doubling":true}`)
	answer.stake("1,4", "2,7", "3,10")
	answer.do(0, CmdBid, bid(9, "G"))
	answer.do(1, CmdSell, ``)
	return []*State{fresh.(*State), staking.s, bidding.s, answer.s}
}
