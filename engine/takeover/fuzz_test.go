package takeover

import (
	"encoding/json"
	"testing"

	"tableside/engine"
)

// FuzzCommandDecoding throws arbitrary payloads at every command in every
// phase: refusals or events, never a panic, and a refusal changes nothing.
func FuzzCommandDecoding(f *testing.F) {
	for _, seed := range []string{``, `{}`, `null`, `[]`, `{"from":"A1","to":"B1"}`, `{"from":0,"to":1,"pay":"S3,M2"}`,
		`{"from":"b2","to":"c2","pay":["C2"],"auto":true}`, `{"from":"Z9","to":-4}`, `{"stock":"S1,M2"}`, `{"stock.S1":true,"stock.XX":"on"}`,
		`{"pay.S3":true,"from":2,"to":0}`, `{"coin":"s0"}`, `{"to":1,"coins":"S5"}`, `{"tiles":"S1 S2","first":9}`, `{"first":-1}`} {
		for c := range 7 {
			f.Add(seed, uint8(c), int8(0))
		}
	}
	types := []string{CmdDeal, CmdLay, CmdDraft, CmdConceal, CmdMerge, CmdPass, CmdGive}
	var base []*State
	f.Fuzz(func(t *testing.T, data string, typ uint8, seat int8) {
		if base == nil {
			base = fuzzStates(t)
		}
		for _, b := range base {
			s := b.clone()
			before, _ := json.Marshal(s)
			cmd := engine.Command{Type: types[int(typ)%len(types)], Seat: int(seat)%3 - 1, Data: json.RawMessage(data)}
			if !json.Valid(cmd.Data) {
				cmd.Data = nil
			}
			evs, err := Rules{}.Decide(s, cmd, &fixedDice{faces: []int{5, 1, 17}})
			after, _ := json.Marshal(s)
			if string(before) != string(after) {
				t.Fatal("Decide changed the state")
			}
			if err != nil {
				if !engine.IsRefusal(err) {
					t.Fatalf("not a refusal: %v", err)
				}
				continue
			}
			for _, e := range evs {
				s = Rules{}.Evolve(s, e).(*State)
			}
			Rules{}.View(s, engine.Viewer{Seat: 0})
		}
	})
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
