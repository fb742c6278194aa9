package cashcrash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

// Two games that differ only in Ben's secret cards look the same, byte for
// byte, to Ana, Cat, the host and the public, until a challenge reveals.
func TestNoViewShowsAnotherPlayersCards(t *testing.T) {
	a := newGame(t, "")
	b := newGame(t, "")
	a.stake("1,4", "2,7", "3,10")
	b.stake("1,4", "5,6", "3,10")
	a.do(0, CmdBid, bid(2, "G"))
	b.do(0, CmdBid, bid(2, "G"))
	a.do(1, CmdAdd, add(8, 3, "O"))
	b.do(1, CmdAdd, add(9, 3, "O"))
	for _, v := range []int{engine.Host, engine.Public} {
		same(t, a, b, v)
	}
	// Ana's and Cat's odds do depend on what could be in Ben's stake, but not
	// on what is: their views match too.
	same(t, a, b, 0)
	same(t, a, b, 2)
	va, _ := json.Marshal(Rules{}.View(a.s, engine.Viewer{Seat: 1}))
	vb, _ := json.Marshal(Rules{}.View(b.s, engine.Viewer{Seat: 1}))
	if string(va) == string(vb) {
		t.Fatal("Ben's own view must show his cards")
	}
	// A red zone swap is seen to happen, but not which cards.
	c, d := newGame(t, "", "Ana", "Ben"), newGame(t, "", "Ana", "Ben")
	for _, g := range []*game{c, d} {
		g.s.Players[1].Hand, g.s.Players[1].Lost = []int{1, 2, 3, 4}, []int{5, 6, 7, 8, 9, 10}
	}
	c.do(1, CmdSwap, `{"give":1,"take":5}`)
	d.do(1, CmdSwap, `{"give":4,"take":10}`)
	same(t, c, d, 0)
	same(t, c, d, engine.Public)
}

func same(t *testing.T, a, b *game, seat int) {
	t.Helper()
	va, _ := json.Marshal(Rules{}.View(a.s, engine.Viewer{Seat: seat}))
	vb, _ := json.Marshal(Rules{}.View(b.s, engine.Viewer{Seat: seat}))
	if string(va) != string(vb) {
		t.Fatalf("viewer %d can tell another player's secret cards apart:\n%s\n%s", seat, va, vb)
	}
}
