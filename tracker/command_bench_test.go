package tracker

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
)

// BenchmarkColdCashCommand is one whole Cold Cash Risk command through the
// tracker, six seats and four companies on the table: decide, the probe of
// every screen's reads on the state it leaves (every seat's view, the
// waiting line and its decisions, the measures), the fsynced write.
func BenchmarkColdCashCommand(b *testing.B) {
	db, err := OpenDB(filepath.Join(b.TempDir(), "bench.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tr := New(db, coldcash.Rules{})
	ctx := context.Background()
	seats := []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}, {Name: "Dee"}, {Name: "Eve"}, {Name: "Fay"}}
	info, err := tr.Create(ctx, "coldcash", "bench", engine.Setup{Seats: seats})
	if err != nil {
		b.Fatal(err)
	}
	do := func(typ string, data map[string]any) {
		raw, _ := json.Marshal(data)
		if _, err := tr.Do(ctx, info.ID, engine.Command{Type: typ, Seat: engine.Host, Data: raw}, ""); err != nil {
			b.Fatalf("%s %v: %v", typ, data, err)
		}
	}
	for i, id := range []string{"c1", "c3", "c5", "c6"} {
		do(coldcash.CmdFound, map[string]any{"company": id, "seat": i, "size": 8})
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		switch i % 3 {
		case 0:
			do(coldcash.CmdBuy, map[string]any{"seat": 0, "company": "c5", "count": 1})
		case 1:
			do(coldcash.CmdTurn, map[string]any{"seat": 0})
		case 2:
			do(coldcash.CmdSell, map[string]any{"seat": 0, "company": "c5", "count": 1})
			do(coldcash.CmdTurn, map[string]any{"seat": 0})
		}
	}
}
