package web_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// On a phone, someone logs a board game by hand (game, scores; the winner is
// worked out) and finds the winner on top of that game's leaderboard.
func TestBrowserPhoneLogsAPlayAndFindsItOnTheLeaderboard(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	// Ben has won once already.
	if code, b := hostDevice(t, app).postForm("/scores/plays", url.Values{"game": {"Azul"}, "date": {"2026-11-01"}, "scoring": {"high"},
		"p0.name": {"Ben"}, "p0.score": {"70"}, "p1.name": {"Ana"}, "p1.score": {"52"}}); code != 200 {
		t.Fatalf("log play: %d %.300s", code, b)
	}
	tab := testenv.Phone(t)
	tab.RecordNetwork(t)
	tab.Run(t,
		chromedp.Navigate(app.URL+"/scores"),
		chromedp.WaitVisible(`.subnav a.button.primary`, chromedp.ByQuery),
	)
	tab.Submit(t, `.subnav a.button.primary`, 200) // tap 1: "+ Log a play"
	var scoring string
	tab.Run(t,
		chromedp.WaitVisible(`input[name=game]`, chromedp.ByQuery),
		chromedp.SendKeys(`input[name=game]`, "Azul", chromedp.ByQuery),
		chromedp.SendKeys(`input[name="p0.name"]`, "Ana", chromedp.ByQuery),
		chromedp.SendKeys(`input[name="p0.score"]`, "81", chromedp.ByQuery),
		chromedp.SendKeys(`input[name="p1.name"]`, "Ben", chromedp.ByQuery),
		chromedp.SendKeys(`input[name="p1.score"]`, "64", chromedp.ByQuery),
		chromedp.SendKeys(`input[name="p2.name"]`, "Cy", chromedp.ByQuery),
		chromedp.SendKeys(`input[name="p2.score"]`, "77", chromedp.ByQuery),
		chromedp.AttributeValue(`form.play-form`, "data-scoring", &scoring, nil, chromedp.ByQuery),
	)
	if scoring != "high" {
		t.Errorf("the form's scoring is %q, want high by default", scoring)
	}
	// The points form hides the win tick and the place: the script ran.
	var winShown bool
	tab.Run(t, chromedp.Evaluate(`getComputedStyle(document.querySelector('.f-win')).display !== 'none'`, &winShown))
	if winShown {
		t.Errorf("the win tick shows on a points game's form")
	}
	// "More players" opens more rows in place, keeping what was typed.
	var seventh bool
	var kept string
	tab.Run(t,
		chromedp.Click(`a.more-players`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('input[name="p6.name"]').offsetParent !== null`, &seventh),
		chromedp.Value(`input[name="p0.name"]`, &kept, chromedp.ByQuery),
	)
	if !seventh || kept != "Ana" {
		t.Errorf("after More players: a seventh row shown %v, first name kept %q", seventh, kept)
	}
	tab.Submit(t, `#save-play`, 200) // tap 2: save
	var result string
	tab.Run(t, chromedp.Text(`table.results`, &result, chromedp.ByQuery))
	if !strings.Contains(result, "Ana") || !strings.Contains(result, "★ won") || !strings.Contains(result, "81") {
		t.Fatalf("the play page shows %q; want Ana's 81 and her win", result)
	}
	tab.Submit(t, `.subnav a[href="/scores/games"]`, 200) // tap 3: Leaderboards
	var podium string
	tab.Run(t, chromedp.Text(`section.leaderboard`, &podium, chromedp.ByQuery))
	if !strings.Contains(podium, "Azul") || !strings.Contains(podium, "2 plays") {
		t.Fatalf("leaderboards show %q; want Azul with 2 plays", podium)
	}
	tab.Submit(t, `section.leaderboard h2 a`, 200) // tap 4: the game's leaderboard
	var first, record string
	var width int
	tab.Run(t,
		chromedp.Text(`table.leaderboard tbody tr:first-child`, &first, chromedp.ByQuery),
		chromedp.Text(`.stat-grid`, &record, chromedp.ByQuery),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &width),
	)
	// Ana and Ben have one win each in two plays; Ana comes first by name.
	if !strings.Contains(first, "Ana") || !strings.Contains(first, "50.0%") {
		t.Errorf("the leaderboard's first row is %q; want Ana, 1 win in 2", first)
	}
	if !strings.Contains(record, "81") || !strings.Contains(record, "Ana") {
		t.Errorf("the record is %q; want 81 by Ana", record)
	}
	if width > testenv.PhoneWidth {
		t.Errorf("the leaderboard page is %d px wide on a %d px phone", width, testenv.PhoneWidth)
	}

	// A play logged by mistake is deleted, and the Undo brings it back.
	tab.Run(t, chromedp.Navigate(app.URL+"/scores"))
	tab.Submit(t, `ul.plays li:first-child a`, 200)
	tab.Submit(t, `form[action$="/delete"] button`, 200)
	var notice string
	tab.Run(t, chromedp.Text(`.undo-bar.notice`, &notice, chromedp.ByQuery))
	if !strings.Contains(notice, "Deleted Azul") {
		t.Fatalf("after delete the history says %q", notice)
	}
	tab.Submit(t, `.undo-bar.notice button`, 200)
	tab.Run(t, chromedp.Text(`table.results`, &result, chromedp.ByQuery))
	if !strings.Contains(result, "81") {
		t.Errorf("after Undo the play shows %q; want it back with Ana's 81", result)
	}
	tab.AssertLocalOnly(t, app.URL)
}
