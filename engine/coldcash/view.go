package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/ledger"
)

// View is what one screen sees. Hidden shares appear only in the view of the
// seat that holds them: the host sees visible holdings like everyone else,
// because hidden is hidden from the whole table (docs/coldcash-settings.md).
type View struct {
	Viewer    int           `json:"viewer"`
	Names     string        `json:"names"`
	Mode      string        `json:"mode"`
	Settings  Settings      `json:"settings"`
	Companies []CompanyView `json:"companies"`
	Players   []PlayerView  `json:"players"`
	Turn      int           `json:"turn"`
	TurnName  string        `json:"turnName"`
	TurnNo    int           `json:"turnNo"`
	Bought    int           `json:"bought"`
	Acted     string        `json:"acted"`
	Merger    *MergerView   `json:"merger,omitempty"`
	Meeting   *Meeting      `json:"meeting,omitempty"` // a stockholders' meeting under way, in either mode
	Coup      *Coup         `json:"coup,omitempty"`    // the newest meeting's vote while it is the news (coupShown)
	Request   *RequestView  `json:"request,omitempty"` // a phone's trade waiting for the host
	Waiting   string        `json:"waiting,omitempty"` // what the table waits for
	Me        *MeView       `json:"me,omitempty"`      // a seat's own view
	CanEnd    bool          `json:"canEnd"`
	CanEndWhy string        `json:"canEndWhy"`
	Active    int           `json:"active"`
	MaxActive int           `json:"maxActive"` // how many may be active at once
	MaxBuy    int           `json:"maxBuy"`    // how many shares a turn may buy
	Final     []FinalLine   `json:"final,omitempty"`
	Over      bool          `json:"over"`
	Bank      int           `json:"bank"`    // the bank's balance: minus everything it paid out
	PaidOut   int           `json:"paidOut"` // -Bank
	// The merger form's first guess: the largest active company survives,
	// the next largest is absorbed.
	SuggestSurvivor string     `json:"suggestSurvivor"`
	SuggestDefunct  string     `json:"suggestDefunct"`
	Table           *TableView `json:"table,omitempty"` // board mode: the map and the operating cycle
}

// CompanyView is one company's line on the board of prices.
type CompanyView struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Letter   string `json:"letter"`
	Colour   string `json:"colour"`
	Tier     string `json:"tier"`
	Active   bool   `json:"active"`
	Size     int    `json:"size"`
	Price    int    `json:"price"`
	PriceWhy string `json:"priceWhy"`
	Dividend int    `json:"dividend"`
	Bank     int    `json:"bank"` // certificates the bank holds
	CEO      int    `json:"ceo"`
	CEOName  string `json:"ceoName"`
	Safe     bool   `json:"safe"`
}

// PlayerView is a player as the viewer may see them.
type PlayerView struct {
	Seat      int             `json:"seat"`
	Name      string          `json:"name"`
	Cash      int             `json:"cash"`
	Holdings  []Holding       `json:"holdings"`
	Worth     int             `json:"worth"` // cash + the holdings shown, at current prices
	OnTurn    bool            `json:"onTurn"`
	Statement []StatementLine `json:"statement,omitempty"` // the newest lines, for the player and the host
	Entries   int             `json:"entries,omitempty"`   // how many lines the full statement has
}

// Holding is shares of one company; Hidden is non-zero only in the holder's
// own view.
type Holding struct {
	Company string `json:"company"`
	Name    string `json:"name"`
	Letter  string `json:"letter"`
	Colour  string `json:"colour"`
	Active  bool   `json:"active"`
	Visible int    `json:"visible"`
	Hidden  int    `json:"hidden"`
	Value   int    `json:"value"`
}

// StatementLine is a ledger line as the viewer may see it: share balances
// after each entry only on the holder's own statement.
type StatementLine struct {
	Seq        int            `json:"seq"`
	Reason     string         `json:"reason"`
	Cash       int            `json:"cash"`
	CashAfter  int            `json:"cashAfter"`
	Shares     map[string]int `json:"shares,omitempty"`
	SharesHeld map[string]int `json:"sharesHeld,omitempty"`
}

