package coldcash_test

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// midGame is a board-mode game in its second cycle, with two companies on
// the board, for fuzzing and benchmarks.
func midGame(t testing.TB) *game {
	g := newGame(t, 2, M{"deck": "table"})
	g.host("open", M{"first": []string{"north-africa", "peru"}})
	g.turn("egypt", "found", M{"company": "c5"})
	g.turn("brazil", "found", M{"company": "c3"})
	g.skipEarnings()
	g.turn("congo", "absorb", M{"company": "c5"})
	return g
}

// Whatever a phone sends as a board command, the engine answers with events
// or a refusal, never a panic, and a refusal changes nothing.
func FuzzBoardCommand(f *testing.F) {
	for _, seed := range []struct{ typ, data string }{
		{"place", `{"territory":"siam"}`}, {"place", `{"territory":"","card":"wild-1"}`},
		{"attack", `{"from":"brazil","to":"north-africa","dice":9}`}, {"takeover", `{"company":"c3"}`},
		{"merge", `{"companies":["c3","c5","c5"]}`}, {"restructure", `{"company":"c3","moves":[{"from":"brazil","to":"peru","teams":-4}]}`},
		{"hire", `{"company":"c3","place":{"brazil":1e9}}`}, {"vote", `{"seat":7,"for":"maybe"}`},
		{"open", `{"first":["x"]}`}, {"occupy", `{"teams":"many"}`}, {"downsize", `{"remove":[]}`}, {"draw", `null`},
		{"place", `{"territory":"siam","cards":1}`}, {"place", `{"territory":"siam"} {"territory":"peru"}`}, {"draw", `{}x`},
	} {
		f.Add(seed.typ, seed.data, 1)
	}
	f.Fuzz(func(t *testing.T, typ, data string, seat int) {
		g := midGame(t)
		if seat < -1 || seat > 1 {
			seat = -1
		}
		before := g.state()
		evs, err := coldcash.Rules{}.Decide(g.s, engine.Command{Type: typ, Seat: seat, Data: json.RawMessage(data)}, g.dice)
		if g.state() != before {
			t.Fatal("Decide changed the state")
		}
		if err != nil {
			if !engine.IsRefusal(err) {
				t.Fatalf("%s %s: %v is not a refusal", typ, data, err)
			}
			return
		}
		for _, e := range evs {
			coldcash.Rules{}.Evolve(g.s, e)
		}
	})
}

// BenchmarkBoardTurn measures the command path of one activity turn in board
// mode: place, absorb, take a card (Decide and Evolve, no storage).
func BenchmarkBoardTurn(b *testing.B) {
	g := midGame(b)
	snap := g.state()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var st coldcash.State
		json.Unmarshal([]byte(snap), &st)
		g.s = &st
		g.turn("east-africa", "absorb", M{"company": "c5"})
	}
}
