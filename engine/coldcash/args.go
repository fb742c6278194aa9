package coldcash

import (
	"encoding/json"

	"tableside/engine"
	"tableside/engine/coldcash/board"
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

// openCmd rings the opening bell; with the table's deck it lists each
// player's first territory card (or a form's first0, first1, ...).
type openCmd struct {
	First texts
	Rows  textRows
}

func (c *openCmd) fields() []field {
	return []field{{name: "first", to: &c.First, rule: "malformed", must: "a list of each player's first territory card"}, {name: "first#", to: &c.Rows}}
}

// placeCmd places a Mom & Pop on a territory, with a card of the hand.
type placeCmd struct{ Territory, Card text }

func (c *placeCmd) fields() []field {
	return []field{{name: "territory", to: &c.Territory}, {name: "card", to: &c.Card}}
}

// consentCmd is a CEO's yes or no to a friendly merger.
type consentCmd struct {
	Company text
	Agree   flag
}

func (c *consentCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "agree", to: &c.Agree, required: true}}
}

// meetingCmd calls a stockholders' meeting to elect nominee CEO.
type meetingCmd struct {
	Company text
	Nominee num
}

func (c *meetingCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "nominee", to: &c.Nominee, required: true}}
}

// acceptCmd is the nominee's yes or no.
type acceptCmd struct{ Accept flag }

func (c *acceptCmd) fields() []field {
	return []field{{name: "accept", to: &c.Accept, required: true}}
}

// voteCmd is a stockholder's vote, for or against.
type voteCmd struct {
	Seat num
	For  flag
}

func (c *voteCmd) fields() []field {
	return []field{{name: "seat", to: &c.Seat}, {name: "for", to: &c.For, required: true}}
}

// attackCmd is one attack of a hostile takeover, fought with the app's
// dice (dice, defend, blitz, stop), real dice's faces or losses typed, or
// the face of a Mom & Pop's defence die typed.
type attackCmd struct {
	From, To                                       text
	Dice, Defend, Stop, AttackerLost, DefenderLost num
	Blitz                                          flag
	MomPop                                         num
	AttackerFaces, DefenderFaces                   faces
}

func (c *attackCmd) fields() []field {
	return []field{{name: "from", to: &c.From, required: true}, {name: "to", to: &c.To, required: true},
		{name: "dice", to: &c.Dice}, {name: "defend", to: &c.Defend}, {name: "blitz", to: &c.Blitz}, {name: "stop", to: &c.Stop},
		{name: "momPop", to: &c.MomPop, rule: "defence-die", must: "the face the Mom & Pop's one die shows, 1 to 6"},
		{name: "attackerFaces", to: &c.AttackerFaces}, {name: "defenderFaces", to: &c.DefenderFaces},
		{name: "attackerLost", to: &c.AttackerLost}, {name: "defenderLost", to: &c.DefenderLost}}
}

// occupyCmd moves teams into a territory just won.
type occupyCmd struct{ Teams num }

func (c *occupyCmd) fields() []field { return []field{{name: "teams", to: &c.Teams, required: true}} }

// moveCmd is a takeover's free move.
type moveCmd struct {
	From, To text
	Teams    num
}

func (c *moveCmd) fields() []field {
	return []field{{name: "from", to: &c.From, required: true}, {name: "to", to: &c.To, required: true}, {name: "teams", to: &c.Teams}}
}

// move is the free move it names.
func (c *moveCmd) move() board.Move {
	return board.Move{From: string(c.From), To: string(c.To), Teams: c.Teams.or(-1)}
}

// restructureCmd is a company's earnings restructure: a list of moves, or
// a form's rows from1, to1, teams1 up to from3, to3, teams3.
type restructureCmd struct {
	Company  text
	Moves    movesField
	From, To textRows
	Teams    numRows
}

func (c *restructureCmd) fields() []field {
	return []field{{name: "company", to: &c.Company, required: true}, {name: "moves", to: &c.Moves},
		{name: "from#", to: &c.From}, {name: "to#", to: &c.To}, {name: "teams#", to: &c.Teams}}
}

// moves are the restructure's moves: the list, or the form's rows (rows
// left blank are skipped; a row's teams default to 1).
func (c *restructureCmd) moves() []board.Move {
	if c.Moves.sent {
		return c.Moves.list
	}
	var out []board.Move
	for i := 1; i <= board.MaxRestructureMoves; i++ {
		from, to := string(c.From[i]), string(c.To[i])
		if from == "" && to == "" {
			continue
		}
		out = append(out, board.Move{From: from, To: to, Teams: c.Teams[i].or(1)})
	}
	return out
}

// teamsCmd hires (place) or downsizes (remove) a company's teams, by
// territory.
type teamsCmd struct {
	Company  text
	Teams    teamsAt
	removing bool // downsize: the field is "remove", and required
}