// MergerView is the merger wizard's state: bonuses with their arithmetic
// and the disposal round.
type MergerView struct {
	Survivor       CompanyView  `json:"survivor"`
	Defunct        CompanyView  `json:"defunct"`
	Next           []string     `json:"next"` // defunct companies still to come
	Hostile        bool         `json:"hostile"`
	Maker          string       `json:"maker"`
	Size           int          `json:"size"`
	Price          int          `json:"price"`
	PriceWhy       string       `json:"priceWhy"`
	Payouts        []PayoutView `json:"payouts"`
	SalePrice      int          `json:"salePrice"`
	Ratio          int          `json:"ratio"`
	SurvivorSupply int          `json:"survivorSupply"`
	WaitingSeat    int          `json:"waitingSeat"`
	WaitingName    string       `json:"waitingName"`
	WaitingHeld    int          `json:"waitingHeld"`
	Choices        []ChoiceView `json:"choices"`
	// Advice is the merger advisor, on the awaited holder's own phone only
	// (it counts their hidden shares).
	Advice  []Advice       `json:"advice,omitempty"`
	Done    []DisposalView `json:"done"`
	NewSize int            `json:"newSize"`
}

// PayoutView is one bonus with its explanation.
type PayoutView struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Shares int    `json:"shares"`
	Amount int    `json:"amount"`
	Kind   string `json:"kind"`
	Why    string `json:"why"`
}

// ChoiceView is a disposal shortcut worked out for the awaited holder.
type ChoiceView struct {
	Choice string `json:"choice"`
	Label  string `json:"label"`
	Disposal
	Cash int `json:"cash"` // paid for the shares sold
	Gets int `json:"gets"` // survivor shares received
}

// DisposalView is a decision already made.
type DisposalView struct {
	Name string `json:"name"`
	Disposal
	Got int `json:"got"` // survivor shares received
}

// MeView is what a phone shows its player first.
type MeView struct {
	Seat     int       `json:"seat"`
	Name     string    `json:"name"`
	Cash     int       `json:"cash"`
	Holdings []Holding `json:"holdings"`
	Worth    int       `json:"worth"`         // cash + every share (hidden too) at today's prices
	Owe      string    `json:"owe,omitempty"` // the decision this player owes, if any
	OnTurn   bool      `json:"onTurn"`
}

// FinalLine is one player's final score with its breakdown.
type FinalLine struct {
	Seat   int    `json:"seat"`
	Name   string `json:"name"`
	Cash   int    `json:"cash"`
	Bonus  int    `json:"bonuses"`
	Stock  int    `json:"stock"`
	Total  int    `json:"total"`
	Winner bool   `json:"winner"`
}

// View builds what v may see.
func (Rules) View(st engine.State, v engine.Viewer) any { return st.(*State).View(v) }

