package riskclassic

import (
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/enginetest"
)

// Whatever a phone sends, Decide answers with events or a refusal, never a
// panic, and never changes the state it was given.
func FuzzDecideCommand(f *testing.F) {
	for _, c := range []struct{ typ, data string }{
		{"attack", `{"from":0,"to":1}`},
		{"attack", `{"from":0,"to":29,"mode":"faces","attFaces":"661","defFaces":5}`},
		{"place", `{"territory":3,"count":"2"}`},
		{"trade", `{"cards":[1,2,3]}`},
		{"move", `{"count":-1}`},
		{"fortify", `{"from":1,"to":2,"count":999}`},
		{"configure", `{"neutrals":9}`},
		{"attack", `{"from":-5,"to":99999,"mode":"losses","attLost":"x"}`},
		{"place", `{"territory":3,"count":1,"seats":1}`},
		{"place", `{"territory":3} {"territory":4}`},
		{"configure", `{"settings":{"neutrals":1,"bogus":true}}`},
		{"endTurn", `{}]`},
		{"defend", `{"dice":2}`},
		{"defend", `{"dice":"9"}`},
		{"attack", `{"from":0,"to":1,"mode":"roll","defendDice":1}`},
	} {
		f.Add(c.typ, c.data, 0)
	}
	base := newTable(&testing.T{}, 3, conquest.Settings{Neutrals: 1})
	base.do(engine.Host, conquest.CmdStart, nil)
	base.placeAll()
	f.Fuzz(func(t *testing.T, typ, data string, seat int) {
		enginetest.Decide(t, Rules{}, base.s.Clone(), engine.Command{Type: typ, Seat: seat%5 - 1, Data: json.RawMessage(data)}, newDice(2))
	})
}
