package cashcrash

import (
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

func TestBadInputIsRefusedNamingTheProblem(t *testing.T) {
	g := newGame(t, "")
	enginetest.RefusesBadInput(t, Rules{}, &g.s, dice(), []enginetest.Bad{
		{0, CmdStake, `{"cards":[1,4],"recovr":1}`, "", `"recovr"`},
		{0, CmdStake, `{"cards":[1,4]}{"cards":[2]}`, "", "more after"},
		{0, CmdStake, `{"cards":[1,4],"card.x":true}`, "*", `"x"`},
		{0, CmdStake, `{"cards":[1,99]}`, "*", "99"},
		{0, CmdStake, `{"cards":[1,-4]}`, "*", "-4"},
		{0, CmdStake, `{"cards":[1,4,1000000]}`, "*", "1000000"},
		{0, CmdStake, `{"cards":[]}`, "*", ""},
		{0, CmdStake, `[1,4]`, "", "JSON object"},
	})
	g.stake("1,4", "2,7", "3,10")
	enginetest.RefusesBadInput(t, Rules{}, &g.s, dice(), []enginetest.Bad{
		{0, CmdBid, `{"qty":3,"goods":"G","seats":1}`, "", `"seats"`},
		{0, CmdBid, `{"qty":3,"goods":"G"} trailing`, "", "more after"},
		{0, CmdBid, `{"qty":1000000,"goods":"G"}`, "*", "1 to 99"},
		{0, CmdBid, `{"qty":-2,"goods":"G"}`, "*", ""},
		{0, CmdBid, `{"qty":"lots","goods":"G"}`, "*", `"lots"`},
		{0, CmdBid, `{"goods":"G"}`, "*", ""},
		{0, CmdBid, `{"qty":3}`, "*", ""},
		{0, CmdSell, `{"qty":3}`, "", `takes no fields, not "qty"`},
		{engine.Host, CmdStart, `{"first":99}`, "*", ""},
	})
}

func TestStartRefusesAFirstSeatOutOfRange(t *testing.T) {
	g := &game{t: t, s: enginetest.New[*State](t, Rules{}, "", "Ana", "Ben", "Cat")}
	g.do(engine.Host, CmdConfigure, testSetJSON)
	enginetest.RefusesBadInput(t, Rules{}, &g.s, dice(), []enginetest.Bad{
		{engine.Host, CmdStart, `{"first":3}`, "no-such-seat", "player 4"},
		{engine.Host, CmdStart, `{"first":-1}`, "no-such-seat", "player 0"},
		{engine.Host, CmdStart, `{"frist":1}`, "", `"frist"`},
		{engine.Host, CmdConfigure, `{"variant":"classic","card11":{}}`, "", `"card11"`},
		{engine.Host, CmdConfigure, `{"variant":"classic"} x`, "", "more after"},
	})
}
