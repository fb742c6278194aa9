package web_test

import (
	"fmt"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
	"tableside/rulebook"
)

// Every game's rules page reads on a 360 px phone: axe-core finds nothing
// in light or dark, nothing scrolls sideways or is too small to tap, every
// clause is on it under its id, and typing in the search narrows it to the
// clauses that mention the words (the same ones the server's search keeps).
func TestRulesPagesReadAndSearchOnAPhone(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.NewTab(t, 360, 740, true)
	look := func(path, ready string) {
		t.Helper()
		tab.Run(t, chromedp.Navigate(app.URL+path), chromedp.WaitVisible(ready, chromedp.ByQuery))
		testenv.AxeLightAndDark(t, tab, path+" phone360")
	}
	look("/rules", `main ul.rules-index`)
	for _, b := range rulebook.Books() {
		path := "/rules/" + b.Game
		look(path, `#how-to-play`)
		if p := tab.LayoutProblems(t); len(p) > 0 {
			t.Errorf("%s on a 360 px phone: %v", path, p)
		}
		want := 0
		for _, bk := range []*rulebook.Book{b, rulebook.Table()} {
			for _, s := range bk.Sections {
				for _, c := range s.Clauses {
					want++
					var n int
					tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`document.querySelectorAll("[data-rules-clause]#%s").length`, cssID(c.ID)), &n))
					if n != 1 {
						t.Errorf("%s shows clause %s %d times", path, c.ID, n)
					}
				}
			}
		}
		var shown int
		tab.Run(t, chromedp.Evaluate(`document.querySelectorAll("[data-rules-clause]").length`, &shown))
		if shown != want {
			t.Errorf("%s shows %d clauses, want %d", path, shown, want)
		}
	}
	// The search, typed on the phone, then sent to the server.
	tab.Run(t, chromedp.Navigate(app.URL+"/rules/coldcash"), chromedp.WaitVisible(`#rules-q`, chromedp.ByQuery),
		chromedp.SendKeys(`#rules-q`, "hidden shares", chromedp.ByQuery))
	var visible []string
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("[data-rules-clause]")].filter(c => !c.hidden && c.offsetParent !== null).map(c => c.id)`, &visible))
	b, _ := rulebook.Get("coldcash")
	var match []string
	for _, bk := range []*rulebook.Book{b, rulebook.Table()} {
		for _, s := range bk.Sections {
			for _, c := range s.Clauses {
				if c.Match("hidden shares") {
					match = append(match, c.ID)
				}
			}
		}
	}
	if len(match) < 2 || strings.Join(visible, " ") != strings.Join(match, " ") {
		t.Errorf("typing \"hidden shares\" shows %v, want %v", visible, match)
	}
	tab.Run(t, chromedp.Navigate(app.URL+"/rules/coldcash?q="+url.QueryEscape("hidden shares")), chromedp.WaitVisible(`main h1`, chromedp.ByQuery))
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("[data-rules-clause]")].map(c => c.id)`, &visible))
	if strings.Join(visible, " ") != strings.Join(match, " ") {
		t.Errorf("the server's search for \"hidden shares\" shows %v, want %v", visible, match)
	}
}

// cssID escapes a clause id's dots for a CSS selector.
func cssID(id string) string { return strings.ReplaceAll(id, ".", `\\.`) }

// A refused move's toast carries "why?", which opens the clause behind the
// refusal's rule on the game's rules page; the step's card says how the
// step works and links the step's clauses.
func TestRefusalToastWhyOpensItsClause(t *testing.T) {
	t.Parallel()
	app, hostTab, _ := hostLaptop(t)
	id := hostDevice(t, app).createGame("coldcash", "Ana", "Ben")
	game := gameURL(app, id)
	hostTab.Run(t, chromedp.Navigate(game), chromedp.WaitVisible(`[data-sheet]`, chromedp.ByQuery),
		chromedp.WaitVisible(`[data-how-step] a`, chromedp.ByQuery))
	var how string
	hostTab.Run(t, chromedp.AttributeValue(`[data-how-step] a`, "href", &how, nil, chromedp.ByQuery))
	if !strings.HasPrefix(how, "/rules/coldcash/step/") {
		t.Fatalf("the step card's how-line links %q", how)
	}
	// A buy of a company not on the map, sent the way the sheet sends a
	// move: the engine refuses it, naming its rule.
	hostTab.Run(t, chromedp.Evaluate(fmt.Sprintf(`(() => {
	  const f = document.createElement("form");
	  f.setAttribute("data-move", ""); f.action = "/games/%d/commands";
	  f.innerHTML = '<input type="hidden" name="type" value="buy"><input type="hidden" name="data" value=\'{"seat":0,"company":"c7","count":1}\'><button>buy</button>';
	  document.querySelector("[data-sheet]").appendChild(f);
	  f.requestSubmit();
	})()`, id), nil))
	var href, rule string
	hostTab.Run(t, chromedp.WaitVisible(`.sheet-toast a.why-link`, chromedp.ByQuery),
		chromedp.AttributeValue(`.sheet-toast a.why-link`, "href", &href, nil, chromedp.ByQuery),
		chromedp.AttributeValue(`.sheet-toast`, "data-rule", &rule, nil, chromedp.ByQuery))
	b, _ := rulebook.Get("coldcash")
	w, ok := b.ForRule(rule)
	if !ok {
		t.Fatalf("the refusal's rule %q has no clause", rule)
	}
	if !strings.HasSuffix(href, "/rules/coldcash/why/"+rule) {
		t.Fatalf("why? links %q for rule %q", href, rule)
	}
	var target, loc string
	hostTab.Run(t, chromedp.Click(`.sheet-toast a.why-link`, chromedp.ByQuery), chromedp.WaitVisible(`.rules-clause:target`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".rules-clause:target").id`, &target), chromedp.Location(&loc))
	if target != w.Clause.ID {
		t.Errorf("why? for %q opened clause %q (%s), want %q", rule, target, loc, w.Clause.ID)
	}
	// The step's line opens its clauses too.
	hostTab.Run(t, chromedp.Navigate(app.URL+how), chromedp.WaitVisible(`.rules-clause:target`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(".rules-clause:target").id`, &target))
	if target == "" {
		t.Errorf("the step's how-line %s opened no clause", how)
	}
}

