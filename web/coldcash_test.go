package web_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"tableside/internal/testenv"

	"tableside/internal/testclient"
)

// post sends a JSON request and returns the status and body.
func post(t *testing.T, url string, body any) (int, []byte) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, out := testclient.Send(t, nil, req)
	return resp.StatusCode, out
}

func newColdCash(t *testing.T, app *testenv.App, players ...string) int64 {
	t.Helper()
	// Close the client's idle connections before the server shuts down: a
	// connection dialled during a race and never used would otherwise hold
	// the shutdown for its full grace period. (Cleanups run last-in first.)
	t.Cleanup(http.DefaultClient.CloseIdleConnections)
	code, body := post(t, app.URL+"/games", map[string]any{"kind": "coldcash", "name": "Test bank", "players": players})
	if code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	var info struct{ ID int64 }
	json.Unmarshal(body, &info)
	return info.ID
}

func command(t *testing.T, app *testenv.App, id int64, typ string, data map[string]any) (int, string) {
	t.Helper()
	code, body := post(t, fmt.Sprintf("%s/games/%d/commands", app.URL, id), map[string]any{"type": typ, "data": data})
	return code, string(body)
}

func mustCommand(t *testing.T, app *testenv.App, id int64, typ string, data map[string]any) {
	t.Helper()
	if code, body := command(t, app, id, typ, data); code != http.StatusOK {
		t.Fatalf("%s %v: %d %s", typ, data, code, body)
	}
}

// Many buyers reach for Luxor's last certificate at the same moment: the
// tracker serialises commands per game, so exactly one gets it.
func TestConcurrentRequestsForTheLastCertificateExactlyOneSucceeds(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	id := newColdCash(t, app, "Ana", "Ben")
	mustCommand(t, app, id, "found", map[string]any{"company": "c2", "seat": 0, "size": 2})
	// 24 left in the bank after the free share: buy 23 of them, turn by turn.
	left := 23
	for seat := 0; left > 0; seat = 1 - seat {
		n := min(3, left)
		mustCommand(t, app, id, "turn", map[string]any{"seat": seat})
		mustCommand(t, app, id, "buy", map[string]any{"seat": seat, "company": "c2", "count": n})
		left -= n
	}
	mustCommand(t, app, id, "turn", map[string]any{"seat": 0})
	const racers = 16
	var wg sync.WaitGroup
	codes := make([]int, racers)
	bodies := make([]string, racers)
	for i := range racers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			codes[i], bodies[i] = command(t, app, id, "buy", map[string]any{"seat": 0, "company": "c2", "count": 1})
		}()
	}
	wg.Wait()
	ok := 0
	for i, c := range codes {
		switch {
		case c == http.StatusOK:
			ok++
		case c == http.StatusUnprocessableEntity && strings.Contains(bodies[i], `"rule":"bank-certificates"`):
		default:
			t.Errorf("racer %d: %d %s", i, c, bodies[i])
		}
	}
	if ok != 1 {
		t.Fatalf("%d buyers got the last certificate; want exactly 1", ok)
	}
	var view struct {
		View struct {
			Companies []struct {
				ID   string
				Bank int
			}
		}
	}
	resp, err := http.Get(fmt.Sprintf("%s/games/%d/view", app.URL, id))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	json.NewDecoder(resp.Body).Decode(&view)
	if view.View.Companies[1].Bank != 0 {
		t.Fatalf("bank holds %d Luxor after the race", view.View.Companies[1].Bank)
	}
}

func TestColdCashPagesRenderForHost(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	id := newColdCash(t, app, "Ana", "Ben", "Cy")
	mustCommand(t, app, id, "found", map[string]any{"company": "c6", "seat": 0, "size": 8})
	mustCommand(t, app, id, "found", map[string]any{"company": "c5", "seat": 1, "size": 6})
	mustCommand(t, app, id, "buy", map[string]any{"seat": 0, "company": "c5", "count": 2})
	mustCommand(t, app, id, "merge", map[string]any{"survivor": "c6", "defunct": "c5", "maker": 0})
	resp, body := testclient.Fetch(t, nil, fmt.Sprintf("%s/games/%d", app.URL, id))
	page := string(body)
	for _, want := range []string{"Imperial absorbs", "Ana</strong>: keep, sell or trade 2 Festival", "majority with 2 shares", "Sell all", "Trade max", "Keep all", `id="supply">24<`} {
		if !strings.Contains(page, want) {
			t.Errorf("host page lacks %q", want)
		}
	}
	if resp.StatusCode != 200 {
		t.Fatalf("status %d", resp.StatusCode)
	}
}

func TestNewGameFormChoosesTheNameSet(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	form := "kind=coldcash&name=Names&player=Ana&player=Ben&set.names=1999&set.hiddenAtMerger=ignore&set.hostileRounding="
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader(form))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Sec-Fetch-Site", "same-origin")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusCreated {
		b, _ := io.ReadAll(resp.Body)
		t.Fatalf("create: %d %s", resp.StatusCode, b)
	}
	var info struct{ ID int64 }
	json.NewDecoder(resp.Body).Decode(&info)
	r2, err := http.Get(fmt.Sprintf("%s/games/%d/view", app.URL, info.ID))
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Body.Close()
	var v struct {
		View struct {
			Settings  struct{ Names, HiddenAtMerger, HostileRounding string }
			Companies []struct{ Name string }
		}
	}
	json.NewDecoder(r2.Body).Decode(&v)
	if v.View.Companies[0].Name != "Sackson" || v.View.Settings.HiddenAtMerger != "ignore" || v.View.Settings.HostileRounding != "exact" {
		t.Fatalf("settings %+v, first company %q", v.View.Settings, v.View.Companies[0].Name)
	}
}

func TestFinishedGameShowsFinalScoresWithBreakdown(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	id := newColdCash(t, app, "Ana", "Ben")
	mustCommand(t, app, id, "found", map[string]any{"company": "c7", "seat": 1, "size": 25}) // Continental $1,000
	mustCommand(t, app, id, "buy", map[string]any{"seat": 0, "company": "c7", "count": 2})
	code, body := command(t, app, id, "end", map[string]any{"reason": "closing-bell"})
	if code != 200 {
		t.Fatalf("end: %d %s", code, body)
	}
	// Ana 2 shares: majority 10,000; Ben 1: minority 5,000; then 2,000 and 1,000 in sales.
	code, page := get(t, fmt.Sprintf("%s/games/%d", app.URL, id))
	if code != 200 || !strings.Contains(page, "Final scores") || !strings.Contains(page, `Ana<span class="winner-mark">`) || !strings.Contains(page, "$16,000") || !strings.Contains(page, "$12,000") {
		t.Fatalf("final page: %d\n%s", code, page)
	}
	if strings.Contains(page, `id="actions"`) {
		t.Fatal("a finished game still offers actions")
	}
	if code, body := command(t, app, id, "buy", map[string]any{"seat": 0, "company": "c7", "count": 1}); code != 422 || !strings.Contains(body, "over") {
		t.Fatalf("buy after the end: %d %s", code, body)
	}
}

func TestPublicScreenShowsNoActionsAndNoUndo(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	id := newColdCash(t, app, "Ana", "Ben")
	mustCommand(t, app, id, "found", map[string]any{"company": "c2", "seat": 0, "size": 4})
	code, page := get(t, fmt.Sprintf("%s/games/%d?as=public", app.URL, id))
	if code != 200 || strings.Contains(page, `id="actions"`) || strings.Contains(page, "undo-bar") || !strings.Contains(page, `id="companies"`) {
		t.Fatalf("public page: %d", code)
	}
}
