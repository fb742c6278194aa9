package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine/coldcash/board"
	"tableside/internal/testenv"
)

// A short board-mode game on the laptop and two phones: the app deals the
// territory deck, each phone sees only its own hand, and each player taps
// the map on their own phone to place, found and take a card; the CEOs
// choose their earnings on their phones; every screen follows live.
func TestBrowserBoardModeHostAndTwoPhones(t *testing.T) {
	t.Parallel()
	app, host := hostLaptopTab(t)
	host.RecordNetwork(t)
	hostDev := hostDevice(t, app)
	id := hostDev.createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, "Ana", "Ben")
	host.Run(t, chromedp.Navigate(fmt.Sprintf("%s/games/%d", app.URL, id)))
	ana, ben := testenv.Phone(t), testenv.Phone(t)
	ana.RecordNetwork(t)
	ben.RecordNetwork(t)
	seatPhone(t, app, ana, id, "Ana")
	seatPhone(t, app, ben, id, "Ben")
	phones := map[string]*testenv.Tab{"Ana": ana, "Ben": ben}

	host.Tap(t, `#turn .choice-open`)
	hand := func(tab *testenv.Tab) []string {
		var names []string
		tab.Run(t, chromedp.WaitVisible(`#hand`, chromedp.ByQuery),
			chromedp.Evaluate(`[...document.querySelectorAll("#hand li:not(.unusable)")].map(li => li.firstChild.textContent.trim())`, &names))
		return names
	}
	ana.Run(t, testenv.WaitText(`#turn`, "a Mom & Pop"))
	ben.Run(t, testenv.WaitText(`#turn`, "a Mom & Pop"))
	ah, bh := hand(ana), hand(ben)
	if len(ah) == 0 || len(bh) == 0 || strings.Join(ah, ",") == strings.Join(bh, ",") {
		t.Fatalf("hands: Ana %v, Ben %v", ah, bh)
	}
	var hostHand int
	host.Run(t, chromedp.Evaluate(`document.querySelectorAll("#hand").length`, &hostHand))
	if hostHand != 0 {
		t.Fatal("the host screen shows a hand")
	}

	// each player in turn order places from their own hand and founds a company
	companies := []string{"c1", "c3"}
	for i := 0; i < 2; i++ {
		name := waitedFor(t, host, "place a Mom & Pop")
		tab := phones[name]
		tab.Run(t, testenv.WaitText(`#turn .decision`, "Place a Mom & Pop"))
		cards := hand(tab)
		card := cards[0]
		if card == "a wild card" {
			card = cards[len(cards)-1]
		}
		if card == "a wild card" {
			card = "Siam"
		}
		at := board.Slug(card)
		tapMove(t, tab, `#turn .choice-place-`+at)
		tab.Tap(t, `#turn .choice-found-`+companies[i])
		tab.Run(t, testenv.WaitText(`#turn .decision`, "One action"))
		tab.Tap(t, `#turn .choice-draw`)
		host.Run(t, testenv.WaitText(`#board-log`, "founded in "+card))
		var label string
		host.Run(t, chromedp.AttributeValue(`#t-`+at, "aria-label", &label, nil, chromedp.ByQuery))
		if !strings.Contains(label, "3 teams, tower") {
			t.Fatalf("the host map shows %s as %q", card, label)
		}
	}
	// earnings: each CEO on their own phone; the other phone cannot choose
	first := waitedFor(t, host, "choose each company's earnings")
	second := map[string]string{"Ana": "Ben", "Ben": "Ana"}[first]
	var n int
	phones[second].Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for "+first+": choose each company's earnings"),
		chromedp.Evaluate(`document.querySelectorAll('#turn [class*="choice-skip-"]').length`, &n))
	if n != 0 {
		t.Fatalf("%s's phone offers %d earnings choices during %s's turn", second, n, first)
	}
	phones[first].Run(t, testenv.WaitText(`#turn .decision`, "Your earnings"))
	tapMove(t, phones[first], `#turn [class*="choice-skip-"]`)
	phones[second].Run(t, testenv.WaitText(`#turn .decision`, "Your earnings"))
	tapMove(t, phones[second], `#turn [class*="choice-skip-"]`)
	for _, tab := range []*testenv.Tab{host, ana, ben} {
		tab.Run(t, testenv.WaitText(`#turn`, "a Mom & Pop"), testenv.WaitText(`#sizes`, "cycle 2"))
		tab.AssertLocalOnly(t, app.URL)
	}
}

