package scorepad

import "tableside/engine"

var _ engine.SettingsDescriber = Rules{}

// Settings describes the score pad's one option for the new-game form.
func (Rules) Settings() []engine.Setting {
	return []engine.Setting{{Key: "lowWins", Label: "The lowest total wins (golf-style games)", Kind: engine.SettingBool, Default: "false"}}
}
