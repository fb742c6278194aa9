package coldcash_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/ledger"
)

// twin plays the same commands on two games that differ only in hidden
// shares: in game b, one hidden share of a company has moved from one
// holder to another, so every visible count, every bank count and every
// ledger entry is the same in both. Whatever a screen other than the two
// holders' receives must then be the same bytes in both games: views, the
// waiting line, undo labels and refusals. (A holder's cash, bank counts and
// statements follow from public buys, so no two games reached by commands
// alone can differ in hidden shares only; the move is made on the state.)
type twin struct {
	t       *testing.T
	a, b    *coldcash.State
	da, db  engine.Dice
	holders []int // the seats whose hidden shares differ
	seats   int
}

func newTwin(t *testing.T, players int, settings M, da, db engine.Dice, holders ...int) *twin {
	t.Helper()
	names := []string{"Ana", "Ben", "Cy", "Dee", "Eve", "Fay"}
	setup := engine.Setup{}
	for i := range players {
		setup.Seats = append(setup.Seats, engine.Seat{Name: names[i]})
	}
	setup.Settings, _ = json.Marshal(settings)
	mk := func() *coldcash.State {
		st, err := coldcash.Rules{}.New(setup)
		if err != nil {
			t.Fatal(err)
		}
		return st.(*coldcash.State)
	}
	return &twin{t: t, a: mk(), b: mk(), da: da, db: db, holders: holders, seats: players}
}

// others are the viewers that must see the same bytes in both games.
func (tw *twin) others() []int {
	vs := []int{engine.Host, engine.Public}
	for s := range tw.seats {
		if !slices.Contains(tw.holders, s) {
			vs = append(vs, s)
		}
	}
	return vs
}

func viewerName(v int) string {
	switch v {
	case engine.Host:
		return "host"
	case engine.Public:
		return "public"
	}
	return fmt.Sprintf("seat %d", v)
}

// decide runs one command on one game; the events are applied when accepted.
func decide(s *coldcash.State, cmd engine.Command, d engine.Dice) ([]engine.Event, error) {
	evs, err := coldcash.Rules{}.Decide(s, cmd, d)
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		coldcash.Rules{}.Evolve(s, e)
	}
	return evs, nil
}

// step sends a command to both games: both must accept it or both refuse
// it with the same words; then every other screen is compared.
func (tw *twin) step(seat int, typ string, data M) {
	tw.t.Helper()
	evA, evB := tw.send(seat, typ, data, true)
	for i := range evA {
		da, db := coldcash.Rules{}.Describe(tw.a, evA[i]), coldcash.Rules{}.Describe(tw.b, evB[i])
		if da != db {
			tw.t.Fatalf("%s %v: the undo label differs: %q / %q", typ, data, da, db)
		}
	}
	tw.same(fmt.Sprintf("after %s %v", typ, data))
}

// reveal sends a command that shows a holder's shares by the rules
// themselves (a holder disposing of every share at a merger): both games
// must accept it; nothing is compared for this step.
func (tw *twin) reveal(seat int, typ string, data M) {
	tw.t.Helper()
	tw.send(seat, typ, data, true)
}

func (tw *twin) send(seat int, typ string, data M, must bool) (evA, evB []engine.Event) {
	tw.t.Helper()
	raw, _ := json.Marshal(data)
	cmd := engine.Command{Type: typ, Seat: seat, Data: raw}
	evA, errA := decide(tw.a, cmd, tw.da)
	evB, errB := decide(tw.b, cmd, tw.db)
	if fmt.Sprint(errA) != fmt.Sprint(errB) || (errA == nil) != (errB == nil) {
		tw.t.Fatalf("%s %s %v: the answers differ: %v / %v", viewerName(seat), typ, data, errA, errB)
	}
	if must && errA != nil {
		tw.t.Fatalf("%s %s %v: %v", viewerName(seat), typ, data, errA)
	}
	if len(evA) != len(evB) {
		tw.t.Fatalf("%s %v: %d events / %d", typ, data, len(evA), len(evB))
	}
	return evA, evB
}

// probe sends a command that both games must refuse in the same words; it
// changes nothing.
func (tw *twin) probe(seat int, typ string, data M) {
	tw.t.Helper()
	raw, _ := json.Marshal(data)
	cmd := engine.Command{Type: typ, Seat: seat, Data: raw}
	_, errA := coldcash.Rules{}.Decide(tw.a, cmd, tw.da)
	_, errB := coldcash.Rules{}.Decide(tw.b, cmd, tw.db)
	if errA == nil || errB == nil {
		tw.t.Fatalf("%s %s %v: accepted (%v / %v); the probe must be refused in both games", viewerName(seat), typ, data, errA, errB)
	}
	if errA.Error() != errB.Error() {
		tw.t.Fatalf("%s %s %v: the refusal differs:\n  %s\n  %s", viewerName(seat), typ, data, errA, errB)
	}
}

