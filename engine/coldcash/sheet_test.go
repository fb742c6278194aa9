package coldcash_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sync/atomic"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/engine/coldcash/board"
	"tableside/internal/enginetest"
)

// sheetGame plays a game by sending only moves from the move sheets.
type sheetGame struct {
	t     *testing.T
	r     coldcash.Rules
	s     engine.State
	seats int
	rnd   *rand.Rand
	dice  *enginetest.Dice
	sent  int // moves sent
	// battles makes takeovers as likely as buying: a game of the
	// standard ending with many would rarely reach its closing bell.
	battles bool
	// offered is each viewer's sheet now (the host's first).
	offered [][]engine.Move
	probes  map[string]int // refusals of moves not offered, by kind
}

func newSheetGame(t *testing.T, seats int, seed uint64, settings M) *sheetGame {
	t.Helper()
	names := []string{"Ana", "Ben", "Cy", "Dee"}
	setup := engine.Setup{}
	for i := range seats {
		setup.Seats = append(setup.Seats, engine.Seat{Name: names[i]})
	}
	setup.Settings, _ = json.Marshal(settings)
	st, err := coldcash.Rules{}.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	return &sheetGame{t: t, s: st, seats: seats, rnd: rand.New(rand.NewPCG(seed, 7)), dice: enginetest.Seeded(seed, 11)}
}

// viewers are every screen that may act: the host, then each phone.
func (g *sheetGame) viewers() []engine.Viewer {
	vs := []engine.Viewer{{Seat: engine.Host}}
	for i := range g.seats {
		vs = append(vs, engine.Viewer{Seat: i})
	}
	return vs
}

// weight makes the games end: a move that ends the turn or the game is
// likelier (the closing bell once the game has run a while), and the
// host's rare corrections of bank mode are left out.
func (g *sheetGame) weight(m engine.Move) int {
	switch {
	case m.Type == coldcash.CmdDeclare, m.Type == coldcash.CmdEnd && m.Step != coldcash.SheetAdmin:
		if g.sent < 120 {
			return 0
		}
		return 40
	case m.Step == coldcash.SheetAdmin, m.Step == coldcash.SheetShares, m.Type == coldcash.CmdTradeReject:
		return 0
	case m.Type == coldcash.CmdTakeover && g.battles:
		return 3 // so that attacks are tried (the short game ends anyway)
	case g.fullBoard() && (m.Type == coldcash.CmdTakeover || m.Type == coldcash.CmdAttack || m.Type == coldcash.CmdOccupy || m.Type == coldcash.CmdHire):
		// Nothing is left to place: only takeovers grow a company to the
		// closing bell's size, as at a real table.
		return 40
	case m.Ends, m.Type == coldcash.CmdSize:
		return 6
	case m.Minor:
		return 1
	}
	return 3
}

// step checks every viewer's sheet with MovesAccepted, then sends one
// move picked at random (weighted) with its fields at random values; it
// reports false when nobody may move.
func (g *sheetGame) step() bool {
	g.t.Helper()
	type pick struct {
		v engine.Viewer
		m engine.Move
	}
	if g.sent%4 == 0 { // the copy each decision simulates on, on this game's states (every fourth: the check costs a few decisions)
		coldcash.CheckClone(g.t, g.s.(*coldcash.State))
	}
	var all []pick
	total := 0
	g.offered = g.offered[:0] // by viewer: the host's first, then each seat's
	vs := g.viewers()
	for i, sheet := range enginetest.SheetsAccepted(g.t, g.r, g.s, vs, func() engine.Dice { return enginetest.Seeded(1, 2) }) {
		v := vs[i]
		g.offered = append(g.offered, sheet.Moves)
		for _, m := range sheet.Moves {
			if v.Seat >= 0 && m.Seat != v.Seat {
				g.t.Errorf("seat %d is offered %q for seat %d", v.Seat, m.Label, m.Seat)
			}
			if w := g.weight(m); w > 0 {
				all = append(all, pick{v, m})
				total += w
			}
		}
	}
	if g.t.Failed() {
		g.t.FailNow()
	}
	if total == 0 {
		return false
	}
	n := g.rnd.IntN(total)
	var p pick
	for _, c := range all {
		if n -= g.weight(c.m); n < 0 {
			p = c
			break
		}
	}
	g.probe(p.m)
	values := g.someField(p.m)
	cmd := enginetest.MoveCmd(p.v, p.m, values)
	g.sent++
	evs, err := g.r.Decide(g.s, cmd, g.dice)
	if err != nil {
		g.t.Fatalf("viewer %d's offered move %q (%s %s) refused: %v", p.v.Seat, p.m.Label, cmd.Type, cmd.Data, err)
	}
	for _, e := range evs {
		g.s = g.r.Evolve(g.s, e)
	}
	return true
}

