package scorepad

import (
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

func TestBadInputIsRefusedNamingTheProblem(t *testing.T) {
	s := start(t, "")
	enginetest.RefusesBadInput(t, Rules{}, &s, nil, []enginetest.Bad{
		{engine.Host, CmdScore, ``, "", "needs seat and points"},
		{engine.Host, CmdScore, `{}`, "", "needs seat and points"},
		{engine.Host, CmdScore, `null`, "", "needs seat and points"},
		{engine.Host, CmdScore, `{"seats":1,"points":5}`, "", `does not take the field "seats"`},
		{engine.Host, CmdScore, `{"seat":1}`, "", "needs points"},
		{engine.Host, CmdScore, `{"points":5}`, "", "needs seat"},
		{engine.Host, CmdScore, `{"seat":1,"points":5} {"seat":2,"points":9}`, "", "more after"},
		{engine.Host, CmdScore, `{"seat":1,"points":5}x`, "", "score"},
		{engine.Host, CmdScore, `{"seat":1,"points":"5x"}`, "whole-number", `"points"`},
		{engine.Host, CmdScore, `{"seat":1,"points":"5"}`, "whole-number", `score: "points" must be a whole number, not "5".`},
		{engine.Host, CmdScore, `{"seat":1,"points":2.5}`, "whole-number", `"points"`},
		{engine.Host, CmdScore, `[1,5]`, "", "JSON object"},
		{engine.Host, CmdScore, `{"seat":3,"points":5}`, "no-such-seat", "player 4"},
		{engine.Host, CmdScore, `{"seat":-1,"points":5}`, "no-such-seat", "player 0"},
		{engine.Host, CmdScore, `{"seat":0,"points":1000001}`, "points-range", "1000000"},
		{engine.Host, CmdScore, `{"seat":0,"points":-1000001}`, "points-range", "1000000"},
		{engine.Host, CmdFinish, `{"now":true}`, "", `"now"`},
		{engine.Host, CmdScore, `{"seat":0,"points":1,"note":true}`, "", `score: "note" must be text, not true.`},
		{engine.Host, CmdScore, `{"seat":0,"points":1,"note":7}`, "", `score: "note" must be text, not 7.`},
	})
	// a score of 0 for seat 0, said outright, is still a score
	enginetest.Do(t, Rules{}, &s, enginetest.Cmd(engine.Host, CmdScore, `{"seat":0,"points":0}`), nil)
	if got := len(s.(*State).Entries); got != 1 {
		t.Fatalf("%d entries", got)
	}
	// a note of digits is text like any other
	enginetest.Do(t, Rules{}, &s, enginetest.Cmd(0, CmdScore, `{"seat":0,"points":2,"note":"7"}`), nil)
	if n := s.(*State).Entries[1].Note; n != "7" {
		t.Fatalf("note %q", n)
	}
}
