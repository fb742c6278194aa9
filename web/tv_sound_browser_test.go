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

// riskAtWar starts a RISK game for Ana and Ben with every army placed and
// Ana's armies piled beside one of Ben's territories; it returns the game,
// a command runner for the host and the front.
func riskAtWar(t *testing.T, app *testenv.App) (game int64, must func(typ string, data any), from, to int) {
	t.Helper()
	host := hostDevice(t, app)
	game = host.createGame("risk", "Ana", "Ben")
	n := 0
	must = func(typ string, data any) {
		t.Helper()
		n++
		if code, body := host.command(game, typ, data, fmt.Sprint("k", n)); code != 200 {
			t.Fatalf("%s: %d %s", typ, code, body)
		}
	}
	state := func() *conquest.State {
		var s conquest.State
		app.Tracker.State(context.Background(), game, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}
	must("start", nil)
	s := state()
	from, to = -1, -1
	for a, o := range s.Owner {
		for _, nb := range risk.Classic().Neighbours(risk.TerritoryID(a)) {
			if o == 0 && s.Owner[nb] == 1 && from < 0 {
				from, to = a, int(nb)
			}
		}
	}
	for ; s.Phase == conquest.PhasePlace; s = state() {
		must("place", map[string]int{"territory": []int{from, to}[s.Placer]})
	}
	must("place", map[string]int{"territory": from, "count": s.Pool})
	return game, must, from, to
}

// cues is what sound.js played on a tab so far.
func cues(t *testing.T, tab *testenv.Tab) []string {
	t.Helper()
	var out []string
	tab.Run(t, chromedp.Evaluate(`window.tablesideCues || []`, &out))
	return out
}

// The TV needs no host rights, and its sound is opt-in: off at first, one
// switch turns it on and the TV remembers it across a reload; nothing
// plays before someone touches the page; once touched, a battle arriving
// over the live stream plays the battle cue, and the TV shows that
// battle's dice, big, rolling in.
func TestTVSoundIsOptInRememberedAndPlaysTheBattleCueFromALiveEvent(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	game, must, from, to := riskAtWar(t, app)
	tv := testenv.NewTab(t, 1920, 1080, false) // a TV's browser: no host token, no seat
	tv.RecordNetwork(t)
	url := fmt.Sprintf("%s/games/%d/tv", app.URL, game)
	var label, pressed string
	tv.Run(t, chromedp.Navigate(url), chromedp.WaitVisible(`#sound-toggle`, chromedp.ByQuery),
		chromedp.Text(`#sound-toggle`, &label, chromedp.ByQuery))
	if label != "Sound off" {
		t.Fatalf("a new TV's sound switch says %q; want it off until someone turns it on", label)
	}
	tv.Run(t, chromedp.Click(`#sound-toggle`, chromedp.ByQuery), chromedp.Reload(), chromedp.WaitVisible(`#sound-toggle`, chromedp.ByQuery),
		chromedp.Text(`#sound-toggle`, &label, chromedp.ByQuery), chromedp.AttributeValue(`#sound-toggle`, "aria-pressed", &pressed, nil, chromedp.ByQuery))
	if label != "Sound on" || pressed != "true" {
		t.Fatalf("after a reload the switch says %q (pressed %q); want the TV to remember it is on", label, pressed)
	}
	// A live event before anyone touched the reloaded page plays nothing.
	tv.Run(t, chromedp.Evaluate(`document.querySelector("#turn").dataset.before = "1"`, nil))
	must("attack", map[string]any{"from": from, "to": to, "mode": "roll"})
	tv.Run(t, testenv.WaitText(`#turn`, "defend"))
	if got := cues(t, tv); len(got) != 0 {
		t.Fatalf("the TV played %v before anyone touched it", got)
	}
	// Someone taps the TV's page; Ben's defence rolls the dice.
	tv.Run(t, chromedp.Click(`.tv-title`, chromedp.ByQuery))
	must("defend", map[string]int{"dice": 1})
	tv.Run(t, chromedp.WaitVisible(`#battle-moment .bm-def .die`, chromedp.ByQuery))
	var faces string
	var fresh bool
	tv.Run(t, chromedp.Text(`#battle-moment`, &faces, chromedp.ByQuery), chromedp.Evaluate(`document.querySelector("#battle-moment").classList.contains("fresh")`, &fresh))
	if !strings.Contains(faces, "Ana attacks Ben") || !strings.Contains(faces, "→ "+risk.Classic().Name(risk.TerritoryID(to))) || !fresh {
		t.Errorf("the TV's dice: %q (rolling in: %v); want Ana's attack on %s, rolling in", faces, fresh, risk.Classic().Name(risk.TerritoryID(to)))
	}
	if got := cues(t, tv); len(got) == 0 || got[len(got)-1] != "battle" {
		t.Errorf("the TV played %v after the battle; want the battle cue", got)
	}
	tv.AssertLocalOnly(t, app.URL)
}