func (c *teamsCmd) fields() []field {
	if c.removing {
		return []field{{name: "company", to: &c.Company, required: true}, {name: "remove", to: &c.Teams, required: true}}
	}
	return []field{{name: "company", to: &c.Company, required: true}, {name: "place", to: &c.Teams}}
}

// defendCmd is the defending CEO's dice.
type defendCmd struct{ Dice num }

func (c *defendCmd) fields() []field { return []field{{name: "dice", to: &c.Dice, required: true}} }

// textRows are a form's numbered text fields (first0, from1), by number.
type textRows map[int]text

func (r *textRows) read(json.RawMessage) *problem { return wrong("numbered") } // only rows are read

func (r *textRows) readRow(i int, raw json.RawMessage) *problem {
	var t text
	if p := t.read(raw); p != nil {
		return p
	}
	if *r == nil {
		*r = textRows{}
	}
	(*r)[i] = t
	return nil
}

// numRows are a form's numbered whole numbers (teams1), by number.
type numRows map[int]num

func (r *numRows) read(json.RawMessage) *problem { return wrong("numbered") }

func (r *numRows) readRow(i int, raw json.RawMessage) *problem {
	var n num
	if p := n.read(raw); p != nil {
		return p
	}
	if *r == nil {
		*r = numRows{}
	}
	(*r)[i] = n
	return nil
}

// movesField is a restructure's list of moves, each {from, to, teams}.
type movesField struct {
	list []board.Move
	sent bool
}

func (m *movesField) read(raw json.RawMessage) *problem {
	m.sent = true
	if kind(raw) != '[' && kind(raw) != 'n' || !decodeStrict(raw, &m.list) {
		return &problem{rule: "malformed", must: "a list of 1 to 3 moves, each {from, to, teams}"}
	}
	return nil
}

// teamsAt are teams by territory, such as {"peru": 2}.
type teamsAt map[string]int

func (t *teamsAt) read(raw json.RawMessage) *problem {
	if kind(raw) != '{' && kind(raw) != 'n' || !decodeStrict(raw, (*map[string]int)(t)) {
		return &problem{rule: "malformed", must: "teams by territory, like {\"peru\": 2}"}
	}
	return nil
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

// hostSeesShown refuses what the host asks for a player that only their
// hidden shares could allow, in words that count shown shares only: a refusal
// on the host screen must read the same whatever a player keeps hidden. The
// player's own phone is never limited this way. Board mode's host acts for
// the player whose turn it is; bank mode's names the seat.
func (s *State) hostSeesShown(cmd engine.Command, a args) error {
	if cmd.Seat != engine.Host {
		return nil
	}
	switch c := a.(type) {
	case *tradeCmd:
		seat := c.Seat.or(-1)
		if s.Table != nil {
			seat = s.Table.acting()
		}
		id, n := string(c.Company), c.Count.or(-1)
		if cmd.Type != CmdSell || seat < 0 || seat >= len(s.Seats) || s.company(id) == nil || n < 1 {
			return nil // the command's own checks refuse it
		}
		if shown := s.Visible(seat, id); n > shown {
			return engine.Refuse("sell-what-you-hold", "%s shows %d %s shares: the host sells shown shares only; hidden ones are sold from %s's own phone.", s.name(seat), shown, s.coName(id), s.name(seat))
		}
	case *meetingCmd:
		if s.Table == nil {
			return nil
		}
		seat, id := s.Table.acting(), string(c.Company)
		if seat >= 0 && seat < len(s.Seats) && s.company(id) != nil && s.Visible(seat, id) == 0 {
			return engine.Refuse("meeting-stockholders-only", "%s shows no %s stock: only a stockholder calls its meeting (a holder of hidden shares calls it from their own phone).", s.name(seat), s.coName(id))
		}
	case *disposeCmd:
		return s.hostDisposesShown(c)
	}
	return nil
}

// hostDisposesShown refuses the host's sell, trade and keep that add up to
// more than the holder's shown shares (or, with keep, to other than them).
func (s *State) hostDisposesShown(c *disposeCmd) error {
	m := s.Merger
	if m == nil || len(m.Queue) == 0 || c.Choice != "" {
		return nil
	}
	holder, defunct := m.Queue[0], m.Defuncts[m.Current]
	sum := c.Sell.or(0) + c.Trade.or(0) + c.Keep.or(0)
	if shown := s.Visible(holder, defunct); !c.Keep.sent && sum > shown {
		return engine.Refuse("dispose-every-share", "%s shows %d %s: the host sells and trades shown shares only, not %d (hidden shares are kept, or %s answers on their own phone).", s.name(holder), shown, s.coName(defunct), sum, s.name(holder))
	} else if c.Keep.sent && sum != shown {
		return engine.Refuse("dispose-every-share", "%s shows %d %s: the host's sell, trade and keep add up to the shown shares, not %d (hidden shares are kept, or %s answers on their own phone).", s.name(holder), shown, s.coName(defunct), sum, s.name(holder))
	}
	return nil
}
