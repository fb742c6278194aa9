package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// seatedTable is a host laptop with Ana and Ben on their own phones.
type seatedTable struct {
	t              *testing.T
	host, ana, ben *device
	game           int64
	n              int
}

func seatTable(t *testing.T, kind string) *seatedTable {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	fixedDice(app)
	st := &seatedTable{t: t, host: hostDevice(t, app), ana: newDevice(t, app), ben: newDevice(t, app)}
	st.game = st.host.createGame(kind, "Ana", "Ben")
	join := joinURLFromQR(t, st.host, st.game)
	st.ana.join(join, st.game, 0)
	st.ben.join(join, st.game, 1)
	return st
}

// suitRows is Takeover's 24 tiles laid row by row, Suns, Moons, Crowns
// then Arms, each from its null to its 5 (S0 ... A5).
func suitRows() []string {
	var tiles []string
	for _, s := range "SMCA" {
		for r := range 6 {
			tiles = append(tiles, fmt.Sprintf("%c%d", s, r))
		}
	}
	return tiles
}

// do sends a command from a device and requires it to be taken.
func (st *seatedTable) do(d *device, typ string, data any) {
	st.t.Helper()
	st.n++
	if code, body := d.command(st.game, typ, data, fmt.Sprint("c", st.n)); code != http.StatusOK {
		st.t.Fatalf("%s %v: %d %s", typ, data, code, body)
	}
}

// Takeover, two players: the tiles laid in suit rows, the coins drafted in
// the same order, one stock each, two merges, then both pass.
func TestGoldenGameTakeover(t *testing.T) {
	t.Parallel()
	st := seatTable(t, "takeover")
	// Laid row by row: Suns in row 1 (A1-F1), Moons row 2, Crowns row 3,
	// Arms row 4, each from its null to its 5. Ana drafts first.
	tiles := suitRows()
	st.do(st.host, "lay", map[string]any{"tiles": tiles, "first": 0})
	// The host drafts for whoever picks, taking the coins in that same
	// order. Snake order with two: Ana, Ben, Ben, Ana, Ana, Ben, ...
	// Ana: S0 S3 S4 M1 M2 M5 C0 C3 C4 A1 A2 A5.
	// Ben: S1 S2 S5 M0 M3 M4 C1 C2 C5 A0 A3 A4.
	for _, c := range tiles {
		st.do(st.host, "draft", map[string]string{"coin": c})
	}
	// Each keeps one stock, on their own phone: Ana the 4 of Suns, Ben the
	// 5 of Suns. Everything else is cash.
	st.do(st.ana, "conceal", map[string]any{"stock": []string{"S4"}})
	st.do(st.ben, "conceal", map[string]any{"stock": []string{"S5"}})
	// Ana: the 4 of Suns (E1) moves onto the 3 of Suns (D1): same suit,
	// free. Ben: the 5 of Suns (F1) moves onto the 5 of Moons (F2): a
	// different suit, so it costs the absorbed tile's value, 5, paid with
	// his 5 of Crowns.
	st.do(st.ana, "merge", map[string]any{"from": "E1", "to": "D1"})
	st.do(st.ben, "merge", map[string]any{"from": "F1", "to": "F2", "pay": []string{"C5"}})
	// Both pass in succession: the game ends.
	st.do(st.ana, "pass", nil)
	st.do(st.ben, "pass", nil)
	// Scores, in millions:
	// Ana: stock S4 on a stack of 2 (top 4, +1 for the 3 under it) = 5;
	// cash 0+3+1+2+5+0+3+4+1+2+5 = 26; total 31.
	// Ben: stock S5 on a stack of 2 (top 5, +1 for the 5 of Moons) = 6;
	// cash 1+2+0+3+4+1+2+0+3+4 = 20 (the 5 of Crowns was spent); total 26.
	var v struct {
		View struct {
			Phase  string
			Scores []struct{ Seat, Stocks, Cash, Total int }
		}
	}
	st.host.getJSON(fmt.Sprintf("/games/%d/view", st.game), &v)
	if v.View.Phase != "over" || len(v.View.Scores) != 2 {
		t.Fatalf("end: %+v", v.View)
	}
	want := map[int][3]int{0: {5, 26, 31}, 1: {6, 20, 26}}
	for _, s := range v.View.Scores {
		if w := want[s.Seat]; [3]int{s.Stocks, s.Cash, s.Total} != w {
			t.Fatalf("seat %d scores stocks %d cash %d total %d; want %v", s.Seat, s.Stocks, s.Cash, s.Total, w)
		}
	}
	saysOnce(t, st.host, fmt.Sprintf("/games/%d", st.game), "The game is over")
	checkRow(t, scoreRow(t, st.host, st.game), "Takeover (piecepack)", row("Ana", 31, 1, true), row("Ben", 26, 2, false))
}

