package web_test

import (
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

// coldcashTable is a Cold Cash Risk game with the host laptop and Ana, Ben
// and Cy on their own phones.
type coldcashTable struct {
	seatedTable
	cy *device
}

func coldcashGame(t *testing.T, settings map[string]any) *coldcashTable {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	fixedDice(app)
	ct := &coldcashTable{seatedTable: seatedTable{t: t, host: hostDevice(t, app), ana: newDevice(t, app), ben: newDevice(t, app)}, cy: newDevice(t, app)}
	ct.game = ct.host.createGameWith("coldcash", settings, "Ana", "Ben", "Cy")
	join := joinURLFromQR(t, ct.host, ct.game)
	ct.ana.join(join, ct.game, 0)
	ct.ben.join(join, ct.game, 1)
	ct.cy.join(join, ct.game, 2)
	return ct
}

func (ct *coldcashTable) view() coldcash.View {
	ct.t.Helper()
	return gameView[coldcash.View](ct.t, ct.host, ct.game)
}

// over checks that the game has ended with these final totals, in seat
// order, and that its page says so once.
func (ct *coldcashTable) over(totals ...int) {
	ct.t.Helper()
	v := ct.view()
	if !v.Over || len(v.Final) != len(totals) {
		ct.t.Fatalf("the game did not end: %+v", v.Final)
	}
	for i, want := range totals {
		if v.Final[i].Total != want {
			ct.t.Fatalf("%s's final total %s; want %s (%+v)", v.Final[i].Name, money(v.Final[i].Total), money(want), v.Final[i])
		}
	}
	saysOnce(ct.t, ct.host, fmt.Sprintf("/games/%d", ct.game), "The game is over")
}

// cash checks every player's cash on the host's view.
func (ct *coldcashTable) cash(when string, want ...int) {
	ct.t.Helper()
	for i, p := range ct.view().Players {
		if p.Cash != want[i] {
			ct.t.Fatalf("%s: %s has %s; want %s", when, p.Name, money(p.Cash), money(want[i]))
		}
	}
}

func money(n int) string { return fmt.Sprintf("$%d", n) }

// Cold Cash Risk in bank mode, three players, from the first company to the
// closing bell: trades on the phones, a hidden share that earns nothing,
// a merger with its bonuses and disposal, and the final payout with a tie
// for majority. Every number is worked by hand below (the chart and bonus
// rules of REFERENCE.md; everyone starts with $6,000).
func TestGoldenGameColdCashBank(t *testing.T) {
	t.Parallel()
	ct := coldcashGame(t, nil)
	// Tower (cheap) for Ana at size 2: $200; Imperial (expensive) for Ben
	// at size 5: $700. Each founder gets one free share.
	ct.do(ct.host, "found", map[string]any{"company": "c1", "seat": 0, "size": 2})
	ct.do(ct.host, "found", map[string]any{"company": "c6", "seat": 1, "size": 5})
	// Ana: 3 Tower = $600 (holds 4). Ben: 2 Tower + 1 Imperial = $400 + $700
	// (holds 2 and 2). Cy: 3 Imperial = $2,100. Ana: 1 Imperial = $700.
	ct.do(ct.ana, "buy", map[string]any{"company": "c1", "count": 3})
	ct.do(ct.ana, "turn", nil)
	ct.do(ct.ben, "buy", map[string]any{"company": "c1", "count": 2})
	ct.do(ct.ben, "buy", map[string]any{"company": "c6", "count": 1})
	ct.do(ct.ben, "turn", nil)
	ct.do(ct.cy, "buy", map[string]any{"company": "c6", "count": 3})
	ct.do(ct.cy, "turn", nil)
	ct.do(ct.ana, "buy", map[string]any{"company": "c6", "count": 1})
	ct.cash("after the buying", 6000-600-700, 6000-400-700, 6000-2100)
	// Cy hides one Imperial; Ben, Imperial's CEO, pays dividends from his
	// phone: $700 / 10 = $70 a visible share: Ana 1 ($70), Ben 2 ($140),
	// Cy 2 of his 3 ($140; the hidden one earns nothing).
	ct.do(ct.cy, "hide", map[string]any{"company": "c6", "hidden": 1})
	ct.do(ct.ben, "dividends", map[string]any{"company": "c6"})
	ct.cash("after the dividends", 4700+70, 4900+140, 3900+140)
	// Imperial (5) absorbs Tower (2) through Ana's Mom & Pop: Tower's price
	// at size 2 is $200. Ana (4) takes the majority bonus, 10 x 200 = $2,000;
	// Ben (2) the minority, 5 x 200 = $1,000. From Ana clockwise: Ana trades
	// her 4 Tower for 2 Imperial (2 for 1); Ben sells his 2 at $200 = $400.
	// Imperial's new size: 5 + 1 (Tower's one territory) + 1 (the Mom & Pop)
	// = 7.
	ct.do(ct.host, "merge", map[string]any{"survivor": "c6", "defunct": "c1", "maker": 0})
	ct.do(ct.ana, "dispose", map[string]any{"choice": "trade-max"})
	ct.do(ct.ben, "dispose", map[string]any{"choice": "sell-all"})
	ct.cash("after the merger", 4770+2000, 5040+1000+400, 4040)
	if v := ct.view(); v.Merger != nil || v.Companies[5].Size != 7 || v.Companies[5].Price != 800 {
		t.Fatalf("after the merger Imperial is size %d at %s; want 7 at $800", v.Companies[5].Size, money(v.Companies[5].Price))
	}
	// Cy shows his hidden share again; Imperial grows to 22 on the board
	// ($1,000) and the closing bell rings.
	ct.do(ct.cy, "hide", map[string]any{"company": "c6", "hidden": 0})
	ct.do(ct.host, "size", map[string]any{"company": "c6", "size": 22})
	ct.do(ct.host, "end", map[string]any{"reason": "closing-bell"})
	// Final payout, Imperial at $1,000: Ana 3 and Cy 3 tie for the majority:
	// (10 + 5) x 1,000 = $15,000 split, $7,500 each; Ben (2) gets nothing.
	// Then every share sells at $1,000: Ana $3,000, Ben $2,000, Cy $3,000.
	// Ana 6,770 + 7,500 + 3,000 = 17,270; Ben 6,440 + 2,000 = 8,440;
	// Cy 4,040 + 7,500 + 3,000 = 14,540.
	ct.over(17270, 8440, 14540)
	checkRow(t, scoreRow(t, ct.host, ct.game), "Cold Cash Risk", row("Ana", 17270, 1, true), row("Ben", 8440, 3, false), row("Cy", 14540, 2, false))
}

// boardToEgypt plays a board-mode game of Ana, Ben and Cy up to Ben's
// hostile takeover with American standing in North Africa (4 teams) next to
// Festival's tower in Egypt (3 teams; Ana is Festival's CEO).
func boardToEgypt(t *testing.T) *coldcashTable {
	t.Helper()
	ct := coldcashGame(t, map[string]any{"mode": "board", "deck": "table", "ending": "short"})
	h := func(typ string, data any) { t.Helper(); ct.do(ct.host, typ, data) }
	turn := func(at, outcome string, data any) {
		t.Helper()
		h("place", map[string]any{"territory": at})
		h(outcome, data)
		h("draw", nil)
	}
	skip := func() {
		t.Helper()
		for v := ct.view(); v.Table.Phase == coldcash.PhaseEarnings; v = ct.view() {
			h("skip", map[string]any{"company": v.Table.Pending[0]})
		}
	}
	// Opening cards: North Africa (Ana), Peru (Ben), the Mom & Pop for Cy in
	// Siberia; North Africa comes first: Ana leads, then Ben, then Cy.
	h("open", map[string]any{"first": []string{"north-africa", "peru", "siberia"}})
	// Cycle 1. Ana founds Festival in Egypt, taking North Africa (size 2,
	// medium: $300), and buys 2 ($600; holds 3). Ben founds American in
	// Brazil with Peru and buys 1 Festival ($300). Cy leaves his Mom & Pop
	// in Yakutsk.
	h("place", map[string]any{"territory": "egypt"})
	h("found", map[string]any{"company": "c5"})
	ct.do(ct.ana, "buy", map[string]any{"company": "c5", "count": 2})
	ct.do(ct.ana, "draw", nil)
	h("place", map[string]any{"territory": "brazil"})
	h("found", map[string]any{"company": "c3"})
	ct.do(ct.ben, "buy", map[string]any{"company": "c5", "count": 1})
	ct.do(ct.ben, "draw", nil)
	turn("yakutsk", "leave", nil)
	ct.cash("after cycle 1", 5400, 5700, 6000)
	skip()
	// Cycles 2 and 3: each company absorbs two more Mom & Pops.
	turn("east-africa", "absorb", map[string]any{"company": "c5"})
	turn("venezuela", "absorb", map[string]any{"company": "c3"})
	turn("kamchatka", "leave", nil)
	skip()
	turn("congo", "absorb", map[string]any{"company": "c5"})
	turn("argentina", "absorb", map[string]any{"company": "c3"})
	turn("irkutsk", "leave", nil)
	// Earnings: American holds South America whole: 4 territories / 3 = 1,
	// + 2 = 3 teams, all to Brazil (3 + 3 = 6).
	ct.do(ct.ana, "skip", map[string]any{"company": "c5"})
	ct.do(ct.ben, "hire", map[string]any{"company": "c3", "place": map[string]int{"brazil": 3}})
	// Cycle 4: Ana leaves a Mom & Pop in South Africa. Ben's American
	// starts a hostile takeover: North Africa (1 team) falls to typed
	// losses, 4 teams move in.
	turn("south-africa", "leave", nil)
	h("place", map[string]any{"territory": "madagascar"})
	h("leave", nil)
	ct.do(ct.ben, "takeover", map[string]any{"company": "c3"})
	ct.do(ct.ben, "attack", map[string]any{"from": "brazil", "to": "north-africa", "attackerLost": 0, "defenderLost": 1})
	ct.do(ct.ben, "occupy", map[string]any{"teams": 4})
	return ct
}

// Cold Cash Risk in board mode, three players, the table's own deck and the
// short game: companies founded and grown on the map, a hostile takeover
// fought with typed real dice that captures a tower (halved payouts), and
// the final payout when the host records the last card. Worked by hand.
func TestGoldenGameColdCashBoard(t *testing.T) {
	t.Parallel()
	ct := boardToEgypt(t)
	h := func(typ string, data any) { t.Helper(); ct.do(ct.host, typ, data) }
	// Egypt, Festival's tower (3 teams), falls to typed faces 6 6 5 against
	// 2 1 (2 lost) and then 6 6 against 2 (1 lost).
	ct.do(ct.ben, "attack", map[string]any{"from": "north-africa", "to": "egypt", "attackerFaces": []int{6, 6, 5}, "defenderFaces": []int{2, 1}})
	ct.do(ct.ben, "attack", map[string]any{"from": "north-africa", "to": "egypt", "attackerFaces": []int{6, 6}, "defenderFaces": []int{2}})
	ct.do(ct.ben, "occupy", map[string]any{"teams": 2})
	// Festival's tower fell. Its size for the payouts: Egypt, East Africa
	// and Congo (North Africa was lost earlier this turn) = 3, medium: $400,
	// all halved: Ana (3 shares) majority 10 x 400 / 2 = $2,000; Ben (1)
	// minority 5 x 400 / 2 = $1,000. Disposal from Ben (the maker): both
	// sell at half of $400 = $200: Ben $200, Ana $600.
	ct.do(ct.ben, "dispose", map[string]any{"choice": "sell-all"})
	ct.do(ct.ana, "dispose", map[string]any{"choice": "sell-all"})
	ct.cash("after the takeover", 5400+2000+600, 5700+1000+200, 6000)
	ct.do(ct.ben, "takeover.end", nil)
	ct.do(ct.ben, "draw", nil)
	// The last territory card is played: the host records the short game's
	// end. American is the only company: South America whole (Brazil,
	// Venezuela, Argentina, Peru) and North Africa, Egypt, East Africa and
	// Congo: 8 territories + 2 = size 10, medium: $700. Ben, its only
	// holder (his founder's share), takes both bonuses, 15 x 700 = $10,500,
	// and sells his share for $700: 6,900 + 11,200 = 18,100. Ana 8,000;
	// Cy, who never bought, 6,000.
	h("end", map[string]any{"reason": "short"})
	ct.over(8000, 18100, 6000)
	played := scoreRow(t, ct.host, ct.game)
	checkRow(t, played, "Cold Cash Risk", row("Ana", 8000, 2, false), row("Ben", 18100, 1, true), row("Cy", 6000, 3, false))
	// Ana's opening card, North Africa, came first: she is the start player.
	if !played.Players[0].Start || played.Players[1].Start || played.Players[2].Start {
		t.Fatalf("start player %+v; want Ana", played.Players)
	}
}

// Over HTTP with joined phones: an attack with the app's dice on Festival's
// tower waits for Ana, Festival's CEO, whose phone alone gets the two
// answers as its decision card; the attacker's phone cannot answer for her.
func TestDefendingCEOChoosesTheDiceOnHerPhone(t *testing.T) {
	t.Parallel()
	ct := boardToEgypt(t)
	ct.do(ct.ben, "attack", map[string]any{"from": "north-africa", "to": "egypt", "dice": 3})
	type live struct {
		Waiting *struct {
			Seats []int
			Text  string
		}
		Turn string
	}
	var ana, ben live
	ct.ana.getJSON(fmt.Sprintf("/games/%d/view", ct.game), &ana)
	ct.ben.getJSON(fmt.Sprintf("/games/%d/view", ct.game), &ben)
	if got := stepMoveTypes(ana.Turn, "defence"); ana.Waiting == nil || len(got) != 2 || got[0] != "defend" || got[1] != "defend" || !strings.Contains(ana.Turn, "Your move") {
		t.Fatalf("Ana's phone: %+v; want her decision card with 1 or 2 dice", ana)
	}
	if ben.Waiting == nil || slices.Contains(moveTypes(ben.Turn), "defend") || !strings.Contains(ben.Turn, "Waiting for <strong>Ana</strong>: defend Egypt for Festival with 1 or 2 dice") {
		t.Fatalf("Ben's phone: %+v; want him waiting for Ana", ben)
	}
	if code, body := ct.ben.command(ct.game, "defend", map[string]int{"dice": 1}, "b-defend"); code != http.StatusUnprocessableEntity || !strings.Contains(body, "defender-chooses") {
		t.Fatalf("Ben answering for Ana: %d %s", code, body)
	}
	ct.do(ct.ana, "defend", map[string]int{"dice": 2})
	if v := ct.view(); v.Table.Defence != nil || v.Table.Takeover == nil {
		t.Fatalf("after Ana's answer: defence %+v", v.Table.Defence)
	}
}
