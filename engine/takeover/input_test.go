package takeover

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

func TestBadInputIsRefusedNamingTheProblem(t *testing.T) {
	g := newGame(t, "")
	tiles, _ := json.Marshal(testLayout)
	enginetest.RefusesBadInput(t, Rules{}, &g.s, dice(), []enginetest.Bad{
		{engine.Host, CmdLay, `{"tiles":` + string(tiles) + `,"frist":0}`, "", `"frist"`},
		{engine.Host, CmdLay, `{"tiles":` + string(tiles) + `,"first":0}}`, "", "more after"},
		{engine.Host, CmdLay, `{"tiles":` + string(tiles) + `,"first":2}`, "no-such-seat", "player 3"},
		{engine.Host, CmdLay, `{"tiles":` + string(tiles) + `,"first":-1}`, "*", ""},
		{engine.Host, CmdLay, `{"tiles":["S1"],"first":0}`, "layout-24-tiles", "24"},
		{engine.Host, CmdDeal, `{"seats":1}`, "", `"seats"`},
		{engine.Host, CmdDeal, `{"first":1000000}`, "no-such-seat", ""},
	})
	g = started(t, "", "S1,M2", "C4")
	enginetest.RefusesBadInput(t, Rules{}, &g.s, dice(), []enginetest.Bad{
		{0, CmdMerge, `{"from":"A1","to":"B1","pya":"S3"}`, "", `"pya"`},
		{0, CmdMerge, `{"from":"A1","to":"B1"} 1`, "", "more after"},
		{0, CmdMerge, `{"from":1000000,"to":1}`, "*", ""},
		{0, CmdMerge, `{"from":-1,"to":1}`, "*", ""},
		{0, CmdMerge, `{"to":1}`, "merge-cells", "from"},
		{0, CmdPass, `{"now":true}`, "", `takes no fields, not "now"`},
		{0, CmdGive, `{"to":1,"coins":"S5","extra":1}`, "", `"extra"`},
		{0, CmdGive, `{"to":7,"coins":"S5"}`, "give-to-whom", ""},
		{0, CmdGive, `{"coins":"S5"}`, "give-to-whom", ""},
		{0, CmdGive, `{"to":1}`, "give-what", ""},
		{0, CmdConceal, `{"stock":"S1","stok.S2":true}`, "", `"stok.S2"`},
	})
}
