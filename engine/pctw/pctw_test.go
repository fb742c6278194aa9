package pctw

import (
	"sort"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/internal/enginetest"
)

type table struct {
	t *testing.T
	s *conquest.State
	d *enginetest.Dice
}

func newTable(t *testing.T, n int, set conquest.Settings) *table {
	t.Helper()
	return &table{t: t, s: enginetest.New[*conquest.State](t, Rules{}, set, enginetest.Names(n)...), d: enginetest.Seeded(3, 4)}
}

func (tb *table) try(seat int, typ string, args any) error {
	_, err := enginetest.Apply(Rules{}, &tb.s, enginetest.Cmd(seat, typ, args), tb.d)
	return err
}

func (tb *table) do(seat int, typ string, args any) {
	tb.t.Helper()
	enginetest.Do(tb.t, Rules{}, &tb.s, enginetest.Cmd(seat, typ, args), tb.d)
}

func (tb *table) refused(seat int, typ string, args any, rule string) {
	tb.t.Helper()
	enginetest.Refused(tb.t, Rules{}, &tb.s, enginetest.Cmd(seat, typ, args), tb.d, rule)
}

// setUp claims and places everything, each placer taking the first tile it may.
func (tb *table) setUp() {
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.setUp2()
}

func TestDefaultLayoutIsTwentyOneTilesInContinentsOfFourFiveSixSix(t *testing.T) {
	b, err := Parse(DefaultLayout, "x")
	if err != nil {
		t.Fatal(err)
	}
	if b.Map.Len() != 21 {
		t.Fatalf("%d tiles; want 21", b.Map.Len())
	}
	got := map[string][2]int{}
	for _, c := range b.Map.Continents() {
		got[c.Name] = [2]int{len(c.Territories), c.Bonus}
	}
	want := map[string][2]int{"Suns": {5, 3}, "Moons": {4, 2}, "Crowns": {6, 4}, "Arms": {6, 4}}
	for k, v := range want {
		if got[k] != v {
			t.Fatalf("%s: %v tiles/bonus; want %v (all: %v)", k, got[k], v, got)
		}
	}
	aside, cards := SetAside(b)
	sort.Strings(aside)
	wantAside := []string{"5 of Moons", "Ace of Moons", "Ace of Suns"}
	if len(aside) != 3 || aside[0] != wantAside[0] || aside[1] != wantAside[1] || aside[2] != wantAside[2] {
		t.Fatalf("set aside %v; want %v", aside, wantAside)
	}
	if len(cards) != 23 || cards[21] != "Ace of Suns (wild)" || cards[22] != "Ace of Moons (wild)" {
		t.Fatalf("deck %v; want the 21 map tiles and the two wild aces", cards)
	}
}

func TestWrapAroundLinksEachRowsEnds(t *testing.T) {
	b, _ := Parse(DefaultLayout, "x")
	m := b.Map
	at := func(n string) risk.TerritoryID { id, _ := m.Lookup(n); return id }
	if !m.Adjacent(at("Null of Suns"), at("5 of Suns")) || !m.Adjacent(at("Null of Moons"), at("4 of Moons")) {
		t.Fatal("rows' ends are not linked")
	}
	if m.Adjacent(at("Null of Suns"), at("5 of Arms")) {
		t.Fatal("a diagonal became a border")
	}
	if !m.Adjacent(at("2 of Suns"), at("2 of Moons")) || m.Adjacent(at("5 of Suns"), at("4 of Crowns")) {
		t.Fatal("columns: 2 of Suns sits on 2 of Moons; 5 of Suns has open sea below it")
	}
	if len(b.Grid.Wraps) != 4 {
		t.Fatalf("%d wrap links; want one per row", len(b.Grid.Wraps))
	}
	nb, _ := Parse(DefaultLayout, "none")
	if nb.Map.Adjacent(at("Null of Suns"), at("5 of Suns")) || len(nb.Grid.Wraps) != 0 {
		t.Fatal("wrap none still linked the ends")
	}
	if _, err := Parse("S0 S1 / X9", "x"); err == nil {
		t.Fatal("a bad tile code was accepted")
	}
}

func TestStartArmiesAreTerritoriesOverPlayersPlusSix(t *testing.T) {
	for n, want := range map[int]int{2: 16, 3: 13, 4: 11} {
		tb := newTable(t, n, conquest.Settings{})
		tb.do(engine.Host, conquest.CmdStart, nil)
		if tb.s.ToPlace[0] != want || tb.s.Phase != conquest.PhaseClaim {
			t.Fatalf("%d players: %d start armies; want %d", n, tb.s.ToPlace[0], want)
		}
	}
}

