package web_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/testenv"
)

func createConquest(t *testing.T, app *testenv.App, kind string, set conquest.Settings) int64 {
	t.Helper()
	b, _ := json.Marshal(set)
	info, err := app.Tracker.Create(context.Background(), kind, "Friday", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: b})
	if err != nil {
		t.Fatal(err)
	}
	return info.ID
}

func text(t *testing.T, tab *testenv.Tab, sel string) string {
	t.Helper()
	var s string
	tab.Run(t, chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

// The host deals a classic game on the laptop, places the last start armies,
// reads the build's explanation, taps the map to pick a territory, blitzes
// from the odds list, moves in, and passes the turn through fortification.
func TestBrowserRiskDealPlaceAttackEndTurn(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	id := createConquest(t, app, "risk", conquest.Settings{StartArmies: 22})
	tab.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.WaitVisible(`.cq-start`, chromedp.ByQuery))
	tab.Run(t, chromedp.Click(`input[name="d.empire"]`, chromedp.ByQuery))
	tab.Submit(t, `.cq-options-form button`, 200)
	var h string
	tab.Run(t, chromedp.TextContent(`.cq-help`, &h, chromedp.ByQuery))
	if !strings.Contains(h, "Empire rule (on)") {
		t.Fatalf("after turning the Empire rule on, the help says %q", h)
	}
	tab.Submit(t, `.cq-start`, 200)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "place start armies") {
		t.Fatalf("after the deal the status says %q", s)
	}
	var spots int
	tab.Run(t, chromedp.Evaluate(`document.querySelectorAll('.cq-map .cq-spot').length`, &spots))
	if spots != 42 {
		t.Fatalf("the map shows %d territories; want 42", spots)
	}
	tab.Submit(t, `.cq-place button`, 200)
	tab.Submit(t, `.cq-place button`, 200)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: place ") {
		t.Fatalf("the first turn's status says %q; want Ana reinforcing", s)
	}
	if b := text(t, tab, `.cq-build`); !strings.Contains(b, "21 territories / 3") {
		t.Fatalf("the build panel says %q", b)
	}
	// Tapping one of Ana's territories on the map picks it in the place form.
	var pickID, picked string
	tab.Run(t,
		chromedp.Evaluate(`document.querySelector('.cq-place select').options[document.querySelector('.cq-place select').options.length-1].value`, &pickID),
	)
	tab.Run(t,
		chromedp.Click(`.cq-spot[data-territory="`+pickID+`"]`, chromedp.ByQuery),
		chromedp.Value(`.cq-place select`, &picked, chromedp.ByQuery),
	)
	if picked != pickID {
		t.Fatalf("tapping territory %s picked %q in the place form", pickID, picked)
	}
	tab.Submit(t, `.cq-place button`, 200)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: attack") && !strings.Contains(s, "Waiting for Ana: move armies") {
		t.Fatalf("after placing the build the status says %q", s)
	}
	opts := text(t, tab, `.cq-attack`)
	if !strings.Contains(opts, "%") {
		t.Fatalf("the attack panel shows no odds: %q", opts)
	}
	// Attacking a territory that does not border the chosen one is refused
	// with the rule named, and nothing changes.
	var from string
	var targets []string
	tab.Run(t,
		chromedp.Evaluate(`document.querySelector('.cq-options input[name="d.from"]').value`, &from),
		chromedp.Evaluate(`[...document.querySelectorAll('.cq-attack details select[name="d.to"] option')].map(o => o.value)`, &targets),
	)
	fromID, _ := strconv.Atoi(from)
	far := ""
	for _, v := range targets {
		n, _ := strconv.Atoi(v)
		if !risk.Classic().Adjacent(risk.TerritoryID(fromID), risk.TerritoryID(n)) {
			far = v
			break
		}
	}
	tab.Run(t,
		chromedp.SetAttributeValue(`.cq-attack details`, "open", "", chromedp.ByQuery),
		chromedp.SetValue(`.cq-attack details select[name="d.from"]`, from, chromedp.ByQuery),
		chromedp.SetValue(`.cq-attack details select[name="d.to"]`, far, chromedp.ByQuery),
	)
	before := text(t, tab, `.cq-players`)
	tab.Submit(t, `.cq-attack details button.primary`, 200) // back to the game, the refusal a toast
	if e := text(t, tab, `#toast`); !strings.Contains(e, "does not border") {
		t.Fatalf("the refusal says %q", e)
	}
	if after := text(t, tab, `.cq-players`); after != before {
		t.Fatal("a refused attack changed the board")
	}
	tab.Submit(t, `.cq-options button`, 200)
	// Ben has no phone: when his territory has 2 or more armies, the
	// laptop asks for his dice and the host answers for him.
	var asked bool
	tab.Run(t, chromedp.Evaluate(`!!document.querySelector('.cq-defend-2')`, &asked))
	if asked {
		if w := text(t, tab, `#turn`); !strings.Contains(w, "Waiting for Ben: defend ") {
			t.Fatalf("the turn bar says %q while Ben's dice are awaited", w)
		}
		tab.Submit(t, `.cq-defend-2`, 200)
	}
	if b := text(t, tab, `.cq-battle`); !strings.Contains(b, "Last battle: Ana") {
		t.Fatalf("the battle panel says %q", b)
	}
	var pending bool
	tab.Run(t, chromedp.Evaluate(`!!document.querySelector('.cq-move button')`, &pending))
	if pending {
		tab.Submit(t, `.cq-move button`, 200)
	}
	tab.Submit(t, `.cq-attack .cq-end`, 200)
	tab.Submit(t, `.cq-fortify form:last-child .cq-end`, 200)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ben: place") {
		t.Fatalf("after Ana's turn the status says %q", s)
	}
	tab.AssertLocalOnly(t, app.URL)
}

