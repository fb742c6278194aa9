package coldcash

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/acquire"
)

func TestMergerWithASafeCompanyIsRefused(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 0, 14)
	tb.found("c2", 1, 11)
	msg := tb.refuse("safe-company", engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	if !strings.Contains(msg, "size 11") {
		t.Fatalf("message %q", msg)
	}
}

func TestMergerTheLargerCompanySurvives(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 0, 4)
	tb.found("c2", 1, 6)
	tb.refuse("survivor-larger", engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	tb.refuse("distinct-companies", engine.Host, CmdMerge, H{"survivor": "c2", "defuncts": []string{"c6", "c6"}, "maker": 0})
	tb.refuse("inactive-company", engine.Host, CmdMerge, H{"survivor": "c2", "defunct": "c5", "maker": 0})
	tb.refuse("host-only", 0, CmdMerge, H{"survivor": "c2", "defunct": "c6", "maker": 0})
}

func TestMergerEqualSizesTheMakerChoosesTheSurvivor(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 0, 5)
	tb.found("c2", 1, 5)
	tb.must(engine.Host, CmdMerge, H{"survivor": "c2", "defunct": "c6", "maker": 1}) // cheap survives: the maker's choice
	if tb.s.Merger == nil || tb.s.Merger.Survivor != "c2" {
		t.Fatal("the maker's survivor was not taken")
	}
}

// Imperial (c6, size 8) absorbs Festival (c5, size 6, medium: $700). Holders:
// Ana 5, Ben 3, Cy 3 (tie for minority) -> Ana 7,000; Ben and Cy 3,500/2 =
// 1,750 -> 1,800 each. Disposal from the maker (Ben) clockwise: Ben, Cy, Ana.
func TestMergerBonusesThenDisposalInTurnOrderFromTheMaker(t *testing.T) {
	tb := festivalMerger(t)
	if tb.cash(0) != 13000 || tb.cash(1) != 7800 || tb.cash(2) != 7800 {
		t.Fatalf("bonuses: %d %d %d", tb.cash(0), tb.cash(1), tb.cash(2))
	}
	v := tb.s.View(engine.Viewer{Seat: engine.Host})
	if v.Waiting != "Waiting for Ben: keep, sell or trade 3 Festival." {
		t.Fatalf("waiting %q", v.Waiting)
	}
	if v.Merger.Payouts[1].Why != "2 tie for minority with 3 shares: $3,500 / 2 = $1,800 each, rounded up to $100" {
		t.Fatalf("why %q", v.Merger.Payouts[1].Why)
	}
	st := tb.s.Book.Statement(0)
	if r := st[len(st)-1].Reason; r != "merger bonus, majority, Festival absorbed by Imperial" {
		t.Fatalf("reason %q", r)
	}
	tb.refuse("merger-in-progress", engine.Host, CmdBuy, H{"seat": 0, "company": "c6", "count": 1})
	tb.refuse("not-your-decision", 0, CmdDispose, H{"sell": 5})
	tb.refuse("dispose-every-share", 1, CmdDispose, H{"sell": 1, "keep": 1})
	tb.refuse("trade-ratio", 1, CmdDispose, H{"trade": 3})
	tb.must(1, CmdDispose, H{"sell": 1, "trade": 2}) // Ben's phone: $700 and 1 Imperial
	if tb.cash(1) != 8500 || tb.held(1, "c6") != 1 || tb.held(1, "c5") != 0 {
		t.Fatalf("Ben after disposal: cash %d, Imperial %d", tb.cash(1), tb.held(1, "c6"))
	}
	tb.must(engine.Host, CmdDispose, H{"choice": "keep-all"}) // the host answers for Cy
	tb.must(0, CmdDispose, H{"choice": "sell-all"})
	if tb.s.Merger != nil || tb.s.company("c5").Active || tb.s.company("c6").Size != 15 {
		t.Fatalf("merger not finished: %+v, Imperial size %d", tb.s.Merger, tb.s.company("c6").Size)
	}
	if tb.cash(0) != 13000+5*700 || tb.held(2, "c5") != 3 {
		t.Fatalf("Ana %d, Cy kept %d", tb.cash(0), tb.held(2, "c5"))
	}
}

