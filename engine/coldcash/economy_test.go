package coldcash

import (
	"encoding/json"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/ledger"
)

// Classic names: c1 Tower, c2 Luxor (cheap), c3 American, c4 Worldwide,
// c5 Festival (medium), c6 Imperial, c7 Continental (expensive).

func TestStartingCashIs6000IssuedByTheBank(t *testing.T) {
	tb := newTable(t, 3, nil)
	for seat := range 3 {
		if tb.cash(seat) != 6000 {
			t.Fatalf("seat %d has %d", seat, tb.cash(seat))
		}
	}
	if tb.s.Book.Balance(ledger.Bank) != -18000 {
		t.Fatalf("bank %d", tb.s.Book.Balance(ledger.Bank))
	}
}

func TestSettingsDefaultsAndRefusals(t *testing.T) {
	tb := newTable(t, 2, nil)
	if s := tb.s.Settings; s.Names != "classic" || s.Mode != ModeBank || s.HiddenAtMerger != HiddenCount || s.HostileRounding != RoundExact {
		t.Fatalf("defaults %+v", s)
	}
	if tb.s.Companies[2].Name != "American" {
		t.Fatal("classic names not used")
	}
	tb2 := newTable(t, 2, H{"names": "1999"})
	if tb2.s.Companies[0].Name != "Sackson" || tb2.s.Companies[0].ID != "c1" {
		t.Fatalf("1999 names: %+v", tb2.s.Companies[0])
	}
	for _, bad := range []H{{"names": "1987"}, {"mode": "tiles"}, {"mode": "board", "deck": "pocket"}, {"mode": "board", "ending": "sudden"}, {"hiddenAtMerger": "maybe"}, {"hostileRounding": "down"}} {
		raw, _ := json.Marshal(bad)
		if _, err := (Rules{}).New(engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}, Settings: raw}); !engine.IsRefusal(err) {
			t.Errorf("settings %v: err %v; want a refusal", bad, err)
		}
	}
}

func TestFoundingGivesFreeShareAndMakesFounderCEO(t *testing.T) {
	tb := newTable(t, 3, nil)
	tb.found("c3", 1, 2)
	c := tb.s.company("c3")
	if !c.Active || c.CEO != 1 || c.Size != 2 || tb.held(1, "c3") != 1 || tb.s.Held(-1, "c3") != 24 {
		t.Fatalf("after founding: %+v, held %d", c, tb.held(1, "c3"))
	}
	tb.refuse("already-active", engine.Host, CmdFound, H{"company": "c3", "seat": 0})
	tb.refuse("min-size", engine.Host, CmdFound, H{"company": "c4", "seat": 0, "size": 1})
}

func TestFoundingGivesNoFreeShareWhenTheBankHasNone(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.give(0, "c1", 25) // kept from an earlier life of the company
	tb.found("c1", 1, 3)
	if tb.held(1, "c1") != 0 || tb.held(0, "c1") != 25 {
		t.Fatalf("free share given from an empty bank: %d", tb.held(1, "c1"))
	}
	if n := len(tb.s.Book.Statement(1)); n != 1 {
		t.Fatalf("founder's statement has %d lines; want only the starting cash", n)
	}
}

func TestAtMostSixCompaniesActive(t *testing.T) {
	tb := newTable(t, 2, nil)
	for i := 1; i <= 6; i++ {
		tb.found("c"+string(rune('0'+i)), 0, 2)
	}
	msg := tb.refuse("max-six-active", engine.Host, CmdFound, H{"company": "c7", "seat": 1})
	if !strings.Contains(msg, "6") {
		t.Fatalf("message %q", msg)
	}
}

func TestBuyAtMostThreeSharesPerTurn(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c5", 0, 4)
	tb.buy(0, "c5", 2)
	tb.must(engine.Host, CmdBuy, H{"seat": 0, "company": "c5", "count": 1})
	tb.refuse("max-three-shares", engine.Host, CmdBuy, H{"seat": 0, "company": "c5", "count": 1})
	tb.refuse("max-three-shares", engine.Host, CmdBuy, H{"seat": 0, "company": "c5", "count": 4})
	tb.must(engine.Host, CmdTurn, nil)
	if tb.s.Turn != 1 {
		t.Fatalf("turn went to %d", tb.s.Turn)
	}
	tb.must(engine.Host, CmdBuy, H{"seat": 1, "company": "c5", "count": 3})
}

