package takeover

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// FuzzCommandDecoding throws arbitrary payloads at every command in every
// phase: refusals or events, never a panic, and a refusal changes nothing.
func FuzzCommandDecoding(f *testing.F) {
	enginetest.Fuzz[*State]{
		Rules: Rules{},
		Seeds: []string{``, `{}`, `null`, `[]`, `{"from":"A1","to":"B1"}`, `{"from":0,"to":1,"pay":"S3,M2"}`,
			`{"from":"b2","to":"c2","pay":["C2"],"auto":true}`, `{"from":"Z9","to":-4}`, `{"stock":"S1,M2"}`, `{"stock.S1":true,"stock.XX":"on"}`,
			`{"pay.S3":true,"from":2,"to":0}`, `{"coin":"s0"}`, `{"to":1,"coins":"S5"}`, `{"tiles":"S1 S2","first":9}`, `{"first":-1}`,
			`{"from":"A1","to":"B1","pya":"S3"}`, `{"coin":"S1"} {"coin":"S2"}`, `{"seats":1}`, `{"stock.S1":true} ,`},
		Types:  []string{CmdDeal, CmdLay, CmdDraft, CmdConceal, CmdMerge, CmdPass, CmdGive},
		Seats:  3,
		States: fuzzStates,
		Clone:  (*State).clone,
		Dice:   func() engine.Dice { return enginetest.Faces(5, 1, 17) },
	}.Run(f)
}

func fuzzStates(t *testing.T) []*State {
	fresh := newGame(t, "")
	drafting := newGame(t, "")
	tiles, _ := json.Marshal(testLayout)
	drafting.do(engine.Host, CmdLay, `{"tiles":`+string(tiles)+`,"first":0}`)
	playing := started(t, "", "S1,M2", "C4")
	special := started(t, "", "S1,M2", "C4")
	special.do(0, CmdMerge, `{"from":"B1","to":"A1"}`)
	return []*State{fresh.s, drafting.s, playing.s, special.s}
}
