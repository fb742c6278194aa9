package conquest

import (
	"fmt"

	"tableside/engine"
)

// MaxStartArmies bounds the table's own number of start armies.
const MaxStartArmies = 200

// TableSettings are the options every game of the family offers on the
// new-game form, after the variant's own: start armies (rules is how the
// variant counts them when left at 0), who picks the defender's dice, and a
// table without phones.
func TableSettings(rules string) []engine.Setting {
	return []engine.Setting{
		{Key: "startArmies", Label: "Start armies each", Kind: engine.SettingNumber, Default: "0", Min: 0, Max: MaxStartArmies,
			Help: fmt.Sprintf("0: the rules' number (%s).", rules)},
		{Key: "placeMany", Label: "Start armies several at a time", Kind: engine.SettingBool, Default: "false",
			Help: "Off: start armies go down one at a time, in turn, as the rules say. On: a placer may put several down at once, and whoever has placed the fewest places next."},
		{Key: "defendMost", Label: "Defender always rolls the most dice (never ask the defender)", Kind: engine.SettingBool, Default: "false"},
		{Key: "laptopHands", Label: "No phones: show the hand of the player on turn on the laptop", Kind: engine.SettingBool, Default: "false"},
		engine.FirstGameSetting,
	}
}

// PlacingHelp says how start armies go down at this table, for the games'
// "How Tableside reads the rules".
func PlacingHelp(set Settings) string {
	if set.PlaceMany {
		return "several at a time (the table's setting): a placer may put down several at once, and whoever has placed the fewest places next, so the others catch up one army at a time"
	}
	return "one army at a time, in turn (a second army waits until the others have placed theirs)"
}
