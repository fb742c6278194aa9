package web_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// coldcashPhones is a bank-mode Cold Cash Risk game with Ana and Ben joined
// on their phones: Imperial is Ana's, Festival Ben's.
func coldcashPhones(t *testing.T, settings map[string]any) (host, ana, ben *device, game int64) {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, ana, ben = hostDevice(t, app), newDevice(t, app), newDevice(t, app)
	var info struct{ ID int64 }
	if code, body := host.postJSON("/games", map[string]any{"kind": "coldcash", "name": "Phones", "players": []string{"Ana", "Ben"}, "settings": settings}, &info); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	game = info.ID
	join := joinURLFromQR(t, host, game)
	ana.join(join, game, 0)
	ben.join(join, game, 1)
	for i, c := range []struct {
		typ  string
		data map[string]any
	}{
		{"found", map[string]any{"company": "c6", "seat": 0, "size": 4}},
		{"found", map[string]any{"company": "c5", "seat": 1, "size": 3}},
	} {
		if code, body := host.command(game, c.typ, c.data, fmt.Sprint("setup-", i)); code != 200 {
			t.Fatalf("%s: %d %s", c.typ, code, body)
		}
	}
	return host, ana, ben, game
}

// Each phone reads its own full statement, never another player's; the
// host reads everyone's without their hidden shares; the final running
// balance is the player's cash.
func TestStatementPageOwnPhoneAndHostOnlyWithoutHiddenShares(t *testing.T) {
	t.Parallel()
	host, ana, ben, game := coldcashPhones(t, nil)
	if code, body := host.command(game, "turn", map[string]any{"seat": 1}, "t1"); code != 200 {
		t.Fatalf("turn: %d %s", code, body)
	}
	if code, body := ben.command(game, "buy", map[string]any{"company": "c5", "count": 2}, "b1"); code != 200 {
		t.Fatalf("Ben buys: %d %s", code, body)
	}
	if code, body := ben.command(game, "hide", map[string]any{"company": "c5", "hidden": 1}, "h1"); code != 200 {
		t.Fatalf("Ben hides: %d %s", code, body)
	}
	if code, body := host.command(game, "dividends", map[string]any{"company": "c5"}, "d1"); code != 200 {
		t.Fatalf("dividends: %d %s", code, body)
	}
	path := func(seat int) string { return fmt.Sprintf("/games/%d/statements/%d", game, seat) }

	if code, body := ana.get(path(1)); code != http.StatusForbidden || !strings.Contains(body, "not yours to read") {
		t.Fatalf("Ana reading Ben's statement: %d", code)
	}
	spectator := newDevice(t, &testenv.App{URL: ana.base})
	if code, _ := spectator.get(path(0)); code != http.StatusForbidden {
		t.Fatalf("a spectator reading Ana's statement: %d", code)
	}
	if code, _ := host.get(fmt.Sprintf("/games/%d/statements/7", game)); code != http.StatusUnprocessableEntity && code != http.StatusForbidden {
		t.Fatalf("a statement of no seat: %d", code)
	}
	code, mine := ben.get(path(1))
	if code != 200 || !strings.Contains(mine, "Ben&#39;s statement") || !strings.Contains(mine, "1 hidden") || !strings.Contains(mine, "holds") {
		t.Fatalf("Ben's own statement: %d %.400s", code, mine)
	}
	code, hosts := host.get(path(1))
	if code != 200 || strings.Contains(hosts, "1 hidden") || strings.Contains(hosts, "holds") || !strings.Contains(hosts, "visible shares only") {
		t.Fatalf("the host's copy of Ben's statement: %d", code)
	}
	// totals: the running balance ends at the cash the game shows
	var st struct {
		Statement struct {
			Cash  int
			Worth int
			Lines []struct{ Cash, CashAfter int }
		}
	}
	var view struct {
		View struct{ Players []struct{ Cash int } }
	}
	if host.getJSON(path(1), &st) != 200 || host.getJSON(fmt.Sprintf("/games/%d", game), &view) != 200 {
		t.Fatal("JSON")
	}
	lines := st.Statement.Lines
	sum := 0
	for _, l := range lines {
		sum += l.Cash
	}
	// $6,000; the free share; 2 Festival at $400; a $40 dividend on each of 2 visible
	if cash := view.View.Players[1].Cash; len(lines) != 4 || lines[len(lines)-1].CashAfter != cash || sum != cash || st.Statement.Cash != cash || cash != 6000-800+80 {
		t.Fatalf("Ben's statement: %+v; the game says cash %d", st.Statement, cash)
	}
	// links: the host to everyone's, each phone to its own only
	_, hostPage := host.get(fmt.Sprintf("/games/%d", game))
	_, anaPage := ana.get(fmt.Sprintf("/games/%d", game))
	if !strings.Contains(hostPage, path(0)) || !strings.Contains(hostPage, path(1)) {
		t.Fatal("the host screen does not link every statement")
	}
	if !strings.Contains(anaPage, `id="my-statement"`) || !strings.Contains(anaPage, path(0)) || strings.Contains(anaPage, path(1)) {
		t.Fatal("Ana's phone must link her statement and only hers")
	}
	if code, body := ana.get(path(0)); code != 200 || !strings.Contains(body, "Ana&#39;s statement") {
		t.Fatalf("Ana's own statement: %d", code)
	}
	// Ana's own moves carry their data (her "Hide all my Imperial" sends
	// {"hidden":1}): hers, not Ben's secret. The host's are all checked.
	ownMoves := regexp.MustCompile(`<input type="hidden" name="data" value='[^']*'>`)
	if got := ownMoves.ReplaceAllString(ana.received(), "") + host.received(); strings.Contains(got, "1 hidden") || strings.Contains(got, `"hidden":1`) {
		t.Fatal("Ben's hidden share reached Ana or the host")
	}
}
