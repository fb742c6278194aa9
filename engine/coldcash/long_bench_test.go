package coldcash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

// BenchmarkBoardBuyDecideByEnding is Decide of one board-mode "buy 1" in the
// standard game and in the long game, whose every command also checks
// whether the map is now held (endIfMapHeld): the check's cost is the
// difference.
func BenchmarkBoardBuyDecideByEnding(b *testing.B) {
	for _, ending := range []string{"standard", "long"} {
		b.Run(ending, func(b *testing.B) {
			st, err := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}},
				Settings: json.RawMessage(`{"mode":"board","deck":"table","ending":"` + ending + `"}`)})
			if err != nil {
				b.Fatal(err)
			}
			s := st.(*State)
			for _, c := range []struct {
				typ  string
				data string
			}{{CmdOpen, `{"first":["argentina","brazil"]}`}, {CmdPlace, `{"territory":"iceland"}`}, {CmdFound, `{"company":"c1"}`}} {
				evs, err := Rules{}.Decide(s, engine.Command{Type: c.typ, Seat: engine.Host, Data: json.RawMessage(c.data)}, nil)
				if err != nil {
					b.Fatalf("%s: %v", c.typ, err)
				}
				for _, e := range evs {
					Rules{}.Evolve(s, e)
				}
			}
			buy := json.RawMessage(`{"company":"c1","count":1}`)
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Rules{}).Decide(s, engine.Command{Type: CmdBuy, Seat: engine.Host, Data: buy}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
