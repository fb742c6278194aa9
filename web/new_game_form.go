package web

import (
	"net/url"
	"strings"

	"tableside/engine"
)

// formSetting is one of a game's settings ready for the new-game form: the
// engine's description, the field's name (set.KIND.KEY, so each game's
// fields reach only that game) and the value to show.
type formSetting struct {
	engine.Setting
	Name, ID string
	Value    string
	// WhenName and WhenValue: the field of the same game this one depends
	// on and the value it needs (the form's script hides it otherwise).
	WhenName, WhenValue string
}

// Checked reports whether a yes/no setting is on.
func (f formSetting) Checked() bool { return f.Value == "true" }

// formSettingsOf prepares kind's settings for the form, with the values
// the host typed (typed) or else each setting's default.
func formSettingsOf(kind string, ss []engine.Setting, typed url.Values) []formSetting {
	out := make([]formSetting, 0, len(ss))
	for _, st := range ss {
		f := formSetting{Setting: st, Name: settingField(kind, st.Key), ID: "set-" + kind + "-" + st.Key, Value: st.Default}
		if vs, ok := typed[f.Name]; ok && len(vs) > 0 {
			f.Value = vs[len(vs)-1]
		}
		if k, v, ok := st.WhenKey(); ok {
			f.WhenName, f.WhenValue = settingField(kind, k), v
		}
		out = append(out, f)
	}
	return out
}

// settingField is a setting's form field: "set.risk.neutrals".
func settingField(kind, key string) string { return "set." + kind + "." + key }

// chosenSettings reads the chosen game's settings from the form: its own
// set.KIND.* fields, over plain set.* fields (which programs and older
// pages send). Another game's fields, sent by a page without its script,
// are never read; an empty field is left out, so the game's default applies.
func chosenSettings(form url.Values, kind string) map[string][]string {
	out := map[string][]string{}
	for _, own := range []string{"set.", "set." + kind + "."} { // plain first, so the game's own win
		for k, vs := range form {
			name, ok := strings.CutPrefix(k, own)
			if !ok || name == "" || strings.Contains(name, ".") || len(vs) == 0 || strings.TrimSpace(vs[len(vs)-1]) == "" {
				continue
			}
			out["set."+name] = vs
		}
	}
	return out
}