// same compares every byte each other screen receives.
func (tw *twin) same(when string) {
	tw.t.Helper()
	for _, v := range tw.others() {
		ja, _ := json.Marshal(coldcash.Rules{}.View(tw.a, engine.Viewer{Seat: v}))
		jb, _ := json.Marshal(coldcash.Rules{}.View(tw.b, engine.Viewer{Seat: v}))
		if string(ja) != string(jb) {
			tw.t.Fatalf("%s: the %s view differs:\n%s", when, viewerName(v), firstDiff(string(ja), string(jb)))
		}
	}
	wa, oka := coldcash.Rules{}.Waiting(tw.a)
	wb, okb := coldcash.Rules{}.Waiting(tw.b)
	ja, _ := json.Marshal(wa)
	jb, _ := json.Marshal(wb)
	if oka != okb || string(ja) != string(jb) {
		tw.t.Fatalf("%s: the waiting line differs: %s / %s", when, ja, jb)
	}
	if a, b := tw.a.Where(), tw.b.Where(); a != b {
		tw.t.Fatalf("%s: where the table stands differs: %q / %q", when, a, b)
	}
}

// firstDiff shows where two strings part.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-120)
	return fmt.Sprintf("  a: …%s\n  b: …%s", a[from:min(len(a), i+80)], b[from:min(len(b), i+80)])
}

// move shifts n hidden shares of a company from one holder to another in
// game b only (see twin).
func (tw *twin) move(co string, from, to, n int) {
	tw.t.Helper()
	s := tw.b
	i := slices.Index(s.Book.Companies, co)
	if s.Hidden[from][i] < n || s.Book.Shares[from+1][i] < n {
		tw.t.Fatalf("seat %d hides fewer than %d %s", from, n, co)
	}
	s.Book.Shares[from+1][i] -= n
	s.Book.Shares[to+1][i] += n
	s.Hidden[from][i] -= n
	s.Hidden[to][i] += n
	if err := s.Book.Verify(); err != nil {
		tw.t.Fatal(err)
	}
	if tw.a.Held(from, co) == s.Held(from, co) || tw.a.Visible(from, co) != s.Visible(from, co) || tw.a.Visible(to, co) != s.Visible(to, co) {
		tw.t.Fatal("the move must change hidden holdings only")
	}
}

// give moves shares from the bank to a seat in both games (setup only).
func (tw *twin) give(seat int, co string, n int) {
	for _, s := range []*coldcash.State{tw.a, tw.b} {
		s.Book.MustPost("test setup", ledger.Transfer{From: ledger.Bank, To: ledger.Account(seat), Asset: co, Amount: n})
	}
}

// ownSees checks that the holder's own phone still sees its whole holding.
func (tw *twin) ownSees(seat int, co string) {
	tw.t.Helper()
	for _, s := range []*coldcash.State{tw.a, tw.b} {
		v := s.View(engine.Viewer{Seat: seat})
		found := false
		for _, h := range v.Me.Holdings {
			if h.Company == co {
				found = true
				if h.Visible+h.Hidden != s.Held(seat, co) || h.Hidden != s.HiddenOf(seat, co) {
					tw.t.Fatalf("seat %d's own phone shows %d+%d %s; holds %d", seat, h.Visible, h.Hidden, co, s.Held(seat, co))
				}
			}
		}
		if !found {
			tw.t.Fatalf("seat %d's own phone does not show its %s", seat, co)
		}
	}
}

