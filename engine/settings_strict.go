package engine

import (
	"bytes"
	"encoding/json"
	"errors"
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

// StrictSettings reads settings into a T as a command's data is read
// ([DecodeArgs]), refusing a setting T does not have, a value of the wrong
// kind or anything after the object, as "bad-setting" naming it.
func StrictSettings[T any](raw json.RawMessage) error {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	_, err := DecodeArgs[T]("settings", raw)
	return settingsError(err)
}

// settingsError words a refusal of settings as one of a new game's
// settings.
func settingsError(err error) error {
	var re *RuleError
	if !errors.As(err, &re) {
		return err
	}
	msg := re.Message
	if f, ok := strings.CutPrefix(msg, "settings does not take the field "); ok {
		msg = "This game has no setting " + f
	}
	return Refuse("bad-setting", "%s", msg)
}
