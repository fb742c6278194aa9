package takeover

import (
	"encoding/json"
	"slices"
	"testing"

	"tableside/engine"
)

// feedOf is what the events of one command told each reader.
func (g *game) feedOf(evs []engine.Event) map[int][]string {
	out := map[int][]string{}
	for _, e := range evs {
		for _, l := range (Rules{}).Feed(g.s, e) {
			out[l.To] = append(out[l.To], l.Text)
		}
	}
	return out
}

// The table reads who merged what, and its cost; the payer reads what
// they paid; a gift of coins is told to its receiver only.
func TestFeedTellsTheMergeToTheTableAndThePaymentToThePayer(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdPass, ``)
	feed := g.feedOf(g.do(1, CmdMerge, `{"from":"D1","to":"C1","pay":["M4"]}`))
	want := []string{"Ben moved " + Short("C4") + " (D1) onto " + Short("M3") + " (C1): cost 3, paid " + Short("M4") + " (4)."}
	if !slices.Equal(feed[engine.Public], want) {
		t.Fatalf("table's lines %q; want %q", feed[engine.Public], want)
	}
	if len(feed[1]) != 1 || feed[1][0] != "You paid "+Short("M4")+" (4) to move "+Short("C4")+" onto "+Short("M3") {
		t.Fatalf("Ben's lines %q", feed[1])
	}
	if len(feed[0]) != 0 {
		t.Fatalf("Ana read %q about Ben's payment", feed[0])
	}
	feed = g.feedOf(g.do(1, CmdGive, `{"to":0,"coins":"S5"}`))
	if len(feed[0]) != 1 || feed[0][0] != "Ben handed you "+Short("S5")+"." || len(feed[1]) != 0 {
		t.Fatalf("gift lines %v", feed)
	}
}

// Each player's secret stock choice is told to them alone: two tables that
// differ only in Ana's choice give Ben and the table the same lines.
func TestFeedTellsTheStockChoiceToItsPlayerOnly(t *testing.T) {
	conceal := func(stock string) map[int][]string {
		g := newGame(t, "")
		tiles, _ := json.Marshal(testLayout)
		g.do(engine.Host, CmdLay, `{"tiles":`+string(tiles)+`,"first":0}`)
		next := map[int]int{}
		for k := 0; k < Cells; k++ {
			seat := DraftSeat(0, 2, k)
			g.do(seat, CmdDraft, `{"coin":"`+testCoins[seat][next[seat]]+`"}`)
			next[seat]++
		}
		return g.feedOf(g.do(0, CmdConceal, `{"stock":"`+stock+`"}`))
	}
	a, b := conceal("S1,M2"), conceal("M1")
	if !slices.Equal(a[engine.Public], b[engine.Public]) || !slices.Equal(a[1], b[1]) {
		t.Fatalf("the table's or Ben's lines depend on Ana's secret: %v / %v", a, b)
	}
	if len(b[0]) != 1 || b[0][0] != "You hold as stock: "+Short("M1") {
		t.Fatalf("Ana's own line %q", b[0])
	}
}