// A merger needs the other CEO's consent: the host proposes it for the
// player on turn, and Ana agrees on her phone, then sells her shares of the
// absorbed company from the same phone; the host's map follows live.
func TestBrowserBoardModeMergerConsentOnThePhone(t *testing.T) {
	t.Parallel()
	app, host := hostLaptopTab(t)
	host.RecordNetwork(t)
	hostDev := hostDevice(t, app)
	id := hostDev.createGameWith("coldcash", map[string]any{"mode": "board", "deck": "table"}, "Ana", "Ben")
	game := fmt.Sprintf("%s/games/%d", app.URL, id)
	host.Run(t, chromedp.Navigate(game))
	ana := testenv.Phone(t)
	ana.RecordNetwork(t)
	seatPhone(t, app, ana, id, "Ana")

	host.Run(t, chromedp.SetValue(`#first-0`, "siam", chromedp.ByQuery), chromedp.SetValue(`#first-1`, "peru", chromedp.ByQuery))
	host.Submit(t, `#open-table`, 200)
	// Ben has no phone: the host plays him. Ana has hers: the host answers
	// for her only through her fold, each move behind its question.
	play := func(at, outcome string) {
		t.Helper()
		host.Tap(t, `#turn .choice-place-`+at)
		tapMove(t, host, `#turn .choice-`+outcome)
	}
	play("venezuela", "found-c3") // Ben leads (Peru): American, with Peru
	host.Tap(t, `#turn .choice-draw`)
	answerOnHost(t, host, "Ana", `.choice-place-eastern-united-states`) // Ana: Festival
	answerOnHost(t, host, "Ana", `.choice-found-c5`)
	answerOnHost(t, host, "Ana", `.choice-draw`)
	tapMove(t, host, `#turn .choice-skip-c3`)
	answerOnHost(t, host, "Ana", `.choice-skip-c5`)
	// Ben's Mom & Pop in Central America borders both, size 2 each: Ben
	// lets American win the tie; Festival's CEO must agree.
	play("central-america", "merge-c3-c5")
	ana.Run(t, testenv.WaitText(`#turn .decision`, "Agree: Festival merges")) // her decision card, at the top
	// The host may still answer for Ana, behind her fold.
	revealMove(t, host, `#turn details.answer-for .choice-agree-c5`)
	agree := &taps{t: t} // docs/screens.md: agree to a merger, 1 tap; sell all at a merger, 1 tap
	agree.tap(ana, `#turn .choice-agree-c5`)
	ana.Run(t, testenv.WaitText(`#wizard`, "Festival"))
	agree.atMost("agreeing to the merger", 1)
	sell := &taps{t: t}
	sell.tap(ana, `#turn .choice-sell-all`)
	host.Run(t, testenv.WaitText(`#turn .waiting`, "Waiting for Ben: buy, sell"))
	sell.atMost("selling all at the merger", 1)
	var label string
	host.Run(t, chromedp.AttributeValue(`#t-eastern-united-states`, "aria-label", &label, nil, chromedp.ByQuery))
	if tileDescription(label) != "Eastern United States: company A, 3 teams" {
		t.Fatalf("after the merger Eastern US shows %q", label)
	}
	var cash string
	// Festival at size 2, medium, $300: Ana alone takes $4,500 and sells her
	// share at $300.
	ana.Run(t, chromedp.Text(`#standing strong`, &cash, chromedp.ByQuery))
	if cash != "$10,800" {
		t.Fatalf("Ana's cash %q", cash)
	}
	for _, tab := range []*testenv.Tab{host, ana} {
		tab.AssertLocalOnly(t, app.URL)
	}
}

// waitedFor waits until the host's turn bar waits for someone to do what
// (in the engine's words) and names them.
func waitedFor(t *testing.T, host *testenv.Tab, what string) string {
	t.Helper()
	var line string
	host.Run(t, testenv.WaitText(`#turn .waiting`, what), chromedp.Text(`#turn .waiting`, &line, chromedp.ByQuery))
	name, _, _ := strings.Cut(strings.TrimPrefix(line, "Waiting for "), ":")
	return name
}