func TestBuyAtCurrentPricePaysTheBank(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c5", 0, 12) // Festival size 12, medium: $800
	tb.buy(1, "c5", 3)
	if tb.cash(1) != 6000-2400 || tb.held(1, "c5") != 3 {
		t.Fatalf("cash %d held %d", tb.cash(1), tb.held(1, "c5"))
	}
	st := tb.s.Book.Statement(1)
	if last := st[len(st)-1]; last.Reason != "bought 3 Festival at $800" || last.Cash != -2400 {
		t.Fatalf("statement line %+v", last)
	}
}

func TestBuyLimitedByTheBanksCertificates(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c2", 0, 2)
	tb.give(1, "c2", 23) // bank keeps 1
	tb.must(engine.Host, CmdTurn, H{"seat": 0})
	msg := tb.refuse("bank-certificates", engine.Host, CmdBuy, H{"seat": 0, "company": "c2", "count": 2})
	if msg != "The bank has only 1 Luxor shares left." {
		t.Fatalf("message %q", msg)
	}
	tb.must(engine.Host, CmdBuy, H{"seat": 0, "company": "c2", "count": 1})
	tb.refuse("bank-certificates", engine.Host, CmdBuy, H{"seat": 0, "company": "c2", "count": 1})
}

func TestBuyLimitedByTheBuyersCash(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c7", 0, 41) // Continental 41+: $1,200
	tb.buy(1, "c7", 3)    // 3,600
	tb.must(engine.Host, CmdTurn, H{"seat": 1})
	msg := tb.refuse("cannot-afford", engine.Host, CmdBuy, H{"seat": 1, "company": "c7", "count": 3})
	if !strings.Contains(msg, "3 x $1,200 = $3,600; Ben has $2,400") {
		t.Fatalf("message does not show the arithmetic: %q", msg)
	}
}

func TestBuyRefusedForInactiveCompany(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.refuse("inactive-company", engine.Host, CmdBuy, H{"seat": 0, "company": "c4", "count": 1})
	tb.refuse("no-such-company", engine.Host, CmdBuy, H{"seat": 0, "company": "c9", "count": 1})
}

func TestBuyOnlyOnYourTurnAndPhonesActForThemselves(t *testing.T) {
	tb := newTable(t, 3, nil)
	tb.found("c1", 0, 2)
	tb.refuse("not-your-turn", 1, CmdBuy, H{"company": "c1", "count": 1})
	tb.refuse("own-seat-only", 1, CmdBuy, H{"seat": 0, "company": "c1", "count": 1})
	tb.must(0, CmdBuy, H{"company": "c1", "count": 1}) // a phone, on its own turn
	tb.refuse("host-moves-turn", 1, CmdTurn, nil)
	tb.must(0, CmdTurn, nil) // the player on turn ends it
	tb.must(1, CmdBuy, H{"company": "c1", "count": 1})
}

func TestBuyingAndSellingAreOneActionPerTurn(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c1", 0, 2)
	tb.buy(0, "c1", 1)
	tb.refuse("one-action", engine.Host, CmdSell, H{"seat": 0, "company": "c1", "count": 1})
	tb.must(engine.Host, CmdTurn, H{"seat": 0})
	tb.must(engine.Host, CmdSell, H{"seat": 0, "company": "c1", "count": 1})
	tb.refuse("one-action", engine.Host, CmdBuy, H{"seat": 0, "company": "c1", "count": 1})
}

