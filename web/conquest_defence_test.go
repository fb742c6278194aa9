package web_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"tableside/engine/risk"
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