func TestStartArmiesFormulaCountsTheRealMap(t *testing.T) {
	n := DefaultBoard().Map.Len()
	for p, want := range map[int]int{2: 16, 3: 13, 4: 11} {
		if got := StartArmies(n, p); got != want {
			t.Errorf("StartArmies(%d, %d) = %d; want %d", n, p, got, want)
		}
	}
	if got := StartArmies(14, 2); got != 13 {
		t.Errorf("StartArmies(14, 2) = %d; want 13 (the draft's own count)", got)
	}
}

func TestClaimingTakesEmptyTilesInTurn(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{})
	tb.do(engine.Host, conquest.CmdStart, nil)
	tb.do(0, conquest.CmdPlace, map[string]int{"territory": 0})
	tb.refused(0, conquest.CmdPlace, map[string]int{"territory": 1}, "not-your-turn")
	tb.refused(1, conquest.CmdPlace, map[string]int{"territory": 0}, "claim-empty")
	tb.do(1, conquest.CmdPlace, map[string]int{"territory": 1})
	tb.setUp2()
	if tb.s.Phase != conquest.PhaseReinforce || tb.s.Count(0)+tb.s.Count(1) != 21 {
		t.Fatalf("after claiming: phase %s", tb.s.Phase)
	}
}

// setUp2 finishes claiming and placing.
// moverHoldsAll sets the game up, then gives the player on turn every
// tile with one army on each (a test then hands some to others), and is
// that player's seat.
func (tb *table) moverHoldsAll() int {
	tb.setUp()
	p := tb.s.Turn
	for t := range tb.s.Owner {
		tb.s.Owner[t], tb.s.Armies[t] = p, 1
	}
	return p
}

func (tb *table) setUp2() {
	for tb.s.Phase == conquest.PhaseClaim || tb.s.Phase == conquest.PhasePlace {
		p := tb.s.Placer
		for t, o := range tb.s.Owner {
			if (tb.s.Phase == conquest.PhaseClaim && o < 0) || (tb.s.Phase == conquest.PhasePlace && o == p) {
				tb.do(p, conquest.CmdPlace, map[string]int{"territory": t})
				break
			}
		}
	}
}

func TestSetsEscalateTwoThreeFourThenByTwo(t *testing.T) {
	for n, want := range []int{2, 3, 4, 6, 8, 10} {
		if got := SetWorth(n + 1); got != want {
			t.Fatalf("set %d worth %d; want %d", n+1, got, want)
		}
	}
}

func cardsOf(s *conquest.State, labels ...string) []conquest.Card {
	var out []conquest.Card
	for _, c := range deck(s.Settings, nil) {
		for _, l := range labels {
			if c.Label == l {
				out = append(out, c)
			}
		}
	}
	return out
}

func ids(cs []conquest.Card) []int {
	var out []int
	for _, c := range cs {
		out = append(out, c.ID)
	}
	return out
}

func TestForcedTradeAtFiveWithWildAcesAndSeveralSetsATurn(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{})
	tb.setUp()
	p := tb.s.Turn
	hand := cardsOf(tb.s, "2 of Suns", "3 of Suns", "Ace of Suns (wild)", "2 of Crowns", "3 of Arms", "4 of Moons")
	tb.s.Hands[p] = hand
	pool := tb.s.Pool
	var mine int
	for t, o := range tb.s.Owner {
		if o == p {
			mine = t
		}
	}
	tb.refused(p, conquest.CmdPlace, map[string]int{"territory": mine}, "must-trade")
	tb.refused(p, conquest.CmdTrade, map[string][]int{"cards": ids(cardsOf(tb.s, "2 of Suns", "3 of Suns", "2 of Crowns"))}, "not-a-set")
	tb.do(p, conquest.CmdTrade, map[string][]int{"cards": ids(cardsOf(tb.s, "2 of Suns", "3 of Suns", "Ace of Suns (wild)"))})
	tb.do(p, conquest.CmdTrade, map[string][]int{"cards": ids(cardsOf(tb.s, "2 of Crowns", "3 of Arms", "4 of Moons"))})
	if tb.s.Pool != pool+2+3 || tb.s.Sets != 2 {
		t.Fatalf("pool %d after two sets; want %d + 2 + 3", tb.s.Pool, pool)
	}
	if _, ok := tb.lineFor("set 2 of Suns"); !ok {
		t.Fatalf("the build does not explain the set: %+v", tb.s.Build)
	}
	tb.do(p, conquest.CmdPlace, map[string]int{"territory": mine, "count": tb.s.Pool})
}