// Piecepack Conquers the World: the host starts, the players claim every
// tile in turn, and the first turn begins with its build explained.
func TestBrowserPCTWClaimAndFirstTurn(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	id := createConquest(t, app, "pctw", conquest.Settings{StartArmies: 11})
	tab.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.WaitVisible(`.cq-start`, chromedp.ByQuery))
	if s := text(t, tab, `.cq-setaside`); !strings.Contains(s, "Ace of Suns") || !strings.Contains(s, "5 of Moons") {
		t.Fatalf("the set-up helper says %q", s)
	}
	tab.Submit(t, `.cq-start`, 200)
	var spots, wraps int
	tab.Run(t,
		chromedp.Evaluate(`document.querySelectorAll('.cq-map .cq-spot').length`, &spots),
		chromedp.Evaluate(`document.querySelectorAll('.cq-wrapmark').length`, &wraps),
	)
	if spots != 21 || wraps != 8 {
		t.Fatalf("the grid shows %d tiles and %d wrap marks; want 21 and 8", spots, wraps)
	}
	for i := 0; i < 22; i++ {
		s := text(t, tab, `#turn`)
		if !strings.Contains(s, "claim an empty territory") && !strings.Contains(s, "start armies") {
			break
		}
		tab.Submit(t, `.cq-place button`, 200)
	}
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: place 3 armies") {
		t.Fatalf("after claiming the status says %q; want Ana with 3", s)
	}
	tab.Submit(t, `.cq-place button`, 200)
	tab.Submit(t, `.cq-attack .cq-end`, 200)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ben: place") {
		t.Fatalf("after Ana's turn the status says %q", s)
	}
	tab.AssertLocalOnly(t, app.URL)
}

// With a rampaging neutral: the real players place its spare start armies
// first, take their turns, then the host places the neutral's build for each
// player and the neutral rampages by itself, its direction dice on screen.
func TestBrowserRiskNeutralRampagesByItself(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	id := createConquest(t, app, "risk", conquest.Settings{StartArmies: 21, Neutrals: 1})
	tab.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.WaitVisible(`.cq-start`, chromedp.ByQuery))
	tab.Submit(t, `.cq-start`, 200)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "the neutral's start armies") {
		t.Fatalf("set-up does not start with the neutral's armies: %q", s)
	}
	// Every placement takes the first territory offered: the neutral's
	// spare 7 all land on one territory, which then holds 8.
	for i := 0; i < 30 && strings.Contains(text(t, tab, `#turn`), "start armies"); i++ {
		tab.Submit(t, `.cq-place button`, 200)
	}
	for _, who := range []string{"Ana", "Ben"} {
		if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for "+who+": place") {
			t.Fatalf("status %q; want %s's turn", s, who)
		}
		tab.Submit(t, `.cq-place button`, 200)
		tab.Submit(t, `.cq-attack .cq-end`, 200)
		tab.Submit(t, `.cq-fortify form:last-child .cq-end`, 200)
	}
	if s := text(t, tab, `#turn`); !strings.Contains(s, "place the neutral's build") {
		t.Fatalf("status %q; want the neutral's turn", s)
	}
	if b := text(t, tab, `.cq-build`); !strings.Contains(b, "Neutral build") {
		t.Fatalf("the neutral's build is not explained: %q", b)
	}
	for i := 0; i < 10 && strings.Contains(text(t, tab, `#turn`), "place the neutral's build"); i++ {
		var max string
		tab.Run(t, chromedp.Evaluate(`document.querySelector('.cq-place select[name="d.seat"] option').textContent.match(/\((\d+) left\)/)[1]`, &max))
		tab.Run(t, chromedp.SetValue(`.cq-place input[name="d.count"]`, max, chromedp.ByQuery))
		tab.Submit(t, `.cq-place button`, 200)
	}
	// The neutral's turn is told move by move in the feed on the screen.
	r := text(t, tab, `.cq-feed`)
	if !strings.Contains(r, "1. Neutral, ") || !strings.Contains(r, "attacks") || !strings.Contains(r, "takes it") && !strings.Contains(r, "is held") {
		t.Fatalf("the neutral's feed says %q", r)
	}
	saveShot(t, tab, "risk-neutral-feed")
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: place") && !strings.Contains(s, "wins") {
		t.Fatalf("after the neutral's turn the status says %q", s)
	}
	tab.AssertLocalOnly(t, app.URL)
}
