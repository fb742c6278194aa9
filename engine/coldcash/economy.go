package coldcash

import (
	"fmt"
	"sort"
	"strings"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
	"tableside/ledger"
)

// builder collects the events of one command, applying each to a private
// copy of the state so that the next decision sees its effect.
type builder struct {
	sim *State
	evs []engine.Event
}

func (s *State) build() *builder { return &builder{sim: s.clone()} }

func (b *builder) add(typ string, data any) {
	e := engine.NewEvent(typ, data)
	b.sim.evolve(e)
	b.evs = append(b.evs, e)
}

// one makes a single event after checking its ledger entry against the book.
func (s *State) one(typ string, data any) ([]engine.Event, error) {
	e := engine.NewEvent(typ, data)
	if reason, ts := s.transfers(e); len(ts) > 0 {
		if err := s.Book.Check(reason, ts...); err != nil {
			return nil, ledgerRefusal(err)
		}
	}
	return []engine.Event{e}, nil
}

func ledgerRefusal(err error) error {
	if r, ok := err.(*ledger.Refusal); ok {
		return engine.Refuse(r.Rule, "%s", r.Message)
	}
	return err
}

// open refuses economy commands once the game is over, or while a merger
// waits for a holder's decision.
func (s *State) open() error {
	if s.Over || s.Final != nil {
		return engine.Refuse("game-over", "The game is over: the final payout has been made.")
	}
	if s.Merger != nil {
		return engine.Refuse("merger-in-progress", "Finish the merger first. %s", s.Waiting())
	}
	return nil
}

func (s *State) seat(seat int) error {
	if seat < 0 || seat >= len(s.Seats) {
		return engine.Refuse("no-such-seat", "There is no player %d.", seat+1)
	}
	return nil
}

// active finds an active company, or refuses naming the rule.
func (s *State) active(id string) (*Company, error) {
	c := s.company(id)
	if c == nil {
		return nil, engine.Refuse("no-such-company", "There is no company %q.", id)
	}
	if !c.Active {
		return nil, engine.Refuse("inactive-company", "%s is not active: found it first.", c.Name)
	}
	return c, nil
}

// Found starts a company for its founder: CEO, one free share if the bank
// still has one. size is its size now (at least 2: one territory counts 2).
func (s *State) Found(id string, founder, size int) ([]engine.Event, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	c := s.company(id)
	if c == nil {
		return nil, engine.Refuse("no-such-company", "There is no company %q.", id)
	}
	if c.Active {
		return nil, engine.Refuse("already-active", "%s is already active.", c.Name)
	}
	if err := s.seat(founder); err != nil {
		return nil, err
	}
	if n := s.activeCount(); n >= MaxActive {
		return nil, engine.Refuse("max-six-active", "At most %d companies may be active at once; %d are.", MaxActive, n)
	}
	if size < acquire.MinSize {
		return nil, engine.Refuse("min-size", "A company is never smaller than size 2 (one territory counts as 2), not %d.", size)
	}
	return s.one(EvFounded, foundedEv{Company: id, Founder: founder, Size: size, Free: s.Held(-1, id) > 0})
}

// SetSize records a company's size typed in by hand (bank-only mode).
func (s *State) SetSize(id string, size int) ([]engine.Event, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	if s.Settings.Mode != ModeBank {
		return nil, engine.Refuse("sizes-from-board", "Sizes come from the board in this game.")
	}
	c, err := s.active(id)
	if err != nil {
		return nil, err
	}
	if err := sizeInRange(c.Name+"'s size", size); err != nil {
		return nil, err
	}
	if size < acquire.MinSize {
		return nil, engine.Refuse("min-size", "A company's size is at least %d (one territory counts as %d), not %d.", acquire.MinSize, acquire.MinSize, size)
	}
	if size == c.Size {
		return nil, engine.Refuse("same-size", "%s is already size %d.", c.Name, size)
	}
	return s.one(EvSized, sizedEv{Company: id, Size: size, Was: c.Size})
}

// turnOf refuses a seat that is not on turn, or that already took another
// action (buying, selling and a meeting are each a turn's one action).
func (s *State) turnOf(seat int, action string) error {
	if seat != s.Turn {
		return engine.Refuse("not-your-turn", "It is %s's turn, not %s's: the host moves the turn marker.", s.name(s.Turn), s.name(seat))
	}
	if s.Acted != "" && s.Acted != action {
		did := map[string]string{"buy": "chose to buy", "sell": "chose to sell", "meeting": "called a stockholders' meeting"}[s.Acted]
		return engine.Refuse("one-action", "%s already %s this turn: a turn has one action.", s.name(seat), did)
	}
	return nil
}

