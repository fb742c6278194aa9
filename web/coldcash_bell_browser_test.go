package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
	"tableside/internal/testenv"
)

// The closing bell in board mode, on a phone: the game goes through the
// tracker by offered moves, as the phones would send them (companies grown
// by placing beside them, absorbing and merging), until the player on turn
// may ring the bell; on their phone the bell is on the sheet itself (never
// folded) and inside the first screen, unscrolled; one tap ends the game,
// and every screen shows the end: "You win!" on the winner's phone, the
// winners' names on the others and the host, the final scores on each.
// The tap is listed in docs/screens.md.
func TestColdCashClosingBellIsOneTapOnThePhone(t *testing.T) {
	t.Parallel()
	sp := sheetTableOf(t, "coldcash", coldcash.Rules{}, map[string]any{"mode": "board", "deck": "app"}, "")
	ringer := -1
	near := map[string]bool{} // empty territories beside a company, read with the state
	grow := func(ms []engine.Move) engine.Move {
		if m, ok := moveOf(ms, coldcash.CmdOpen, coldcash.CmdMerge, coldcash.CmdAbsorb, coldcash.CmdFound); ok {
			return m
		}
		for _, m := range ms {
			if m.Type == coldcash.CmdPlace && near[m.To] {
				return m
			}
		}
		return firstOfAny(coldcash.CmdPlace, coldcash.CmdDividends, coldcash.CmdDraw, coldcash.CmdLeave)(ms)
	}
	sp.away() // the screens are read from the bell on
	sp.send(grow, func(st engine.State) bool {
		s := st.(*coldcash.State)
		g := board.Classic()
		clear(near)
		for _, id := range g.Territories() {
			for _, nb := range g.Neighbours(id) {
				if s.Table.Board.Owner(nb) != "" {
					near[id] = true
				}
			}
		}
		ringer = bellOffered(st)
		return ringer >= 0
	})
	if ringer < 0 {
		t.Fatal("the game ended before anyone could ring the closing bell")
	}
	sp.back()
	seq, _, _ := sp.now()
	tab := sp.seats[ringer]
	tab.WaitSeq(t, seq, sheetOffers, "the sheet with the closing bell")
	const bell = "#sheet .choice-declare"
	var at []float64
	tab.Run(t, chromedp.Evaluate(inFirstScreen+"("+jsString(bell)+")", &at))
	if at[0] < 0 {
		t.Fatalf("seat %d: the closing bell is folded or hidden; want it on the sheet", ringer)
	}
	if at[0] > at[1] || at[2] != 0 {
		t.Errorf("seat %d: the closing bell ends at %.0f px of a %.0f px screen, scrolled %.0f px; want it inside, unscrolled", ringer, at[0], at[1], at[2])
	}
	tab.Tap(t, bell)
	sp.ends("coldcash-bell")
	for _, each := range append([]*testenv.Tab{sp.host}, sp.seats...) {
		each.Run(t, testenv.WaitText(`#final`, "Final scores"))
	}
	t.Logf("seat %d rang the closing bell with 1 tap; it ended %.0f px down the %.0f px phone", ringer, at[0], at[1])
}

// bellOffered finds the seat whose sheet offers the closing bell, or -1.
func bellOffered(st engine.State) int {
	for seat := range st.(*coldcash.State).Seats {
		for _, m := range (coldcash.Rules{}).Moves(st, engine.Viewer{Seat: seat}).Moves {
			if m.Type == coldcash.CmdDeclare {
				return seat
			}
		}
	}
	return -1
}
