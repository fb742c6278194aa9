package takeover

import "tableside/engine"

var _ engine.SettingsDescriber = Rules{}

// Settings describes Takeover's one option for the new-game form.
func (Rules) Settings() []engine.Setting {
	return []engine.Setting{{Key: "endWhen", Label: "The game ends when", Kind: engine.SettingChoice, Default: EndAnyone,
		Help: "How to read \"no more merges are possible\".",
		Choices: []engine.Option{
			{Value: EndAnyone, Label: "Nobody could make any merge with the coins they hold"},
			{Value: EndBoard, Label: "No two corporations are neighbours on the board"}}},
		engine.FirstGameSetting}
}