// canTrade checks what every buy and sell needs: the game is on, the seat
// exists, the company is active, and it is the seat's turn to trade (verb
// names the action in the refusal).
func (s *State) canTrade(seat int, id, verb string) (*Company, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	if err := s.seat(seat); err != nil {
		return nil, err
	}
	c, err := s.active(id)
	if err != nil {
		return nil, err
	}
	if err := s.turnOf(seat, verb); err != nil {
		return nil, err
	}
	return c, nil
}

// Buy sells count shares from the bank to a seat at the current price.
func (s *State) Buy(seat int, id string, count int) ([]engine.Event, error) {
	c, err := s.canTrade(seat, id, "buy")
	if err != nil {
		return nil, err
	}
	if count < 1 {
		return nil, engine.Refuse("positive-count", "Buy at least 1 share, not %d.", count)
	}
	if s.Bought+count > MaxBuy {
		return nil, engine.Refuse("max-three-shares", "A player buys at most %d shares a turn; %s has bought %d this turn.", MaxBuy, s.name(seat), s.Bought)
	}
	if left := s.Held(-1, id); count > left {
		return nil, engine.Refuse("bank-certificates", "The bank has only %d %s shares left.", left, c.Name)
	}
	price := s.Price(id)
	if cash := s.Book.Balance(ledger.Account(seat)); count*price > cash {
		return nil, engine.Refuse("cannot-afford", "%d %s cost %d x %s = %s; %s has %s.", count, c.Name, count, engine.Dollars(price), engine.Dollars(count*price), s.name(seat), engine.Dollars(cash))
	}
	return s.one(EvBought, tradeEv{Seat: seat, Company: id, Count: count, Price: price})
}

// Sell sells count of a seat's shares to the bank at the current price.
func (s *State) Sell(seat int, id string, count int) ([]engine.Event, error) {
	c, err := s.canTrade(seat, id, "sell")
	if err != nil {
		return nil, err
	}
	if count < 1 {
		return nil, engine.Refuse("positive-count", "Sell at least 1 share, not %d.", count)
	}
	if held := s.Held(seat, id); count > held {
		// The holder's own phone, or the host confirming its request, gets
		// this; it names no count, so hidden shares stay hidden.
		return nil, engine.Refuse("sell-what-you-hold", "%s does not hold %d %s shares.", s.name(seat), count, c.Name)
	}
	return s.one(EvSold, tradeEv{Seat: seat, Company: id, Count: count, Price: s.Price(id)})
}

// Hide sets how many of a seat's shares of a company are kept hidden: they
// earn no dividends and carry no votes.
func (s *State) Hide(seat int, id string, hidden int) ([]engine.Event, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	if err := s.seat(seat); err != nil {
		return nil, err
	}
	c := s.company(id)
	if c == nil {
		return nil, engine.Refuse("no-such-company", "There is no company %q.", id)
	}
	if held := s.Held(seat, id); hidden < 0 || hidden > held {
		return nil, engine.Refuse("hide-what-you-hold", "You hold %d %s shares: hide between 0 and %d.", held, c.Name, held)
	}
	if hidden == s.HiddenOf(seat, id) {
		return nil, engine.Refuse("nothing-to-change", "%d %s shares are hidden already.", hidden, c.Name)
	}
	return s.one(EvHidden, hiddenEv{Seat: seat, Company: id, Hidden: hidden})
}

// PayDividends pays every holder a tenth of the price per visible share;
// double (Downsize) pays twice that.
func (s *State) PayDividends(id string, double bool) ([]engine.Event, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	c, err := s.active(id)
	if err != nil {
		return nil, err
	}
	price := s.Price(id)
	per := acquire.Dividend(price)
	if double {
		per *= 2
	}
	d := dividendsEv{Company: id, Double: double, Size: s.Sizes().Size(id), Price: price, PerShare: per, Paid: []Pay{}}
	for seat := range s.Seats {
		if v := s.Visible(seat, id); v > 0 {
			d.Paid = append(d.Paid, Pay{Seat: seat, Shares: v, Amount: v * per})
		}
	}
	if len(d.Paid) == 0 {
		return nil, engine.Refuse("no-visible-holders", "Nobody holds visible %s shares: there is no dividend to pay.", c.Name)
	}
	return s.one(EvDividends, d)
}

