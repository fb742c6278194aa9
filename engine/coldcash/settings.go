package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
)

var _ engine.SettingsDescriber = Rules{}

// Settings describes Cold Cash Risk's options for the new-game form, the
// default first. The board-only ones say so (When), so a bank-mode table is
// never asked about a deck it does not have.
func (Rules) Settings() []engine.Setting {
	whenBoard := "mode=" + ModeBoard
	return []engine.Setting{
		{Key: "mode", Label: "Mode", Kind: engine.SettingChoice, Default: ModeBank,
			Help:    "Bank mode keeps the money while the map stays on the table; board mode keeps the map on the laptop too.",
			Choices: []engine.Option{{Value: ModeBank, Label: "Bank only: sizes typed by hand"}, {Value: ModeBoard, Label: "Board: the laptop keeps the map too"}}},
		{Key: "names", Label: "Company names", Kind: engine.SettingChoice, Default: string(acquire.Classic),
			Choices: []engine.Option{{Value: string(acquire.Classic), Label: "Classic hotels"}, {Value: string(acquire.Corp1999), Label: "1999 corporations"}, {Value: string(acquire.Hotels2008), Label: "2008+ hotels"}}},
		{Key: "hiddenAtMerger", Label: "Hidden shares at a merger", Kind: engine.SettingChoice, Default: HiddenCount,
			Help:    "Whether shares kept hidden count when the majority bonuses are worked out.",
			Choices: []engine.Option{{Value: HiddenCount, Label: "Count"}, {Value: HiddenIgnore, Label: "Ignore"}}},
		{Key: "hostileRounding", Label: "Hostile takeover halves", Kind: engine.SettingChoice, Default: RoundExact,
			Choices: []engine.Option{{Value: RoundExact, Label: "Exactly, $50 steps"}, {Value: RoundUp100, Label: "Rounded up to $100"}}},
		{Key: "phoneTrades", Label: "Buying and selling on a phone", Kind: engine.SettingChoice, Default: TradesDirect,
			Choices: []engine.Option{{Value: TradesDirect, Label: "Phones act directly"}, {Value: TradesConfirm, Label: "The host confirms each trade"}}},
		{Key: "deck", Label: "Territory deck", Kind: engine.SettingChoice, Default: DeckApp, When: whenBoard,
			Choices: []engine.Option{{Value: DeckApp, Label: "Kept by the app: each phone sees its hand"}, {Value: DeckTable, Label: "The table's own deck: the host records placements"}}},
		{Key: "ending", Label: "Ending", Kind: engine.SettingChoice, Default: string(board.EndStandard), When: whenBoard,
			Choices: []engine.Option{
				{Value: string(board.EndStandard), Label: fmt.Sprintf("Closing bell: size %d, or all %d", board.EndOneSize, board.EndAllSize)},
				{Value: string(board.EndShort), Label: "Short game: the last territory card"},
				{Value: string(board.EndLong), Label: "Long game: one company holds the map"}}},
		{Key: "longEnd", Label: "The long game ends", Kind: engine.SettingChoice, Default: LongEndNow, When: "ending=" + string(board.EndLong),
			Help:    "The rulebook ends the long game when one company holds the map; some tables let that player finish the turn, as in the short game.",
			Choices: []engine.Option{{Value: LongEndNow, Label: "The moment one company holds the map"}, {Value: LongEndTurn, Label: "When that player takes their card"}}},
		{Key: "classicMin", Label: "Hire at least 3 teams (classic RISK minimum)", Kind: engine.SettingBool, Default: "false", When: whenBoard},
		{Key: "variableOrder", Label: "Variable turn order every cycle", Kind: engine.SettingBool, Default: "false", When: whenBoard},
		{Key: "foundReach", Label: "A new company takes in", Kind: engine.SettingChoice, Default: string(board.ReachChain), When: whenBoard,
			Help:    "Which Mom & Pops join a company founded next to them.",
			Choices: []engine.Option{{Value: string(board.ReachChain), Label: "Every Mom & Pop connected through Mom & Pops"}, {Value: string(board.ReachAdjacent), Label: "Only the Mom & Pops bordering its tower"}}},
		engine.FirstGameSetting,
		{Key: "defendMost", Label: "A defending corporation always rolls the most dice (never ask its CEO)", Kind: engine.SettingBool, Default: "false", When: whenBoard},
	}
}
