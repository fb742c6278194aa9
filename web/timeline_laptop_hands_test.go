package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
)

// conquestView is the host's live view of twin game a (the twins differ
// only in the deck's order, which no public move depends on).
func (tw *timelineTwin) conquestView() conquest.View {
	tw.t.Helper()
	var v struct{ View conquest.View }
	if code := tw.a.host.getJSON(fmt.Sprintf("/games/%d/view", tw.a.game), &v); code != http.StatusOK {
		tw.t.Fatalf("view: %d", code)
	}
	return v.View
}

// With "show the hand of the player on turn on the laptop" (a table without
// phones), the laptop's timeline shows no hand at any step: whoever sits at
// the laptop now is the player on turn now, not the one on turn then. Two
// Piecepack Conquers the World games differ only in the deck's order (the
// shuffle's seed), so the card Ana draws for her conquest differs; on Ben's
// turn every timeline step of the host, the host's TV window, the TV and
// Ben's phone is the same bytes in both, Ana's own turns with her card in
// hand included. Ana's own phone shows her card.
func TestTimelineShowsTheLaptopNoHandOfAPastTurn(t *testing.T) {
	t.Parallel()
	tw := &timelineTwin{t: t, a: newTwinTable(t, "pctw", "Ana", "Ben"), b: newTwinTable(t, "pctw", "Ana", "Ben"), holder: 0}
	tw.b.app.Tracker.Seed = func() [32]byte { return [32]byte{91} } // another deck order; every battle below is typed
	tw.both(engine.Host, "configure", map[string]any{"laptopHands": true})
	tw.pctwAnaConquersOnce()
	// Ben's turn, no conquest; Ana's next turn with her card in hand on the
	// laptop; then Ben's turn again, as the timeline is looked at.
	tw.reinforce(-1)
	tw.both(engine.Host, "endTurn", nil)
	tw.reinforce(-1)
	if v := tw.conquestView(); v.Turn != 0 || v.HandOf != 0 || len(v.Hand) != 1 {
		tw.t.Fatalf("Ana's second turn: turn %d, the laptop shows hand of %d: %v; want Ana's one card", v.Turn, v.HandOf, v.Hand)
	}
	tw.both(engine.Host, "endTurn", nil)
	if v := tw.conquestView(); v.Turn != 1 {
		tw.t.Fatalf("turn %d; want Ben's", v.Turn)
	}
	tw.same()
}

// reinforce places the player on turn's whole build on one of their
// territories (at, or their first).
func (tw *timelineTwin) reinforce(at int) {
	tw.t.Helper()
	v := tw.conquestView()
	if v.Phase != conquest.PhaseReinforce {
		tw.t.Fatalf("phase %s; want reinforce", v.Phase)
	}
	for _, tr := range v.Territories {
		if at < 0 && tr.Owner == v.Turn {
			at = tr.ID
		}
	}
	tw.both(engine.Host, "place", map[string]int{"territory": at, "count": v.Pool})
}

// pctwAnaConquersOnce starts both PCtW games, claims and places every
// start army, and plays Ana's first turn: a build beside one of Ben's
// tiles, a conquest with the table's typed losses, and the card it earns
// at the turn's end. Ben is then on turn.
func (tw *timelineTwin) pctwAnaConquersOnce() {
	tw.both(engine.Host, "start", nil)
	v := tw.conquestView()
	for v.Phase == conquest.PhaseClaim || v.Phase == conquest.PhasePlace {
		for _, tr := range v.Territories {
			if v.Phase == conquest.PhaseClaim && tr.Owner < 0 || v.Phase == conquest.PhasePlace && tr.Owner == v.Placer {
				tw.both(engine.Host, "place", map[string]int{"territory": tr.ID})
				break
			}
		}
		v = tw.conquestView()
	}
	from, to := -1, -1
	for _, tr := range v.Territories {
		for _, n := range tr.Neighbours {
			if from < 0 && tr.Owner == 0 && v.Territories[n].Owner == 1 {
				from, to = tr.ID, n
			}
		}
	}
	tw.reinforce(from)
	v = tw.conquestView()
	tw.both(engine.Host, "attack", map[string]any{"from": from, "to": to, "mode": "losses", "attLost": 0, "defLost": v.Territories[to].Armies})
	if v = tw.conquestView(); v.Pending != nil {
		tw.both(engine.Host, "move", map[string]int{"count": 1})
	}
	tw.both(engine.Host, "endTurn", nil)
}
