package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
)

// newBoardTwin is two Cold Cash Risk board games with the app's deck, Ana
// and Ben playing on the laptop (their phones sent away), after the same
// opening bell.
func newBoardTwin(t *testing.T) *timelineTwin {
	t.Helper()
	set := map[string]any{"mode": "board", "deck": "app"}
	tw := &timelineTwin{t: t, a: newTwinTableWith(t, "coldcash", set, "Ana", "Ben"), b: newTwinTableWith(t, "coldcash", set, "Ana", "Ben"), holder: 0}
	tw.phonesLeave(0, 1)
	tw.both(engine.Host, "open", nil)
	return tw
}

// boardTableOf reads a twin's board-mode table (a copy of what matters).
func boardTableOf(t *testing.T, tt *twinTable) (acting int, step string, hand []string, usable []string) {
	t.Helper()
	err := tt.app.Tracker.State(context.Background(), tt.game, func(st engine.State, _ int64) {
		tb := st.(*coldcash.State).Table
		acting, step = tb.Order[tb.Pos], tb.Step
		hand = slices.Clone(tb.Deck.Hands[0])
		usable = board.Usable(board.Classic(), tb.Board, tb.Deck.Hands[acting])
	})
	if err != nil {
		t.Fatal(err)
	}
	return acting, step, hand, usable
}

// swapAnasCard trades one card of Ana's hand in game b for the bottom card
// of the pile, which nobody sees (test surgery: the two games then differ
// only in her hand). It keeps keep, the card she is about to place.
func (tw *timelineTwin) swapAnasCard(keep string) {
	tw.t.Helper()
	swapped := false
	err := tw.b.app.Tracker.State(context.Background(), tw.b.game, func(st engine.State, _ int64) {
		d := st.(*coldcash.State).Table.Deck
		last := len(d.Pile) - 1
		for i, c := range d.Hands[0] {
			if c != keep && c != d.Pile[last] && !swapped {
				d.Hands[0][i], d.Pile[last] = d.Pile[last], c
				swapped = true
			}
		}
	})
	if err != nil || !swapped {
		tw.t.Fatalf("no card of Ana's hand to swap: %v", err)
	}
}

// playTurn plays the acting seat's activity turn from its hand on the
// laptop in both games: it places a card it holds in both, leaves the Mom
// & Pop, passes and takes its card.
func (tw *timelineTwin) playTurn() {
	tw.t.Helper()
	seat, _, _, usable := boardTableOf(tw.t, tw.a)
	tw.laptopBoth(fmt.Sprintf("/laptop/%d/open", seat), url.Values{"confirm": {"yes"}}, http.StatusOK)
	for range 6 {
		now, step, _, _ := boardTableOf(tw.t, tw.a)
		if now != seat {
			return
		}
		tw.n++
		idem := fmt.Sprint("turn", tw.n)
		switch step {
		case coldcash.StepPlace:
			tw.laptopMoveWith(seat, "place", map[string]any{"territory": usable[0]}, idem, http.StatusOK)
		case coldcash.StepOutcome:
			tw.laptopMove(seat, "leave", idem, http.StatusOK)
		default:
			tw.laptopMove(seat, "pass", idem, http.StatusOK)
		}
	}
	tw.t.Fatalf("seat %d's turn did not end", seat)
}

// In Cold Cash Risk board mode with the app's deck, Ana's territory cards
// reach the laptop only while her hand is open there: two games differ
// only in one card of her hand (the other in the pile's last card). The
// laptop's page, live view and laptop card are the same bytes in both
// before her hand opens, while Ben's hand is open, and after hers is
// hidden and after it closed itself when her move passed to Ben; they
// differ only while her hand is open.
func TestLaptopShowsColdCashTerritoryCardsOnlyWhileTheirHoldersHandIsOpen(t *testing.T) {
	t.Parallel()
	tw := newBoardTwin(t)
	if seat, _, _, _ := boardTableOf(t, tw.a); seat != 0 {
		tw.laptopSame("Ben's turn, no hand open")
		tw.laptopBoth("/laptop/1/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
		tw.laptopSame("Ben's hand open")
		tw.playTurn()
	}
	_, _, _, usable := boardTableOf(t, tw.a)
	tw.swapAnasCard(usable[0])
	if _, _, a, _ := boardTableOf(t, tw.a); slices.Equal(a, func() []string { _, _, b, _ := boardTableOf(t, tw.b); return b }()) {
		t.Fatal("the twins hold the same hand; the test proves nothing")
	}
	tw.laptopSame("Ana's turn, no hand open")
	tw.laptopBoth("/laptop/0/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
	tw.laptopDiffers("Ana's hand open")
	tw.laptopBoth("/laptop/hide", nil, http.StatusOK)
	tw.laptopSame("Ana's hand hidden")
	tw.laptopBoth("/laptop/0/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
	tw.laptopDiffers("Ana's hand open again")
	tw.laptopMoveWith(0, "place", map[string]any{"territory": usable[0]}, "l1", http.StatusOK)
	tw.laptopDiffers("Ana's hand still open after her placement")
	tw.playTurn()
	if seat, _, _, _ := boardTableOf(t, tw.a); seat != 1 {
		t.Fatalf("seat %d acts after Ana's turn; want Ben", seat)
	}
	tw.laptopSame("Ben's turn, Ana's hand closed itself")
	tw.laptopBoth("/laptop/1/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
	tw.laptopSame("Ben's hand open")
}
