package coldcash

import (
	"slices"
	"strings"
	"testing"

	"tableside/engine"
)

// linesTo is the text of every feed line addressed to reader.
func (tb *table) linesTo(reader int) []string {
	var out []string
	for _, l := range tb.feed {
		if l.To == reader {
			out = append(out, l.Text)
		}
	}
	return out
}

// wantLine fails unless reader has a line with text, and returns it.
func (tb *table) wantLine(reader int, text string) engine.Line {
	tb.t.Helper()
	for _, l := range tb.feed {
		if l.To == reader && l.Text == text {
			return l
		}
	}
	tb.t.Fatalf("no line %q for %d; lines: %q", text, reader, tb.linesTo(reader))
	return engine.Line{}
}

// The merger of the hand-worked case above (Imperial absorbs Festival at
// $700): each holder reads their own bonus with the tie rule's arithmetic,
// the table reads everyone's, and Ben's disposal reads in his own words.
func TestFeedTellsEachHolderTheirBonusAndDisposal(t *testing.T) {
	tb := festivalMerger(t)
	ana := tb.wantLine(0, "+$7,000 majority bonus: Imperial took Festival; you held 5 Festival")
	if ana.Cash != 7000 || ana.Why == "" {
		t.Fatalf("Ana's line %+v", ana)
	}
	ben := tb.wantLine(1, "+$1,800 shared minority bonus: Imperial took Festival; you held 3 Festival")
	if ben.Why != "2 tie for minority with 3 shares: $3,500 / 2 = $1,800 each, rounded up to $100" {
		t.Fatalf("Ben's why %q", ben.Why)
	}
	tb.wantLine(engine.Public, "Imperial merges with Festival.")
	// 7,000 + 1,800 + 1,800 = 10,600 in bonuses: the record's biggest merger.
	if h := (Rules{}).Highlights(tb.s); len(h) != 1 || h[0] != "Biggest merger: Imperial took Festival (size 6), $10,600 in bonuses." {
		t.Fatalf("highlights %q", h)
	}
	tb.wantLine(engine.Public, "Ben: $1,800 shared minority bonus in Festival.")
	tb.must(1, CmdDispose, H{"sell": 1, "trade": 2})
	d := tb.wantLine(1, "+$700 for 1 Festival; 2 Festival traded for 1 Imperial; 0 kept")
	if d.Cash != 700 || !strings.Contains(d.Why, "Sold 1 × $700 = $700") {
		t.Fatalf("disposal line %+v", d)
	}
	tb.wantLine(engine.Public, "Ben sold 1, traded 2 and kept 0 Festival.")
	for _, l := range tb.feed {
		if l.To == engine.Host {
			t.Fatalf("a bank line for the host alone: %+v", l)
		}
	}
}

func TestFeedTellsTheBuyerAndTheDividendHolders(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c3", 1, 5)
	tb.buy(0, "c3", 3)
	buy := tb.linesTo(0)
	price := tb.s.Price("c3")
	if len(buy) == 0 || buy[len(buy)-1] != "-"+engine.Dollars(3*price)+" bought 3 "+tb.s.coName("c3")+" at "+engine.Dollars(price) {
		t.Fatalf("buyer's lines %q (price %d)", buy, price)
	}
	tb.must(engine.Host, CmdDividends, H{"company": "c3"})
	per := price / 10
	l := tb.wantLine(0, "+"+engine.Dollars(3*per)+" "+tb.s.coName("c3")+" dividend")
	if l.Cash != 3*per || !strings.Contains(l.Why, "you showed 3") {
		t.Fatalf("dividend line %+v", l)
	}
}

// A hidden share count is told to its holder and to nobody else: two
// games that differ only in how many shares Ben hides give the table the
// same lines, word for word.
func TestFeedKeepsHiddenCountsToTheirHolder(t *testing.T) {
	public := func(hidden int) ([]string, []string) {
		tb := newTable(t, 2, nil)
		tb.found("c3", 1, 5)
		tb.buy(1, "c3", 3)
		tb.must(1, CmdHide, H{"company": "c3", "hidden": hidden})
		tb.must(engine.Host, CmdDividends, H{"company": "c3"})
		return append(tb.linesTo(engine.Public), tb.linesTo(0)...), tb.linesTo(1)
	}
	a, ownA := public(1)
	b, ownB := public(2)
	if !slices.Equal(a, b) {
		t.Fatalf("the table's lines differ with the hidden count:\n%q\n%q", a, b)
	}
	if slices.Equal(ownA, ownB) || !slices.Contains(ownA, "You now hide 1 of your 4 American shares") {
		t.Fatalf("Ben's own lines do not tell his hidden count: %q", ownA)
	}
}

// The end of the hand-worked case above: the table reads the closing,
// each bonus and each sale; each player reads their own money with its
// arithmetic, and the game's end. Dissolving is the table's.
func TestFeedTellsTheEndAndTheTablesCorrections(t *testing.T) {
	tb := newTable(t, 2, nil)
	tb.found("c6", 0, 22)
	tb.found("c5", 1, 11)
	tb.found("c1", 1, 2)
	tb.must(engine.Host, CmdDissolve, H{"company": "c1"})
	tb.wantLine(engine.Public, "Tower was dissolved.")
	tb.give(0, "c6", 5)
	tb.give(1, "c6", 2)
	tb.give(0, "c5", 1)
	tb.give(1, "c5", 3)
	tb.must(engine.Host, CmdEnd, nil)
	tb.wantLine(engine.Public, "The final payout is made: every bonus paid, every share sold.")
	// Ana: 10,000 Imperial majority, 4,000 Festival minority; 6 Imperial at 1,000.
	if l := tb.wantLine(0, "+$10,000 majority bonus: the final payout of Imperial; you held 6 Imperial"); l.Cash != 10000 {
		t.Fatalf("Ana's final bonus %+v", l)
	}
	sale := tb.wantLine(0, "+$6,000 final sale of 6 Imperial")
	if sale.Why != "At the end every share goes back to the bank at its company's price: 6 × $1,000 = $6,000." {
		t.Fatalf("final sale why %q", sale.Why)
	}
	tb.wantLine(engine.Public, "Ben sold 4 Festival at $800 in the final sale.")
	ended := false
	for _, l := range tb.linesTo(engine.Public) {
		ended = ended || strings.HasPrefix(l, "The game ends: ")
	}
	if !ended {
		t.Fatalf("no line says the game ends: %q", tb.linesTo(engine.Public))
	}
}