func TestHiddenSharesNeverReachAnotherScreenInBankMode(t *testing.T) {
	for _, hidden := range []string{coldcash.HiddenCount, coldcash.HiddenIgnore} {
		t.Run(hidden, func(t *testing.T) {
			const ana, ben, cy, dee = 0, 1, 2, 3
			tw := newTwin(t, 4, M{"hiddenAtMerger": hidden}, nil, nil, ben, cy)
			tw.step(engine.Host, "found", M{"company": "c2", "seat": ana, "size": 6})
			tw.step(engine.Host, "found", M{"company": "c6", "seat": dee, "size": 9})
			tw.step(engine.Host, "found", M{"company": "c4", "seat": ana, "size": 4})
			// Ana (8) and Dee (5) hold Luxor's bonuses whatever Ben and Cy
			// hide, so the payout at the merger reads the same either way.
			tw.give(ana, "c2", 7)
			tw.give(dee, "c2", 5)
			tw.give(ben, "c2", 3)
			tw.give(cy, "c2", 2)
			tw.give(ben, "c6", 1)
			tw.give(ben, "c4", 2)
			tw.give(cy, "c4", 2)
			tw.step(ben, "hide", M{"company": "c2", "hidden": 2})
			tw.step(cy, "hide", M{"company": "c2", "hidden": 2})
			tw.step(ben, "hide", M{"company": "c4", "hidden": 1})
			tw.step(cy, "hide", M{"company": "c4", "hidden": 2})
			tw.move("c2", cy, ben, 1) // b: Ben holds 4 Luxor (3 hidden), Cy 1 (hidden)
			tw.move("c4", cy, ben, 1) // b: Ben holds 3 Worldwide (2 hidden), Cy 1 (hidden)
			tw.same("after the hidden shares moved")
			tw.ownSees(ben, "c2")
			tw.ownSees(cy, "c2")
			if a, b := tw.a.View(engine.Viewer{Seat: ben}), tw.b.View(engine.Viewer{Seat: ben}); fmt.Sprint(a.Me.Holdings) == fmt.Sprint(b.Me.Holdings) {
				t.Fatal("Ben's own phone must see the difference")
			}

			// Ben's turn: the host may sell only what Ben shows.
			tw.step(engine.Host, "turn", M{"seat": ben})
			for n := 1; n <= 5; n++ {
				if n > 1 {
					tw.probe(engine.Host, "sell", M{"seat": ben, "company": "c2", "count": n})
				}
				tw.probe(engine.Host, "sell", M{"seat": cy, "company": "c2", "count": n})
				tw.probe(ana, "sell", M{"seat": ben, "company": "c2", "count": n})
			}
			tw.probe(engine.Host, "hide", M{"company": "c2", "hidden": 0})
			tw.step(engine.Host, "buy", M{"seat": ben, "company": "c6", "count": 1})
			tw.step(ben, "hide", M{"company": "c6", "hidden": 1})
			tw.step(engine.Host, "turn", M{"seat": ana})
			tw.step(engine.Host, "sell", M{"seat": ana, "company": "c2", "count": 1})
			tw.step(engine.Host, "dividends", M{"company": "c2"})
			tw.step(dee, "dividends", M{"company": "c6", "double": true})

			// The merger: Ana (the maker) answers first, then Ben owes.
			tw.step(engine.Host, "merge", M{"survivor": "c6", "defunct": "c2", "maker": ana})
			tw.probe(engine.Host, "sell", M{"seat": ben, "company": "c6", "count": 1})
			tw.probe(dee, "dispose", M{"choice": "sell-all"})
			tw.step(ana, "dispose", M{"choice": "sell-all"})
			if w := tw.a.Waiting(); w != "Waiting for Ben: keep, sell or trade 1 Luxor." {
				t.Fatalf("waiting line %q", w)
			}
			tw.probe(engine.Host, "sell", M{"seat": ben, "company": "c6", "count": 1})
			tw.probe(engine.Host, "buy", M{"seat": ben, "company": "c6", "count": 1})
			tw.probe(dee, "dispose", M{"sell": 1})
			tw.probe(ana, "dispose", M{"choice": "keep-all"})
			// The host types counts for the shown share only (1): any other
			// sum is refused in the same words, whatever Ben hides.
			for _, n := range []int{0, 2, 3, 4, 5} {
				tw.probe(engine.Host, "dispose", M{"keep": n})
				tw.probe(engine.Host, "dispose", M{"sell": n + 1, "keep": 1})
			}
			for i, s := range []*coldcash.State{tw.a, tw.b} {
				held := []int{3, 4}[i]
				v := s.View(engine.Viewer{Seat: ben})
				if want := fmt.Sprintf("keep, sell or trade %d Luxor", held); !strings.Contains(v.Me.Owe, want) || v.Merger.WaitingHeld != held || v.Merger.Choices[2].Keep != held {
					t.Fatalf("Ben's own phone: owe %q, held %d, %+v; want %d", v.Me.Owe, v.Merger.WaitingHeld, v.Merger.Choices, held)
				}
			}
			// Ben keeps all on his phone, the host answers for Cy (who shows
			// none): the hidden shares kept stay hidden, so the table reads
			// the same disposals in both games.
			tw.step(ben, "dispose", M{"choice": "keep-all"})
			tw.step(engine.Host, "dispose", M{"sell": 0})
			for i, s := range []*coldcash.State{tw.a, tw.b} {
				if kept := s.Held(cy, "c2"); kept != []int{2, 1}[i] || s.HiddenOf(cy, "c2") != kept {
					t.Fatalf("Cy kept %d Luxor, %d hidden", kept, s.HiddenOf(cy, "c2"))
				}
			}
			tw.step(dee, "dispose", M{"choice": "sell-all"})
			tw.step(engine.Host, "dissolve", M{"company": "c4"})
			tw.step(engine.Host, "end", M{"reason": "short"})
			if !tw.a.Over {
				t.Fatal("the game did not end")
			}
		})
	}
}