func (tb *table) lineFor(prefix string) (conquest.Line, bool) {
	for _, l := range tb.s.Build.Lines {
		if len(l.Why) >= len(prefix) && l.Why[:len(prefix)] == prefix {
			return l, true
		}
	}
	return conquest.Line{}, false
}

func TestContinentBonusBySizeInTheBuild(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{})
	tb.setUp()
	for t := range tb.s.Owner {
		tb.s.Owner[t] = 1
	}
	b, _ := Parse(DefaultLayout, "x")
	for _, c := range b.Grid.Cells {
		if c.Tile.Suit == 1 { // Moons, the smallest
			tb.s.Owner[c.Territory] = 0
		}
	}
	build := conquest.BuildFor(Variant, tb.s, 0)
	if build.Total != 3+2 {
		t.Fatalf("Moons (4 tiles) held: %+v; want 3 (minimum) + 2", build)
	}
	tb.s.Settings.NoBasic = true
	if build = conquest.BuildFor(Variant, tb.s, 0); build.Total != 2 {
		t.Fatalf("without the basic build: %+v; want 2", build)
	}
}

func TestEliminatedPlayersCardsPassToTheAttacker(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{})
	p := tb.moverHoldsAll()
	tb.s.Owner[1], tb.s.Armies[0] = 2, 6 // tile 1 (2 of Suns) borders tile 0
	tb.s.Owner[20] = 3 - p - 2           // someone else still holds the 5 of Arms
	tb.s.Pool = 0
	tb.s.Hands[2] = cardsOf(tb.s, "3 of Arms", "4 of Arms")
	tb.refused(p, conquest.CmdAttack, map[string]int{"from": 0, "to": 20}, "not-neighbour")
	tb.do(p, conquest.CmdAttack, map[string]any{"from": 0, "to": 1, "mode": "faces", "attFaces": "6 6 6", "defFaces": "1"})
	if !tb.s.Players[2].Out || len(tb.s.Hands[p]) != 2 {
		t.Fatalf("after eliminating seat 2: out %v, attacker's hand %d", tb.s.Players[2].Out, len(tb.s.Hands[p]))
	}
	tb.refused(p, conquest.CmdFortify, map[string]int{"from": 0, "to": 1, "count": 1}, "no-fortify")
}

// PCTW's defender rolls "up to two dice": with the app's dice it chooses 1
// or 2, on its own phone, unless the table set "defender always rolls the
// most".
func TestDefenderChoosesOneOrTwoDiceInPCTW(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{})
	p := tb.moverHoldsAll()
	q := 1 - p
	tb.s.Owner[1], tb.s.Armies[1], tb.s.Armies[0] = q, 3, 6 // tile 1 (2 of Suns) borders tile 0
	tb.s.Owner[20] = q                                      // the game goes on whatever the blitz does
	tb.s.Pool = 0
	tb.do(p, conquest.CmdAttack, map[string]int{"from": 0, "to": 1})
	if w, ok := (Rules{}).Waiting(tb.s); !ok || len(w.Seats) != 1 || w.Seats[0] != q || w.Text != "defend 2 of Suns with 1 or 2 dice" {
		t.Fatalf("waiting %+v %v; want seat %d to defend 2 of Suns", w, ok, q)
	}
	// The defender's phone gets both answers as taps, each accepted; the
	// attacker's none.
	if cs := enginetest.ChoicesAccepted(t, Rules{}, tb.s, q, func() engine.Dice { return enginetest.Seeded(1, 2) }, false); len(cs) != 2 {
		t.Fatalf("the defender is offered %+v; want 1 or 2 dice", cs)
	}
	if _, cs := (Rules{}).Moves(tb.s, engine.Viewer{Seat: p}).Decision(); cs != nil {
		t.Fatalf("the attacker is offered the defender's dice: %+v", cs)
	}
	tb.refused(p, conquest.CmdDefend, map[string]int{"dice": 2}, "defender-chooses")
	tb.do(q, conquest.CmdDefend, map[string]int{"dice": 1})
	for _, r := range tb.s.Last.Rolls {
		if len(r.Defender) != 1 {
			t.Fatalf("a blitz the defender fought with 1 die rolled %v", r.Defender)
		}
	}
	// "Defender always rolls the most": no question.
	tb.s.Settings.DefendMost = true
	tb.s.Owner[1], tb.s.Armies[1], tb.s.Armies[0], tb.s.Pending = q, 2, 6, nil
	tb.do(p, conquest.CmdAttack, map[string]any{"from": 0, "to": 1, "mode": "roll"})
	if tb.s.Defence != nil || len(tb.s.Last.Rolls[0].Defender) != 2 {
		t.Fatalf("with defendMost: defence %+v, battle %+v", tb.s.Defence, tb.s.Last)
	}
}
