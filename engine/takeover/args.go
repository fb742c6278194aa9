package takeover

import "tableside/engine"

// commandKeys lists the fields each command takes ("stock.": check boxes
// stock.S1, stock.M2). A field not listed is a typo or a forgery and is
// refused before anything is decided.
var commandKeys = map[string][]string{
	CmdDeal:    {"first"},
	CmdLay:     {"tiles", "first"},
	CmdDraft:   {"coin"},
	CmdConceal: {"stock", "stock."},
	CmdMerge:   {"from", "to", "pay", "pay.", "auto"},
	CmdPass:    {},
	CmdGive:    {"to", "coins", "coins."},
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
