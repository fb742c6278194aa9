package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

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
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, ana, ben := hostDevice(t, app), newDevice(t, app), newDevice(t, app)
	game := host.createGame("risk", "Ana", "Ben")
	state := func() *conquest.State {
		var s conquest.State
		app.Tracker.State(context.Background(), game, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}
	must := func(d *device, typ string, data any, idem string) {
		t.Helper()
		if code, body := d.command(game, typ, data, idem); code != 200 {
			t.Fatalf("%s: %d %s", typ, code, body)
		}
	}
	must(host, "start", nil, "start")
	// Ana piles her armies on one territory beside Ben's, Ben on that one.
	s := state()
	from, to := -1, -1
	for a, o := range s.Owner {
		for _, n := range risk.Classic().Neighbours(risk.TerritoryID(a)) {
			if o == 0 && s.Owner[n] == 1 && from < 0 {
				from, to = a, int(n)
			}
		}
	}
	for i := 0; s.Phase == conquest.PhasePlace; i, s = i+1, state() {
		must(host, "place", map[string]int{"territory": []int{from, to}[s.Placer]}, fmt.Sprint("p", i))
	}
	must(host, "place", map[string]int{"territory": from, "count": s.Pool}, "build")
	join := joinURLFromQR(t, host, game)
	ana.join(join, game, 0)
	ben.join(join, game, 1)
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
