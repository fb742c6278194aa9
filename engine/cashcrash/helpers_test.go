package cashcrash

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"tableside/engine"
)

// testSet is the card set the tests use (card numbers 1..10):
//
//	1 G   2 O   3 W   4 GG   5 OO   6 WW   7 GO   8 OW   9 GW   10 GOW
const testSetJSON = `{"card1":"G","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`

type fixedDice struct{}

func (fixedDice) Roll(sides int) int { return 1 }
func (fixedDice) Intn(n int) int     { return 0 }

type game struct {
	t *testing.T
	s *State
}

func newGame(t *testing.T, settings string, names ...string) *game {
	t.Helper()
	if len(names) == 0 {
		names = []string{"Ana", "Ben", "Cat"}
	}
	setup := engine.Setup{}
	for _, n := range names {
		setup.Seats = append(setup.Seats, engine.Seat{Name: n})
	}
	if settings != "" {
		setup.Settings = json.RawMessage(settings)
	}
	st, err := Rules{}.New(setup)
	if err != nil {
		t.Fatalf("new: %v", err)
	}
	g := &game{t: t, s: st.(*State)}
	g.do(engine.Host, CmdConfigure, testSetJSON)
	g.do(engine.Host, CmdStart, `{"first":0}`)
	return g
}

func (g *game) try(seat int, typ, data string) ([]engine.Event, error) {
	cmd := engine.Command{Type: typ, Seat: seat}
	if data != "" {
		cmd.Data = json.RawMessage(data)
	}
	evs, err := Rules{}.Decide(g.s, cmd, fixedDice{})
	if err != nil {
		return nil, err
	}
	for _, e := range evs {
		g.s = Rules{}.Evolve(g.s, e).(*State)
	}
	return evs, nil
}

func (g *game) do(seat int, typ, data string) []engine.Event {
	g.t.Helper()
	evs, err := g.try(seat, typ, data)
	if err != nil {
		g.t.Fatalf("%s %s by seat %d: %v", typ, data, seat, err)
	}
	return evs
}

func (g *game) refused(seat int, typ, data, rule string) string {
	g.t.Helper()
	before, _ := json.Marshal(g.s)
	_, err := g.try(seat, typ, data)
	var re *engine.RuleError
	if !errors.As(err, &re) {
		g.t.Fatalf("%s %s by seat %d: want refusal %q, got %v", typ, data, seat, rule, err)
	}
	if re.Rule != rule {
		g.t.Fatalf("%s %s by seat %d: refused as %q (%s), want %q", typ, data, seat, re.Rule, re.Message, rule)
	}
	after, _ := json.Marshal(g.s)
	if string(before) != string(after) {
		g.t.Fatalf("%s %s: a refused command changed the state", typ, data)
	}
	return re.Message
}

// stake has each seat stake the given cards, in seat order.
func (g *game) stake(cards ...string) {
	g.t.Helper()
	for seat, c := range cards {
		if c == "" {
			continue
		}
		g.do(seat, CmdStake, fmt.Sprintf(`{"cards":%q}`, c))
	}
	if g.s.Phase != PhaseBid {
		g.t.Fatalf("after the stakes the phase is %s", g.s.Phase)
	}
}

func bid(q int, goods string) string { return fmt.Sprintf(`{"qty":%d,"goods":%q}`, q, goods) }

func add(card, q int, goods string) string {
	return fmt.Sprintf(`{"card":%d,"qty":%d,"goods":%q}`, card, q, goods)
}
