// Package testgames holds engines that exist only for tests. Secrets is a
// game whose every seat holds a secret word: the way to prove that no byte of
// one seat's secret ever reaches another seat's phone.
package testgames

import (
	"fmt"
	"strings"

	"tableside/engine"
)

// Secrets is the test engine: the host deals each seat a random secret word;
// seats then take turns passing (or guessing, which names nothing).
type Secrets struct{ engine.Base }

// SecretsState is the game: everyone's secret, whose turn it is, the passes.
type SecretsState struct {
	Seats   []engine.Seat `json:"seats"`
	Secrets []string      `json:"secrets"`
	Turn    int           `json:"turn"`
	Passes  int           `json:"passes"`
}

// Commands.
const (
	CmdDeal = "deal" // host: give every seat a fresh secret
	CmdPass = "pass" // the seat whose turn it is passes it on
)

func (Secrets) Kind() string  { return "secrets" }
func (Secrets) Title() string { return "Secrets (test game)" }
func (Secrets) MinSeats() int { return 2 }
func (Secrets) MaxSeats() int { return 8 }

func (Secrets) New(setup engine.Setup) (engine.State, error) {
	return &SecretsState{Seats: setup.Seats, Secrets: []string{}}, nil
}

func (Secrets) Decide(st engine.State, cmd engine.Command, dice engine.Dice) ([]engine.Event, error) {
	s := st.(*SecretsState)
	switch cmd.Type {
	case CmdDeal:
		if cmd.Seat != engine.Host {
			return nil, engine.Refuse("host-deals", "Only the host deals.")
		}
		words := make([]string, len(s.Seats))
		for i := range words {
			var b strings.Builder
			for range 20 {
				b.WriteByte("abcdefghijklmnopqrstuvwxyz"[dice.Intn(26)])
			}
			words[i] = fmt.Sprintf("SECRET%d%s", i, b.String())
		}
		return []engine.Event{engine.NewEvent("dealt", words)}, nil
	case CmdPass:
		if cmd.Seat != s.Turn {
			return nil, engine.Refuse("not-your-turn", "It is %s's turn.", s.Seats[s.Turn].Name)
		}
		return []engine.Event{engine.NewEvent("passed", nil)}, nil
	}
	return nil, engine.Refuse("unknown-command", "Secrets does not know %q.", cmd.Type)
}

func (Secrets) Evolve(st engine.State, ev engine.Event) engine.State {
	s := st.(*SecretsState)
	switch ev.Type {
	case "dealt":
		s.Secrets = engine.Payload[[]string](ev)
	case "passed":
		s.Turn = (s.Turn + 1) % len(s.Seats)
		s.Passes++
	}
	return s
}

// SecretsView is what one viewer sees: its own secret only.
type SecretsView struct {
	Seats  []engine.Seat `json:"seats"`
	Turn   int           `json:"turn"`
	Passes int           `json:"passes"`
	Dealt  bool          `json:"dealt"`
	Mine   string        `json:"mine,omitempty"`
}

func (Secrets) View(st engine.State, v engine.Viewer) any {
	s := st.(*SecretsState)
	out := SecretsView{Seats: s.Seats, Turn: s.Turn, Passes: s.Passes, Dealt: len(s.Secrets) > 0}
	if v.Seat >= 0 && v.Seat < len(s.Secrets) {
		out.Mine = s.Secrets[v.Seat]
	}
	return out
}

// Waiting: the table waits for the seat whose turn it is.
func (Secrets) Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*SecretsState)
	return engine.Waiting{Seats: []int{s.Turn}, Text: "pass the turn", Decision: "secrets.pass"}, true
}

// Moves offers the seat on turn one tap, its decision: pass.
func (Secrets) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	s := st.(*SecretsState)
	if v.Seat != s.Turn || v.Past {
		return engine.Sheet{}
	}
	pass := engine.Move{Choice: engine.Choice{Label: "Pass", Type: CmdPass}, Step: "secrets.pass", Seat: v.Seat, Decision: true}
	return engine.Sheet{Step: "secrets.pass", Text: "pass the turn", Moves: []engine.Move{pass}}
}

// SecretOf reads a seat's secret from the state, for tests to search for.
func SecretOf(st engine.State, seat int) string {
	s := st.(*SecretsState)
	if seat < len(s.Secrets) {
		return s.Secrets[seat]
	}
	return ""
}
