package cashcrash

import (
	"fmt"

	"tableside/engine"
)

var _ engine.SettingsDescriber = Rules{}

// StandardSet is the set of ten cards a game gets when the table names none:
// every good on five cards, one card of each good alone twice, each pair of
// goods once and all three once. A table whose box differs edits its set on
// the set-up screen before the first round.
var StandardSet = []Card{
	{Gold: 1}, {Gold: 1}, {Oil: 1}, {Oil: 1}, {Wheat: 1}, {Wheat: 1},
	{Gold: 1, Oil: 1}, {Oil: 1, Wheat: 1}, {Gold: 1, Wheat: 1}, {Gold: 1, Oil: 1, Wheat: 1},
}

// Settings describes Cash or Crash's rules options for the new-game form.
func (Rules) Settings() []engine.Setting {
	var st Settings
	_ = st.normalise() // the defaults, to say their numbers
	end, blitz := Settings{Variant: Endurance}, Settings{Variant: Blitz}
	return []engine.Setting{
		{Key: "variant", Label: "Rules", Kind: engine.SettingChoice, Default: Classic,
			Help: "Every player gets the same ten cards (the standard set unless you change it before the first round).",
			Choices: []engine.Option{
				{Value: Classic, Label: fmt.Sprintf("Classic: stake %d, invest up to %d", st.OpeningStake(), st.MaxStake())},
				{Value: Endurance, Label: fmt.Sprintf("Endurance: stake %d, up to %d, one step at a time", end.OpeningStake(), end.MaxStake())},
				{Value: Blitz, Label: fmt.Sprintf("Blitz: stake %d, no limit, play out of turn", blitz.OpeningStake())}}},
		{Key: "doubling", Label: "Doubling rule", Kind: engine.SettingBool, Default: "false"},
		{Key: "raise", Label: "A raise", Kind: engine.SettingChoice, Default: RaiseKeep,
			Choices: []engine.Option{{Value: RaiseKeep, Label: "Keeps the goods bid (change goods by adding a card)"}, {Value: RaiseFree, Label: "May name any goods at a higher quantity"}}},
	}
}
