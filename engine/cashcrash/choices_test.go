package cashcrash

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// choiceIDs lists the IDs of what seat is offered now.
func (g *game) choiceIDs(seat int) []string {
	_, cs := (Rules{}).Moves(g.s, engine.Viewer{Seat: seat}).Decision()
	var ids []string
	for _, c := range cs {
		ids = append(ids, c.ID)
	}
	return ids
}

func (g *game) offered(seat int, limits bool) []engine.Choice {
	g.t.Helper()
	return enginetest.ChoicesAccepted(g.t, Rules{}, g.s, seat, dice, limits)
}

func TestChoicesOpeningOffersEachSimpleGoodToTheStarterOnly(t *testing.T) {
	g := newGame(t, "")
	for seat := range g.s.Players {
		text, cs := (Rules{}).Moves(g.s, engine.Viewer{Seat: seat}).Decision()
		if len(cs) != 0 || !strings.Contains(text, "stake 2 of your 10 cards") {
			t.Fatalf("while staking, seat %d is offered %q, %v; want the stake in its own words and no taps", seat, text, cs)
		}
	}
	g.stake("1,2", "3,4", "5,6")
	cs := g.offered(g.s.Starter, true)
	if got := g.choiceIDs(g.s.Starter); !slices.Equal(got, []string{"open-G", "open-O", "open-W"}) {
		t.Fatalf("the opener is offered %v; want one simple good each", got)
	}
	if f := cs[0].Fields[0]; f.Name != "qty" || f.Min != 1 || f.Max != maxQty {
		t.Fatalf("the opening quantity runs %d..%d, want 1..%d", f.Min, f.Max, maxQty)
	}
	for seat := range g.s.Players {
		if seat != g.s.Starter && len(g.choiceIDs(seat)) != 0 {
			t.Fatalf("seat %d is offered %v before the opening bid", seat, g.choiceIDs(seat))
		}
	}
}

func TestChoicesRaiseKeepsTheGoodsAndStartsOneHigher(t *testing.T) {
	g := newGame(t, "")
	g.stake("1,2", "3,4", "5,6")
	g.do(0, CmdBid, bid(2, "O"))
	next := g.s.Turn
	g.offered(next, true)
	if got := g.choiceIDs(next); !slices.Equal(got, []string{"raise-O", "raise-GO", "raise-OW", "raise-GOW", "sell"}) {
		t.Fatalf("after 2 Oil the next bidder is offered %v", got)
	}
	_, cs := (Rules{}).Moves(g.s, engine.Viewer{Seat: next}).Decision()
	if f := cs[0].Fields[0]; f.Min != 3 || f.Value != 3 {
		t.Fatalf("raising 2 Oil with Oil starts at %d (value %d), want 3", f.Min, f.Value)
	}
	if f := cs[1].Fields[0]; f.Min != 2 {
		t.Fatalf("raising 2 Oil to Gold and Oil starts at %d, want 2", f.Min)
	}
	if len(g.choiceIDs(0)) != 0 {
		t.Fatalf("the bidder is offered %v on their own bid", g.choiceIDs(0))
	}
}

func TestChoicesEnduranceOffersOneStepOnly(t *testing.T) {
	g := newGame(t, `{"variant":"endurance"}`)
	g.stake("1", "3", "5")
	_, cs := (Rules{}).Moves(g.s, engine.Viewer{Seat: g.s.Starter}).Decision()
	if f := cs[0].Fields[0]; f.Min != 1 || f.Max != 1 {
		t.Fatalf("an Endurance opening runs %d..%d, want exactly 1", f.Min, f.Max)
	}
	g.offered(g.s.Starter, true)
	g.do(g.s.Starter, CmdBid, bid(1, "G"))
	g.offered(g.s.Turn, true)
	_, cs = (Rules{}).Moves(g.s, engine.Viewer{Seat: g.s.Turn}).Decision()
	for _, c := range cs {
		if len(c.Fields) == 1 && c.Fields[0].Min != c.Fields[0].Max {
			t.Fatalf("Endurance offers %q at %d..%d: one step is one quantity", c.Label, c.Fields[0].Min, c.Fields[0].Max)
		}
	}
}

