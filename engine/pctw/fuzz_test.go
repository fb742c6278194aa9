package pctw

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/enginetest"
)

// A layout typed at the table either builds a map whose borders are
// symmetric and whose continents hold every tile, or is refused; it never panics.
func FuzzParseLayout(f *testing.F) {
	f.Add(DefaultLayout, "x")
	f.Add("S0 S1 / S2 S3", "xy")
	f.Add("A0 . A1\nA2 A3 A4", "none")
	f.Add("S0 S0", "x")
	f.Add("Z9", "q")
	f.Fuzz(func(t *testing.T, layout, wrap string) {
		b, err := Parse(layout, wrap)
		if err != nil {
			return
		}
		n := 0
		for _, c := range b.Map.Continents() {
			n += len(c.Territories)
		}
		if n != b.Map.Len() || len(b.Grid.Cells) != b.Map.Len() {
			t.Fatalf("%d tiles in continents, %d cells, %d territories", n, len(b.Grid.Cells), b.Map.Len())
		}
		for _, br := range b.Map.Borders() {
			if !b.Map.Adjacent(br[1], br[0]) {
				t.Fatalf("border %v is one-way", br)
			}
		}
	})
}

// Whatever a phone sends, Decide answers with events or a refusal, never a
// panic, and never changes the state it was given.
func FuzzDecideCommand(f *testing.F) {
	for _, c := range []struct{ typ, data string }{
		{"place", `{"territory":3,"count":"2"}`}, {"attack", `{"from":0,"to":1,"mode":"roll"}`},
		{"trade", `{"cards":[1,2,3]}`}, {"fortify", `{"from":1,"to":2,"count":999}`},
		{"configure", `{"layout":"S0 S1","wrap":"q"}`}, {"move", `{"count":-1}`},
		{"place", `{"territory":3,"count":1,"seats":1}`}, {"place", `{"territory":3} {"territory":4}`},
		{"configure", `{"settings":{"wrap":"xy","bogus":true}}`}, {"endTurn", `{}]`},
	} {
		f.Add(c.typ, c.data, 0)
	}
	base := newTable(&testing.T{}, 3, conquest.Settings{})
	base.setUp()
	f.Fuzz(func(t *testing.T, typ, data string, seat int) {
		enginetest.Decide(t, Rules{}, base.s.Clone(), engine.Command{Type: typ, Seat: seat%4 - 1, Data: json.RawMessage(data)}, enginetest.Seeded(5, 6))
	})
}
