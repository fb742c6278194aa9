package coldcash

import (
	"encoding/json"
	"errors"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
)

// settingsData is a new game's settings as one typed struct, decoded once
// by New: its text and flag fields take what the new-game form sends (the
// name set 1999 as a number, a check box's "on"). Creating a game checks
// it strictly (CheckSettings); opening one reads it leniently (New), so a
// game stored with a value of the wrong kind still opens, reading it as
// unset, as it always did.
type settingsData struct {
	Names, Mode, HiddenAtMerger, HostileRounding, PhoneTrades text
	Deck, Ending, FoundReach, LongEnd                         text
	ClassicMin, VariableOrder, DefendMost, FirstGame          flag
}

func (d *settingsData) fields() []field {
	return []field{{name: "names", to: &d.Names}, {name: "mode", to: &d.Mode}, {name: "hiddenAtMerger", to: &d.HiddenAtMerger},
		{name: "hostileRounding", to: &d.HostileRounding}, {name: "phoneTrades", to: &d.PhoneTrades},
		{name: "deck", to: &d.Deck}, {name: "ending", to: &d.Ending}, {name: "classicMin", to: &d.ClassicMin},
		{name: "variableOrder", to: &d.VariableOrder}, {name: "defendMost", to: &d.DefendMost},
		{name: "foundReach", to: &d.FoundReach}, {name: "longEnd", to: &d.LongEnd}, {name: "firstGame", to: &d.FirstGame}}
}

// settings are the game's Settings as typed (not yet normalised).
func (d settingsData) settings() Settings {
	return Settings{Names: acquire.NameSet(d.Names), Mode: string(d.Mode), HiddenAtMerger: string(d.HiddenAtMerger), HostileRounding: string(d.HostileRounding), PhoneTrades: string(d.PhoneTrades), FirstGame: bool(d.FirstGame),
		BoardSettings: BoardSettings{Deck: string(d.Deck), Ending: board.Ending(d.Ending), ClassicMin: bool(d.ClassicMin), VariableOrder: bool(d.VariableOrder),
			DefendMost: bool(d.DefendMost), FoundReach: board.Reach(d.FoundReach), LongEnd: string(d.LongEnd)}}
}

// readSettings decodes stored settings leniently: a setting the game no
// longer has is ignored and a value of the wrong kind reads as unset.
func readSettings(raw json.RawMessage) (settingsData, error) {
	var m map[string]json.RawMessage
	if err := engine.Decode("settings", raw, &m); err != nil {
		return settingsData{}, err
	}
	var d settingsData
	for _, f := range d.fields() {
		if v, ok := m[f.name]; ok && f.to.read(v) != nil {
			f.to.read(json.RawMessage("null")) // of the wrong kind: unset, as before
		}
	}
	return d, nil
}

// CheckSettings refuses a new game's setting it does not have, or one of
// the wrong kind, naming it: the fields of settingsData, which New decodes.
func (Rules) CheckSettings(raw json.RawMessage) error {
	var d settingsData
	var keys []string
	for _, f := range d.fields() {
		keys = append(keys, f.name)
	}
	if err := engine.SettingsKeys(raw, keys...); err != nil {
		return err
	}
	m, err := engine.ReadObject("settings", raw)
	if err == nil {
		err = readValues("settings", m, d.fields())
	}
	var re *engine.RuleError
	if errors.As(err, &re) {
		return engine.Refuse("bad-setting", "%s", re.Message)
	}
	return err
}
