package takeover

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
	"tableside/internal/testclient"
)

const (
	anaStock = "S1,M2"
	benStock = "C4,S4,A3"
)

func TestDraftRunsInSnakeOrder(t *testing.T) {
	var got []int
	for k := 0; k < 9; k++ {
		got = append(got, DraftSeat(1, 3, k))
	}
	want := []int{1, 2, 0, 0, 2, 1, 1, 2, 0}
	if !slices.Equal(got, want) {
		t.Fatalf("draft order from seat 1 of 3: %v, want %v", got, want)
	}
	g := newGame(t, "")
	tiles, _ := json.Marshal(testLayout)
	g.do(engine.Host, CmdLay, `{"tiles":`+string(tiles)+`,"first":1}`)
	g.refused(0, CmdDraft, `{"coin":"S1"}`, "not-your-turn")
	g.do(1, CmdDraft, `{"coin":"S1"}`)
	g.refused(0, CmdDraft, `{"coin":"S1"}`, "coin-taken")
	g.do(0, CmdDraft, `{"coin":"S2"}`)
	g.do(engine.Host, CmdDraft, `{"coin":"S3"}`) // the host picks for Ana, whose turn it is again
	if c, ok := g.coin(0, "S3"); !ok || c.Stock {
		t.Fatalf("the host's pick for Ana: %+v %v", c, ok)
	}
}

func TestDealIsRandomFromTheDiceAndLayoutIsChecked(t *testing.T) {
	g := newGame(t, "")
	g.refused(0, CmdDeal, ``, "host-only")
	g.refused(engine.Host, CmdLay, `{"tiles":"S1 S2"}`, "layout-24-tiles")
	dup := slices.Clone(testLayout)
	dup[5] = "S1"
	b, _ := json.Marshal(dup)
	g.refused(engine.Host, CmdLay, `{"tiles":`+string(b)+`}`, "layout-tile-twice")
	evs, err := Rules{}.Decide(g.s, engine.Command{Type: CmdDeal, Seat: engine.Host}, enginetest.Faces(7, 3, 19, 0, 5))
	if err != nil {
		t.Fatal(err)
	}
	d := engine.Payload[dealData](evs[0])
	sorted := slices.Clone(d.Tiles)
	sortCodes(sorted)
	if !slices.Equal(sorted, AllPieces()) || !d.Random {
		t.Fatalf("a deal must lay each of the 24 tiles once: %v", d.Tiles)
	}
}

func TestConcealChoiceIsPrivateAndStartsPlayWhenAllHaveChosen(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	if c, _ := g.coin(0, "M2"); !c.Stock {
		t.Fatal("Ana's M2 should be stock")
	}
	if c, _ := g.coin(0, "M1"); c.Stock {
		t.Fatal("Ana's M1 should be cash")
	}
	g2 := newGame(t, "")
	tiles, _ := json.Marshal(testLayout)
	g2.do(engine.Host, CmdLay, `{"tiles":`+string(tiles)+`,"first":0}`)
	g2.refused(0, CmdConceal, `{"stock":"S1"}`, "not-concealing")
}

func TestSameSuitMergeIsFree(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdMerge, `{"from":"A1","to":"B1"}`) // S1 onto S2
	if got := g.s.Grid[1]; !slices.Equal(got, Stack{"S2", "S1"}) || len(g.s.Grid[0]) != 0 {
		t.Fatalf("after S1 onto S2: B1 %v, A1 %v", got, g.s.Grid[0])
	}
	if len(g.s.Discarded) != 0 || g.s.Turn != 1 {
		t.Fatalf("a free merge discards nothing and passes the turn: %v, turn %d", g.s.Discarded, g.s.Turn)
	}
	g.refused(1, CmdMerge, `{"from":"B2","to":"A2","pay":"S5"}`, "merge-is-free") // M2 onto M1: same suit
}

func TestDifferentSuitMergeCostsAbsorbedValueAndOverpayIsLost(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdPass, ``)
	msg := g.refused(1, CmdMerge, `{"from":"D1","to":"C1","pay":"C2"}`, "cost-not-covered") // C4 onto M3: cost 3, paid 2
	if !strings.Contains(msg, "costs 3") {
		t.Fatalf("the refusal should name the cost: %s", msg)
	}
	g.do(1, CmdMerge, `{"from":"D1","to":"C1","pay":["M4"]}`)
	if !slices.Equal(g.s.Discarded, []string{"M4"}) {
		t.Fatalf("discarded %v, want M4 (paying 4 for a cost of 3: the extra is lost)", g.s.Discarded)
	}
	if _, ok := g.coin(1, "M4"); ok {
		t.Fatal("Ben still holds the coin he paid")
	}
	if !slices.Equal(g.s.Grid[2], Stack{"M3", "C4"}) {
		t.Fatalf("C1 holds %v", g.s.Grid[2])
	}
}