// Cash or Crash, Classic, two players: Ben loses his whole stake in each of
// five rounds and is out; Ana wins, having outlasted one player.
func TestGoldenGameCashOrCrash(t *testing.T) {
	t.Parallel()
	st := seatTable(t, "cashcrash")
	// The set, cards 1 to 10: G G O O W W GO OW GW GOW.
	st.do(st.host, "configure", map[string]any{"cards": []string{"G", "G", "O", "O", "W", "W", "GO", "OW", "GW", "GOW"}})
	st.do(st.host, "start", map[string]int{"first": 0})
	// Each round both stake two cards on their phones: Ana always cards 1
	// and 2 (two Gold); Ben 1-2, 3-4, 5-6, 7-8, 9-10 in turn. The opener
	// alternates from Ana.
	// Ana opens rounds 1, 3, 5 with "1 Gold": true (her own stake shows 2),
	// so Ben's SELL! loses. Ben opens rounds 2 and 4 with "9 Wheat": the
	// stakes show 0 (O O with G G) and 1 (GO OW with G G), so Ana's SELL!
	// wins. Ben loses 2 cards a round: 10, 8, 6, 4, 2, 0: out after round 5.
	for r := range 5 {
		st.do(st.ana, "stake", map[string]any{"cards": []int{1, 2}})
		st.do(st.ben, "stake", map[string]any{"cards": []int{2*r + 1, 2*r + 2}})
		if r%2 == 0 {
			st.do(st.ana, "bid", map[string]any{"qty": 1, "goods": "G"})
			st.do(st.ben, "sell", nil)
		} else {
			st.do(st.ben, "bid", map[string]any{"qty": 9, "goods": "W"})
			st.do(st.ana, "sell", nil)
		}
	}
	var v struct {
		View struct {
			Phase  string
			Winner int
		}
	}
	st.host.getJSON(fmt.Sprintf("/games/%d/view", st.game), &v)
	if v.View.Phase != "over" || v.View.Winner != 0 {
		t.Fatalf("end: phase %q winner %d; want over, Ana", v.View.Phase, v.View.Winner)
	}
	// Points are the players outlasted: Ana 1, Ben 0.
	saysOnce(t, st.host, fmt.Sprintf("/games/%d", st.game), "The game is over")
	checkRow(t, scoreRow(t, st.host, st.game), "Cash or Crash", row("Ana", 1, 1, true), row("Ben", 0, 2, false))
}

// saysOnce fails the test unless the page at path says each of words
// exactly once (its text, tags dropped): a screen says the end of the game
// once.
func saysOnce(t *testing.T, d *device, path string, words ...string) {
	t.Helper()
	code, body := d.get(path)
	text := textOf(body)
	for _, w := range words {
		if n := strings.Count(text, w); code != http.StatusOK || n != 1 {
			t.Errorf("%s says %q %d times (status %d); want once:\n%s", path, w, n, code, text)
		}
	}
}
