package coldcash

import (
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

func TestBadInputIsRefusedNamingTheProblem(t *testing.T) {
	tb := newTable(t, 3, nil)
	tb.found("c2", 0, 4)
	enginetest.RefusesBadInput(t, Rules{}, &tb.s, nil, []enginetest.Bad{
		{engine.Host, CmdFound, `{"company":"c3","seat":1,"size":1000000}`, "max-size", "at most 200"},
		{1, CmdFound, `{"company":"c3","size":201}`, "max-size", "at most 200"},
		{1, CmdFound, `{"company":"c3","size":2,"seats":1}`, "", `does not take the field "seats"`},
		{1, CmdFound, `{"company":"c3","size":2}{"company":"c4"}`, "", "more after"},
		{1, CmdFound, `{"company":"c3","size":2} ]`, "", "more after"},
		{1, CmdFound, `{"size":2}`, "", "found needs company"},
		{engine.Host, CmdFound, `{"company":"c3","seat":3}`, "no-such-seat", "player 4"},
		{engine.Host, CmdMerge, `{"survivor":"c2","defunct":"c3","maker":0,"newSize":1000000}`, "*", "1000000"},
		{engine.Host, CmdMerge, `{"survivor":"c2","defunct":"c3","maker":0,"newSize":201}`, "max-size", "at most 200"},
		{engine.Host, CmdSize, `{"company":"c2","size":201}`, "*", "201"},
		{0, CmdBuy, `{"company":"c2"}`, "", "buy needs count"},
		{0, CmdBuy, `{"count":1}`, "", "buy needs company"},
		{0, CmdBuy, `{"company":"c2","count":1,"price":1}`, "", `"price"`},
		{0, CmdHide, `{"company":"c2"}`, "", "hide needs hidden"},
		{0, CmdHide, `{"company":"c2","hidden":1,"seat":1}`, "", `"seat"`},
		{engine.Host, CmdTurn, `{"seat":1,"next":true}`, "", `"next"`},
		{engine.Host, CmdEnd, `{"reason":"short","force":true}`, "", `"force"`},
		{engine.Host, CmdTradeConfirm, `{"ok":1}`, "", `takes no fields, not "ok"`},
		{engine.Host, CmdDispose, `[]`, "", "JSON object"},
	})
}

// Board mode's answers are refused when their yes or no is missing, rather
// than read as no.
func TestBoardAnswersWithoutTheirYesOrNoAreRefused(t *testing.T) {
	tb := newTable(t, 3, H{"mode": "board", "deck": "table"})
	enginetest.RefusesBadInput(t, Rules{}, &tb.s, nil, []enginetest.Bad{
		{0, CmdConsent, `{"company":"c1"}`, "", "consent needs agree"},
		{0, CmdAccept, `{}`, "", "accept needs accept"},
		{0, CmdVote, `{"seat":0}`, "", "vote needs for"},
		{0, CmdVote, `null`, "", "vote needs for"},
		{0, CmdMeeting, `{"company":"c1"}`, "", "meeting needs nominee"},
		{0, CmdAttack, `{"from":"peru"}`, "", "attack needs to"},
		{0, CmdAttack, `{"from":"peru","to":"brazil","dice":3,"blits":true}`, "", `"blits"`},
		{engine.Host, CmdOpen, `{"first":["siam","peru","alaska"],"first9x":"x"}`, "", `"first9x"`},
		{0, CmdPlace, `{"territory":"siam","cards":"x"}`, "", `"cards"`},
		{0, CmdDraw, `{"card":"x"}`, "", `takes no fields, not "card"`},
	})
}
