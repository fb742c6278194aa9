package coldcash

import (
	"encoding/json"
	"errors"
	"testing"

	"tableside/engine"
	"tableside/ledger"
)

type H = map[string]any

// table runs commands straight through Decide and Evolve, checking after
// every one that the ledger balances and that a refusal changed nothing.
type table struct {
	t *testing.T
	s *State
	// feed is every feed line the events made, oldest first: each event's
	// Feed runs as the tracker runs it, just after the event.
	feed []engine.Line
	log  []engine.Event // every event, oldest first
}

func newTable(t *testing.T, players int, settings H) *table {
	t.Helper()
	names := []string{"Ana", "Ben", "Cy", "Dee", "Eve", "Fay"}
	setup := engine.Setup{}
	for i := range players {
		setup.Seats = append(setup.Seats, engine.Seat{Name: names[i]})
	}
	if settings != nil {
		setup.Settings, _ = json.Marshal(settings)
	}
	st, err := Rules{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return &table{t: t, s: st.(*State)}
}

func (tb *table) do(seat int, typ string, data H) error {
	tb.t.Helper()
	raw, _ := json.Marshal(data)
	before, _ := json.Marshal(tb.s)
	evs, err := Rules{}.Decide(tb.s, engine.Command{Type: typ, Seat: seat, Data: raw}, nil)
	after, _ := json.Marshal(tb.s)
	if string(before) != string(after) {
		tb.t.Fatalf("%s: Decide modified the state", typ)
	}
	if err != nil {
		if !engine.IsRefusal(err) {
			tb.t.Fatalf("%s: error that is not a refusal: %v", typ, err)
		}
		return err
	}
	for _, e := range evs {
		Rules{}.Evolve(tb.s, e)
		tb.log = append(tb.log, e)
		tb.feed = append(tb.feed, Rules{}.Feed(tb.s, e)...)
	}
	tb.check()
	return nil
}

func (tb *table) must(seat int, typ string, data H) {
	tb.t.Helper()
	if err := tb.do(seat, typ, data); err != nil {
		tb.t.Fatalf("%s %v: %v", typ, data, err)
	}
}

// refuse asserts a refusal naming rule.
func (tb *table) refuse(rule string, seat int, typ string, data H) string {
	tb.t.Helper()
	err := tb.do(seat, typ, data)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		tb.t.Fatalf("%s %v: accepted; want refusal %q", typ, data, rule)
	}
	if re.Rule != rule {
		tb.t.Fatalf("%s %v: refused %q (%s); want %q", typ, data, re.Rule, re.Message, rule)
	}
	return re.Message
}

// check: the ledger's invariants, and the bank's balance is minus the players'.
func (tb *table) check() {
	tb.t.Helper()
	if err := tb.s.Book.Verify(); err != nil {
		tb.t.Fatalf("ledger: %v", err)
	}
	sum := 0
	for seat := range tb.s.Seats {
		sum += tb.cash(seat)
	}
	if sum != -tb.s.Book.Balance(ledger.Bank) {
		tb.t.Fatalf("players hold %d, bank paid out %d", sum, -tb.s.Book.Balance(ledger.Bank))
	}
}

func (tb *table) cash(seat int) int { return tb.s.Book.Balance(ledger.Account(seat)) }
func (tb *table) held(seat int, co string) int {
	return tb.s.Held(seat, co)
}

// found founds a company for a seat at a size (host).
func (tb *table) found(co string, seat, size int) {
	tb.t.Helper()
	tb.must(engine.Host, CmdFound, H{"company": co, "seat": seat, "size": size})
}

// buy has seat buy on its own turn (the host moves the marker there first).
func (tb *table) buy(seat int, co string, n int) {
	tb.t.Helper()
	if tb.s.Turn != seat || tb.s.Acted != "" {
		tb.must(engine.Host, CmdTurn, H{"seat": seat})
	}
	tb.must(engine.Host, CmdBuy, H{"seat": seat, "company": co, "count": n})
}

// give moves shares from the bank straight to a seat (test setup only).
func (tb *table) give(seat int, co string, n int) {
	tb.t.Helper()
	tb.s.Book.MustPost("test setup", ledger.Transfer{From: ledger.Bank, To: ledger.Account(seat), Asset: co, Amount: n})
}

// festivalMerger is the hand-worked merger several tests read: Imperial
// (c6, size 8, Cy's) absorbs Festival (c5, size 6, medium: $700), made by
// Ben. Ana holds 5 Festival (her founder's share and 4), Ben 3, Cy 3.
func festivalMerger(t *testing.T) *table {
	t.Helper()
	return festivalInto(t, shares{0, "c5", 4}, shares{1, "c5", 3}, shares{2, "c5", 3})
}

// shares are n shares of co a test gives seat before its merger.
type shares struct {
	seat int
	co   string
	n    int
}

// festivalInto is Ben's merger of Festival (c5, size 6, Ana's) into
// Imperial (c6, size 8, Cy's), made once the holders have the shares given.
func festivalInto(t *testing.T, given ...shares) *table {
	t.Helper()
	tb := newTable(t, 3, nil)
	tb.found("c6", 2, 8)
	tb.found("c5", 0, 6)
	for _, g := range given {
		tb.give(g.seat, g.co, g.n)
	}
	tb.must(engine.Host, CmdMerge, H{"survivor": "c6", "defunct": "c5", "maker": 1})
	return tb
}
