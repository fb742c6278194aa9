package conquest

import (
	"tableside/engine"

	"encoding/json"
	"strconv"
	"strings"
)

// Num is a count a form may send as a number or as text ("" is 0), so a
// blank field on a phone reads as nothing typed rather than as bad input.
type Num int

// UnmarshalJSON reads 3, "3" or "".
func (n *Num) UnmarshalJSON(b []byte) error {
	var i int
	if err := json.Unmarshal(b, &i); err == nil {
		*n = Num(i)
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	if s = strings.TrimSpace(s); s == "" {
		*n = 0
		return nil
	}
	i, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	*n = Num(i)
	return nil
}

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
	CmdStart:     {},
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