// View builds what v may see of the game.
func (s *State) View(v engine.Viewer) View {
	out := View{Viewer: v.Seat, Names: string(s.Settings.Names), Mode: s.Settings.Mode, Settings: s.Settings,
		Turn: s.Turn, TurnName: s.name(s.Turn), TurnNo: s.TurnNo, Bought: s.Bought, Acted: s.Acted,
		Waiting: s.waitingLine(v.Seat), Over: s.Over, Active: s.activeCount(), Bank: s.Book.Balance(ledger.Bank)}
	out.PaidOut = -out.Bank - acquire.StartingCash*len(s.Seats) // since the starting cash
	out.MaxActive, out.MaxBuy = MaxActive, MaxBuy
	out.SuggestSurvivor, out.SuggestDefunct = s.suggestMerger()
	out.CanEnd, out.CanEndWhy = s.CanEnd()
	for _, c := range s.Companies {
		out.Companies = append(out.Companies, s.companyView(c.ID))
	}
	for seat := range s.Seats {
		own := v.Seat == seat
		p := PlayerView{Seat: seat, Name: s.name(seat), Cash: s.Book.Balance(ledger.Account(seat)), OnTurn: s.onTurn(seat)}
		p.Holdings = s.holdings(seat, own)
		p.Worth = p.Cash
		for _, h := range p.Holdings {
			p.Worth += h.Value
		}
		if own || v.IsHost() { // a statement is for its player and the host
			p.Statement, p.Entries = s.statement(seat, own)
		}
		out.Players = append(out.Players, p)
		if own {
			out.Me = &MeView{Seat: seat, Name: p.Name, Cash: p.Cash, Holdings: p.Holdings, OnTurn: p.OnTurn,
				Worth: s.Book.NetWorth(ledger.Account(seat), s.Book.Prices(s.prices()))}
			if m := s.Merger; m != nil && len(m.Queue) > 0 && m.Queue[0] == seat {
				out.Me.Owe = s.waitingLine(seat)
			}
		}
	}
	if s.Merger != nil {
		out.Merger = s.mergerView(v.Seat)
	}
	out.Request = s.requestView()
	out.Meeting, out.Coup = s.meetingView(), s.coupShown()
	if out.Me != nil && out.Me.Owe == "" {
		out.Me.Owe = s.meetingOwes(v.Seat)
	}
	out.Table = s.tableView(v)
	if out.Table != nil && out.Me != nil && out.Me.Owe == "" {
		out.Me.Owe = s.owes(v.Seat)
	}
	if s.Final != nil && s.Over {
		out.Final = s.finalLines()
	}
	return out
}

func (s *State) companyView(id string) CompanyView {
	c := s.company(id)
	cv := CompanyView{ID: c.ID, Name: c.Name, Letter: c.Letter, Colour: c.Colour, Tier: c.Tier.String(), Active: c.Active,
		Bank: s.Held(-1, id), CEO: c.CEO, PriceWhy: s.PriceWhy(id)}
	if c.Active {
		cv.Size = s.Sizes().Size(id)
		cv.Price = s.Price(id)
		cv.Dividend = acquire.Dividend(cv.Price)
		cv.Safe = cv.Size >= acquire.SafeSize
		cv.CEOName = s.name(c.CEO)
	}
	return cv
}

// holdings lists a seat's shares; others see only the visible ones.
func (s *State) holdings(seat int, own bool) []Holding {
	hs := []Holding{}
	for _, c := range s.Companies {
		h := Holding{Company: c.ID, Name: c.Name, Letter: c.Letter, Colour: c.Colour, Active: c.Active, Visible: s.Visible(seat, c.ID)}
		if own {
			h.Hidden = s.HiddenOf(seat, c.ID)
		}
		if h.Visible+h.Hidden == 0 {
			continue
		}
		h.Value = (h.Visible + h.Hidden) * s.Price(c.ID)
		hs = append(hs, h)
	}
	return hs
}

// maxStatement bounds the lines a view carries per player (newest kept).
const maxStatement = 60

func (s *State) statement(seat int, own bool) ([]StatementLine, int) {
	lines := s.Book.Statement(ledger.Account(seat))
	total := len(lines)
	if len(lines) > maxStatement {
		lines = lines[len(lines)-maxStatement:]
	}
	out := make([]StatementLine, 0, len(lines))
	for i := len(lines) - 1; i >= 0; i-- { // newest first
		l := lines[i]
		sl := StatementLine{Seq: l.Seq, Reason: l.Reason, Cash: l.Cash, CashAfter: l.CashAfter, Shares: s.named(l.Shares)}
		if own {
			sl.SharesHeld = s.named(l.SharesHeld)
		}
		out = append(out, sl)
	}
	return out, total
}

// named re-keys share counts by company name.
func (s *State) named(m map[string]int) map[string]int {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]int, len(m))
	for id, n := range m {
		out[s.coName(id)] = n
	}
	return out
}

