package takeover

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

func (g *game) offered(seat int) []engine.Choice {
	g.t.Helper()
	return enginetest.ChoicesAccepted(g.t, Rules{}, g.s, seat, dice, true)
}

func TestChoicesDraftOffersEveryPoolCoinToThePickerOnly(t *testing.T) {
	g := newGame(t, "")
	tiles, _ := json.Marshal(testLayout)
	g.do(engine.Host, CmdLay, `{"tiles":`+string(tiles)+`,"first":1}`)
	cs := g.offered(1)
	if len(cs) != len(g.s.Pool) || len(g.s.Pool) != Cells {
		t.Fatalf("Ben, first to pick, is offered %d coins of a pool of %d", len(cs), len(g.s.Pool))
	}
	if cs[0].Label != Short(g.s.Pool[0]) || !strings.HasSuffix(Label(g.s.Pool[0]), " "+cs[0].Note) || cs[0].Note == "" {
		t.Fatalf("a coin is offered as %q (%q)", cs[0].Label, cs[0].Note)
	}
	if _, other := (Rules{}).Moves(g.s, engine.Viewer{Seat: 0}).Decision(); len(other) != 0 {
		t.Fatalf("Ana is offered %d coins during Ben's pick", len(other))
	}
}

func TestChoicesPlayOffersPassAndEveryAffordableMergeFolded(t *testing.T) {
	g := started(t, "", "S1", "S0")
	text, _ := (Rules{}).Moves(g.s, engine.Viewer{Seat: 0}).Decision()
	if want := fmt.Sprintf("your cash: %d", g.s.Players[0].Cash()); !strings.Contains(text, want) {
		t.Fatalf("Ana's own text %q does not say %q", text, want)
	}
	cs := g.offered(0)
	if cs[0].ID != "pass" || cs[0].Group != "" {
		t.Fatalf("the first answer is %+v; want Pass, not folded", cs[0])
	}
	merges := cs[1:]
	if len(merges) == 0 || len(merges) != len(g.s.Options(0)) {
		t.Fatalf("Ana is offered %d merges; she can make %d", len(merges), len(g.s.Options(0)))
	}
	paid := 0
	for _, c := range merges {
		if c.Group != GroupMerges {
			t.Fatalf("merge %q is not folded under %q", c.Label, GroupMerges)
		}
		if strings.HasPrefix(c.Note, "pays ") {
			paid++
		}
	}
	if paid == 0 {
		t.Fatalf("no merge says what it pays: %+v", merges)
	}
	if _, other := (Rules{}).Moves(g.s, engine.Viewer{Seat: 1}).Decision(); len(other) != 0 {
		t.Fatalf("Ben is offered %d answers on Ana's turn", len(other))
	}
}

func TestChoicesConcealIsTheSeatsOwnCountWithoutTaps(t *testing.T) {
	g := newGame(t, "")
	tiles, _ := json.Marshal(testLayout)
	g.do(engine.Host, CmdLay, `{"tiles":`+string(tiles)+`,"first":0}`)
	for k := 0; k < Cells; k++ {
		g.do(DraftSeat(0, 2, k), CmdDraft, `{"coin":"`+g.s.Pool[0]+`"}`)
	}
	for seat := range g.s.Players {
		text, cs := (Rules{}).Moves(g.s, engine.Viewer{Seat: seat}).Decision()
		if len(cs) != 0 || !strings.Contains(text, "your 12 coins") {
			t.Fatalf("seat %d while concealing: %q, %v", seat, text, cs)
		}
	}
	g.do(0, CmdConceal, `{"stock":"`+g.s.Players[0].Coins[0].Code+`"}`)
	if text, _ := (Rules{}).Moves(g.s, engine.Viewer{Seat: 0}).Decision(); text != "" {
		t.Fatalf("Ana, who has chosen, still owes %q", text)
	}
}

// What Ana is offered never depends on Ben's secret: the same game with
// Ben keeping different coins as stock gives Ana the same bytes.
func TestChoicesNeverTellAnotherSeatsSecret(t *testing.T) {
	a := started(t, "", "S1", "S0")
	b := started(t, "", "S1", "C5,C4,A3")
	ta, ca := (Rules{}).Moves(a.s, engine.Viewer{Seat: 0}).Decision()
	tb, cb := (Rules{}).Moves(b.s, engine.Viewer{Seat: 0}).Decision()
	ja, _ := json.Marshal(ca)
	jb, _ := json.Marshal(cb)
	if ta != tb || string(ja) != string(jb) || len(ca) < 2 {
		t.Fatalf("Ana's choices differ with Ben's stock:\n%s %s\n%s %s", ta, ja, tb, jb)
	}
	w, _ := Rules{}.Waiting(b.s)
	if strings.Contains(w.Text, "cash:") {
		t.Fatalf("the public waiting text %q counts a seat's cash", w.Text)
	}
}

// Whole games played by choices alone (and a random secret choice of
// stock): every answer offered at every step is accepted, and the game
// reaches its end.
func TestChoicesEveryOfferedAnswerIsAcceptedThroughWholeGames(t *testing.T) {
	for _, end := range []string{`{}`, `{"endWhen":"board"}`} {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("%s/%d", end, seed), func(t *testing.T) {
				g := newGame(t, end)
				g.do(engine.Host, CmdDeal, "")
				rng := rand.New(rand.NewPCG(seed, 3))
				for step := 0; step < 200 && g.s.Phase != PhaseOver; step++ {
					w, _ := Rules{}.Waiting(g.s)
					var moves []engine.Command
					for seat := range g.s.Players {
						cs := enginetest.ChoicesAccepted(t, Rules{}, g.s, seat, func() engine.Dice { return enginetest.Seeded(seed, 1) }, false)
						if len(cs) > 0 && !w.Owes(seat) {
							t.Fatalf("step %d: seat %d is offered answers though the table waits for %v", step, seat, w.Seats)
						}
						for _, c := range cs {
							moves = append(moves, enginetest.ChoiceCmd(seat, c, nil))
						}
					}
					if g.s.Phase == PhaseConceal {
						seat := w.Seats[0]
						var stock []string
						for _, c := range g.s.Players[seat].Coins {
							if rng.IntN(3) == 0 {
								stock = append(stock, c.Code)
							}
						}
						moves = append(moves, enginetest.Cmd(seat, CmdConceal, map[string]any{"stock": stock}))
					}
					m := moves[rng.IntN(len(moves))]
					if m.Type == CmdPass && len(moves) > 1 && rng.IntN(4) != 0 { // merge more often than not
						m = moves[1+rng.IntN(len(moves)-1)]
					}
					if _, err := enginetest.Apply(Rules{}, &g.s, m, dice()); err != nil {
						t.Fatalf("step %d: %s %s refused: %v", step, m.Type, m.Data, err)
					}
				}
				if g.s.Phase != PhaseOver {
					t.Fatalf("after 200 moves the game is in %s", g.s.Phase)
				}
			})
		}
	}
}
