package pctw

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/conquest"
)

var _ engine.SettingsDescriber = Rules{}

// Settings describes Piecepack Conquers the World's options for the
// new-game form. The map layout is edited on the set-up screen (and reused
// from game to game), never retyped here.
func (Rules) Settings() []engine.Setting {
	return append([]engine.Setting{
		{Key: "wrap", Label: "Wrap-around", Kind: engine.SettingChoice, Default: "x",
			Choices: []engine.Option{{Value: "x", Label: "East-west"}, {Value: "xy", Label: "Both ways"}, {Value: "none", Label: "None"}}},
		{Key: "noBasic", Label: "No territories / 3 build", Kind: engine.SettingBool, Default: "false"},
		{Key: "fortify", Label: "RISK's fortifying move", Kind: engine.SettingBool, Default: "false"},
	}, conquest.TableSettings(fmt.Sprintf("territories / players, + %d", StartExtra))...)
}
