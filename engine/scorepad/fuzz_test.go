package scorepad

import (
	"testing"

	"tableside/engine"
	"tableside/internal/enginetest"
)

// FuzzCommandDecoding throws arbitrary payloads at every command: a refusal
// or events, never a panic, and a refusal changes nothing.
func FuzzCommandDecoding(f *testing.F) {
	enginetest.Fuzz[*State]{
		Rules: Rules{},
		Seeds: []string{``, `{}`, `null`, `[]`, `{"seat":1,"points":5}`, `{"seats":1}`, `{"seat":0,"points":3,"note":"x","extra":1}`,
			`{"seat":1,"points":5} {"seat":1}`, `{"seat":"1","points":"5"}`, `{"seat":99,"points":-5}`, `{"seat":0,"points":1e9}`},
		Types: []string{CmdScore, CmdFinish, "nonsense"},
		Seats: 4,
		States: func(t *testing.T) []*State {
			fresh := start(t, "").(*State)
			played, _ := apply(t, start(t, `{"lowWins":true}`), engine.Host, CmdScore, `{"seat":2,"points":7}`)
			return []*State{fresh, played.(*State)}
		},
		Clone: func(s *State) *State {
			c := *s
			c.Entries = append([]Entry(nil), s.Entries...)
			return &c
		},
		Dice: func() engine.Dice { return enginetest.Faces() },
	}.Run(f)
}
