package web_test

import (
	"context"
	"encoding/json"
	"fmt"
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

// sheetMove is the selector of the sheet's first move of command type typ
// (its button: the move itself, not a stepper's).
func sheetMove(typ string) string {
	return `#sheet form[data-move]:not([hidden]):has(input[name="type"][value="` + typ + `"]) button:not(.step-by)`
}

// sheetPlaceOn is the selector of the sheet's move placing on territory name.
func sheetPlaceOn(name string) string {
	return `#sheet form[data-move][data-to="` + name + `"]:has(input[name="type"][value="place"]) button:not(.step-by)`
}

// placeByName is a phone's folded list of builds, by territory name.
const placeByName = `#sheet details[data-map]:not([open]) > summary`

// placeFromMap places the whole build on territory name from a phone, as
// its player does: a tap on the territory on the map opens the folded
// builds on its one move, and a tap on that move places.
func placeFromMap(t *testing.T, tab *testenv.Tab, name string) {
	t.Helper()
	spot := `#live .cq-spot[data-name="` + name + `"]`
	tab.Run(t, chromedp.ScrollIntoView(spot, chromedp.ByQuery), chromedp.Click(spot, chromedp.ByQuery), chromedp.WaitVisible(sheetPlaceOn(name), chromedp.ByQuery))
	tab.Tap(t, sheetPlaceOn(name))
}

// tapWhile taps the sheet's first move of type typ as long as the turn bar
// says want (at most max times): the placing of start armies, claiming.
func tapWhile(t *testing.T, tab *testenv.Tab, want, typ string, max int) {
	t.Helper()
	for i := 0; i < max && strings.Contains(text(t, tab, `#turn`), want); i++ {
		tab.Tap(t, sheetMove(typ))
	}
}

// sheetState is the game's state, read from the tracker.
func sheetState(t *testing.T, app *testenv.App, id int64) *conquest.State {
	t.Helper()
	var st *conquest.State
	if err := app.Tracker.State(context.Background(), id, func(s engine.State, _ int64) { st = s.(*conquest.State).Clone() }); err != nil {
		t.Fatal(err)
	}
	return st
}

func text(t *testing.T, tab *testenv.Tab, sel string) string {
	t.Helper()
	var s string
	tab.Run(t, chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

// The host deals a classic game on the laptop and plays Ana's first turn
// from the move sheet alone: the last start armies, the build explained,
// a tap on the map narrowing the sheet to one territory's move, a blitz
// from the attacks (each with its chance), a refused attack with typed dice
// that changes nothing, Ben's dice answered on the laptop, the move in, and
// the end of the attacks and of the turn.
func TestBrowserRiskDealPlaceAttackEndTurn(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	id := createConquest(t, app, "risk", conquest.Settings{StartArmies: 22})
	tab.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.WaitVisible(`#sheet .choice-start`, chromedp.ByQuery))
	tab.Run(t, chromedp.Click(`input[name="d.empire"]`, chromedp.ByQuery))
	tab.Submit(t, `.cq-options-form button`, 200)
	var h string
	tab.Run(t, chromedp.TextContent(`.cq-help`, &h, chromedp.ByQuery))
	if !strings.Contains(h, "Empire rule (on)") {
		t.Fatalf("after turning the Empire rule on, the help says %q", h)
	}
	tab.Tap(t, `#sheet .choice-start`)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "place start armies") {
		t.Fatalf("after the deal the status says %q", s)
	}
	var spots int
	tab.Run(t, chromedp.Evaluate(`document.querySelectorAll('.cq-map .cq-spot').length`, &spots))
	if spots != 42 {
		t.Fatalf("the map shows %d territories; want 42", spots)
	}
	tab.Tap(t, sheetMove("place"))
	tab.Tap(t, sheetMove("place"))
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: place ") {
		t.Fatalf("the first turn's status says %q; want Ana reinforcing", s)
	}
	if b := text(t, tab, `.cq-build`); !strings.Contains(b, "21 territories / 3") {
		t.Fatalf("the build panel says %q", b)
	}
	// Tapping one of Ana's territories on the map narrows the sheet to the
	// one move placing there; that move puts the whole build down. The one
	// tapped borders Ben's, so the attacks that follow always have one from
	// there (the deal is random: an inland pick could leave none).
	var places []struct {
		Name      string
		Territory int
	}
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll('#sheet form[data-move][data-to]')].map(f => ({name: f.dataset.to, territory: JSON.parse(f.querySelector('input[name="data"]').value).territory}))`, &places))
	pick := ""
	st := sheetState(t, app, id)
	for _, p := range places {
		for _, n := range risk.Classic().Neighbours(risk.TerritoryID(p.Territory)) {
			if st.Owner[n] != st.Owner[p.Territory] {
				pick = p.Name
			}
		}
	}
	if pick == "" {
		t.Fatalf("none of the builds' %d territories borders Ben's", len(places))
	}
	tab.Run(t, chromedp.Click(`.cq-spot[data-name="`+pick+`"]`, chromedp.ByQuery), chromedp.WaitVisible(`#sheet .sheet-filter`, chromedp.ByQuery))
	var shown []string
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll('#sheet form[data-move]:not([hidden])')].map(f => f.dataset.to)`, &shown))
	if len(shown) != 1 || shown[0] != pick {
		t.Fatalf("tapping %s on the map left the moves for %v on the sheet", pick, shown)
	}
	tab.Tap(t, sheetPlaceOn(pick))
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: attack") {
		t.Fatalf("after placing the build the status says %q", s)
	}
	// The map's narrowing outlives the step where it still applies (the
	// moves from there): the whole list is one tap away.
	var narrowed bool
	tab.Run(t, chromedp.Evaluate(`!document.querySelector("#sheet .sheet-filter").hidden`, &narrowed))
	if narrowed {
		tab.Run(t, chromedp.Click(`#sheet .sheet-all`, chromedp.ByQuery))
	}
	if opts := text(t, tab, `#sheet`); !strings.Contains(strings.Join(strings.Fields(opts), " "), "% win") {
		t.Fatalf("the attacks on the sheet show no odds: %q", opts)
	}
	// The attacks lead with the likeliest to win, at most a handful, the
	// rest folded under "more"; every one is from a territory with an army
	// to spare.
	var att struct {
		Top, Folded []float64
		Froms       []int
	}
	tab.Run(t, chromedp.Evaluate(`(() => {
	  const blitz = [...document.querySelectorAll('#sheet form[data-move]')].filter(f => f.querySelector('input[name="type"]').value === "attack" && !JSON.parse(f.querySelector('input[name="data"]').value).mode);
	  const chance = f => parseFloat(f.querySelector(".chance").textContent.replace(/^[^0-9]*/, ""));
	  return { top: blitz.filter(f => !f.closest("details")).map(chance), folded: blitz.filter(f => f.closest("details")).map(chance),
	    froms: blitz.map(f => JSON.parse(f.querySelector('input[name="data"]').value).from) };
	})()`, &att))
	if len(att.Top) == 0 || len(att.Top) > conquest.BestAttacks {
		t.Fatalf("%d attacks shown at once; want 1 to %d", len(att.Top), conquest.BestAttacks)
	}
	for i, c := range att.Top {
		if i > 0 && c > att.Top[i-1] || len(att.Folded) > 0 && c < att.Folded[0] {
			t.Fatalf("the attacks shown (%v) do not lead with the likeliest (folded: %v)", att.Top, att.Folded)
		}
	}
	st = sheetState(t, app, id)
	for _, f := range att.Froms {
		if st.Armies[f] < 2 {
			t.Fatalf("an attack from %d, which holds %d army, is offered", f, st.Armies[f])
		}
	}
	// Attacking a territory that does not border the chosen one (typed
	// dice, the one attack the sheet does not list) is refused with the
	// rule named, and nothing changes.
	var from int
	var targets []string
	tab.Run(t,
		chromedp.Evaluate(`JSON.parse(document.querySelector('#sheet form[data-move]:has(input[name="type"][value="attack"]) input[name="data"]').value).from`, &from),
		chromedp.Evaluate(`[...document.querySelectorAll('.cq-attack details select[name="d.to"] option')].map(o => o.value)`, &targets),
	)
	far := ""
	for _, v := range targets {
		n, _ := strconv.Atoi(v)
		if !risk.Classic().Adjacent(risk.TerritoryID(from), risk.TerritoryID(n)) {
			far = v
			break
		}
	}
	tab.Run(t,
		chromedp.SetAttributeValue(`.cq-attack details`, "open", "", chromedp.ByQuery),
		chromedp.SetValue(`.cq-attack details select[name="d.from"]`, strconv.Itoa(from), chromedp.ByQuery),
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
	tab.Tap(t, sheetMove("attack")) // the likeliest blitz
	// Ben has no phone: when his territory has 2 or more armies, the
	// laptop asks for his dice and the host answers for him.
	var asked bool
	tab.Run(t, chromedp.Evaluate(`!!document.querySelector('#sheet .choice-defend-1')`, &asked))
	if asked {
		if w := text(t, tab, `#turn`); !strings.Contains(w, "Waiting for Ben: defend ") {
			t.Fatalf("the turn bar says %q while Ben's dice are awaited", w)
		}
		tab.Tap(t, sheetMove("defend"))
	}
	if b := text(t, tab, `#battle-moment`); !strings.Contains(b, "Ana") || !(strings.Contains(b, "taken") || strings.Contains(b, "held")) {
		t.Fatalf("the battle moment says %q; want Ana's attack, taken or held", b)
	}
	var pending bool
	tab.Run(t, chromedp.Evaluate(`!!document.querySelector('#sheet .choice-move')`, &pending))
	if pending {
		tab.Tap(t, `#sheet .choice-move`)
	}
	if e := text(t, tab, `#sheet .choice-end-attack`); !strings.Contains(e, "go on to fortify") || !strings.Contains(e, "ends this step") {
		t.Fatalf("the end of the attacks says %q", e)
	}
	ends := &taps{t: t} // docs/screens.md: end the attacks, 1 tap
	ends.tap(tab, `#sheet .choice-end-attack`)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "fortify once, or end the turn") {
		t.Fatalf("after ending the attacks the status says %q; want Ana fortifying", s)
	}
	ends.atMost("ending the attacks", 1)
	tab.Tap(t, `#sheet .choice-end-turn`)
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
	tab.RecordNetwork(t)
	id := createConquest(t, app, "pctw", conquest.Settings{StartArmies: 11})
	tab.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.WaitVisible(`#sheet .choice-start`, chromedp.ByQuery))
	if s := text(t, tab, `.cq-setaside`); !strings.Contains(s, "Ace of Suns") || !strings.Contains(s, "5 of Moons") {
		t.Fatalf("the set-up helper says %q", s)
	}
	tab.Tap(t, `#sheet .choice-start`)
	var spots, wraps int
	tab.Run(t,
		chromedp.Evaluate(`document.querySelectorAll('.cq-map .cq-spot').length`, &spots),
		chromedp.Evaluate(`document.querySelectorAll('.cq-wrapmark').length`, &wraps),
	)
	if spots != 21 || wraps != 8 {
		t.Fatalf("the grid shows %d tiles and %d wrap marks; want 21 and 8", spots, wraps)
	}
	tapWhile(t, tab, "claim an empty territory", "place", 22)
	tapWhile(t, tab, "start armies", "place", 22)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for Ana: place 3 armies") {
		t.Fatalf("after claiming the status says %q; want Ana with 3", s)
	}
	tab.Tap(t, sheetMove("place"))
	tab.Tap(t, `#sheet .choice-end-attack`)
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
	// One deal and one set of dice. With a random deal the neutral's
	// stack of 8 can stand with no opponent beside it; it then rightly
	// makes no move and no feed is drawn, and the test waited for the feed
	// until its deadline (it failed once so, waiting, on 2026-11-30).
	fixedDice(app)
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	id := createConquest(t, app, "risk", conquest.Settings{StartArmies: 21, Neutrals: 1})
	tab.Run(t, chromedp.Navigate(app.URL+"/games/"+itoa(id)), chromedp.WaitVisible(`#sheet .choice-start`, chromedp.ByQuery))
	tab.Tap(t, `#sheet .choice-start`)
	if s := text(t, tab, `#turn`); !strings.Contains(s, "the neutral's start armies") {
		t.Fatalf("set-up does not start with the neutral's armies: %q", s)
	}
	// Every placement takes the first territory offered: the neutral's
	// spare 7 all land on one territory, which then holds 8.
	tapWhile(t, tab, "start armies", "place", 30)
	for _, who := range []string{"Ana", "Ben"} {
		if s := text(t, tab, `#turn`); !strings.Contains(s, "Waiting for "+who+": place") {
			t.Fatalf("status %q; want %s's turn", s, who)
		}
		tab.Tap(t, sheetMove("place"))
		tab.Tap(t, `#sheet .choice-end-attack`)
		tab.Tap(t, `#sheet .choice-end-turn`)
	}
	if s := text(t, tab, `#turn`); !strings.Contains(s, "place the neutral's build") {
		t.Fatalf("status %q; want the neutral's turn", s)
	}
	if b := text(t, tab, `.cq-build`); !strings.Contains(b, "Neutral build") {
		t.Fatalf("the neutral's build is not explained: %q", b)
	}
	// Each player's share goes down whole in one tap (the laptop acts for each in turn).
	tapWhile(t, tab, "place the neutral's build", "place", 10)
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