func TestAutoPayChoosesTheLeastOverpay(t *testing.T) {
	got, ok := CheapestPayment([]string{"S5", "M1", "A2", "C3"}, 4)
	if !ok || !slices.Equal(got, []string{"M1", "C3"}) {
		t.Fatalf("cheapest payment of 4 from 5,1,2,3: %v %v, want M1+C3", got, ok)
	}
	g := started(t, "", anaStock, benStock)
	g.do(engine.Host, CmdMerge, `{"from":"B1","to":"C1","auto":true}`) // the host for Ana: S2 onto M3, cost 3
	if d := g.s.Discarded; len(d) != 1 || Rank(d[0]) != 3 {
		t.Fatalf("auto pay discarded %v; Ana's cheapest cover for 3 is one coin of 3", d)
	}
}

func TestNullTileIsAbsorbedFree(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdMerge, `{"from":"B2","to":"C2"}`) // M2 onto C0 (null): free
	if len(g.s.Discarded) != 0 || !slices.Equal(g.s.Grid[8], Stack{"C0", "M2"}) {
		t.Fatalf("null absorbed: discarded %v, C2 %v", g.s.Discarded, g.s.Grid[8])
	}
}

func TestAbsorbedStockIsCashedOut(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdPass, ``)
	feed := g.feedOf(g.do(1, CmdMerge, `{"from":"C2","to":"B2","pay":"C2"}`)) // Ben: C0 onto Ana's M2 stock, cost 2
	c, _ := g.coin(0, "M2")
	if c.Stock {
		t.Fatal("Ana's M2 stock must be flipped to cash once M2 is absorbed")
	}
	if n := feed[0]; len(n) != 1 || !strings.Contains(n[0], "cashed out") {
		t.Fatalf("Ana is told privately: %v", n)
	}
	for _, l := range append(feed[1], feed[engine.Public]...) {
		if strings.Contains(l, "cashed out") {
			t.Fatalf("Ben or the table told whose stock it was: %q", l)
		}
	}
}

func TestPayingWithStockIsRefused(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdPass, ``)
	msg := g.refused(1, CmdMerge, `{"from":"D1","to":"C1","pay":"S4"}`, "pay-with-cash")
	if !strings.Contains(msg, "stock") {
		t.Fatalf("message: %s", msg)
	}
	g.refused(1, CmdMerge, `{"from":"D1","to":"C1","pay":"S3"}`, "not-your-coin")
	g.refused(1, CmdMerge, `{"from":"D1","to":"C1","pay":"S0,M0,A1"}`, "null-pays-nothing")
}

func TestMergeOfNonNeighboursIsRefused(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	msg := g.refused(0, CmdMerge, `{"from":"A1","to":"B2"}`, "not-neighbours") // diagonal
	if !strings.Contains(msg, "corner") {
		t.Fatalf("message: %s", msg)
	}
	g.refused(0, CmdMerge, `{"from":"A1","to":"C1","pay":"S3"}`, "not-neighbours") // B1 is in between
	g.refused(0, CmdMerge, `{"from":"A1","to":"A1"}`, "merge-itself")
	g.refused(0, CmdMerge, `{"from":"A1","to":"Z9"}`, "no-such-cell")
}

func TestActingOutOfTurnIsRefused(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	msg := g.refused(1, CmdMerge, `{"from":"A1","to":"B1"}`, "not-your-turn")
	if !strings.Contains(msg, "Ana") {
		t.Fatalf("message should say whose turn: %s", msg)
	}
	g.refused(1, CmdPass, ``, "not-your-turn")
}

func TestSpecialMergeSpendsANullCoinAcrossEmptyTable(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdMerge, `{"from":"B1","to":"A1"}`) // S2 onto S1: B1 is now empty
	g.do(1, CmdPass, ``)
	feed := g.feedOf(g.do(0, CmdMerge, `{"from":"C1","to":"A1","pay":"S3"}`)) // M3 onto S2 across B1: cost 2, with a null coin
	if !slices.Equal(g.s.Discarded, []string{"S3", "C0"}) {
		t.Fatalf("discarded %v, want S3 (the cost) and C0 (the null coin)", g.s.Discarded)
	}
	if !slices.Equal(g.s.Grid[0], Stack{"S1", "S2", "M3"}) || len(g.s.Grid[2]) != 0 {
		t.Fatalf("A1 %v, C1 %v", g.s.Grid[0], g.s.Grid[2])
	}
	if pub := feed[engine.Public]; len(pub) != 1 || !strings.Contains(pub[0], "null coin") {
		t.Fatalf("the table's lines %q: the merge must say it used a null coin", pub)
	}
}