func TestChoicesDoublingGoesToTheChallengedThenTheChallenger(t *testing.T) {
	g := newGame(t, `{"doubling":true}`)
	g.stake("1,2", "3,4", "5,6")
	g.do(0, CmdBid, bid(1, "O"))
	g.do(1, CmdSell, "")
	g.offered(0, false)
	if got := g.choiceIDs(0); !slices.Equal(got, []string{"double", "accept"}) {
		t.Fatalf("the challenged player is offered %v", got)
	}
	for _, seat := range []int{1, 2} {
		if len(g.choiceIDs(seat)) != 0 {
			t.Fatalf("seat %d is offered %v while the challenged player answers", seat, g.choiceIDs(seat))
		}
	}
	g.do(0, CmdDouble, "")
	g.offered(1, false)
	if got := g.choiceIDs(1); !slices.Equal(got, []string{"persist", "withdraw"}) {
		t.Fatalf("the challenger is offered %v after a double", got)
	}
	g.do(1, CmdWithdraw, "")
	// The challenger who withdrew must raise or add: no SELL! for them.
	if ids := g.choiceIDs(1); slices.Contains(ids, "sell") || len(ids) == 0 {
		t.Fatalf("after withdrawing, the challenger is offered %v; want raises without SELL!", ids)
	}
	g.offered(1, true)
}

// Whole games played by the seats' choices alone (cards ticked where the
// decision is not a tap), in every variant: at every step, every choice of
// every seat the table waits for is accepted by Decide, fields at their
// limits too, and nobody else is offered anything but Blitz bidders.
func TestChoicesEveryOfferedAnswerIsAcceptedThroughWholeGames(t *testing.T) {
	for _, settings := range []string{`{}`, `{"doubling":true}`, `{"variant":"endurance","doubling":true}`, `{"variant":"blitz"}`, `{"raise":"free","doubling":true}`} {
		for seed := uint64(1); seed <= 4; seed++ {
			t.Run(fmt.Sprintf("%s/%d", settings, seed), func(t *testing.T) {
				g := newGame(t, settings, "Ana", "Ben", "Cat")
				rng := rand.New(rand.NewPCG(seed, 7))
				for step := 0; step < 400 && g.s.Phase != PhaseOver; step++ {
					w, _ := Rules{}.Waiting(g.s)
					var moves []engine.Command
					for seat := range g.s.Players {
						cs := g.offered(seat, step%5 == 0)
						if len(cs) > 0 && !w.Owes(seat) && !(g.s.Settings.Variant == Blitz && g.s.Phase == PhaseBid) {
							t.Fatalf("step %d: seat %d is offered %v though the table waits for %v", step, seat, g.choiceIDs(seat), w.Seats)
						}
						for _, c := range cs {
							moves = append(moves, enginetest.ChoiceCmd(seat, c, nil))
						}
					}
					if len(w.Seats) > 0 {
						moves = append(moves, g.picks(w.Seats[0])...)
					}
					if len(moves) == 0 {
						t.Fatalf("step %d (%s): nothing to do, waiting for %v", step, g.s.Phase, w.Seats)
					}
					m := moves[rng.IntN(len(moves))]
					if g.s.Phase == PhaseBid && rng.IntN(3) == 0 { // end rounds now and then
						for _, c := range moves {
							if c.Type == CmdSell {
								m = c
							}
						}
					}
					if _, err := enginetest.Apply(Rules{}, &g.s, m, dice()); err != nil {
						t.Fatalf("step %d: %s %s from seat %d refused: %v", step, m.Type, m.Data, m.Seat, err)
					}
				}
				if g.s.Phase != PhaseOver {
					t.Fatalf("after 400 moves the game is still in %s, round %d", g.s.Phase, g.s.Round)
				}
			})
		}
	}
}

// picks are the answers a phone ticks cards for: its stake, a doubled
// loss's extra cards, the cards a Blitz winner takes back.
func (g *game) picks(seat int) []engine.Command {
	p := &g.s.Players[seat]
	take := func(from []int, n int) string {
		b, _ := json.Marshal(from[:n])
		return string(b)
	}
	switch g.s.Phase {
	case PhaseStake:
		need := g.s.Settings.OpeningStake()
		if g.s.Settings.Variant == Classic && len(p.Hand) == 1 {
			return []engine.Command{enginetest.Cmd(seat, CmdStake, fmt.Sprintf(`{"cards":%s,"recover":%d}`, take(p.Hand, 1), p.Lost[0]))}
		}
		return []engine.Command{enginetest.Cmd(seat, CmdStake, `{"cards":`+take(p.Hand, need)+`}`)}
	case PhaseForfeit:
		return []engine.Command{enginetest.Cmd(seat, CmdForfeit, `{"cards":`+take(p.Hand, g.s.Extra)+`}`)}
	case PhaseRecover:
		return []engine.Command{enginetest.Cmd(seat, CmdRecover, `{"cards":`+take(p.Lost, min(2, len(p.Lost)))+`}`)}
	}
	return nil
}