// someField sets one of m's fields, picked at random, to a random value
// within its limits (the others keep their starting values): the limits
// hold for each field alone, as a sell and a trade together may not
// exceed the shares held.
func (g *sheetGame) someField(m engine.Move) map[string]int {
	if len(m.Fields) == 0 {
		return nil
	}
	f := m.Fields[g.rnd.IntN(len(m.Fields))]
	return map[string]int{f.Name: f.Min + g.rnd.IntN(f.Max-f.Min+1)}
}

// send decides and applies one command, which must be accepted.
func (g *sheetGame) send(seat int, typ string, data M) {
	g.t.Helper()
	raw, _ := json.Marshal(data)
	evs, err := g.r.Decide(g.s, engine.Command{Type: typ, Seat: seat, Data: raw}, g.dice)
	if err != nil {
		g.t.Fatalf("%s: %v", typ, err)
	}
	for _, e := range evs {
		g.s = g.r.Evolve(g.s, e)
	}
}

// fullBoard says whether every territory is held: no Mom & Pop can be
// placed any more.
func (g *sheetGame) fullBoard() bool {
	s, ok := g.s.(*coldcash.State)
	return ok && s.Table != nil && len(s.Table.Board.Land) == len(board.Classic().Territories())
}

func (g *sheetGame) over() bool {
	_, over := g.r.Result(g.s)
	return over
}

// TestOfferedMovesAreAcceptedUntilTheGameEnds plays whole games of both
// modes, 3 and 4 players, sending only moves the sheets offer: every move
// offered to any screen at any step must be accepted, and the games must
// reach their end.
func TestOfferedMovesAreAcceptedUntilTheGameEnds(t *testing.T) {
	t.Parallel()
	cases := []struct {
		settings M
		seats    int
	}{
		{M{"mode": "board"}, 3}, {M{"mode": "board", "ending": "short", "defendMost": true}, 4},
		{M{"mode": "board", "deck": "table", "ending": "short"}, 3},
		{M{"mode": "bank"}, 3},
		{M{"mode": "bank", "phoneTrades": "confirm"}, 4},
	}
	var attacks atomic.Int64 // over every game: not every game has a takeover
	t.Cleanup(func() {       // after every game: they run side by side, each its own game
		if attacks.Load() == 0 && !t.Failed() {
			t.Error("no attack from a territory not offered was tried")
		}
	})
	for i, c := range cases {
		{
			settings, seats, seed := c.settings, c.seats, uint64(i+3)
			t.Run(fmt.Sprintf("%v/%d players/seed %d", settings, seats, seed), func(t *testing.T) {
				t.Parallel()
				g := newSheetGame(t, seats, seed, settings)
				g.battles = settings["ending"] == "short"
				if settings["deck"] == "table" { // the host types the first cards drawn: no move offers that
					g.send(engine.Host, coldcash.CmdOpen, M{"first": []string{"peru", "egypt", "japan", "ural"}[:seats]})
				}
				n := 0
				defer func() { t.Logf("%d moves", n) }()
				for ; !g.over(); n++ {
					if n > 3000 {
						t.Fatalf("the game is not over after %d moves", n)
					}
					if !g.step() {
						t.Fatalf("nobody is offered a move after %d moves, and the game is not over", n)
					}
				}
				if g.probes["another seat's move"] == 0 || g.probes["a fourth share"] == 0 || g.probes["a company not offered"] == 0 {
					t.Errorf("too few moves not offered were tried: %v", g.probes)
				}
				attacks.Add(int64(g.probes["an attack from a territory not offered"]))
			})
		}
	}
}

