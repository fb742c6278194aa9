package web_test

import (
	"context"
	"fmt"
	"testing"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/pctw"
	"tableside/engine/riskclassic"
	"tableside/engine/takeover"
	"tableside/internal/enginetest"
	"tableside/internal/testenv"
)

// First-game mode draws the same card in every game: in RISK, PCtW,
// Takeover and Cash or Crash, the phones of a table with the setting show
// the engine's "Now:" line and "not now" lines on each card, first at the
// game's first card and then at the first card with a "not now" (within a
// few dozen moves, played by the offered moves), at 360 and 390 px, with
// no tap target under 44 px, no sideways scroll and nothing axe finds.
func TestBrowserFirstGameCardsInEveryGame(t *testing.T) {
	for _, g := range []struct {
		kind     string
		rules    engine.Rules
		settings map[string]any
		start    string
		data     map[string]any // the start's
		prefer   []string       // the move types the table plays first, to reach a "not now"
	}{
		{"risk", riskclassic.Rules{}, map[string]any{"startArmies": 24}, "start", map[string]any{"random": true}, []string{"place", "endAttack"}},
		{"pctw", pctw.Rules{}, nil, "start", map[string]any{"random": true}, []string{"place", "endAttack"}},
		{"takeover", takeover.Rules{}, nil, "deal", nil, []string{takeover.CmdDraft, takeover.CmdConceal, takeover.CmdPass}},
		{"cashcrash", cashcrash.Rules{}, nil, "start", nil, []string{cashcrash.CmdStake, cashcrash.CmdBid}},
	} {
		t.Run(g.kind, func(t *testing.T) {
			t.Parallel()
			settings := map[string]any{"firstGame": true}
			for k, v := range g.settings {
				settings[k] = v
			}
			tb := newScreenTable(t, g.kind, settings)
			tb.host.Close() // the cards are read on the phones: the host's screen need not redraw every move
			if code, body := hostDevice(t, tb.app).command(tb.id, g.start, g.data, ""); code != 200 {
				t.Fatalf("%s: %d %s", g.start, code, body)
			}
			looked, notNow := 0, false
			for moves := 0; moves < 80 && (looked == 0 || !notNow); moves++ {
				var seq int64
				var sheets [2]engine.Sheet
				var actor engine.Viewer
				var offers []engine.Move
				tb.app.Tracker.State(context.Background(), tb.id, func(st engine.State, q int64) {
					seq = q
					for seat := range sheets {
						sheets[seat] = g.rules.Moves(st, engine.Viewer{Seat: seat})
					}
					actor = engine.Viewer{Seat: engine.Host}
					if w, ok := g.rules.Waiting(st); ok && len(w.Seats) > 0 {
						actor.Seat = w.Seats[0]
					}
					offers = g.rules.Moves(st, actor).Moves
				})
				for seat, sh := range sheets {
					if sh.Teach == nil || (looked > 0 && len(sh.Teach.NotNow) == 0) || !atItsStep(sh) {
						continue
					}
					where := fmt.Sprintf("%s, move %d, seat %d's %q card", g.kind, moves, seat, sh.Step)
					readCard(t, tb.phones[seat], seq, sh.Teach, where)
					checkScreen(t, tb.phones[seat], fmt.Sprintf("firstgame-%s-%s-phone%d", g.kind, sh.Step, []int{360, 390}[seat]))
					testenv.Axe(t, tb.phones[seat], where)
					looked++
					notNow = notNow || len(sh.Teach.NotNow) > 0
					break
				}
				if len(offers) == 0 {
					break
				}
				m, _ := moveOf(offers, g.prefer...)
				if m.Type == "" {
					m = offers[0]
				}
				if _, err := tb.app.Tracker.Do(context.Background(), tb.id, enginetest.MoveCmd(actor, m, nil), ""); err != nil {
					t.Fatalf("the offered %q was refused: %v", m.Label, err)
				}
			}
			if looked == 0 {
				t.Fatal("no phone showed a first-game card")
			}
			t.Logf("%s: %d cards read off the phones; a not-now card among them: %v", g.kind, looked, notNow)
		})
	}
}

// atItsStep says a sheet has a move of its own step (not only folded
// ones while another plays).
func atItsStep(sh engine.Sheet) bool {
	for _, m := range sh.Moves {
		if m.Step == sh.Step && !m.Minor {
			return true
		}
	}
	return false
}
