package coldcash

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/ledger"
)

func benchTable(b testing.TB) *State {
	st, err := Rules{}.New(engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}, {Name: "Dee"}, {Name: "Eve"}, {Name: "Fay"}}})
	if err != nil {
		b.Fatal(err)
	}
	s := st.(*State)
	for i, id := range []string{"c1", "c3", "c5", "c6"} {
		raw, _ := json.Marshal(H{"company": id, "seat": i, "size": 8})
		evs, err := Rules{}.Decide(s, engine.Command{Type: CmdFound, Seat: engine.Host, Data: raw}, nil)
		if err != nil {
			b.Fatal(err)
		}
		for _, e := range evs {
			Rules{}.Evolve(s, e)
		}
	}
	return s
}

// BenchmarkBuyDecideEvolve is the engine's share of one "buy 1" command
// (the tracker adds the SQLite write): decide, then apply.
func BenchmarkBuyDecideEvolve(b *testing.B) {
	s := benchTable(b)
	buy, _ := json.Marshal(H{"seat": 0, "company": "c5", "count": 1})
	sell, _ := json.Marshal(H{"seat": 0, "company": "c5", "count": 1})
	turn, _ := json.Marshal(H{"seat": 0})
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		typ, data := CmdBuy, buy
		switch i % 3 {
		case 1:
			typ, data = CmdTurn, turn
		case 2:
			typ, data = CmdSell, sell
		}
		evs, err := Rules{}.Decide(s, engine.Command{Type: typ, Seat: engine.Host, Data: data}, nil)
		if err != nil {
			b.Fatalf("step %d (%s): %v", i, typ, err)
		}
		for _, e := range evs {
			Rules{}.Evolve(s, e)
		}
		if i%3 == 2 {
			evs, _ = Rules{}.Decide(s, engine.Command{Type: CmdTurn, Seat: engine.Host, Data: turn}, nil)
			Rules{}.Evolve(s, evs[0])
		}
		if i%3 == 2 && len(s.Book.Entries) > 2000 {
			s = benchTable(b)
		}
	}
}

// BenchmarkHostViewAfter500Entries is the view a live update builds for
// each screen, late in a long game.
func BenchmarkHostViewAfter500Entries(b *testing.B) {
	s := benchTableAfter(b, 500)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.View(engine.Viewer{Seat: engine.Host})
	}
}

// benchTableAfter is a six-player table whose book already holds that
// many cash payments (entries): late in a long game.
func benchTableAfter(tb testing.TB, entries int) *State {
	s := benchTable(tb)
	for i := range entries {
		s.Book.MustPost("bench", transferCash(i%6, 10))
	}
	return s
}

func transferCash(seat, amount int) ledger.Transfer {
	return ledger.Transfer{From: ledger.Bank, To: ledger.Account(seat), Asset: ledger.Cash, Amount: amount}
}

// BenchmarkCloneAfter1000Entries is the copy a merger's or an earnings
// decision simulates on, late in a long game.
func BenchmarkCloneAfter1000Entries(b *testing.B) {
	s := benchTableAfter(b, 1000)
	b.ReportAllocs()
	for b.Loop() {
		_ = s.clone()
	}
}