// The host's setup checklist reads well (axe, 44 px ticks) and keeps its
// ticks across a reload; after the opening bell the first move's line sits
// on the TV without making it scroll, and on a 360 px phone.
func TestSetupChecklistKeepsTicksAndTheFirstMoveFitsEveryScreen(t *testing.T) {
	t.Parallel()
	app, hostTab, _ := hostLaptop(t)
	host := hostDevice(t, app)
	id := host.createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, "Ana", "Ben")
	game := gameURL(app, id)
	hostTab.Run(t, chromedp.Navigate(game), chromedp.WaitVisible(`[data-setup-list] input[data-piece="1"]`, chromedp.ByQuery))
	testenv.Axe(t, hostTab, "the host's setup checklist")
	if p := hostTab.LayoutProblems(t); len(p) > 0 {
		t.Errorf("the host's setup checklist: %v", p)
	}
	hostTab.Run(t, chromedp.Click(`[data-setup-list] input[data-piece="1"]`, chromedp.ByQuery),
		chromedp.Reload(), chromedp.WaitVisible(`[data-setup-list] input[data-piece="1"]`, chromedp.ByQuery))
	var ticked []string
	hostTab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("[data-setup-list] input[data-piece]:checked")].map(b => b.getAttribute("data-piece"))`, &ticked))
	if strings.Join(ticked, ",") != "1" {
		t.Errorf("after a reload the ticked pieces are %v, want [1]", ticked)
	}
	if code, body := host.command(id, "open", nil, ""); code != 200 {
		t.Fatalf("open: %d %s", code, body)
	}
	hostTab.Run(t, chromedp.WaitVisible(`[data-first-move]`, chromedp.ByQuery))
	var left int
	hostTab.Run(t, chromedp.Evaluate(`document.querySelectorAll("[data-setup-list]").length`, &left))
	if left != 0 {
		t.Error("the setup checklist stays after the opening bell")
	}
	tv := testenv.NewTab(t, 1280, 720, false)
	tv.Run(t, chromedp.Navigate(game+"/tv"), chromedp.WaitVisible(`[data-first-move]`, chromedp.ByQuery))
	var scroll bool
	tv.Run(t, chromedp.Evaluate(`document.documentElement.scrollHeight > innerHeight + 1 || document.documentElement.scrollWidth > innerWidth + 1`, &scroll))
	if scroll {
		t.Error("the TV scrolls with the first move's line")
	}
	testenv.Axe(t, tv, "the TV at the first move")
	// The TV says where a phone opens the rules: a short address (no
	// "http://") that a phone typing it reaches.
	var rules struct{ Text, Href string }
	tv.Run(t, chromedp.Evaluate(`(() => { const a = document.querySelector(".tv-rules a"); return a ? {text: a.textContent, href: a.getAttribute("href")} : {}; })()`, &rules))
	if !strings.HasSuffix(rules.Text, "/rules/coldcash") || strings.Contains(rules.Text, "://") || rules.Href != "/rules/coldcash" {
		t.Errorf("the TV's way to the rules reads %q (link %q); want a short address ending /rules/coldcash", rules.Text, rules.Href)
	}
	checkScreen(t, tv, "tv-rules-1280")
	tv.Run(t, chromedp.EmulateViewport(1920, 1080), chromedp.Reload(), chromedp.WaitVisible(`.tv-rules a`, chromedp.ByQuery))
	checkScreen(t, tv, "tv-rules-1920")
	phone := testenv.NewTab(t, 360, 740, true)
	phone.Run(t, chromedp.Navigate(game), chromedp.WaitVisible(`[data-first-move]`, chromedp.ByQuery))
	if p := phone.LayoutProblems(t); len(p) > 0 {
		t.Errorf("a phone at the first move: %v", p)
	}
	phone.Run(t, chromedp.Navigate("http://"+rules.Text), testenv.WaitText(`h1`, "Cold Cash Risk"))
}