func TestSpecialMergeNeedsANullCashCoin(t *testing.T) {
	g := started(t, "", anaStock, benStock+",S0,M0") // Ben keeps his nulls as stock
	g.do(0, CmdMerge, `{"from":"B1","to":"A1"}`)
	msg := g.refused(1, CmdMerge, `{"from":"C1","to":"A1","pay":"S5"}`, "special-needs-null")
	if !strings.Contains(msg, "null coin") {
		t.Fatalf("message: %s", msg)
	}
	g.refused(1, CmdMerge, `{"from":"A3","to":"A1"}`, "not-neighbours") // A2 stands between
}

func TestGameEndsWhenEveryPlayerPassesInSuccession(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdPass, ``)
	g.do(1, CmdMerge, `{"from":"A3","to":"A4","pay":"C2"}`) // A2 onto C2: cost 2; the passes start again
	g.do(0, CmdPass, ``)
	if g.s.Phase != PhasePlay {
		t.Fatal("one pass after a merge does not end the game")
	}
	evs := g.do(1, CmdPass, ``)
	if g.s.Phase != PhaseOver || evs[len(evs)-1].Type != EvEnded || !strings.Contains(g.s.Reason, "passed") {
		t.Fatalf("after both passed: phase %s, reason %q", g.s.Phase, g.s.Reason)
	}
	g.refused(0, CmdPass, ``, "game-over")
}

// endBoard is a play state with stacks only where given, for end tests.
func endBoard(t *testing.T, settings string, stacks map[int]Stack, coins [][]Coin) *State {
	t.Helper()
	g := newGame(t, settings)
	s := g.s
	s.Phase = PhasePlay
	for i, st := range stacks {
		s.Grid[i] = st
	}
	for i := range s.Players {
		s.Players[i].Coins = coins[i]
		s.Players[i].Decided = true
	}
	return s
}

func TestEndWhenNoMergeIsPossible(t *testing.T) {
	// A1 S1, B1 S2, D1 M3: merging A1 onto B1 leaves B1 and D1 with C1 empty between.
	stacks := map[int]Stack{0: {"S1"}, 1: {"S2"}, 3: {"M3"}}
	withNull := [][]Coin{{{Code: "C5"}}, {{Code: "A0"}, {Code: "A4"}}} // Ben: a null and 4 in cash
	noNull := [][]Coin{{{Code: "C5"}}, {{Code: "A4"}}}
	cases := []struct {
		name, settings string
		coins          [][]Coin
		over           bool
	}{
		{"anyone: a null coin keeps a special merge open", `{"endWhen":"anyone"}`, withNull, false},
		{"anyone: no null coin, no merge", `{}`, noNull, true},
		{"board: no neighbours left ends it, null coin or not", `{"endWhen":"board"}`, withNull, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := &game{t: t, s: endBoard(t, c.settings, stacks, c.coins)}
			g.do(0, CmdMerge, `{"from":"A1","to":"B1"}`)
			if (g.s.Phase == PhaseOver) != c.over {
				t.Fatalf("phase %s, want over=%v", g.s.Phase, c.over)
			}
			if c.over && g.s.Reason != "no more merges are possible" {
				t.Fatalf("reason %q", g.s.Reason)
			}
		})
	}
}

func TestEndWhenNobodyCanAffordTheOnlyMerge(t *testing.T) {
	// Neighbours of different suits that nobody's cash can pay for.
	stacks := map[int]Stack{0: {"S1"}, 1: {"S2"}, 2: {"M5"}}
	coins := [][]Coin{{{Code: "C1", Stock: true}}, {{Code: "A2", Stock: true}}} // nobody holds cash
	for _, c := range []struct {
		settings string
		over     bool
	}{{`{"endWhen":"anyone"}`, true}, {`{"endWhen":"board"}`, false}} {
		g := &game{t: t, s: endBoard(t, c.settings, stacks, coins)}
		g.do(0, CmdMerge, `{"from":"A1","to":"B1"}`) // S1 onto S2 (free); left: S1 beside M5, cost 1 or 5
		if (g.s.Phase == PhaseOver) != c.over {
			t.Fatalf("%s: phase %s, want over=%v", c.settings, g.s.Phase, c.over)
		}
	}
}

func TestBadEndSettingIsRefused(t *testing.T) {
	_, err := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "A"}, {Name: "B"}}, Settings: json.RawMessage(`{"endWhen":"never"}`)})
	if !engine.IsRefusal(err) {
		t.Fatalf("want a refusal naming the setting, got %v", err)
	}
}