func TestSellAnyNumberAtTheCurrentPrice(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c4", 0, 6) // Worldwide 6-10 medium: $700
	tb.give(1, "c4", 10)
	tb.must(engine.Host, CmdTurn, H{"seat": 1})
	tb.must(engine.Host, CmdSell, H{"seat": 1, "company": "c4", "count": 7})
	tb.must(engine.Host, CmdSell, H{"seat": 1, "company": "c4", "count": 1})
	if tb.cash(1) != 6000+8*700 || tb.held(1, "c4") != 2 {
		t.Fatalf("cash %d held %d", tb.cash(1), tb.held(1, "c4"))
	}
}

func TestSellingWhatYouDoNotHoldIsRefused(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c4", 0, 6)
	tb.must(engine.Host, CmdTurn, H{"seat": 1})
	tb.refuse("sell-what-you-hold", engine.Host, CmdSell, H{"seat": 1, "company": "c4", "count": 1})
	tb.must(engine.Host, CmdTurn, H{"seat": 0})
	tb.refuse("sell-what-you-hold", engine.Host, CmdSell, H{"seat": 0, "company": "c4", "count": 2})
}

func TestNegativeAndNonIntegerAmountsAreRefused(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c4", 0, 6)
	tb.refuse("positive-count", engine.Host, CmdBuy, H{"seat": 0, "company": "c4", "count": -1})
	tb.refuse("positive-count", engine.Host, CmdBuy, H{"seat": 0, "company": "c4", "count": 0})
	tb.refuse("whole-number", engine.Host, CmdBuy, H{"seat": 0, "company": "c4", "count": 1.5})
	tb.refuse("whole-number", engine.Host, CmdBuy, H{"seat": 0, "company": "c4", "count": "two"})
	tb.refuse("whole-number", engine.Host, CmdSell, H{"seat": 0, "company": "c4", "count": "0.5"})
	tb.refuse("positive-count", engine.Host, CmdSell, H{"seat": 0, "company": "c4", "count": -3})
	tb.refuse("min-size", engine.Host, CmdSize, H{"company": "c4", "size": -4})
	tb.refuse("whole-number", engine.Host, CmdSize, H{"company": "c4", "size": 7.25})
}

func TestRulebookExampleAmericanSize11PaysDividend80(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c3", 0, 11)
	if p := tb.s.Price("c3"); p != 800 {
		t.Fatalf("American size 11: $%d; want $800", p)
	}
	tb.give(1, "c3", 5)
	tb.must(engine.Host, CmdDividends, H{"company": "c3"})
	if tb.cash(1) != 6000+400 || tb.cash(0) != 6000+80 {
		t.Fatalf("5 shares x $80 should pay $400: cash %d, founder %d", tb.cash(1), tb.cash(0))
	}
}

func TestDownsizePaysDoubleDividends(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c3", 0, 11)
	tb.give(1, "c3", 5)
	tb.must(0, CmdDividends, H{"company": "c3", "double": true}) // the CEO's phone
	if tb.cash(1) != 6800 {
		t.Fatalf("double dividend: %d", tb.cash(1))
	}
	tb.refuse("ceo-only", 1, CmdDividends, H{"company": "c3"})
}

func TestHiddenSharesEarnNoDividends(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c3", 0, 11)
	tb.give(1, "c3", 5)
	tb.must(1, CmdHide, H{"company": "c3", "hidden": 3})
	tb.refuse("own-phone-only", engine.Host, CmdHide, H{"company": "c3", "hidden": 1})
	tb.refuse("hide-what-you-hold", 1, CmdHide, H{"company": "c3", "hidden": 6})
	tb.must(engine.Host, CmdDividends, H{"company": "c3"})
	if tb.cash(1) != 6000+2*80 {
		t.Fatalf("hidden shares paid: %d", tb.cash(1))
	}
}