// Merge absorbs the defunct companies into survivor: a friendly merger, or
// a hostile takeover (halved values). Bonuses for the first defunct company
// are paid at once; then its holders dispose of their shares in turn from
// the maker. newSize is the survivor's size afterwards (0: the sum of the
// sizes, plus the placed Mom & Pop for a friendly merger).
func (s *State) Merge(survivor string, defuncts []string, maker int, hostile bool, newSize int) ([]engine.Event, error) {
	order, newSize, err := s.checkMerge(survivor, defuncts, maker, hostile, newSize)
	if err != nil {
		return nil, err
	}
	b := s.build()
	b.add(EvMergerStarted, mergerEv{Survivor: survivor, Defuncts: order, Maker: maker, Hostile: hostile, NewSize: newSize})
	b.payBonuses()
	b.settle()
	return b.evs, nil
}

// checkMerge refuses a merger the rules do not allow, without building it
// (the move sheet asks it of every pair of companies); it returns the
// absorbed companies in the order they are handled and the survivor's new
// size.
func (s *State) checkMerge(survivor string, defuncts []string, maker int, hostile bool, newSize int) ([]string, int, error) {
	if err := s.open(); err != nil {
		return nil, 0, err
	}
	sv, err := s.active(survivor)
	if err != nil {
		return nil, 0, err
	}
	if err := s.seat(maker); err != nil {
		return nil, 0, err
	}
	if len(defuncts) == 0 {
		return nil, 0, engine.Refuse("no-defunct", "Name the company that %s absorbs.", sv.Name)
	}
	if hostile && len(defuncts) > 1 {
		return nil, 0, engine.Refuse("one-takeover-at-a-time", "A hostile takeover conquers one company's tower at a time.")
	}
	if hostile && sv.CEO != maker {
		return nil, 0, engine.Refuse("ceo-only-takeover", "Only %s's CEO can take over another company.", sv.Name)
	}
	sizes := s.Sizes()
	seen := map[string]bool{survivor: true}
	total := landOf(sizes.Size(survivor))
	for _, id := range defuncts {
		d, err := s.active(id)
		if err != nil {
			return nil, 0, err
		}
		if seen[id] {
			return nil, 0, engine.Refuse("distinct-companies", "%s cannot merge with itself.", d.Name)
		}
		seen[id] = true
		size := sizes.Size(id)
		total += landOf(size)
		if hostile {
			continue
		}
		if size >= acquire.SafeSize {
			return nil, 0, engine.Refuse("safe-company", "%s is size %d: a company of size %d or more is safe and cannot be absorbed.", d.Name, size, acquire.SafeSize)
		}
		if size > sizes.Size(survivor) {
			return nil, 0, engine.Refuse("survivor-larger", "%s (size %d) is larger than %s (size %d): the larger company survives.", d.Name, size, sv.Name, sizes.Size(survivor))
		}
	}
	if newSize == 0 {
		newSize = total
		if !hostile {
			newSize++ // the Mom & Pop that joined them
		}
		newSize = max(newSize, acquire.MinSize)
	}
	if err := sizeInRange("The survivor's new size", newSize); err != nil {
		return nil, 0, err
	}
	if newSize < acquire.MinSize {
		return nil, 0, engine.Refuse("min-size", "The survivor's new size must be at least %d, not %d.", acquire.MinSize, newSize)
	}
	order := append([]string(nil), defuncts...)
	// Largest first; equal sizes keep the maker's order.
	sort.SliceStable(order, func(i, j int) bool { return sizes.Size(order[i]) > sizes.Size(order[j]) })
	return order, newSize, nil
}

// payBonuses pays the current defunct company's bonuses and lines up its
// holders, from the maker clockwise.
func (b *builder) payBonuses() {
	s := b.sim
	m := s.Merger
	id := m.Defuncts[m.Current]
	size := s.Sizes().Size(id)
	price := s.Price(id)
	payouts := acquire.BonusesWith(price, s.bonusHoldings(id), s.bonusOptions(m.Hostile))
	queue := []int{}
	for i := range s.Seats {
		seat := (m.Maker + i) % len(s.Seats)
		if s.Held(seat, id) > 0 {
			queue = append(queue, seat)
		}
	}
	if payouts == nil {
		payouts = []acquire.Payout{}
	}
	b.add(EvBonuses, bonusesEv{Defunct: id, Size: size, Price: price, Payouts: payouts, Queue: queue})
}