func TestMergerSoleHolderTakesBothBonusesAndNobodyHoldingClosesAtOnce(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c4", 0, 7)
	tb.found("c1", 1, 3) // Tower size 3 cheap: $300; Ben holds the only share
	tb.must(engine.Host, CmdMerge, H{"survivor": "c4", "defunct": "c1", "maker": 0, "newSize": 11})
	if tb.cash(1) != 6000+3000+1500 {
		t.Fatalf("sole holder got %d", tb.cash(1)-6000)
	}
	tb.must(engine.Host, CmdDispose, H{"choice": "sell-all"})
	if tb.s.Merger != nil || tb.s.company("c4").Size != 11 {
		t.Fatal("merger did not close with the typed new size")
	}
}

func TestMergerMajorityTieSharesBothBonuses(t *testing.T) {
	tb := newTable(t, 3, nil)
	tb.found("c6", 2, 9)
	tb.found("c2", 0, 6) // Luxor 6-10 cheap: $600: 6,000 + 3,000 split 2 = 4,500
	tb.give(0, "c2", 2)
	tb.give(1, "c2", 3)
	tb.give(2, "c2", 1)
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	if tb.cash(0) != 10500 || tb.cash(1) != 10500 || tb.cash(2) != 6000 {
		t.Fatalf("tie: %d %d %d", tb.cash(0), tb.cash(1), tb.cash(2))
	}
}

func TestTradeTwoForOneOnlyWhileTheBankHoldsSurvivorShares(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 1, 9)
	tb.found("c2", 0, 6)
	tb.give(0, "c2", 5)  // Ana 6 Luxor
	tb.give(1, "c6", 23) // the bank keeps 1 Imperial
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	msg := tb.refuse("bank-survivor-shares", 0, CmdDispose, H{"trade": 4, "keep": 2})
	if !strings.Contains(msg, "only 1 Imperial") {
		t.Fatalf("message %q", msg)
	}
	v := tb.s.View(engine.Viewer{Seat: 0}) // the holder's own phone sees the shortcut's counts
	if v.Merger.SurvivorSupply != 1 || v.Merger.Choices[1].Trade != 2 || v.Merger.Choices[1].Keep != 4 {
		t.Fatalf("trade max shortcut: %+v", v.Merger.Choices)
	}
	if h := tb.s.View(engine.Viewer{Seat: engine.Host}); h.Merger.Choices[1].Keep != 0 || h.Merger.Choices[1].Label != "Trade max" {
		t.Fatalf("the host's shortcut counts the holder's shares (hidden ones too): %+v", h.Merger.Choices)
	}
	tb.must(0, CmdDispose, H{"choice": "trade-max"})
	if tb.held(0, "c6") != 1 || tb.s.Held(-1, "c6") != 0 {
		t.Fatal("trade did not take the last Imperial")
	}
}

func TestTradeRefusedWhenTheBankHasNoSurvivorShares(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 1, 9)
	tb.found("c2", 0, 6)
	tb.give(0, "c2", 1)
	tb.give(1, "c6", 24)
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	msg := tb.refuse("bank-survivor-shares", 0, CmdDispose, H{"trade": 2})
	if !strings.Contains(msg, "no Imperial shares left") {
		t.Fatalf("message %q", msg)
	}
}

func TestSeveralAbsorbedAtOnceLargestFirst(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c7", 0, 10)
	tb.found("c1", 1, 3) // Tower $300
	tb.found("c4", 1, 5) // Worldwide $600
	tb.must(engine.Host, CmdMerge, H{"survivor": "c7", "defuncts": []string{"c1", "c4"}, "maker": 0})
	m := tb.s.Merger
	if m.Defuncts[0] != "c4" || m.Defuncts[1] != "c1" || m.Price != 600 {
		t.Fatalf("order %v, price %d", m.Defuncts, m.Price)
	}
	if tb.cash(1) != 6000+9000 {
		t.Fatalf("only Worldwide's bonus should be paid yet: %d", tb.cash(1))
	}
	tb.must(engine.Host, CmdDispose, H{"choice": "sell-all"})
	if m := tb.s.Merger; m == nil || m.Defuncts[m.Current] != "c1" || tb.cash(1) != 6000+9000+600+4500 {
		t.Fatalf("second defunct not started: %+v cash %d", m, tb.cash(1))
	}
	tb.must(engine.Host, CmdDispose, H{"choice": "keep-all"})
	if tb.s.Merger != nil || tb.s.company("c7").Size != 19 || tb.s.activeCount() != 1 {
		t.Fatalf("after both: size %d active %d", tb.s.company("c7").Size, tb.s.activeCount())
	}
}

