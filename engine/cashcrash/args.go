package cashcrash

import (
	"strconv"

	"tableside/engine"
)

// commandKeys lists the fields each command takes (a form's card1..card10;
// "card.": check boxes card.3). A field not listed is a typo
// or a forgery and is refused before anything is decided.
var commandKeys = map[string][]string{
	CmdConfigure: append([]string{"variant", "doubling", "raise", "cards"}, cardFields()...),
	CmdStart:     {"first"},
	CmdSwap:      {"give", "take"},
	CmdStake:     {"cards", "card.", "recover"},
	CmdBid:       {"qty", "goods", "gold", "oil", "wheat", "card"},
	CmdAdd:       {"qty", "goods", "gold", "oil", "wheat", "card"},
	CmdSell:      {},
	CmdDouble:    {},
	CmdAccept:    {},
	CmdPersist:   {},
	CmdWithdraw:  {},
	CmdForfeit:   {"cards", "card."},
	CmdRecover:   {"cards", "card."},
}

// checkKeys refuses a command carrying a field it does not take, or data
// after its object; an unknown command is left for Decide to name.
func checkKeys(cmd engine.Command) error {
	keys, ok := commandKeys[cmd.Type]
	if !ok {
		return nil
	}
	return engine.CheckKeys(cmd.Type, cmd.Data, keys...)
}

// cardFields are the configure form's card1..card10.
func cardFields() []string {
	out := make([]string, SetSize)
	for i := range out {
		out[i] = "card" + strconv.Itoa(i+1)
	}
	return out
}