// handSecret is how a player's cards are spelled on their phone (its page
// and the live frames it receives): what no other screen may receive.
func handSecret(seat int, hand []conquest.Card) []string {
	var out []string
	for _, c := range hand {
		out = append(out, fmt.Sprintf(`cq-kind-%s">%s<`, c.Kind, c.Label))
	}
	return out
}

// Classic RISK with the house rules and phones as private hands: the
// players place their last start armies on their phones; Ana plays three
// turns on her phone (build, an attack with real dice typed in, the move,
// the end of the turn) and earns a card each time; Ben plays his turns on
// his; on her fourth turn Ana trades her set on her phone in one tap, and
// the larger build reaches every screen live. Only Ana's phone ever
// receives her cards: not Ben's phone, not the host, not the public page.
func TestBrowserRiskPhonesHoldTheirCardsAndTradeASet(t *testing.T) {
	t.Parallel()
	app, hostTab, host := hostLaptop(t)
	host.watch(t)
	// Every card artillery (the table's own deck may say so), so any three
	// of Ana's cards make a set: the test needs no luck of the draw.
	id := createConquest(t, app, "risk", conquest.Settings{StartArmies: 22, Symbols: strings.Repeat("A", 42)})
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#sheet .choice-start`, chromedp.ByQuery))
	hostTab.Tap(t, `#sheet .choice-start`)
	ana, ben := joinTwoPhones(t, app, id)
	phones := []*screen{ana, ben}
	by := chromedp.ByQuery
	state := func() *conquest.State {
		var s conquest.State
		app.Tracker.State(context.Background(), id, func(st engine.State, _ int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s) })
		return &s
	}

	// The last start armies, each on the placer's own phone.
	for s := state(); s.Phase == conquest.PhasePlace; s = state() {
		p := phones[s.Placer]
		p.tab.Run(t, testenv.WaitText(`#turn .decision`, "place start armies"), chromedp.WaitVisible(sheetMove("place"), by))
		p.tab.Tap(t, sheetMove("place"))
	}
	endTurn := func(p *screen) {
		t.Helper()
		p.tab.Tap(t, `#sheet .choice-end-attack`)
		p.tab.Tap(t, `#sheet .choice-end-turn`)
	}
	classic := risk.Classic()
	for turn := 1; turn <= 3; turn++ {
		// Ana: her whole build on a territory beside Ben's weakest
		// neighbour, then an attack with real dice typed in: 6s against 1s.
		// On her phone the builds are chosen on the map: their list is
		// folded, "Place by name".
		ana.tab.Run(t, testenv.WaitText(`#turn .decision`, "armies"), chromedp.WaitVisible(placeByName, by))
		s := state()
		from, to := -1, -1
		for t1, o := range s.Owner {
			if o != 0 {
				continue
			}
			for _, n := range classic.Neighbours(risk.TerritoryID(t1)) {
				if s.Owner[n] == 1 && (to < 0 || s.Armies[n] < s.Armies[to]) {
					from, to = t1, int(n)
				}
			}
		}
		if to < 0 || s.Armies[to] > 2 {
			t.Fatalf("turn %d: no weak border for Ana (to %d)", turn, to)
		}
		placeFromMap(t, ana.tab, classic.Name(risk.TerritoryID(from)))
		ana.tab.Run(t, chromedp.WaitVisible(`.cq-attack`, by),
			chromedp.SetAttributeValue(`.cq-attack details`, "open", "", by),
			chromedp.SetValue(`.cq-attack details select[name="d.from"]`, strconv.Itoa(from), by),
			chromedp.SetValue(`.cq-attack details select[name="d.to"]`, strconv.Itoa(to), by),
			chromedp.SetValue(`.cq-attack details select[name="d.mode"]`, "faces", by),
			chromedp.SetValue(`.cq-attack details input[name="t.attFaces"]`, "6 6 6", by),
			chromedp.SetValue(`.cq-attack details input[name="t.defFaces"]`, strings.TrimSpace(strings.Repeat("1 ", s.Armies[to])), by),
		)
		ana.tab.Submit(t, `.cq-attack details button.primary`, 200)
		// The move into the conquered territory is Ana's decision card: one
		// number with its limits and one tap; Ben's phone shows the line.
		owesCard(t, ana, "move armies into", "move")
		waitsLine(t, ben, "Waiting for Ana: move armies into", "move")
		ana.tab.Tap(t, `#turn .decision .choice-move`)
		endTurn(ana)
		if got := len(state().Hands[0]); got != turn {
			t.Fatalf("after %d conquering turns Ana holds %d cards", turn, got)
		}
		// Ben: his build on the first territory the sheet offers, no attack, the end.
		// Ben picks it by name: the fold, then the move.
		ben.tab.Run(t, testenv.WaitText(`#turn .decision`, "armies"), chromedp.WaitVisible(placeByName, by), chromedp.Click(placeByName, by), chromedp.WaitVisible(sheetMove("place"), by))
		ben.tab.Tap(t, sheetMove("place"))
		endTurn(ben)
	}

	// Ana's fourth turn: her three cards are a set; her phone shows them
	// and offers the trade, Ben's shows only how many she holds.
	ana.tab.Run(t, testenv.WaitText(`#turn .decision`, "armies"), chromedp.WaitVisible(sheetMove("trade"), by))
	s := state()
	secret := handSecret(0, s.Hands[0])
	ana.shows(t, "before the trade", secret...)
	ana.received(t, "before the trade", secret[0])
	ben.tab.Run(t, testenv.WaitText(`#turn`, "Waiting for Ana: place"), testenv.WaitText(`.cq-players`, "3"))
	check := func(when string) {
		t.Helper()
		ben.keeps(t, when, secret...)
		host.keeps(t, when, secret...)
		pub := mustGet(t, gameURL(app, id)+"?as=public")
		for _, sec := range secret {
			if strings.Contains(pub, sec) {
				t.Errorf("%s: the public page holds %q", when, sec)
			}
		}
	}
	check("before the trade")
	var n int
	ben.tab.Run(t, chromedp.Evaluate(`document.querySelectorAll('input[name="type"][value="trade"]').length`, &n))
	if n != 0 {
		t.Fatal("Ben's phone offers to trade Ana's cards")
	}
	c := &taps{t: t}
	host.mark(t)
	ben.mark(t)
	c.tap(ana.tab, sheetMove("trade"))
	c.atMost("trading a set", 1)
	after := state()
	if len(after.Hands[0]) != 0 || after.Pool <= s.Pool {
		t.Fatalf("after the trade Ana holds %d cards and has %d to place (before %d)", len(after.Hands[0]), after.Pool, s.Pool)
	}
	want := fmt.Sprintf("Waiting for Ana: place %d armies", after.Pool)
	for _, p := range []*screen{host, ben} {
		p.tab.Run(t, testenv.WaitText(`#turn`, want), testenv.WaitText(`.cq-build`, "set"))
		p.notReloaded(t, "Ana's trade")
	}
	ana.tab.Run(t, testenv.WaitText(`.cq-hand`, "No cards"))
	check("after the trade")
	for _, p := range append(phones, host) {
		p.tab.AssertLocalOnly(t, app.URL)
	}
}