func TestViewShowsHiddenSharesOnlyToTheirHolder(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c3", 0, 11)
	tb.give(1, "c3", 5)
	tb.must(1, CmdHide, H{"company": "c3", "hidden": 3})
	holding := func(v View, seat int) Holding {
		for _, h := range v.Players[seat].Holdings {
			if h.Company == "c3" {
				return h
			}
		}
		return Holding{}
	}
	own := tb.s.View(engine.Viewer{Seat: 1})
	if h := holding(own, 1); h.Visible != 2 || h.Hidden != 3 || own.Me == nil || own.Me.Cash != 6000 || own.Me.Worth != 6000+5*800 {
		t.Fatalf("own view: %+v", h)
	}
	for _, v := range []engine.Viewer{{Seat: engine.Host}, {Seat: engine.Public}, {Seat: 0}} {
		view := tb.s.View(v)
		if h := holding(view, 1); h.Visible != 2 || h.Hidden != 0 {
			t.Fatalf("viewer %d sees %+v", v.Seat, h)
		}
		b, _ := json.Marshal(view)
		if strings.Contains(string(b), `"hidden":3`) {
			t.Fatalf("viewer %d's view carries the hidden count: %s", v.Seat, b)
		}
		for _, l := range view.Players[1].Statement {
			if l.SharesHeld != nil {
				t.Fatalf("viewer %d sees share balances: %+v", v.Seat, l)
			}
		}
	}
}

func TestSizeIsTypedByTheHostInBankMode(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c5", 0, 2)
	tb.must(engine.Host, CmdSize, H{"company": "c5", "size": 12})
	if tb.s.Price("c5") != 800 {
		t.Fatalf("Festival size 12: %d", tb.s.Price("c5"))
	}
	tb.refuse("host-only", 0, CmdSize, H{"company": "c5", "size": 13})
	tb.refuse("inactive-company", engine.Host, CmdSize, H{"company": "c6", "size": 13})
	if why := tb.s.PriceWhy("c5"); why != "Festival size 12 (chart row 11-20), medium: $800" {
		t.Fatalf("why %q", why)
	}
}

func TestDissolveByHandKeepsSharesWorthless(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c5", 0, 4)
	tb.must(engine.Host, CmdDissolve, H{"company": "c5"})
	if tb.s.company("c5").Active || tb.held(0, "c5") != 1 || tb.s.Price("c5") != 0 {
		t.Fatal("dissolve did not leave play")
	}
	tb.found("c5", 1, 3) // founded again: the bank has 24, so a free share
	if tb.held(0, "c5") != 1 || tb.held(1, "c5") != 1 {
		t.Fatal("kept shares lost on re-founding")
	}
}

func TestEveryCommandIsDeterministicOnReplay(t *testing.T) {
	tb := newTable(t, 3, nil)
	var log []engine.Event
	run := func(seat int, typ string, data H) {
		raw, _ := json.Marshal(data)
		evs, err := Rules{}.Decide(tb.s, engine.Command{Type: typ, Seat: seat, Data: raw}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			Rules{}.Evolve(tb.s, e)
		}
		log = append(log, evs...)
	}
	run(engine.Host, CmdFound, H{"company": "c2", "seat": 0, "size": 5})
	run(engine.Host, CmdFound, H{"company": "c3", "seat": 1, "size": 3})
	run(engine.Host, CmdBuy, H{"seat": 0, "company": "c3", "count": 3})
	run(engine.Host, CmdMerge, H{"survivor": "c2", "defunct": "c3", "maker": 0})
	run(engine.Host, CmdDispose, H{"choice": "trade-max"})
	run(engine.Host, CmdDispose, H{"choice": "sell-all"})
	st, _ := Rules{}.New(engine.Setup{Seats: tb.s.Seats})
	for _, e := range log {
		st = Rules{}.Evolve(st, e)
	}
	a, _ := json.Marshal(st)
	b, _ := json.Marshal(tb.s)
	if string(a) != string(b) {
		t.Fatal("replaying the events gave a different state")
	}
}

func TestMergerFormSuggestsTheLargestAsSurvivor(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c1", 0, 3)
	tb.found("c6", 0, 9)
	tb.found("c4", 1, 5)
	v := tb.s.View(engine.Viewer{Seat: engine.Host})
	if v.SuggestSurvivor != "c6" || v.SuggestDefunct != "c4" {
		t.Fatalf("suggested %s absorbs %s", v.SuggestSurvivor, v.SuggestDefunct)
	}
}
