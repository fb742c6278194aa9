package cashcrash

import "testing"

// Endurance: the red zone is 3 cards or fewer, and a player down to one
// card stakes it alone, taking nothing back from the discards.
func TestEnduranceRedZoneIsThreeAndOneCardIsNotRecovered(t *testing.T) {
	g := newGame(t, `{"variant":"endurance"}`, "Ana", "Ben")
	p := &g.s.Players[0]
	p.Hand, p.Lost = []int{1, 2, 3, 4}, []int{5, 6, 7, 8, 9, 10}
	g.refused(0, CmdSwap, `{"give":1,"take":5}`, "red-zone")
	p = &g.s.Players[0]
	p.Hand, p.Lost = []int{1, 2, 3}, []int{4, 5, 6, 7, 8, 9, 10}
	g.do(0, CmdSwap, `{"give":1,"take":5}`)

	h := newGame(t, `{"variant":"endurance"}`, "Ana", "Ben")
	q := &h.s.Players[0]
	q.Hand, q.Lost = []int{5}, []int{1, 2, 3, 4, 6, 7, 8, 9, 10}
	h.refused(0, CmdStake, `{"cards":[5],"recover":9}`, "recover-last-card")
	h.do(0, CmdStake, `{"cards":[5]}`)
}
