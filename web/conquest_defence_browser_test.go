package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/testenv"
)

// Ana attacks Ben with the app's dice; Ben's phone, live, shows the
// decision as two big buttons while Ana's phone says whom the table waits
// for; Ben taps "Defend with 2 dice" and the battle is rolled with two.
func TestBrowserDefenderTapsTheirDiceOnTheirPhone(t *testing.T) {
	t.Parallel()
	app, hostTab, _ := hostLaptop(t)
	id := createConquest(t, app, "risk", conquest.Settings{})
	ctx := context.Background()
	n := 0
	do := func(seat int, typ string, data any) {
		t.Helper()
		b, _ := json.Marshal(data)
		n++
		if _, err := app.Tracker.Do(ctx, id, engine.Command{Type: typ, Seat: seat, Data: b}, fmt.Sprint("b", n)); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
	state := func() *conquest.State {
		var s conquest.State
		app.Tracker.State(ctx, id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}
	do(engine.Host, "start", nil)
	s := state()
	from, to := -1, -1
	for a, o := range s.Owner {
		for _, nb := range risk.Classic().Neighbours(risk.TerritoryID(a)) {
			if o == 0 && s.Owner[nb] == 1 && from < 0 {
				from, to = a, int(nb)
			}
		}
	}
	for ; s.Phase == conquest.PhasePlace; s = state() {
		do(engine.Host, "place", map[string]int{"territory": []int{from, to}[s.Placer]})
	}
	do(engine.Host, "place", map[string]int{"territory": from, "count": s.Pool})
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#sheet .chance`, chromedp.ByQuery))
	ana, ben := joinTwoPhones(t, hostTab)
	tn := risk.Classic().Name(risk.TerritoryID(to))

	do(0, "attack", map[string]any{"from": from, "to": to, "mode": "roll"}) // as Ana's phone sends it
	ben.tab.Run(t, testenv.WaitText(`#turn`, "defend "+tn+" with 1 or 2 dice"), chromedp.WaitVisible(`#turn form.choice button`, chromedp.ByQuery))
	ana.tab.Run(t, testenv.WaitText(`#turn`, "Waiting for Ben: defend "+tn))
	// Ben's card names the attacker and the armies on both sides, and each
	// answer says its chance of holding.
	fn := risk.Classic().Name(risk.TerritoryID(from))
	st := state()
	card := text(t, ben.tab, `#turn .decision`)
	var holds []string
	ben.tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("#turn #sheet form[data-move] button")].map(b => b.textContent.replace(/\s+/g, " ").trim())`, &holds))
	if want := fmt.Sprintf("Ana attacks %s (%d) from %s (%d)", tn, st.Armies[to], fn, st.Armies[from]); !strings.Contains(card, want) {
		t.Errorf("Ben's card says %q; want %q", card, want)
	}
	if len(holds) != 2 || !strings.HasPrefix(holds[0], "Defend with 1 die") || !strings.HasPrefix(holds[1], "Defend with 2 dice") ||
		!strings.Contains(holds[0], "% hold") || !strings.Contains(holds[1], "% hold") {
		t.Errorf("Ben's answers are %q; want 1 die and 2, each with its chance to hold", holds)
	}
	c := &taps{t: t} // docs/screens.md: answer a decision, defend with 1 or 2 dice: 1 tap
	c.tap(ben.tab, `#turn form.choice:nth-of-type(2) button`)
	if last := state().Last; last == nil || len(last.Rolls) != 1 || len(last.Rolls[0].Defender) != 2 {
		t.Fatalf("after Ben's tap the battle is %+v; want one roll with 2 defender dice", last)
	}
	c.atMost("defending with 2 dice", 1)
	ana.tab.Run(t, testenv.WaitText(`#battle-moment`, tn))
	if b := text(t, ana.tab, `#battle-moment`); !strings.Contains(b, "Ana") {
		t.Fatalf("the battle moment says %q; want Ana's attack on %s", b, tn)
	}
}
