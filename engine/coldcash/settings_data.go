package coldcash

import (
	"encoding/json"
	"strconv"
	"strings"

	"tableside/engine"
)

// A game's settings are kept as they were sent when it was created. Games
// created before the new-game form sent typed values may hold the name set
// as a number (1999), a text with spaces (" board ") or a check box as
// "on"; readSettings reads those once, as they were meant, so every stored
// game still opens as it always did, and a new game's settings are checked
// against the same reading (CheckSettings).

// settingFlags are the settings that are a yes or no; the others are text.
var settingFlags = map[string]bool{"classicMin": true, "variableOrder": true, "defendMost": true, "firstGame": true}

// readSettings reads stored settings leniently: a setting the game no
// longer has is ignored and a value of the wrong kind reads as unset.
func readSettings(raw json.RawMessage) (Settings, error) {
	m, err := settingValues(raw)
	if err != nil {
		return Settings{}, err
	}
	var set Settings
	for k, v := range m {
		one, _ := json.Marshal(map[string]json.RawMessage{k: v})
		_ = json.Unmarshal(one, &set) // of the wrong kind: unset, as before
	}
	return set, nil
}

// CheckSettings refuses a new game's setting it does not have, or one of
// the wrong kind, naming it, as New reads them.
func (Rules) CheckSettings(raw json.RawMessage) error {
	m, err := settingValues(raw)
	if err != nil || len(m) == 0 {
		return err
	}
	b, _ := json.Marshal(m)
	return engine.StrictSettings[Settings](b)
}

// settingValues are the settings' values as their fields read them.
func settingValues(raw json.RawMessage) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := engine.Decode("settings", raw, &m); err != nil {
		return nil, engine.Refuse("bad-setting", "%s", strings.TrimPrefix(err.Error(), "settings: "))
	}
	for k, v := range m {
		m[k] = settingValue(settingFlags[k], v)
	}
	return m, nil
}

// settingValue is one stored value as its field reads it: a flag's "on",
// "yes", "1" or a non-zero number as true ("off", "no", "0", "" and 0 as
// false); a text's number as its digits, and its spaces trimmed. Anything
// else is left as it is.
func settingValue(flag bool, v json.RawMessage) json.RawMessage {
	var x any
	if json.Unmarshal(v, &x) != nil {
		return v
	}
	var out any = x
	switch t := x.(type) {
	case string:
		s := strings.TrimSpace(t)
		out = s
		if flag {
			switch s {
			case "true", "on", "yes", "1":
				out = true
			case "false", "off", "no", "0", "":
				out = false
			}
		}
	case float64:
		out = strconv.FormatFloat(t, 'f', -1, 64)
		if flag {
			out = t != 0
		}
	}
	b, _ := json.Marshal(out)
	return b
}