// mergerView is the merger as viewer sees it: the awaited holder's count and
// the shortcuts' amounts are the holder's own; others see the visible count
// and the shortcuts' names only (their amounts would count hidden shares).
func (s *State) mergerView(viewer int) *MergerView {
	m := s.Merger
	defunct := m.Defuncts[m.Current]
	mv := &MergerView{Survivor: s.companyView(m.Survivor), Defunct: s.companyView(defunct), Hostile: m.Hostile,
		Maker: s.name(m.Maker), Size: m.Size, Price: m.Price, Ratio: acquire.TradeRatio(m.Hostile),
		SalePrice: acquire.SalePriceWith(m.Price, s.bonusOptions(m.Hostile)), SurvivorSupply: s.Held(-1, m.Survivor),
		WaitingSeat: -1, NewSize: m.NewSize, Payouts: []PayoutView{}, Done: []DisposalView{}}
	c := s.company(defunct)
	mv.PriceWhy = fmt.Sprintf("%s size %d (chart row %s), %s: %s a share", c.Name, m.Size, acquire.SizeBand(max(m.Size, 2)), c.Tier, engine.Dollars(m.Price))
	for _, id := range m.Defuncts[m.Current+1:] {
		mv.Next = append(mv.Next, s.coName(id))
	}
	for _, p := range m.Payouts {
		mv.Payouts = append(mv.Payouts, PayoutView{Seat: p.Holder, Name: s.name(p.Holder), Shares: p.Shares, Amount: p.Amount, Kind: p.Kind, Why: p.Why})
	}
	for _, d := range m.Done {
		if viewer != d.Seat {
			d.Keep = s.shownKept(d.Seat, defunct, d.Keep)
		}
		mv.Done = append(mv.Done, DisposalView{Name: s.name(d.Seat), Disposal: d, Got: d.Trade / mv.Ratio})
	}
	if len(m.Queue) > 0 {
		mv.WaitingSeat = m.Queue[0]
		mv.WaitingName = s.name(m.Queue[0])
		own := viewer == m.Queue[0]
		mv.WaitingHeld = s.Visible(m.Queue[0], defunct)
		if own {
			mv.WaitingHeld = s.Held(m.Queue[0], defunct)
			mv.Advice = s.Advise(viewer)
		}
		for _, sc := range s.shortcuts(own) {
			d := sc.Disposal
			cv := ChoiceView{Choice: sc.ID, Label: sc.Label, Disposal: Disposal{Seat: d.Seat}}
			if own {
				cv.Disposal, cv.Cash, cv.Gets = d, d.Sell*mv.SalePrice, d.Trade/mv.Ratio
			}
			mv.Choices = append(mv.Choices, cv)
		}
	}
	return mv
}

// shownKept is how many of the shares a holder kept at a merger the table
// sees: kept shares that were hidden stay hidden (the holder's phone, which
// knows them, is given the whole count).
func (s *State) shownKept(seat int, defunct string, kept int) int {
	return max(0, kept-s.HiddenOf(seat, defunct))
}

func (s *State) finalLines() []FinalLine {
	f := s.Final
	best := 0
	lines := make([]FinalLine, len(s.Seats))
	for seat := range s.Seats {
		total := s.Book.Balance(ledger.Account(seat))
		lines[seat] = FinalLine{Seat: seat, Name: s.name(seat), Cash: f.Cash[seat], Bonus: f.Bonus[seat], Stock: f.Stock[seat], Total: total}
		best = max(best, total)
	}
	for i := range lines {
		lines[i].Winner = lines[i].Total == best
	}
	return lines
}

// Result is the final standings once the payout is made: most cash wins.
func (Rules) Result(st engine.State) (engine.Result, bool) {
	s := st.(*State)
	if !s.Over || s.Final == nil {
		return engine.Result{}, false
	}
	r := engine.Result{Start: engine.SeatPtr(0)} // bank mode's turn marker starts at the first seat
	if s.Table != nil && len(s.Table.First) > 0 {
		r.Start = s.firstSeat()
	}
	for _, l := range s.finalLines() {
		r.Scores = append(r.Scores, engine.Score{Seat: l.Seat, Points: l.Total, Winner: l.Winner,
			Breakdown: map[string]int{"cash": l.Cash, "bonuses": l.Bonus, "stock": l.Stock}})
	}
	return r, true
}

