package cashcrash

import (
	"fmt"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// testSet is the card set the tests use (card numbers 1..10):
//
//	1 G   2 O   3 W   4 GG   5 OO   6 WW   7 GO   8 OW   9 GW   10 GOW
const testSetJSON = `{"card1":"G","card2":"O","card3":"W","card4":"GG","card5":"OO","card6":"WW","card7":"GO","card8":"OW","card9":"GW","card10":"GOW"}`

type game struct {
	t *testing.T
	s *State
}

func newGame(t *testing.T, settings string, names ...string) *game {
	t.Helper()
	if len(names) == 0 {
		names = []string{"Ana", "Ben", "Cat"}
	}
	g := &game{t: t, s: enginetest.New[*State](t, Rules{}, settings, names...)}
	g.do(engine.Host, CmdConfigure, testSetJSON)
	g.do(engine.Host, CmdStart, `{"first":0}`)
	return g
}

// dice always rolls the lowest face.
func dice() engine.Dice { return enginetest.Faces() }

func (g *game) try(seat int, typ, data string) ([]engine.Event, error) {
	return enginetest.Apply(Rules{}, &g.s, enginetest.Cmd(seat, typ, data), dice())
}

func (g *game) do(seat int, typ, data string) []engine.Event {
	g.t.Helper()
	return enginetest.Do(g.t, Rules{}, &g.s, enginetest.Cmd(seat, typ, data), dice())
}

func (g *game) refused(seat int, typ, data, rule string) string {
	g.t.Helper()
	return enginetest.Refused(g.t, Rules{}, &g.s, enginetest.Cmd(seat, typ, data), dice(), rule)
}

// stake has each seat stake the given cards, in seat order.
func (g *game) stake(cards ...string) {
	g.t.Helper()
	for seat, c := range cards {
		if c == "" {
			continue
		}
		g.do(seat, CmdStake, `{"cards":[`+strings.ReplaceAll(c, " ", ",")+`]}`)
	}
	if g.s.Phase != PhaseBid {
		g.t.Fatalf("after the stakes the phase is %s", g.s.Phase)
	}
}

func bid(q int, goods string) string { return fmt.Sprintf(`{"qty":%d,"goods":%q}`, q, goods) }

func add(card, q int, goods string) string {
	return fmt.Sprintf(`{"card":%d,"qty":%d,"goods":%q}`, card, q, goods)
}