func TestHiddenSharesNeverReachAnotherScreenInBoardMode(t *testing.T) {
	for _, hidden := range []string{coldcash.HiddenCount, coldcash.HiddenIgnore} {
		t.Run(hidden, func(t *testing.T) {
			const ana, ben, cy = 0, 1, 2
			tw := newTwin(t, 3, M{"mode": "board", "deck": "table", "hiddenAtMerger": hidden}, &script{t: t}, &script{t: t}, ben, cy)
			tw.step(engine.Host, "open", M{"first": []string{"siam", "alaska", "peru"}}) // Ben, Cy, Ana
			tw.step(engine.Host, "place", M{"territory": "kamchatka"})
			tw.step(engine.Host, "found", M{"company": "c1"})
			tw.step(ben, "buy", M{"company": "c1", "count": 2}) // Ben holds 3 Tower
			tw.step(ben, "draw", nil)
			tw.step(engine.Host, "place", M{"territory": "venezuela"})
			tw.step(engine.Host, "found", M{"company": "c3"})
			tw.step(cy, "buy", M{"company": "c1", "count": 2}) // Cy holds 2 Tower
			tw.step(ben, "hide", M{"company": "c1", "hidden": 2})
			tw.step(cy, "hide", M{"company": "c1", "hidden": 2})
			tw.move("c1", cy, ben, 1) // b: Ben 4 Tower (3 hidden), Cy 1 (hidden)
			tw.same("after the hidden shares moved")
			tw.ownSees(ben, "c1")
			// The host acts for Cy, who shows no Tower: no sale, no meeting.
			for n := 1; n <= 3; n++ {
				tw.probe(engine.Host, "sell", M{"company": "c1", "count": n})
			}
			tw.probe(engine.Host, "meeting", M{"company": "c1", "nominee": cy})
			tw.step(cy, "draw", nil)
			tw.step(engine.Host, "place", M{"territory": "india"})
			tw.step(engine.Host, "leave", nil)
			tw.step(ana, "buy", M{"company": "c3", "count": 1})
			tw.step(ana, "draw", nil)
			tw.step(ben, "hire", M{"company": "c1", "place": M{}})
			tw.step(cy, "dividends", M{"company": "c3"})

			// cycle 2: Ben founds Luxor; the host may sell only his shown Tower.
			tw.step(engine.Host, "place", M{"territory": "china"})
			tw.step(engine.Host, "found", M{"company": "c2"})
			for n := 2; n <= 5; n++ {
				tw.probe(engine.Host, "sell", M{"company": "c1", "count": n})
			}
			tw.step(engine.Host, "draw", nil)
			// Cy's Mom & Pop joins Tower and Luxor; Ben consents for both, and
			// Cy (the maker, holding hidden Tower only) owes the first answer.
			tw.step(engine.Host, "place", M{"territory": "mongolia"})
			tw.step(engine.Host, "merge", M{"companies": []string{"c1", "c2"}})
			tw.step(ben, "consent", M{"company": "c1", "agree": true})
			if hidden == coldcash.HiddenCount {
				// hidden shares count for the bonuses: the payout shows them.
				tw.reveal(ben, "consent", M{"company": "c2", "agree": true})
				return
			}
			tw.step(ben, "consent", M{"company": "c2", "agree": true})
			if w := tw.a.Waiting(); w != "Waiting for Cy: keep, sell or trade their Tower shares." {
				t.Fatalf("waiting line %q", w)
			}
			tw.probe(engine.Host, "draw", nil)
			tw.probe(engine.Host, "sell", M{"company": "c2", "count": 1})
			tw.probe(ana, "dispose", M{"choice": "sell-all"})
			tw.probe(ben, "dispose", M{"choice": "sell-all"})
			for n := 1; n <= 4; n++ {
				tw.probe(engine.Host, "dispose", M{"keep": n})
			}
			for i, s := range []*coldcash.State{tw.a, tw.b} {
				held := []int{2, 1}[i]
				if v := s.View(engine.Viewer{Seat: cy}); !strings.Contains(v.Me.Owe, fmt.Sprintf("keep, sell or trade %d Tower", held)) || v.Merger.WaitingHeld != held {
					t.Fatalf("Cy's own phone: owe %q, held %d; want %d", v.Me.Owe, v.Merger.WaitingHeld, held)
				}
			}
			tw.step(cy, "dispose", M{"choice": "keep-all"})
			tw.step(ben, "dispose", M{"choice": "keep-all"})
			tw.step(engine.Host, "draw", nil)
		})
	}
}
