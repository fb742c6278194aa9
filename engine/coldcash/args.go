package coldcash

import (
	"tableside/engine"
)

// commandData makes the typed struct each command's data is decoded into
// (decodeData, fields.go), in bank and board mode together. A field a
// command does not list is a typo or a forgery, and a required one left out
// would otherwise read as zero or no (a consent without "agree" would refuse
// the merger, a vote without "for" would vote against): both are refused
// before anything is decided.
var commandData = map[string]func() args{
	CmdFound:        func() args { return &foundCmd{} },
	CmdSize:         func() args { return &sizeCmd{} },
	CmdBuy:          func() args { return &tradeCmd{} },
	CmdSell:         func() args { return &tradeCmd{} },
	CmdHide:         func() args { return &hideCmd{} },
	CmdDividends:    func() args { return &dividendsCmd{} },
	CmdMerge:        func() args { return &mergeCmd{} },
	CmdDispose:      func() args { return &disposeCmd{} },
	CmdTurn:         func() args { return &turnCmd{} },
	CmdCEO:          func() args { return &ceoCmd{} },
	CmdDissolve:     func() args { return &companyCmd{} },
	CmdEnd:          func() args { return &endCmd{} },
	CmdTradeConfirm: func() args { return &noData{} },
	CmdTradeReject:  func() args { return &noData{} },
	CmdOpen:         func() args { return &openCmd{} },
	CmdPlace:        func() args { return &placeCmd{} },
	CmdNoPlace:      func() args { return &noData{} },
	CmdAbsorb:       func() args { return &companyCmd{} },
	CmdLeave:        func() args { return &noData{} },
	CmdConsent:      func() args { return &consentCmd{} },
	CmdPass:         func() args { return &noData{} },
	CmdDraw:         func() args { return &noData{} },
	CmdMeeting:      func() args { return &meetingCmd{} },
	CmdAccept:       func() args { return &acceptCmd{} },
	CmdVote:         func() args { return &voteCmd{} },
	CmdTakeover:     func() args { return &companyCmd{} },
	CmdAttack:       func() args { return &attackCmd{} },
	CmdOccupy:       func() args { return &occupyCmd{} },
	CmdMove:         func() args { return &moveCmd{} },
	CmdTakeoverEnd:  func() args { return &noData{} },
	CmdRestructure:  func() args { return &restructureCmd{} },
	CmdHire:         func() args { return &teamsCmd{} },
	CmdDownsize:     func() args { return &teamsCmd{removing: true} },
	CmdSkip:         func() args { return &companyCmd{} },
	CmdDeclare:      func() args { return &noData{} },
	CmdDefend:       func() args { return &defendCmd{} },
}

// foundCmd founds a company: in bank mode for a seat (a phone its own, the
// host names it) at a typed size (the smallest when left out); board mode
// founds on the Mom & Pop just placed.
type foundCmd struct {
	Seat, Size num
	Company    text
}

func (c *foundCmd) fields() []field {
	return []field{{name: "seat", to: &c.Seat}, {name: "size", to: &c.Size}, {name: "company", to: &c.Company, required: true}}
}

// sizeCmd is a company's size typed by the host (bank mode).
type sizeCmd struct {
	Company text
	Size    num
}

func (c *sizeCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "size", to: &c.Size, required: true}}
}

// tradeCmd buys or sells count shares of a company, for a seat (a phone
// its own, the host names it in bank mode).
type tradeCmd struct {
	Seat    num
	Company text
	Count   num
}

func (c *tradeCmd) fields() []field {
	return []field{{name: "seat", to: &c.Seat}, {name: "company", to: &c.Company, required: true}, {name: "count", to: &c.Count, required: true}}
}

// hideCmd sets how many of a company's shares a phone keeps hidden.
type hideCmd struct {
	Company text
	Hidden  num
}

func (c *hideCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "hidden", to: &c.Hidden, required: true}}
}

// dividendsCmd pays a company's dividends, double when it downsizes.
type dividendsCmd struct {
	Company text
	Double  flag
}

func (c *dividendsCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "double", to: &c.Double}}
}

// mergeCmd merges companies: bank mode names the survivor, the defuncts
// (a list or "c2,c3", or defunct, defunct2, defunct3), the maker, whether
// it is hostile and the survivor's new size; board mode lists the companies
// touching the Mom & Pop placed, its choice first on equal sizes.
type mergeCmd struct {
	Survivor                    text
	Defuncts                    idList
	Defunct, Defunct2, Defunct3 text
	Maker, NewSize              num
	Hostile                     flag
	Companies                   texts
}

func (c *mergeCmd) fields() []field {
	return []field{{name: "survivor", to: &c.Survivor}, {name: "defuncts", to: &c.Defuncts}, {name: "defunct", to: &c.Defunct}, {name: "defunct2", to: &c.Defunct2}, {name: "defunct3", to: &c.Defunct3},
		{name: "maker", to: &c.Maker}, {name: "hostile", to: &c.Hostile}, {name: "newSize", to: &c.NewSize},
		{name: "companies", to: &c.Companies, rule: "malformed", must: "a list of the companies to merge, your choice first on equal sizes"}}
}

// defunctIDs are the defunct companies named, in order, blanks left out.
func (c *mergeCmd) defunctIDs() []string {
	out := append([]string{}, c.Defuncts...)
	for _, id := range []text{c.Defunct, c.Defunct2, c.Defunct3} {
		if id != "" {
			out = append(out, string(id))
		}
	}
	return out
}

// disposeCmd is a holder's answer at a merger: how many defunct shares to
// sell, trade and keep (keep left out: every share neither sold nor
// traded), or one of the sheet's choices by name.
type disposeCmd struct {
	Seat, Sell, Trade, Keep num
	Choice                  text
}

func (c *disposeCmd) fields() []field {
	return []field{{name: "seat", to: &c.Seat}, {name: "sell", to: &c.Sell}, {name: "trade", to: &c.Trade}, {name: "keep", to: &c.Keep}, {name: "choice", to: &c.Choice}}
}

// turnCmd moves the turn marker: to the seat named, or the next.
type turnCmd struct{ Seat num }

func (c *turnCmd) fields() []field { return []field{{name: "seat", to: &c.Seat}} }

// ceoCmd records a company's CEO (bank mode).
type ceoCmd struct {
	Company text
	Seat    num
}

func (c *ceoCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "seat", to: &c.Seat, required: true}}
}

// companyCmd names one company: dissolve, absorb, takeover, skip.
type companyCmd struct{ Company text }

func (c *companyCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}}
}

// endCmd ends the game for a reason.
type endCmd struct{ Reason text }

func (c *endCmd) fields() []field { return []field{{name: "reason", to: &c.Reason}} }

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
