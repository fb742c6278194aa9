package cashcrash

import (
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// FuzzCommandDecoding throws arbitrary payloads at every command in every
// phase: the engine refuses or accepts, never panics, and a refusal leaves
// the state untouched.
func FuzzCommandDecoding(f *testing.F) {
	enginetest.Fuzz[*State]{
		Rules: Rules{},
		Seeds: []string{``, `{}`, `null`, `[]`, `{"qty":3,"goods":"GO"}`, `{"qty":"3","gold":true}`, `{"card":4,"qty":5,"goods":"W"}`,
			`{"cards":"1,2"}`, `{"cards":[1,2],"recover":3}`, `{"card.1":true,"card.2":"on"}`, `{"give":1,"take":2}`, `{"qty":-1,"goods":"X"}`,
			`{"qty":1e99}`, `{"cards":[0,11,-3]}`, testSetJSON, `{"variant":"blitz","card1":"99G"}`, `{"first":7}`,
			`{"qty":3,"goods":"G","seats":1}`, `{"cards":"1,2"} {"cards":"3"}`, `{"qty":3}x`, `{"card11":"5G"}`},
		Types:  []string{CmdConfigure, CmdStart, CmdSwap, CmdStake, CmdBid, CmdAdd, CmdSell, CmdDouble, CmdAccept, CmdPersist, CmdWithdraw, CmdForfeit, CmdRecover},
		Seats:  4,
		States: fuzzStates,
		Clone:  (*State).clone,
		Dice:   dice,
	}.Run(f)
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