func TestScoringCountsTopValuePlusStackAndCash(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(0, CmdMerge, `{"from":"B1","to":"A1"}`)            // S2 onto S1 (free): A1 = S1,S2
	g.do(1, CmdMerge, `{"from":"C3","to":"C2"}`)            // S4 onto C0 (null, free): C2 = C0,S4
	g.do(0, CmdMerge, `{"from":"C2","to":"C1","pay":"M5"}`) // S4 stack onto M3: cost 3, M5 paid
	g.do(1, CmdPass, ``)
	g.do(0, CmdPass, ``)
	if g.s.Phase != PhaseOver {
		t.Fatal("the game should be over")
	}
	lines := g.s.Scores()
	// Ana: S1 stock is buried under S2 -> it was cashed out (worth 1 as cash);
	// M2 stock: 2 alone. Cash: S1 1, S2 2, S3 3, M1 1, M3 3, C0 0, C1 1, A0 0, A5 5, A4 4 = 20.
	// Ben: S4 stock on C1: top 4 + 3 other tiles (M3, C0, ... ) = 4 + 2 = 6 (stack M3,C0,S4);
	// C4 stock 4, A3 stock 3. Cash: S0 0, S5 5, M0 0, M4 4, C2 2, C3 3, C5 5, A1 1, A2 2 = 22.
	if got := lines[0]; got.Stocks != 2 || got.Cash != 20 || got.Total != 22 {
		t.Fatalf("Ana: %+v", got)
	}
	if got := lines[1]; got.Stocks != 6+4+3 || got.Cash != 22 || got.Total != 35 || !got.Winner || lines[0].Winner {
		t.Fatalf("Ben: %+v", got)
	}
	var s4 Holding
	for _, h := range lines[1].Holdings {
		if h.Code == "S4" {
			s4 = h
		}
	}
	if s4.Explain != "stock: top tile 4 + 2 other tile(s) in its stack = 6" {
		t.Fatalf("S4 explained as %q", s4.Explain)
	}
	res, ok := Rules{}.Result(g.s)
	if !ok || res.Scores[1].Points != 35 || !res.Scores[1].Winner || res.Scores[1].Breakdown["stocks"] != 13 {
		t.Fatalf("result: %+v %v", res, ok)
	}
}

func TestGivingCoinsMovesThemPrivately(t *testing.T) {
	g := started(t, "", anaStock, benStock)
	g.do(1, CmdGive, `{"to":0,"coins":"S5"}`) // a deal may happen out of turn
	if c, ok := g.coin(0, "S5"); !ok || c.Stock {
		t.Fatalf("Ana should now hold S5 as cash: %+v %v", c, ok)
	}
	g.refused(1, CmdGive, `{"to":0,"coins":"S5"}`, "not-your-coin")
	g.refused(1, CmdGive, `{"to":1,"coins":"S4"}`, "give-to-whom")
}

func TestLayoutAsTypedAtTheTable(t *testing.T) {
	c, err := engine.DecodeArgs[layCmd](CmdLay, []byte(`{"tiles":"s1 s2 m3 c4 a5 s0\nm1 m2 c0 a1 s3 c5\r\na2,c1,s4,m0,a3,m4\n c2 a0 s5 m5 c3 a4 ","first":null}`))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal([]string(c.Tiles), testLayout) || c.First != nil {
		t.Fatalf("read %v (first: %v)", c.Tiles, c.First)
	}
	m, err := engine.DecodeArgs[mergeCmd](CmdMerge, []byte(`{"from":"b3","to":14,"pay.s3":true,"pay.M2":false}`))
	if err != nil || *m.From != 13 || *m.To != 14 || !slices.Equal(ticked(m.Box), []string{"S3"}) {
		t.Fatalf("cells: %v %v, boxes %v, %v", m.From, m.To, m.Box, err)
	}
	_, err = engine.DecodeArgs[mergeCmd](CmdMerge, []byte(`{"from":"b3","to":14,"pay.S3":"on"}`))
	testclient.Refused(t, err, "bad-input", `merge: "pay.S3" must be true or false, not "on".`)
	_, err = engine.DecodeArgs[giveCmd](CmdGive, []byte(`{"to":"1","coins":"S5"}`))
	testclient.Refused(t, err, "whole-number", `give: "to" must be a whole number, not "1".`)
}

func TestADealThatLeavesNobodyAbleToPayEndsTheGame(t *testing.T) {
	// The last two corporations, M4 and S4, merge either way for 4. Ben's
	// cash (3 + 1) covers it; once he hands the 3 to Ana, nobody's does.
	stacks := map[int]Stack{0: {"M4"}, 1: {"S4"}}
	g := &game{t: t, s: endBoard(t, "", stacks, [][]Coin{{{Code: "C2", Stock: true}}, {{Code: "A3"}, {Code: "C1"}}})}
	if !g.s.mergePossible() {
		t.Fatal("before the deal Ben can pay 4")
	}
	g.do(1, CmdGive, `{"to":0,"coins":"C1"}`)
	if g.s.Phase != PhaseOver || g.s.Reason != "no more merges are possible" {
		t.Fatalf("Ben holds 3 and Ana 1: nobody can pay 4, the game is over; phase %s", g.s.Phase)
	}
}
