package coldcash

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
)

// The defending corporation's CEO chooses its dice. An attack fought with
// the app's dice on a corporation's territory holding 2 or more teams waits
// for that CEO (on their phone, or the host for them) to answer 1 or 2
// dice, unless the table set DefendMost. A Mom & Pop has nobody to ask: it
// rolls the most. Typed real dice carry both sides' faces, so they never
// wait.

// CmdDefend is the defending CEO's answer: {dice: 1 or 2}.
const CmdDefend = "defend"

// EvTDefenceAsked records an attack waiting for the defender's dice.
const EvTDefenceAsked = "table.defence.asked"

// Defence is an attack with the app's dice waiting for the defending
// corporation's choice of dice.
type Defence struct {
	board.Front
	Corp  string `json:"corp"`           // the defending corporation
	Dice  int    `json:"dice,omitempty"` // the attacker's dice (0: the most)
	Blitz bool   `json:"blitz,omitempty"`
	Stop  int    `json:"stop,omitempty"`
}

// askDefence turns an attack with the app's dice into a question for the
// defending CEO when they have a choice; nil events when the attack is
// fought at once.
func (s *State) askDefence(c *attackCmd, tk board.Takeover, f board.Front) ([]engine.Event, error) {
	if c.AttackerFaces != nil || c.AttackerLost != nil { // real dice, typed
		return nil, nil
	}
	b := s.Table.Board
	corp := b.Owner(f.To)
	if corp == "" { // a Mom & Pop: it always rolls the most
		return nil, nil
	}
	if or(c.Defend, 0) != 0 {
		return nil, engine.Refuse("defender-chooses", "%s's CEO chooses how many dice defend %s: leave the defender's dice out of the attack.", s.coName(corp), terr(f.To))
	}
	if b.Land[f.To].Teams < 2 || s.Settings.BoardSettings.DefendMost {
		return nil, nil
	}
	att, stop := or(c.Dice, 0), or(c.Stop, 0)
	d := Defence{Front: f, Corp: corp, Dice: att, Blitz: c.Blitz, Stop: stop}
	// Refuse now what the roll would refuse later (too many dice, stop).
	if _, err := board.RollBattle(geo(), b, tk, f, risk.DiceRules{}, zeroDice{}, att, 1, d.Blitz, stop); err != nil {
		return nil, err
	}
	return []engine.Event{engine.NewEvent(EvTDefenceAsked, d)}, nil
}

// decideDefend is the defending CEO's answer, which fights the attack.
func (s *State) decideDefend(cmd engine.Command, c *defendCmd, dice engine.Dice) ([]engine.Event, error) {
	t := s.Table
	d := t.Defence
	if d == nil {
		return nil, engine.Refuse("no-defence", "No attack is waiting for the defender's dice.")
	}
	ceo := s.ceoOf(d.Corp)
	if cmd.Seat != engine.Host && cmd.Seat != ceo {
		return nil, engine.Refuse("defender-chooses", "Only %s, %s's CEO (or the host for them), chooses how %s defends.", s.name(ceo), s.coName(d.Corp), terr(d.To))
	}
	n := or(c.Dice, 0)
	mx := risk.DiceRules{}.DefendDice(t.Board.Land[d.To].Teams)
	if n < 1 || n > mx {
		return nil, engine.Refuse("defend-dice", "%s defends with 1 to %d dice, not %d.", terr(d.To), mx, n)
	}
	l, err := board.RollBattle(geo(), t.Board, *t.Takeover, d.Front, risk.DiceRules{DefenderDice: n}, dice, d.Dice, 0, d.Blitz, d.Stop)
	if err != nil {
		return nil, err
	}
	return []engine.Event{engine.NewEvent(EvTBattle, tBattleEv{Losses: l})}, nil
}

// defenceText says what the defending CEO is asked, without names.
func (s *State) defenceText() string {
	d := s.Table.Defence
	return fmt.Sprintf("defend %s for %s with 1 or 2 dice", terr(d.To), s.coName(d.Corp))
}

// defenceChoices are the defending CEO's two answers.
func defenceChoices() []engine.Choice {
	var out []engine.Choice
	for n, label := range []string{"", "Defend with 1 die", "Defend with 2 dice"} {
		if n == 0 {
			continue
		}
		data, _ := json.Marshal(map[string]int{"dice": n})
		out = append(out, engine.Choice{ID: fmt.Sprintf("defend-%d", n), Label: label, Type: CmdDefend, Data: data})
	}
	return out
}

// zeroDice lets a roll be checked without rolling: every die shows 1.
type zeroDice struct{}

func (zeroDice) Roll(int) int { return 1 }
func (zeroDice) Intn(int) int { return 0 }
