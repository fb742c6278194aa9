package engine

import "strings"

// Setting describes one of a game's settings as data, so the new-game form
// can offer exactly the chosen game's options (and nothing of another game's)
// without the web layer retyping any game's rules.
type Setting struct {
	// Key is the setting's name in the game's settings object ("neutrals").
	Key string `json:"key"`
	// Label names it on the form ("Rampaging neutral players").
	Label string `json:"label"`
	// Help says what it changes, in the table's words. Optional.
	Help string `json:"help,omitempty"`
	// Kind is how the form asks for it: a choice (Choices), a yes/no box
	// (Bool), a whole number (Number, between Min and Max) or text (Text).
	Kind string `json:"kind"`
	// Choices are a choice's allowed values, the default first or marked
	// by Default.
	Choices []Option `json:"choices,omitempty"`
	// Default is the value a game gets when the form leaves the setting
	// alone: a choice's value, "true"/"false", a number or text.
	Default string `json:"default,omitempty"`
	// Min and Max bound a number.
	Min int `json:"min,omitempty"`
	Max int `json:"max,omitempty"`
	// When names another setting of the same game and the value it must
	// have for this one to matter ("mode=board"): the form shows it only
	// then. Empty: always.
	When string `json:"when,omitempty"`
}

// Kinds of setting.
const (
	SettingChoice = "choice"
	SettingBool   = "bool"
	SettingNumber = "number"
	SettingText   = "text"
)

// Option is one allowed value of a choice.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// SettingsDescriber (part of Rules) gives a game's settings as data, in
// the order the new-game form shows them. The defaults must let a game start
// at once, with nothing typed.
type SettingsDescriber interface {
	Settings() []Setting
}

// WhenKey splits a setting's When into the other setting's key and the
// value it must have ("mode=board" -> "mode", "board").
func (s Setting) WhenKey() (key, value string, ok bool) {
	return strings.Cut(s.When, "=")
}

// UniqueNames refuses a table where two players have the same name,
// ignoring case and the spaces around it: every screen, statement and score
// says who did what by name, and "Ana" twice cannot be told apart.
func UniqueNames(seats []Seat) error {
	seen := map[string]int{}
	for i, s := range seats {
		name := strings.TrimSpace(s.Name)
		key := strings.ToLower(name)
		if j, dup := seen[key]; dup {
			return Refuse("duplicate-name", "Players %d and %d are both called %q: give each player a different name.", j+1, i+1, name)
		}
		seen[key] = i
	}
	return nil
}