// Imperial's CEO takes over Festival (size 6: $700) by force: bonuses
// halved (3,500 and 1,750), shares sold at $350, four for one in trade.
func TestHostileTakeoverHalvesBonusesSalePriceAndTradesFourForOne(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 1, 4)
	tb.found("c5", 0, 6)
	tb.give(0, "c5", 8) // Ana 9
	tb.give(1, "c5", 4) // Ben 4
	tb.refuse("ceo-only-takeover", engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c5", "maker": 0, "hostile": true})
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c5", "maker": 1, "hostile": true})
	if tb.cash(0) != 6000+3500 || tb.cash(1) != 6000+1750 {
		t.Fatalf("halved bonuses: %d %d", tb.cash(0), tb.cash(1))
	}
	tb.refuse("trade-ratio", 1, CmdDispose, H{"trade": 2, "keep": 2})
	tb.must(1, CmdDispose, H{"trade": 4})
	if tb.held(1, "c6") != 2 {
		t.Fatalf("4 for 1: Ben holds %d Imperial", tb.held(1, "c6"))
	}
	tb.must(0, CmdDispose, H{"sell": 9})
	if tb.cash(0) != 9500+9*350 {
		t.Fatalf("halved sale: %d", tb.cash(0))
	}
}

func TestHostileTakeoverOfASafeCompanyIsAllowed(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 1, 4)
	tb.found("c5", 0, 15)
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c5", "maker": 1, "hostile": true})
	if tb.s.Merger == nil || !tb.s.Merger.Hostile {
		t.Fatal("takeover not started")
	}
}

func TestHostileRoundingHouseRuleRoundsHalvesUp(t *testing.T) {
	tb := newTable(t, 2, H{"hostileRounding": "up100"})
	tb.found("c6", 1, 4)
	tb.found("c5", 0, 6)
	tb.give(0, "c5", 8)
	tb.give(1, "c5", 4)
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c5", "maker": 1, "hostile": true})
	if tb.cash(1) != 6000+1800 {
		t.Fatalf("minority 1,750 rounded up: %d", tb.cash(1)-6000)
	}
	if v := tb.s.View(engine.Viewer{Seat: engine.Host}); v.Merger.SalePrice != 400 {
		t.Fatalf("sale price %d; want 350 rounded up to 400", v.Merger.SalePrice)
	}
}

func TestHiddenSharesCountAtMergersByDefault(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 1, 9)
	tb.found("c2", 0, 6) // $600
	tb.give(1, "c2", 3)
	tb.must(1, CmdHide, H{"company": "c2", "hidden": 3})
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	if tb.cash(1) != 6000+6000 || tb.cash(0) != 6000+3000 {
		t.Fatalf("hidden counted: Ben %d Ana %d", tb.cash(1), tb.cash(0))
	}
}

func TestHiddenSharesIgnoredAtMergersWhenTheTableSaysSo(t *testing.T) {
	tb := newTable(t, 2, H{"hiddenAtMerger": "ignore"})
	tb.found("c6", 1, 9)
	tb.found("c2", 0, 6)
	tb.give(1, "c2", 3)
	tb.must(1, CmdHide, H{"company": "c2", "hidden": 3})
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c2", "maker": 0})
	if tb.cash(0) != 6000+9000 || tb.cash(1) != 6000 {
		t.Fatalf("hidden ignored: Ana %d Ben %d", tb.cash(0), tb.cash(1))
	}
	// Hidden shares are still disposed of.
	if w := tb.s.Waiting(); w != "Waiting for Ana: keep, sell or trade 1 Luxor." {
		t.Fatalf("waiting %q", w)
	}
	tb.must(0, CmdDispose, H{"choice": "keep-all"})
	if w := tb.s.Waiting(); !strings.Contains(w, "Ben") {
		t.Fatalf("Ben's hidden shares skipped the disposal: %q", w)
	}
}

func TestEndRingsOnlyWhenACompanyIs22OrAllAreSafe(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 1, 12)
	tb.found("c5", 0, 10)
	tb.refuse("closing-bell-sizes", engine.Host, CmdEnd, nil)
	tb.refuse("host-only", 0, CmdEnd, H{"reason": "short"})
	tb.must(engine.Host, CmdSize, H{"company": "c5", "size": 11})
	if ok, _ := tb.s.CanEnd(); !ok {
		t.Fatal("all safe should allow the end")
	}
}

