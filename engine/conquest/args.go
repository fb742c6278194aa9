package conquest

import (
	"encoding/json"

	"tableside/engine"
)

// Num is a count a form may send as a number or as text (engine.Num).
type Num = engine.Num

// Text is typed text a form may send as a number ("641" reads as 641).
type Text string

// UnmarshalJSON reads "6 4 1" or 641.
func (t *Text) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*t = Text(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*t = Text(n.String())
	return nil
}

// settingKeys are the options a configure command may send flat, as a form
// does, besides {"settings": {...}}.
var settingKeys = []string{"empire", "neutrals", "startArmies", "first", "symbols", "layout", "wrap", "noBasic", "fortify", "laptopHands"}

// commandKeys lists the fields each command takes. A field not listed is a
// typo or a forgery and is refused before anything is decided.
var commandKeys = map[string][]string{
	CmdConfigure: append([]string{"settings"}, settingKeys...),
	CmdStart:     {"random"},
	CmdPlace:     {"territory", "count", "seat"},
	CmdTrade:     {"cards"},
	CmdAttack:    {"from", "to", "mode", "attackDice", "defendDice", "attFaces", "defFaces", "attLost", "defLost", "stop"},
	CmdMove:      {"count"},
	CmdEndAttack: {},
	CmdFortify:   {"from", "to", "count"},
	CmdEndTurn:   {},
	CmdDefend:    {"dice"},
}

// readArgs reads a command's payload strictly: only the command's own
// fields, each of its type, nothing after the object.
func readArgs(cmd engine.Command) (Args, error) {
	if keys, ok := commandKeys[cmd.Type]; ok {
		if err := engine.CheckKeys(cmd.Type, cmd.Data, keys...); err != nil {
			return Args{}, err
		}
	}
	if cmd.Type == CmdConfigure && len(engine.Present(cmd.Data, "settings")) > 0 { // flat options: their keys are checked above, their types by their own decode
		var a Args
		return a, engine.Decode(cmd.Type, cmd.Data, &a)
	}
	a, err := engine.DecodeArgs[Args](cmd.Type, cmd.Data)
	if err != nil {
		return a, err
	}
	for _, f := range []struct {
		name string
		n    Num
	}{{"count", a.Count}, {"attackDice", a.AttackDice}, {"defendDice", a.DefendDice}, {"attLost", a.AttLost}, {"defLost", a.DefLost}, {"stop", a.Stop}} {
		if f.n < 0 {
			return a, engine.Refuse("bad-input", "%s: %s cannot be negative (%d).", cmd.Type, f.name, f.n)
		}
	}
	return a, nil
}
