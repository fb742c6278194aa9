package web_test

import (
	"fmt"
	htmlpkg "html"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"testing"

	"tableside/internal/testenv"

	"tableside/internal/testclient"
)

// postPage posts a form as a browser would (same origin) and returns the
// status and the page after any redirect.
func postPage(t *testing.T, u string, form url.Values) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodPost, u, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	jar, _ := cookiejar.New(nil) // carries a refusal's toast over the redirect back
	resp, b := testclient.Send(t, &http.Client{Jar: jar}, req)
	return resp.StatusCode, htmlpkg.UnescapeString(string(b))
}

// boardTakeover is a board-mode game where Ben's American (3 teams in
// Venezuela) has started a hostile takeover next to the Mom & Pop in
// Central America.
func boardTakeover(t *testing.T, app *testenv.App) int64 {
	t.Helper()
	t.Cleanup(http.DefaultClient.CloseIdleConnections)
	code, body := post(t, app.URL+"/games", map[string]any{"kind": "coldcash", "name": "Dice", "players": []string{"Ana", "Ben"},
		"settings": map[string]any{"mode": "board", "deck": "table"}})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	boardTakeoverOf(func(typ string, data map[string]any) { mustCommand(t, app, 1, typ, data) })
	return 1
}

// The move sheet offers the Mom & Pop's real die and then the real dice's
// losses, one tap per outcome; typed faces are still taken (as lists), and a wrong
// count or face is refused with the rule, the board staying as it was.
func TestBoardSheetTakesTheMomAndPopDieAndTheRealDice(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	id := boardTakeover(t, app)
	game := fmt.Sprintf("%s/games/%d", app.URL, id)
	page := mustGet(t, game+"?from=venezuela&t=central-america")
	for _, want := range []string{`choice-real-die-venezuela-central-america-6"`, "Real die: the Mom &amp; Pop in Central America shows 2", "the app rolls its defence die"} {
		if !strings.Contains(page, want) {
			t.Fatalf("the sheet lacks %q", want)
		}
	}
	if strings.Contains(page, `choice-real-dice-venezuela-central-america-`) {
		t.Fatal("the real dice's losses are offered before the Mom & Pop's defence is rolled")
	}
	attack := func(fields ...string) (int, string) {
		f := url.Values{"type": {"attack"}, "keep": {"?from=venezuela&t=central-america"}, "d.from": {"venezuela"}, "d.to": {"central-america"}}
		for i := 0; i+1 < len(fields); i += 2 {
			f.Set(fields[i], fields[i+1])
		}
		return postPage(t, game+"/commands", f)
	}
	label := `aria-label="C Amer M&P, Central America: Mom & Pop"`
	if code, body := attack("d.momPop", "7"); code != http.StatusOK || !strings.Contains(toastOf(body), "A Mom & Pop's defence is one die: 1 to 6 teams, not 7.") || !strings.Contains(body, label) {
		t.Fatalf("a 7 on the Mom & Pop's die: %d", code)
	}
	code, body := attack("d.momPop", "2")
	if code != http.StatusOK || !strings.Contains(body, "Central America: Mom & Pop defending with 2 teams") {
		t.Fatalf("typed die 2: %d", code)
	}
	if !strings.Contains(body, `choice-real-dice-venezuela-central-america-2"`) || strings.Contains(body, `choice-real-die-venezuela`) {
		t.Fatal("after the defence roll the sheet does not offer the real dice's losses")
	}
	code, body = attack("d.attackerFaces", "[6,5,4]", "d.defenderFaces", "[1]")
	if code != http.StatusOK || !strings.Contains(toastOf(body), "The attacker rolls at most 2 dice with 3 teams in Venezuela (one stays home); 3 faces were typed.") {
		t.Fatalf("three faces from three teams: %d", code)
	}
	if !strings.Contains(body, "Central America: Mom & Pop defending with 2 teams") {
		t.Fatal("a refused roll changed the board")
	}
	if code, body = attack("d.attackerFaces", "[6,5]", "d.defenderFaces", "[0,3]"); code != http.StatusOK || !strings.Contains(toastOf(body), "A die shows 1 to 6, not 0.") {
		t.Fatalf("a face of 0: %d", code)
	}
	// The Mom & Pop's 2 teams roll 2 dice, through the screen's own form too.
	if code, body = attack("d.attackerFaces", "[6,5]", "d.defenderFaces", "[1]"); code != http.StatusOK ||
		!strings.Contains(toastOf(body), "The Mom & Pop in Central America rolls 2 dice with 2 or more teams, not 1") ||
		!strings.Contains(body, "Central America: Mom & Pop defending with 2 teams") {
		t.Fatalf("a Mom & Pop defending with 1 die: %d %q", code, toastOf(body))
	}
	if code, body = attack("d.attackerFaces", "[6,5]", "d.defenderFaces", "[4,3]"); code != http.StatusOK || !strings.Contains(body, "Move teams into Central America") {
		t.Fatalf("6 5 against 4 3 conquers: %d", code)
	}
}
