package pctw

import (
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/enginetest"
)

// The cards are the second piecepack's tiles matching the map, plus the
// aces set aside from the map, which are wild: 21 + 2 on the default map.
func TestDeckIsTheMatchingTilesPlusTheWildAces(t *testing.T) {
	cards := deck(conquest.Settings{}, nil)
	wild, tiles := 0, map[string]bool{}
	for _, c := range cards {
		if c.IsWild() {
			wild++
			continue
		}
		tiles[c.Label] = true
	}
	if len(cards) != 23 || wild != 2 || len(tiles) != 21 {
		t.Fatalf("deck of %d cards, %d wild, %d distinct tiles; want 23, 2, 21", len(cards), wild, len(tiles))
	}
	for _, a := range []string{"Ace of Suns (wild)", "Ace of Moons (wild)"} {
		found := false
		for _, c := range cards {
			found = found || (c.Label == a && c.IsWild())
		}
		if !found {
			t.Fatalf("no wild card %q in %v", a, cards)
		}
	}
}

// The draft is for 2 to 4 players.
func TestPCTWIsForTwoToFourPlayers(t *testing.T) {
	for _, n := range []int{1, 5} {
		if _, err := (Rules{}).New(engine.Setup{Seats: make([]engine.Seat, n)}); err == nil {
			t.Fatalf("a game for %d players was started", n)
		}
	}
	for n := 2; n <= 4; n++ {
		enginetest.New[*conquest.State](t, Rules{}, conquest.Settings{}, enginetest.Names(n)...)
	}
}

// A turn that conquered draws one card; a turn that did not draws none;
// the turn passes to the next player in seat order (to the left).
func TestConquestEarnsOneCardAndTheTurnPassesLeft(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{})
	tb.setUp()
	p := tb.s.Turn
	q := (p + 1) % 3
	for t := range tb.s.Owner {
		tb.s.Owner[t], tb.s.Armies[t] = q, 1
	}
	tb.s.Owner[0], tb.s.Armies[0], tb.s.Owner[20] = p, 6, 3-p-q // tile 0 borders tile 1
	tb.s.Pool = 0
	tb.do(p, conquest.CmdAttack, map[string]any{"from": 0, "to": 1, "mode": "faces", "attFaces": "6 6 6", "defFaces": "1"})
	tb.do(p, conquest.CmdMove, map[string]int{"count": 3})
	tb.do(p, conquest.CmdEndAttack, nil)
	if len(tb.s.Hands[p]) != 1 || tb.s.Turn != q {
		t.Fatalf("after a conquering turn: %d cards, turn %d; want 1 card and seat %d", len(tb.s.Hands[p]), tb.s.Turn, q)
	}
	for tb.s.Pool > 0 {
		for t, o := range tb.s.Owner {
			if o == q {
				tb.do(q, conquest.CmdPlace, map[string]int{"territory": t, "count": tb.s.Pool})
				break
			}
		}
	}
	tb.do(q, conquest.CmdEndAttack, nil)
	if len(tb.s.Hands[q]) != 0 || tb.s.Turn != (q+1)%3 {
		t.Fatalf("after a turn without a conquest: %d cards, turn %d", len(tb.s.Hands[q]), tb.s.Turn)
	}
}