// Describe names a command's first event for the undo button.
func (Rules) Describe(st engine.State, e engine.Event) string {
	s := st.(*State)
	switch e.Type {
	case EvFounded:
		d := engine.Payload[foundedEv](e)
		return fmt.Sprintf("%s founded %s (size %d)", s.name(d.Founder), s.coName(d.Company), d.Size)
	case EvSized:
		d := engine.Payload[sizedEv](e)
		return fmt.Sprintf("%s size %d → %d", s.coName(d.Company), d.Was, d.Size)
	case EvBought, EvSold:
		d := engine.Payload[tradeEv](e)
		verb := "bought"
		if e.Type == EvSold {
			verb = "sold"
		}
		return fmt.Sprintf("%s %s %d %s (%s)", s.name(d.Seat), verb, d.Count, s.coName(d.Company), engine.Dollars(d.Count*d.Price))
	case EvHidden:
		d := engine.Payload[hiddenEv](e)
		return fmt.Sprintf("%s changed hidden %s shares", s.name(d.Seat), s.coName(d.Company))
	case EvDividends:
		d := engine.Payload[dividendsEv](e)
		if d.Double {
			return fmt.Sprintf("%s double dividends", s.coName(d.Company))
		}
		return fmt.Sprintf("%s dividends", s.coName(d.Company))
	case EvMergerStarted:
		d := engine.Payload[mergerEv](e)
		verb := "merger"
		if d.Hostile {
			verb = "takeover"
		}
		return fmt.Sprintf("%s %s of %s", s.coName(d.Survivor), verb, joinNames(s, d.Defuncts))
	case EvDisposed:
		d := engine.Payload[disposedEv](e)
		return fmt.Sprintf("%s: sell %d, trade %d, keep %d %s", s.name(d.Seat), d.Sell, d.Trade, s.shownKept(d.Seat, d.Defunct, d.Keep), s.coName(d.Defunct))
	case EvTurn:
		d := engine.Payload[turnEv](e)
		return fmt.Sprintf("turn marker to %s", s.name(d.Seat))
	case EvCEO:
		d := engine.Payload[companyEv](e)
		return fmt.Sprintf("%s CEO of %s", s.name(d.Seat), s.coName(d.Company))
	case EvDissolved:
		d := engine.Payload[companyEv](e)
		return fmt.Sprintf("%s dissolved", s.coName(d.Company))
	case EvTradeRequested, EvTradeConfirmed, EvTradeRejected:
		return s.describeRequest(e)
	case EvEnded:
		d := engine.Payload[endedEv](e)
		return "the final payout (" + endingName(d.Reason) + ")"
	}
	if d := s.describeTable(e); d != "" {
		return d
	}
	return e.Type
}

// joinNames lists companies by name: "Tower, Luxor".
func joinNames(s *State, ids []string) string {
	out := ""
	for i, id := range ids {
		if i > 0 {
			out += ", "
		}
		out += s.coName(id)
	}
	return out
}

// suggestMerger picks the largest active company and the next largest.
func (s *State) suggestMerger() (survivor, defunct string) {
	sizes := s.Sizes()
	big, next := -1, -1
	for _, c := range s.Companies {
		if !c.Active {
			continue
		}
		switch size := sizes.Size(c.ID); {
		case size > big:
			defunct, next = survivor, big
			survivor, big = c.ID, size
		case size > next:
			defunct, next = c.ID, size
		}
	}
	return survivor, defunct
}

// prices is every active company's price by ID.
func (s *State) prices() map[string]int {
	m := map[string]int{}
	for _, c := range s.Companies {
		if c.Active {
			m[c.ID] = s.Price(c.ID)
		}
	}
	return m
}

// onTurn says whether the table waits on seat's turn: in board mode the
// seat acting now (the one choosing during earnings) and nobody before the
// opening bell, when the table waits for the host.
func (s *State) onTurn(seat int) bool {
	if s.Over {
		return false
	}
	if t := s.Table; t != nil {
		return t.Phase != PhaseOpening && seat == t.acting()
	}
	return seat == s.Turn
}