// isOffered says whether seat's sheet (or the host's, for engine.Host)
// holds a move sending typ with data.
func (g *sheetGame) isOffered(seat int, typ string, data json.RawMessage) bool {
	for _, m := range g.offered[seat+1] {
		if m.Type == typ && len(m.Fields) == 0 && string(m.Data) == string(data) {
			return true
		}
	}
	return false
}

// hasAttack says whether the host may attack now.
func (g *sheetGame) hasAttack() bool {
	for _, o := range g.offered[0] {
		if o.Type == coldcash.CmdAttack {
			return true
		}
	}
	return false
}

// refused sends a command no sheet offers: it must be refused, and leave
// the state as it was (enginetest.Decide checks that).
func (g *sheetGame) refused(kind string, seat int, typ string, data json.RawMessage) {
	g.t.Helper()
	if _, ok := enginetest.Decide(g.t, g.r, g.s, engine.Command{Type: typ, Seat: seat, Data: data}, g.dice); ok {
		g.t.Fatalf("%s: viewer %d's %s %s is not offered but accepted", kind, seat, typ, data)
	}
	if g.probes == nil {
		g.probes = map[string]int{}
	}
	g.probes[kind]++
}

// probe sends moves near m that no sheet offers: m from another phone, a
// fourth share, a company nobody may buy, an attack from a territory that
// cannot attack.
func (g *sheetGame) probe(m engine.Move) {
	g.t.Helper()
	if m.Seat >= 0 && len(m.Fields) == 0 && m.Type != coldcash.CmdTradeReject {
		other := (m.Seat + 1) % g.seats
		if !g.isOffered(other, m.Type, m.Data) {
			g.refused("another seat's move", other, m.Type, m.Data)
		}
	}
	if m.Type == coldcash.CmdBuy {
		var d M
		json.Unmarshal(m.Data, &d)
		d["count"] = coldcash.MaxBuy + 1
		raw, _ := json.Marshal(d)
		g.refused("a fourth share", engine.Host, m.Type, raw)
		for _, c := range []string{"c1", "c2", "c3", "c4", "c5", "c6", "c7"} {
			d["company"], d["count"] = c, 1
			raw, _ := json.Marshal(d)
			if !g.isOffered(engine.Host, m.Type, raw) {
				g.refused("a company not offered", engine.Host, m.Type, raw)
				break
			}
		}
	}
	if g.hasAttack() {
		from := map[string]bool{}
		for _, o := range g.offered[0] {
			if o.Type == coldcash.CmdAttack {
				from[o.From] = true
			}
		}
		st := g.s.(*coldcash.State)
		for _, id := range st.Table.Board.Held(st.Table.Takeover.Corp) {
			if from[id] {
				continue
			}
			for _, to := range board.Classic().Neighbours(id) {
				raw, _ := json.Marshal(M{"from": id, "to": to})
				g.refused("an attack from a territory not offered", engine.Host, coldcash.CmdAttack, raw)
			}
			break
		}
	}
}

// BenchmarkMovesMidGame measures the host's and a phone's move sheets in a
// board game after 150 moves, as every render of a screen asks for them.
func BenchmarkMovesMidGame(b *testing.B) {
	t := &testing.T{}
	g := newSheetGame(t, 4, 5, M{"mode": "board"})
	for range 150 {
		if g.over() || !g.fastStep() {
			break
		}
	}
	b.ResetTimer()
	for b.Loop() {
		g.r.Moves(g.s, engine.Viewer{Seat: engine.Host})
		g.r.Moves(g.s, engine.Viewer{Seat: 0})
	}
}

// fastStep sends one offered move without checking the sheets.
func (g *sheetGame) fastStep() bool {
	var moves []engine.Move
	var who []engine.Viewer
	for _, v := range g.viewers() {
		for _, m := range g.r.Moves(g.s, v).Moves {
			for range g.weight(m) {
				moves, who = append(moves, m), append(who, v)
			}
		}
	}
	if len(moves) == 0 {
		return false
	}
	i := g.rnd.IntN(len(moves))
	values := g.someField(moves[i])
	evs, err := g.r.Decide(g.s, enginetest.MoveCmd(who[i], moves[i], values), g.dice)
	if err != nil {
		return false
	}
	g.sent++
	for _, e := range evs {
		g.s = g.r.Evolve(g.s, e)
	}
	return true
}