// settle closes the current defunct company once nobody is left to decide,
// moves to the next, and ends the merger after the last.
func (b *builder) settle() {
	for {
		m := b.sim.Merger
		if m == nil || len(m.Queue) > 0 {
			return
		}
		b.add(EvClosed, companyEv{Company: m.Defuncts[m.Current]})
		if b.sim.Merger.Current < len(m.Defuncts) {
			b.payBonuses()
			continue
		}
		b.add(EvMergerDone, nil)
	}
}

// Choices are the disposal shortcuts a phone offers.
const (
	ChoiceSellAll  = "sell-all"
	ChoiceTradeMax = "trade-max"
	ChoiceKeepAll  = "keep-all"
)

// DisposalFor works out a shortcut for the awaited holder: sell all, trade
// as many as the bank's survivor shares allow (keeping the odd ones), or
// keep all.
func (s *State) DisposalFor(choice string) (Disposal, error) {
	m := s.Merger
	if m == nil || len(m.Queue) == 0 {
		return Disposal{}, engine.Refuse("no-merger", "No merger is waiting for a decision.")
	}
	seat := m.Queue[0]
	held := s.Held(seat, m.Defuncts[m.Current])
	d := Disposal{Seat: seat}
	switch choice {
	case ChoiceSellAll:
		d.Sell = held
	case ChoiceKeepAll:
		d.Keep = held
	case ChoiceTradeMax:
		r := acquire.TradeRatio(m.Hostile)
		d.Trade = min(held/r, s.Held(-1, m.Survivor)) * r
		d.Keep = held - d.Trade
	default:
		return Disposal{}, engine.Refuse("unknown-choice", "Choose sell-all, trade-max or keep-all, not %q.", choice)
	}
	return d, nil
}

// Dispose records the awaited holder's decision for their defunct shares:
// how many to sell, trade and keep (together, every share they hold).
func (s *State) Dispose(d Disposal) ([]engine.Event, error) {
	if s.Over {
		return nil, engine.Refuse("game-over", "The game is over.")
	}
	m := s.Merger
	if m == nil || len(m.Queue) == 0 {
		return nil, engine.Refuse("no-merger", "No merger is waiting for a decision.")
	}
	if d.Seat != m.Queue[0] {
		return nil, engine.Refuse("not-your-decision", "%s", s.Waiting())
	}
	defunct := m.Defuncts[m.Current]
	held := s.Held(d.Seat, defunct)
	if d.Sell < 0 || d.Trade < 0 || d.Keep < 0 {
		return nil, engine.Refuse("positive-count", "Counts cannot be negative.")
	}
	if d.Sell+d.Trade+d.Keep != held {
		return nil, engine.Refuse("dispose-every-share", "%s holds %d %s: sell, trade and keep must add up to %d, not %d.", s.name(d.Seat), held, s.coName(defunct), held, d.Sell+d.Trade+d.Keep)
	}
	ratio := acquire.TradeRatio(m.Hostile)
	if d.Trade%ratio != 0 {
		return nil, engine.Refuse("trade-ratio", "Trades go %d %s for 1 %s: trade a multiple of %d.", ratio, s.coName(defunct), s.coName(m.Survivor), ratio)
	}
	if bank := s.Held(-1, m.Survivor); d.Trade/ratio > bank {
		if bank == 0 {
			return nil, engine.Refuse("bank-survivor-shares", "The bank has no %s shares left: trading is closed; sell or keep.", s.coName(m.Survivor))
		}
		return nil, engine.Refuse("bank-survivor-shares", "The bank has only %d %s shares: trade at most %d %s.", bank, s.coName(m.Survivor), bank*ratio, s.coName(defunct))
	}
	ev := disposedEv{Disposal: d, Defunct: defunct, Survivor: m.Survivor, SalePrice: acquire.SalePriceWith(m.Price, s.bonusOptions(m.Hostile)), Ratio: ratio}
	if reason, ts := s.transfers(engine.NewEvent(EvDisposed, ev)); len(ts) > 0 {
		if err := s.Book.Check(reason, ts...); err != nil {
			return nil, ledgerRefusal(err)
		}
	}
	b := s.build()
	b.add(EvDisposed, ev)
	b.settle()
	return b.evs, nil
}

// Waiting says what the table waits for during a merger ("Waiting for Ana:
// keep, sell or trade 4 Luxor"); empty when nothing. It is the table's
// line: it counts only visible shares (see disposalText).
func (s *State) Waiting() string { return s.waitingLine(engine.Public) }

