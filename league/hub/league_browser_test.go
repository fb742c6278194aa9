package hub_test

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/internal/leaguetest"
	"tableside/internal/testenv"
)

func TestMain(m *testing.M) { os.Exit(testenv.Main(m)) }

// fits fails the test when the tab's page scrolls sideways or has a tap
// target under 44 px.
func fits(t *testing.T, tab *testenv.Tab, name string) {
	t.Helper()
	if ps := tab.LayoutProblems(t); len(ps) > 0 {
		t.Errorf("%s:\n  %s", name, strings.Join(ps, "\n  "))
	}
}

// The host pairs the table with a live hub in a real browser (the league
// page before and after passes axe in light and dark mode); a game that
// ends at the table reaches the hub; the hub's public standings, with its
// charts, and the table's league page read on 360 and 390 px phones
// without sideways scrolling or small tap targets, pass axe, and fetch
// nothing from outside.
func TestLeaguePagesPairInTheBrowserAndReadOnPhones(t *testing.T) {
	ctx := context.Background()
	h := leaguetest.StartHub(t, leaguetest.Options{})
	app := testenv.Start(t) // every tab on 127.0.0.1 is the host
	laptop := testenv.Laptop(t)
	laptop.RecordNetwork(t)
	laptop.Run(t, chromedp.Navigate(app.URL+"/scores/league"), testenv.WaitText("#league-status", "not in a league"))
	testenv.AxeLightAndDark(t, laptop, "table-league-unpaired")
	laptop.Run(t,
		chromedp.SetValue(`input[name=hub]`, h.URL, chromedp.ByQuery),
		chromedp.SetValue(`input[name=code]`, h.NewCode(t), chromedp.ByQuery),
		chromedp.SetValue(`input[name=name]`, "Kitchen", chromedp.ByQuery))
	laptop.Submit(t, `form[action="/scores/league"] button[type=submit]`, http.StatusOK)
	laptop.Run(t, testenv.WaitText("#league-status", "on the league at "+h.URL))
	testenv.AxeLightAndDark(t, laptop, "table-league-paired")
	laptop.AssertLocalOnly(t, app.URL)

	info, err := app.Tracker.Create(ctx, "scorepad", "Friday", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	leaguetest.Must(t, err)
	for _, c := range []engine.Command{
		{Type: "score", Seat: engine.Host, Data: []byte(`{"seat":1,"points":9}`)},
		{Type: "score", Seat: engine.Host, Data: []byte(`{"seat":0,"points":4}`)},
		{Type: "finish", Seat: engine.Host},
	} {
		if _, err := app.Tracker.Do(ctx, info.ID, c, ""); err != nil {
			t.Fatalf("%s: %v", c.Type, err)
		}
	}
	for deadline := time.Now().Add(time.Minute); len(h.Plays(t)) != 1; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the finished game never reached the hub")
		}
	}

	players, err := h.Store.Players(ctx)
	leaguetest.Must(t, err)
	ben := ""
	for _, p := range players {
		if p.Name == "Ben" {
			ben = fmt.Sprintf("/players/%d", p.ID)
		}
	}
	for _, size := range [][2]int{{360, 740}, {390, 844}} {
		phone := testenv.NewTab(t, size[0], size[1], true)
		phone.RecordNetwork(t)
		name := fmt.Sprintf("phone%d", size[0])
		phone.Run(t, chromedp.Navigate(h.URL+"/"), testenv.WaitText("#standings", "Ben"), testenv.WaitText("main", "Wins per player"))
		fits(t, phone, "hub standings "+name)
		testenv.AxeLightAndDark(t, phone, "hub-standings-"+name)
		phone.AssertLocalOnly(t, h.URL)
		for _, page := range []string{"/ratings", "/plays", "/players", ben} {
			phone.Run(t, chromedp.Navigate(h.URL+page), testenv.WaitText("main", "Ben"))
			fits(t, phone, "hub "+page+" "+name)
			testenv.AxeLightAndDark(t, phone, "hub"+strings.ReplaceAll(page, "/", "-")+"-"+name)
		}
		phone.Run(t, chromedp.Navigate(app.URL+"/scores/league"), testenv.WaitText("#league-status", "Every play is on the league"))
		fits(t, phone, "table league page "+name)
	}
	// The hub's admin, with a pairing code, its QR and the tables.
	laptop.Run(t, chromedp.Navigate(h.URL+"/admin/claim?token="+h.Admin), testenv.WaitText("#tables", "Kitchen"))
	laptop.Submit(t, `form[action="/admin/codes"] button`, http.StatusOK)
	laptop.Run(t, testenv.WaitText("#pairing-code", "-"))
	testenv.AxeLightAndDark(t, laptop, "hub-admin")
}
