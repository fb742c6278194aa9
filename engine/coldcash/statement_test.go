package coldcash

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/ledger"
)

// statementTable: Ana trades Imperial turn after turn (more entries than a
// screen carries), Ben holds Festival and hides one share.
func statementTable(t *testing.T) *table {
	tb := newTable(t, 2, nil)
	tb.found("c6", 0, 4)
	tb.found("c5", 1, 3)
	tb.buy(1, "c5", 2)
	tb.must(1, CmdHide, H{"company": "c5", "hidden": 1})
	for i := 0; i < 40; i++ {
		tb.buy(0, "c6", 1)
		tb.must(engine.Host, CmdTurn, H{"seat": 0})
		tb.must(engine.Host, CmdSell, H{"seat": 0, "company": "c6", "count": 1})
	}
	tb.must(engine.Host, CmdDividends, H{"company": "c5"})
	return tb
}

func TestStatementListsEveryEntryAndEndsAtThePlayersCash(t *testing.T) {
	tb := statementTable(t)
	st, err := tb.s.StatementFor(engine.Viewer{Seat: 0}, 0)
	if err != nil {
		t.Fatal(err)
	}
	// starting cash, the free share, 40 buys and 40 sells
	if len(st.Lines) != 82 || st.Lines[0].Reason != "starting cash" {
		t.Fatalf("%d lines, first %+v", len(st.Lines), st.Lines[0])
	}
	sum := 0
	for i, l := range st.Lines {
		sum += l.Cash
		if l.CashAfter != sum {
			t.Fatalf("line %d: running balance %d; the entries add up to %d", i, l.CashAfter, sum)
		}
		if i > 0 && l.Seq <= st.Lines[i-1].Seq {
			t.Fatalf("line %d is out of order", i)
		}
	}
	if last := st.Lines[len(st.Lines)-1].CashAfter; last != tb.cash(0) || st.Cash != tb.cash(0) || st.PaidIn-st.PaidOut != tb.cash(0) {
		t.Fatalf("final balance %d, cash %d, in %d - out %d; the book says %d", last, st.Cash, st.PaidIn, st.PaidOut, tb.cash(0))
	}
	if want := tb.s.Book.NetWorth(ledger.Account(0), tb.s.Book.Prices(tb.s.prices())); st.Worth != want || !strings.HasSuffix(st.WorthWhy, engine.Dollars(want)) {
		t.Fatalf("worth %d (%s); want %d", st.Worth, st.WorthWhy, want)
	}
	// the live screen carries the newest 60 and says how many there are
	v := tb.s.View(engine.Viewer{Seat: 0})
	if p := v.Players[0]; len(p.Statement) != maxStatement || p.Entries != 82 || p.Statement[0].Seq != st.Lines[81].Seq {
		t.Fatalf("screen: %d lines of %d", len(p.Statement), p.Entries)
	}
}

func TestStatementIsForItsPlayerAndTheHostAndHidesHiddenShares(t *testing.T) {
	tb := statementTable(t)
	for _, v := range []engine.Viewer{{Seat: 0}, {Seat: engine.Public}} {
		_, err := tb.s.StatementFor(v, 1)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule != "own-statement-only" {
			t.Fatalf("viewer %d read Ben's statement: %v", v.Seat, err)
		}
	}
	if _, err := tb.s.StatementFor(engine.Viewer{Seat: engine.Host}, 2); err == nil {
		t.Fatal("a statement of a seat that does not exist")
	}
	own, err := tb.s.StatementFor(engine.Viewer{Seat: 1}, 1)
	if err != nil {
		t.Fatal(err)
	}
	host, err := tb.s.StatementFor(engine.Viewer{Seat: engine.Host}, 1)
	if err != nil {
		t.Fatal(err)
	}
	// Ben: 3 Festival (1 hidden); dividends paid on the 2 visible
	if len(own.Holdings) != 1 || own.Holdings[0].Hidden != 1 || own.Holdings[0].Visible != 2 || !own.Own || own.VisibleOnly {
		t.Fatalf("Ben's own holdings %+v", own.Holdings)
	}
	if own.Lines[len(own.Lines)-1].SharesHeld["Festival"] != 3 {
		t.Fatalf("Ben's own statement lacks his share balance: %+v", own.Lines[len(own.Lines)-1])
	}
	if host.Own || !host.VisibleOnly || host.Holdings[0].Hidden != 0 || host.Worth != own.Worth-tb.s.Price("c5") {
		t.Fatalf("the host's copy: %+v", host)
	}
	if host.Lines[len(host.Lines)-1].CashAfter != tb.cash(1) || host.Cash != own.Cash {
		t.Fatal("the host's copy does not end at Ben's cash")
	}
	b, _ := json.Marshal(host)
	if strings.Contains(string(b), `"hidden":1`) || strings.Contains(string(b), "sharesHeld") || strings.Contains(host.WorthWhy, "hidden") {
		t.Fatalf("the host's copy of Ben's statement leaks his hidden share: %s", b)
	}
	// the live views: Ana's phone and the public carry no statement of Ben's
	for _, v := range []engine.Viewer{{Seat: 0}, {Seat: engine.Public}} {
		if p := tb.s.View(v).Players[1]; p.Statement != nil || p.Entries != 0 {
			t.Fatalf("viewer %d's screen carries Ben's statement", v.Seat)
		}
	}
	if p := tb.s.View(engine.Viewer{Seat: engine.Host}).Players[1]; len(p.Statement) == 0 || p.Statement[0].SharesHeld != nil {
		t.Fatalf("the host's screen: %+v", p.Statement)
	}
}