// waitingLine is Waiting as viewer may read it: the awaited holder's own
// phone counts their hidden shares too.
func (s *State) waitingLine(viewer int) string {
	m := s.Merger
	if s.Table == nil && s.Meeting != nil { // board mode says it in Where
		return s.meetingWhere()
	}
	if m == nil || len(m.Queue) == 0 {
		return ""
	}
	seat := m.Queue[0]
	return fmt.Sprintf("Waiting for %s: %s.", s.name(seat), s.disposalText(seat, m.Defuncts[m.Current], viewer == seat))
}

// disposalText says what a holder decides at a merger. Anyone but the
// holder reads the visible shares only, and no number when none are
// visible, so the words depend on nothing hidden.
func (s *State) disposalText(seat int, id string, own bool) string {
	if own {
		return fmt.Sprintf("keep, sell or trade %d %s", s.Held(seat, id), s.coName(id))
	}
	if v := s.Visible(seat, id); v > 0 {
		return fmt.Sprintf("keep, sell or trade %d %s", v, s.coName(id))
	}
	return fmt.Sprintf("keep, sell or trade their %s shares", s.coName(id))
}

// NextTurn moves the turn marker to seat (or the next seat clockwise when
// seat is -1), which resets the buy limit.
func (s *State) NextTurn(seat int) ([]engine.Event, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	if seat == -1 {
		seat = (s.Turn + 1) % len(s.Seats)
	}
	if err := s.seat(seat); err != nil {
		return nil, err
	}
	return s.one(EvTurn, turnEv{Seat: seat, TurnNo: s.TurnNo + 1})
}

// Dissolve removes a company by hand (bank-only mode): it leaves play and
// its holders keep their shares, worth nothing unless it is founded again.
func (s *State) Dissolve(id string) ([]engine.Event, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	if s.Settings.Mode != ModeBank {
		return nil, engine.Refuse("sizes-from-board", "Companies leave play on the board in this game.")
	}
	if _, err := s.active(id); err != nil {
		return nil, err
	}
	return s.one(EvDissolved, companyEv{Company: id})
}

// Ending reasons: the closing bell (a company of size 22+, or every active
// company safe) or one of the rulebook's alternate endings.
const (
	EndClosingBell = "closing-bell"
	EndShort       = "short"
	EndLong        = "long"
)

// CanEnd reports whether the closing bell may ring, and why or why not
// (board.ClosingBell's rule over the active companies).
func (s *State) CanEnd() (bool, string) {
	sizes := s.Sizes()
	var inPlay []board.Sized
	for _, c := range s.Companies {
		if c.Active {
			inPlay = append(inPlay, board.Sized{Name: c.Name, Size: sizes.Size(c.ID)})
		}
	}
	return board.ClosingBell(inPlay)
}

// End makes the final payout: bonuses for every active company, then every
// share of an active company sold at its price. Most cash wins.
func (s *State) End(reason string) ([]engine.Event, error) {
	if err := s.open(); err != nil {
		return nil, err
	}
	switch reason {
	case EndClosingBell, "":
		reason = EndClosingBell
		if err := board.RefuseClosing(s.CanEnd()); err != nil {
			return nil, err
		}
	case EndShort, EndLong:
	default:
		return nil, engine.Refuse("unknown-ending", "End with closing-bell, short or long, not %q.", reason)
	}
	b := s.build()
	b.add(EvEnded, endedEv{Reason: reason})
	var sales []tradeEv
	for _, c := range s.Companies {
		if !c.Active {
			continue
		}
		price := s.Price(c.ID)
		if ps := acquire.BonusesWith(price, s.bonusHoldings(c.ID), acquire.Options{}); len(ps) > 0 {
			b.add(EvFinalBonuses, finalBonusesEv{Company: c.ID, Size: s.Sizes().Size(c.ID), Price: price, Payouts: ps})
		}
		for seat := range s.Seats {
			if n := s.Held(seat, c.ID); n > 0 {
				sales = append(sales, tradeEv{Seat: seat, Company: c.ID, Count: n, Price: price})
			}
		}
	}
	for _, t := range sales {
		b.add(EvFinalSale, t)
	}
	b.add(EvOver, nil)
	return b.evs, nil
}

// endingName is an ending for people.
func endingName(reason string) string {
	return strings.NewReplacer(EndClosingBell, "the closing bell", EndShort, "the short game (last card played)", EndLong, "the long game (one company holds the map)").Replace(reason)
}

// landOf is how many territories a bank-mode company of a typed size
// holds: one territory counts as size 2 while it is the company's whole
// land, so a size-2 company brings one territory to a merger, not two
// (size 2 + size 8 + the Mom & Pop is 10, not 11).
func landOf(size int) int {
	if size == acquire.MinSize {
		return 1
	}
	return size
}
