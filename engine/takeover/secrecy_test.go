package takeover

import (
	"encoding/json"
	"fmt"
	"testing"

	"tableside/engine"
)

// No screen but Ana's may learn which of Ana's coins are stock: two games
// that differ only in Ana's secret choice look the same, byte for byte, to
// Ben, the host and the public.
func TestNoViewShowsAnotherPlayersCoins(t *testing.T) {
	a := started(t, "", "S1,M2", benStock)
	b := started(t, "", "S3,A5,C0", benStock)
	for _, v := range []int{1, engine.Host, engine.Public} {
		va, _ := json.Marshal(Rules{}.View(a.s, engine.Viewer{Seat: v}))
		vb, _ := json.Marshal(Rules{}.View(b.s, engine.Viewer{Seat: v}))
		if string(va) != string(vb) {
			t.Fatalf("viewer %d can tell Ana's stock choices apart:\n%s\n%s", v, va, vb)
		}
	}
	va, _ := json.Marshal(Rules{}.View(a.s, engine.Viewer{Seat: 0}))
	vb, _ := json.Marshal(Rules{}.View(b.s, engine.Viewer{Seat: 0}))
	if string(va) == string(vb) {
		t.Fatal("Ana's own view must show her choice")
	}
	// Which coins a player holds is secret too: swap one coin between Ana and
	// Ben and nobody else can tell.
	c := started(t, "", "S1,M2", benStock)
	c.s.Players[0].Coins[2], c.s.Players[1].Coins[2] = c.s.Players[1].Coins[2], c.s.Players[0].Coins[2]
	for _, v := range []int{engine.Host, engine.Public} {
		va, _ := json.Marshal(Rules{}.View(a.s, engine.Viewer{Seat: v}))
		vc, _ := json.Marshal(Rules{}.View(c.s, engine.Viewer{Seat: v}))
		if string(va) != string(vc) {
			t.Fatalf("viewer %d can tell who holds which coin", v)
		}
	}
	// A merge that cashes out Ana's stock tells only Ana.
	a.do(0, CmdPass, ``)
	b.do(0, CmdPass, ``)
	a.do(1, CmdMerge, `{"from":"C2","to":"B2","pay":"C2"}`) // absorbs M2: Ana's stock in game a only
	b.do(1, CmdMerge, `{"from":"C2","to":"B2","pay":"C2"}`)
	for _, v := range []int{1, engine.Host, engine.Public} {
		va, _ := json.Marshal(Rules{}.View(a.s, engine.Viewer{Seat: v}))
		vb, _ := json.Marshal(Rules{}.View(b.s, engine.Viewer{Seat: v}))
		if string(va) != string(vb) {
			t.Fatalf("viewer %d learns whose stock was cashed out", v)
		}
	}
}

// A coin handed over in a deal keeps its face: the rules trade stocks and
// cash assets as such and allow no flip after the concealing, so the
// receiver holds, and sees, the coin as it was given (a stock stays a
// stock). Nobody else learns its face, nor which coins moved: the host,
// the public and the feed see the same bytes whichever face it had.
func TestGivenCoinKeepsItsFaceWhichOnlyTheReceiverLearns(t *testing.T) {
	stock := started(t, "", "S1,M2", benStock) // M2 is Ana's stock
	cash := started(t, "", "S1,M3", benStock)  // M2 is Ana's cash
	fa := stock.feedOf(stock.do(0, CmdGive, `{"to":1,"coins":"M2"}`))
	fb := cash.feedOf(cash.do(0, CmdGive, `{"to":1,"coins":"M2"}`))
	if fmt.Sprint(fa) != fmt.Sprint(fb) {
		t.Fatalf("the feed tells the given coin's face:\n%v\n%v", fa, fb)
	}
	for _, v := range []int{engine.Host, engine.Public} {
		va, _ := json.Marshal(Rules{}.View(stock.s, engine.Viewer{Seat: v}))
		vb, _ := json.Marshal(Rules{}.View(cash.s, engine.Viewer{Seat: v}))
		if string(va) != string(vb) {
			t.Fatalf("viewer %d can tell the given coin's face:\n%s\n%s", v, va, vb)
		}
	}
	face := func(g *game) bool {
		t.Helper()
		for _, c := range g.s.hand(1).Coins {
			if c.Code == "M2" {
				return c.Stock
			}
		}
		t.Fatal("Ben does not hold the coin Ana gave him")
		return false
	}
	if !face(stock) || face(cash) {
		t.Fatal("the coin changed its face in the hand-over: a stock must arrive a stock, cash as cash")
	}
}