// The end: Imperial size 22 ($1,000), Festival size 11 ($800).
// Ana 6 Imperial + 1 Festival, Ben 2 Imperial + 4 Festival (1 hidden).
func TestEndPaysBonusesThenSellsEveryShareMostCashWins(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 0, 22)
	tb.found("c5", 1, 11)
	tb.found("c1", 1, 2)
	tb.must(engine.Host, CmdDissolve, H{"company": "c1"}) // Ben's Tower share is worthless
	tb.give(0, "c6", 5)
	tb.give(1, "c6", 2)
	tb.give(0, "c5", 1)
	tb.give(1, "c5", 3)
	tb.must(1, CmdHide, H{"company": "c5", "hidden": 1})
	tb.must(engine.Host, CmdEnd, nil)
	r, done := Rules{}.Result(tb.s)
	if !done {
		t.Fatal("no result after the end")
	}
	// Ana: bonuses 10,000 (Imperial maj) + 4,000 (Festival min); stock 6x1,000 + 800.
	// Ben: 5,000 (Imperial min) + 8,000 (Festival maj); stock 2x1,000 + 4x800.
	want := []struct{ cash, bonus, stock int }{{6000, 14000, 6800}, {6000, 13000, 5200}}
	for seat, w := range want {
		sc := r.Scores[seat]
		if sc.Breakdown["cash"] != w.cash || sc.Breakdown["bonuses"] != w.bonus || sc.Breakdown["stock"] != w.stock || sc.Points != w.cash+w.bonus+w.stock {
			t.Fatalf("seat %d: %+v; want %+v", seat, sc, w)
		}
	}
	if !r.Scores[0].Winner || r.Scores[1].Winner {
		t.Fatalf("winner wrong: %+v", r.Scores)
	}
	if tb.held(1, "c1") != 1 || tb.held(0, "c6") != 0 {
		t.Fatal("inactive shares should stay (worthless), active ones be sold")
	}
	tb.refuse("game-over", engine.Host, CmdBuy, H{"seat": 0, "company": "c6", "count": 1})
	v := tb.s.View(engine.Viewer{Seat: engine.Public})
	if len(v.Final) != 2 || v.Final[0].Total != 26800 {
		t.Fatalf("final view %+v", v.Final)
	}
}

func TestDescribeNamesEachCommandForUndo(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c5", 0, 12)
	ev := engine.NewEvent(EvBought, tradeEv{Seat: 1, Company: "c5", Count: 3, Price: 800})
	if got := (Rules{}).Describe(tb.s, ev); got != "Ben bought 3 Festival ($2,400)" {
		t.Fatalf("describe %q", got)
	}
	ev = engine.NewEvent(EvMergerStarted, mergerEv{Survivor: "c5", Defuncts: []string{"c1", "c2"}, Hostile: true})
	if got := (Rules{}).Describe(tb.s, ev); got != "Festival takeover of Tower, Luxor" {
		t.Fatalf("describe %q", got)
	}
}

// A one-territory company counts as size 2 only while that territory is its
// whole land: merged, it brings one territory. Imperial (8) absorbs a
// size-2 Tower through a Mom & Pop: 8 + 1 + 1 = 10, not safe (11 would be).
func TestMergerDefaultSizeCountsAOneTerritoryCompanyOnce(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 0, 8)
	tb.found("c1", 1, 2)
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c1", "maker": 0})
	if got := tb.s.Merger.NewSize; got != 10 {
		t.Fatalf("the survivor's size after the merger is %d; want 8 + 1 + 1 = 10", got)
	}
	tb.must(1, CmdDispose, H{"choice": "sell-all"})
	if size := tb.s.Sizes().Size("c6"); size != 10 || size >= acquire.SafeSize {
		t.Fatalf("Imperial after the merger: size %d; want 10, not safe", size)
	}
	// Typed, the table's count wins.
	tb2 := newTable(t, 2, nil)
	tb2.found("c6", 0, 8)
	tb2.found("c1", 1, 2)
	tb2.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c1", "maker": 0, "newSize": 11})
	if got := tb2.s.Merger.NewSize; got != 11 {
		t.Fatalf("a typed size 11 became %d", got)
	}
}
