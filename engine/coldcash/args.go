package coldcash

import "tableside/engine"

// A command's data is decoded once, before anything is decided, by
// engine.DecodeArgs into the struct of its command (here and in
// args_board.go): a field a command does not take is a typo or a forgery,
// and a required one left out would otherwise read as zero or no (a consent
// without "agree" would refuse the merger, a vote without "for" would vote
// against): both are refused naming the field, in bank mode and board mode
// alike. A number left out is nil, and the rule that reads it says what
// that means (or).

// args is a command's data, decoded: a pointer to its command's struct.
type args = any

// commandData decodes each command's data into its struct.
var commandData = engine.Commands{
	CmdFound:        engine.Args[foundCmd],
	CmdSize:         engine.Args[sizeCmd],
	CmdBuy:          engine.Args[tradeCmd],
	CmdSell:         engine.Args[tradeCmd],
	CmdHide:         engine.Args[hideCmd],
	CmdDividends:    engine.Args[dividendsCmd],
	CmdMerge:        engine.Args[mergeCmd],
	CmdDispose:      engine.Args[disposeCmd],
	CmdTurn:         engine.Args[turnCmd],
	CmdDissolve:     engine.Args[companyCmd],
	CmdEnd:          engine.Args[endCmd],
	CmdTradeConfirm: engine.Args[noData],
	CmdTradeReject:  engine.Args[noData],
	CmdOpen:         engine.Args[openCmd],
	CmdPlace:        engine.Args[placeCmd],
	CmdNoPlace:      engine.Args[noData],
	CmdAbsorb:       engine.Args[companyCmd],
	CmdLeave:        engine.Args[noData],
	CmdConsent:      engine.Args[consentCmd],
	CmdPass:         engine.Args[noData],
	CmdDraw:         engine.Args[noData],
	CmdMeeting:      engine.Args[meetingCmd],
	CmdAccept:       engine.Args[acceptCmd],
	CmdVote:         engine.Args[voteCmd],
	CmdTakeover:     engine.Args[companyCmd],
	CmdAttack:       engine.Args[attackCmd],
	CmdOccupy:       engine.Args[occupyCmd],
	CmdMove:         engine.Args[moveCmd],
	CmdTakeoverEnd:  engine.Args[noData],
	CmdRestructure:  engine.Args[restructureCmd],
	CmdHire:         engine.Args[hireCmd],
	CmdDownsize:     engine.Args[downsizeCmd],
	CmdSkip:         engine.Args[companyCmd],
	CmdDeclare:      engine.Args[noData],
	CmdDefend:       engine.Args[defendCmd],
}

// or is the number sent, or def when none was.
func or(n *int, def int) int {
	if n == nil {
		return def
	}
	return *n
}

// noData is the data of a command that takes none.
type noData struct{}

// foundCmd founds a company: in bank mode for a seat (a phone its own, the
// host names it) at a typed size (the smallest when left out); board mode
// founds on the Mom & Pop just placed.
type foundCmd struct {
	Seat    *int   `json:"seat"`
	Size    *int   `json:"size"`
	Company string `json:"company" args:"required"`
}

// sizeCmd is a company's size typed by the host (bank mode).
type sizeCmd struct {
	Company string `json:"company" args:"required"`
	Size    *int   `json:"size" args:"required"`
}

// tradeCmd buys or sells count shares of a company, for a seat (a phone
// its own, the host names it in bank mode).
type tradeCmd struct {
	Seat    *int   `json:"seat"`
	Company string `json:"company" args:"required"`
	Count   *int   `json:"count" args:"required"`
}

// hideCmd sets how many of a company's shares a phone keeps hidden.
type hideCmd struct {
	Company string `json:"company" args:"required"`
	Hidden  *int   `json:"hidden" args:"required"`
}

// dividendsCmd pays a company's dividends, double when it downsizes.
type dividendsCmd struct {
	Company string `json:"company" args:"required"`
	Double  bool   `json:"double"`
}

// mergeCmd merges companies: bank mode names the survivor, the defuncts
// (a list, or defunct, defunct2, defunct3), the maker, whether it is
// hostile and the survivor's new size; board mode lists the companies
// touching the Mom & Pop placed, its choice first on equal sizes.
type mergeCmd struct {
	Survivor  string   `json:"survivor"`
	Defuncts  []string `json:"defuncts" must:"a list of companies"`
	Defunct   string   `json:"defunct"`
	Defunct2  string   `json:"defunct2"`
	Defunct3  string   `json:"defunct3"`
	Maker     *int     `json:"maker"`
	Hostile   bool     `json:"hostile"`
	NewSize   *int     `json:"newSize"`
	Companies []string `json:"companies" rule:"malformed" must:"a list of the companies to merge, your choice first on equal sizes"`
}

// defunctIDs are the defunct companies named, in order, blanks left out.
func (c *mergeCmd) defunctIDs() []string {
	var out []string
	for _, id := range append(c.Defuncts, c.Defunct, c.Defunct2, c.Defunct3) {
		if id != "" {
			out = append(out, id)
		}
	}
	return out
}

// disposeCmd is a holder's answer at a merger: how many defunct shares to
// sell, trade and keep (keep left out: every share neither sold nor
// traded), or one of the sheet's choices by name.
type disposeCmd struct {
	Seat   *int   `json:"seat"`
	Sell   *int   `json:"sell"`
	Trade  *int   `json:"trade"`
	Keep   *int   `json:"keep"`
	Choice string `json:"choice"`
}

// turnCmd moves the turn marker: to the seat named, or the next.
type turnCmd struct {
	Seat *int `json:"seat"`
}

// companyCmd names one company: dissolve, absorb, takeover, skip.
type companyCmd struct {
	Company string `json:"company" args:"required"`
}

// endCmd ends the game for a reason.
type endCmd struct {
	Reason string `json:"reason"`
}

// MaxTypedSize bounds a size typed by hand (bank mode's found, size and
// merge): the largest board has 42 territories, so no company comes near it.
const MaxTypedSize = 200

// sizeInRange refuses a typed size above MaxTypedSize.
func sizeInRange(what string, size int) error {
	if size > MaxTypedSize {
		return engine.Refuse("max-size", "%s %d is larger than any board allows (at most %d).", what, size, MaxTypedSize)
	}
	return nil
}
