package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/testenv"
)

// The defender chooses 1 or 2 dice on their own phone: an attack with
// virtual dice waits for Ben's phone, which alone (with the host) may
// answer; Ana's phone is refused. With Ben's phone gone, the host answers
// for him on the laptop.
func TestDefenderChoosesDiceOnTheirPhone(t *testing.T) {
	app, host, ana, ben := hostAndTwoPhones(t)
	// Ana piles her armies on one territory beside Ben's, Ben on that one.
	game, from, to, must, state := riskAtFirstAttack(t, app, host, ana, ben)
	tn := risk.Classic().Name(risk.TerritoryID(to))

	// Ana's phone attacks with one roll of the app's dice; the table waits for Ben.
	must(ana, "attack", map[string]any{"from": from, "to": to, "mode": "roll"}, "a1")
	type screen struct {
		Waiting struct {
			Seats []int
			Text  string
		}
		Turn string
	}
	var onAna, onBen screen
	ana.getJSON(fmt.Sprintf("/games/%d/view", game), &onAna)
	ben.getJSON(fmt.Sprintf("/games/%d/view", game), &onBen)
	if want := "defend " + tn + " with 1 or 2 dice"; onBen.Waiting.Text != want || !slices.Equal(moveTypes(onBen.Turn), []string{"defend", "defend"}) || !strings.Contains(onBen.Turn, "Your move") {
		t.Fatalf("Ben's phone: %+v; want the decision %q with two choices", onBen, want)
	}
	if slices.Contains(moveTypes(onAna.Turn), "defend") || !strings.Contains(onAna.Turn, "Waiting for <strong>Ben</strong>: defend "+tn+" with 1 or 2 dice") {
		t.Fatalf("Ana's phone: %+v; want her waiting for Ben, with no choices", onAna)
	}
	// Ana's phone cannot answer for Ben, nor attack again meanwhile.
	if code, body := ana.command(game, "defend", map[string]int{"dice": 1}, "d0"); code != 422 || !strings.Contains(body, "Only Ben") {
		t.Fatalf("Ana's phone answering for Ben: %d %s", code, body)
	}
	if code, _ := ana.command(game, "attack", map[string]any{"from": from, "to": to}, "a0"); code != 422 {
		t.Fatalf("Ana attacked again while Ben's dice were awaited: %d", code)
	}
	// Ben's phone chooses one die: the roll is 3 dice against 1.
	must(ben, "defend", map[string]int{"dice": 1}, "d1")
	if last := state().Last; last == nil || len(last.Rolls) != 1 || len(last.Rolls[0].Attacker) != 3 || len(last.Rolls[0].Defender) != 1 {
		t.Fatalf("after Ben's one die the battle is %+v", last)
	}

	// Ben's phone is kicked: the host's laptop answers for him, with 2 dice.
	if code, _ := host.postForm(fmt.Sprintf("/games/%d/seats/1/kick", game), nil); code != 200 {
		t.Fatalf("kick: %d", code)
	}
	must(ana, "attack", map[string]any{"from": from, "to": to, "mode": "roll"}, "a2")
	if _, page := host.get(fmt.Sprintf("/games/%d", game)); !strings.Contains(page, `choice-defend-2`) {
		t.Fatal("the laptop offers no way to answer for Ben")
	}
	if code, _ := host.postForm(fmt.Sprintf("/games/%d/commands", game), url.Values{"type": {"defend"}, "d.dice": {"2"}}); code != 200 {
		t.Fatalf("the host answering for Ben: %d", code)
	}
	if s := state(); s.Defence != nil || len(s.Last.Rolls[0].Defender) != 2 {
		t.Fatalf("after the host's 2 dice: defence %+v, battle %+v", s.Defence, s.Last)
	}
}

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
	ana, ben := joinTwoPhones(t, app, id)
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
