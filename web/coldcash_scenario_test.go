package web_test

import (
	"context"
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/games"
	"tableside/internal/testenv"
	"tableside/ledger"
	"tableside/tracker"
)

// A whole bank-only economy, from founding to final scores, through the real
// tracker over SQLite, with undo and redo on the way. After every step the
// ledger must balance to the dollar: each player's cash as worked out by
// hand, the bank at minus everything paid out, 25 certificates per company.
func TestScenarioWholeBankOnlyEconomyBalancesToTheDollar(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	ctx := context.Background()
	tr := app.Tracker
	info, err := tr.Create(ctx, "coldcash", "Scenario", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}}})
	if err != nil {
		t.Fatal(err)
	}
	id := info.ID
	state := func() *coldcash.State {
		var s *coldcash.State
		tr.State(ctx, id, func(st engine.State, _ int64) { s = st.(*coldcash.State) })
		return s
	}
	check := func(step string, ana, ben, cy int) {
		t.Helper()
		s := state()
		if err := s.Book.Verify(); err != nil {
			t.Fatalf("%s: ledger: %v", step, err)
		}
		got := []int{s.Book.Balance(0), s.Book.Balance(1), s.Book.Balance(2)}
		if got[0] != ana || got[1] != ben || got[2] != cy {
			t.Fatalf("%s: cash %v; want [%d %d %d]", step, got, ana, ben, cy)
		}
		if bank := s.Book.Balance(ledger.Bank); bank != -(ana + ben + cy) {
			t.Fatalf("%s: bank %d; want %d", step, bank, -(ana + ben + cy))
		}
	}
	do := func(seat int, typ string, data map[string]any) {
		t.Helper()
		raw, _ := json.Marshal(data)
		if _, err := tr.Do(ctx, id, engine.Command{Type: typ, Seat: seat, Data: raw}, ""); err != nil {
			t.Fatalf("%s %v: %v", typ, data, err)
		}
	}
	host := engine.Host
	check("start", 6000, 6000, 6000)
	do(host, "found", map[string]any{"company": "c1", "seat": 0, "size": 2}) // Tower, Ana
	do(host, "found", map[string]any{"company": "c3", "seat": 1, "size": 3}) // American, Ben
	check("founded", 6000, 6000, 6000)
	do(host, "buy", map[string]any{"seat": 0, "company": "c1", "count": 3}) // 3 x $200
	check("Ana buys Tower", 5400, 6000, 6000)
	do(host, "turn", nil)
	do(1, "buy", map[string]any{"company": "c3", "count": 3}) // Ben's phone: 3 x $400
	check("Ben buys American", 5400, 4800, 6000)
	do(host, "turn", nil)
	do(host, "buy", map[string]any{"seat": 2, "company": "c1", "count": 2})
	check("Cy buys Tower", 5400, 4800, 5600)
	do(host, "size", map[string]any{"company": "c1", "size": 5}) // Tower $500
	do(host, "size", map[string]any{"company": "c3", "size": 6}) // American $700
	do(host, "turn", nil)
	do(host, "buy", map[string]any{"seat": 0, "company": "c3", "count": 3})
	check("Ana buys American", 3300, 4800, 5600)
	if _, err := tr.Undo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	check("undo Ana's buy", 5400, 4800, 5600)
	if _, err := tr.Redo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	check("redo Ana's buy", 3300, 4800, 5600)
	do(host, "dividends", map[string]any{"company": "c3"}) // $70: Ben 4, Ana 3
	check("American dividends", 3510, 5080, 5600)
	do(2, "hide", map[string]any{"company": "c1", "hidden": 1}) // Cy hides one Tower
	do(0, "dividends", map[string]any{"company": "c1"})         // Ana is Tower's CEO: $50 a visible share
	check("Tower dividends, one hidden", 3710, 5080, 5650)
	// American (6) absorbs Tower (5, $500); Cy placed the Mom & Pop.
	do(host, "merge", map[string]any{"survivor": "c3", "defunct": "c1", "maker": 2})
	check("merger bonuses", 8710, 5080, 8150)
	// The table reads Cy's one shown Tower; her own phone counts the hidden one too.
	if w := state().Waiting(); w != "Waiting for Cy: keep, sell or trade 1 Tower." {
		t.Fatalf("waiting %q", w)
	}
	if w := state().View(engine.Viewer{Seat: 2}).Me.Owe; w != "Waiting for Cy: keep, sell or trade 2 Tower." {
		t.Fatalf("Cy's phone owes %q", w)
	}
	do(2, "dispose", map[string]any{"trade": 2})
	do(0, "dispose", map[string]any{"sell": 2, "trade": 2})
	check("Ana sells 2, trades 2", 9710, 5080, 8150)
	if _, err := tr.Undo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	check("undo Ana's decision", 8710, 5080, 8150)
	do(host, "dispose", map[string]any{"choice": "sell-all"})
	check("Ana sells all 4", 10710, 5080, 8150)
	s := state()
	if s.Merger != nil || s.Companies[2].Size != 12 || s.Held(0, "c3") != 3 || s.Held(2, "c3") != 1 {
		t.Fatalf("after the merger: size %d, Ana %d American, Cy %d", s.Companies[2].Size, s.Held(0, "c3"), s.Held(2, "c3"))
	}
	do(host, "found", map[string]any{"company": "c6", "seat": 2, "size": 2}) // Imperial, Cy
	do(host, "turn", map[string]any{"seat": 1})
	do(host, "buy", map[string]any{"seat": 1, "company": "c6", "count": 3}) // 3 x $400
	check("Ben buys Imperial", 10710, 3880, 8150)
	do(host, "size", map[string]any{"company": "c3", "size": 22}) // American $900
	do(host, "end", map[string]any{"reason": "closing-bell"})
	// American $900: Ben 4 majority 9,000, Ana 3 minority 4,500; sold 2,700 / 3,600 / 900.
	// Imperial $400: Ben 3 majority 4,000, Cy 1 minority 2,000; sold 1,200 / 400.
	check("final payout", 10710+4500+2700, 3880+13000+4800, 8150+2000+1300)
	got, err := tr.Info(ctx, id)
	if err != nil || got.Status != "finished" {
		t.Fatalf("status %q, %v", got.Status, err)
	}
	res, _ := coldcash.Rules{}.Result(state())
	if !res.Scores[1].Winner || res.Scores[1].Breakdown["bonuses"] != 13000 || res.Scores[1].Breakdown["stock"] != 4800 || res.Scores[1].Breakdown["cash"] != 3880 {
		t.Fatalf("result %+v", res)
	}
	// The log replays to the same bytes in a fresh tracker.
	before, _ := json.Marshal(state())
	fresh := tracker.New(app.DB, games.All()...)
	var after []byte
	if err := fresh.State(ctx, id, func(st engine.State, _ int64) { after, _ = json.Marshal(st) }); err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Fatal("replaying the log gave a different state")
	}
}
