package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"strings"
)

// SettingsChecker (part of Rules) checks a new game's settings strictly: a
// field it does not know is refused, naming it, so a typo or a stray
// object never silently becomes the default. Only a game being created is
// checked: games already stored open with the lenient Decode, so an option
// since removed does not lock a game away.
type SettingsChecker interface {
	CheckSettings(raw json.RawMessage) error
}

// StrictSettings reads settings into a T, refusing a field T does not have
// (at any depth) or anything after the object, as "bad-setting" naming it.
func StrictSettings[T any](raw json.RawMessage) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	var v T
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return settingsError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return Refuse("bad-setting", "The settings have more after their object; send one JSON object.")
	}
	return nil
}

// SettingsKeys refuses settings (a JSON object read key by key) holding a
// key not among known, naming it.
func SettingsKeys(raw json.RawMessage, known ...string) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	if err := CheckKeys("settings", raw, known...); err != nil {
		var re *RuleError
		if errors.As(err, &re) {
			return Refuse("bad-setting", "%s", strings.Replace(re.Message, "settings does not take the field", "This game has no setting", 1))
		}
		return err
	}
	return nil
}

func settingsError(err error) error {
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		return Refuse("bad-setting", "This game has no setting %s.", f)
	}
	var re *RuleError
	if errors.As(badInput("settings", err), &re) {
		return Refuse("bad-setting", "%s", re.Message)
	}
	return Refuse("bad-setting", "The settings could not be read: %v", err)
}
