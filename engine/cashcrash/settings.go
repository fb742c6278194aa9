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
			Choices: []engine.Option{
				{Value: Classic, Label: fmt.Sprintf("Classic: stake %d, invest up to %d", st.OpeningStake(), st.MaxStake())},
				{Value: Endurance, Label: fmt.Sprintf("Endurance: stake %d, up to %d, one step at a time", end.OpeningStake(), end.MaxStake())},
				{Value: Blitz, Label: fmt.Sprintf("Blitz: stake %d, no limit, play out of turn", blitz.OpeningStake())}}},
		{Key: "cards", Label: "The ten cards", Kind: engine.SettingText,
			Help: "Every player holds the same ten cards. Type each card's icons, the cards apart: G Gold, O Oil, W Wheat (GO is one card with a Gold and an Oil). Left empty: the standard set, " + CardsText(StandardSet) + " (or the set reused from an earlier game)."},
		{Key: "doubling", Label: "Doubling rule", Kind: engine.SettingBool, Default: "false"},
		{Key: "raise", Label: "A raise", Kind: engine.SettingChoice, Default: RaiseKeep,
			Choices: []engine.Option{{Value: RaiseKeep, Label: "Keeps the goods bid (change goods by adding a card)"}, {Value: RaiseFree, Label: "May name any goods at a higher quantity"}}},
		engine.FirstGameSetting,
	}
}
