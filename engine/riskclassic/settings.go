package riskclassic

import (
	"strconv"

	"tableside/engine"
	"tableside/engine/conquest"
)

var _ engine.SettingsDescriber = Rules{}

// MaxNeutrals is the most rampaging neutral players a table may add (six
// army colours in all).
const MaxNeutrals = 4

// Settings describes classic RISK's options for the new-game form: the
// house rules' neutrals and Empire rule, then the family's table options.
// The card symbols are edited on the set-up screen (and reused from game to
// game), never retyped here.
func (Rules) Settings() []engine.Setting {
	neutrals := []engine.Option{{Value: "0", Label: "None"}}
	for n := 1; n <= MaxNeutrals; n++ {
		neutrals = append(neutrals, engine.Option{Value: strconv.Itoa(n), Label: strconv.Itoa(n)})
	}
	return append([]engine.Setting{
		{Key: "neutrals", Label: "Rampaging neutral players", Kind: engine.SettingChoice, Default: "0", Choices: neutrals,
			Help: "A neutral plays last: the real players place its armies, and any group of 8 or more rampages. Neutrals count as players for start armies; 6 colours in all."},
		{Key: "empire", Label: "Empire rule", Kind: engine.SettingBool, Default: "false",
			Help: "Linked groups of 5 or more territories in Africa, Asia, Europe or North America add to the build."},
	}, conquest.TableSettings("house rules: "+startArmiesText())...)
}
