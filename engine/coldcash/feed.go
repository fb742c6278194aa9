package coldcash

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/risk"
)

// Feed is Cold Cash Risk's engine.Feeder. It is called with the state just
// after e: money events carry every number they moved, and the board's
// own narration (Table.Log) says what happened on the map. Each player
// reads their money in their own words; hidden share counts appear only in
// the holder's lines.
func (Rules) Feed(st engine.State, e engine.Event) []engine.Line {
	s := st.(*State)
	var ls engine.Lines
	s.feedBank(&ls, e)
	if t := s.Table; t != nil {
		if e.Type != EvTBattle { // a battle's line is the ticker's (feedBattle)
			for _, l := range t.Log[len(t.Log)-min(t.news, len(t.Log)):] {
				if l != s.meetingNews { // the meeting's line: feedMeetingNews
					ls.Public(l, "")
				}
			}
		}
		s.feedBattle(&ls, e)
	}
	s.feedMeetingNews(&ls, e)
	s.feedMeeting(&ls, e)
	return ls
}

// feedMeetingNews says a stockholders' meeting's event to the table, the
// same in both modes. The call, a declined nomination and the result are
// the ticker's (they may change who runs a company); the acceptance and
// each ballot stay on the host's feed, as the TV's coup card shows them.
func (s *State) feedMeetingNews(ls *engine.Lines, e engine.Event) {
	switch {
	case s.meetingNews == "":
	case e.Type == EvTMeeting || e.Type == EvTMeetingDone || e.Type == EvTAccepted && s.Meeting == nil:
		ls.Tick(s.meetingNews, "")
	default:
		ls.Public(s.meetingNews, "")
	}
}

// feedBank says what a bank event did, to the table and to each player it
// paid or charged.
func (s *State) feedBank(ls *engine.Lines, e engine.Event) {
	switch e.Type {
	case EvFounded:
		d := engine.Payload[foundedEv](e)
		if s.Table == nil {
			ls.Public(fmt.Sprintf("%s founded %s at size %d.", s.name(d.Founder), s.coName(d.Company), d.Size), "")
		}
		if d.Free {
			ls.Seat(d.Founder, 0, fmt.Sprintf("1 free %s share: you founded it", s.coName(d.Company)),
				"The founder of a company gets one share from the bank for nothing, while the bank has one.")
		}
	case EvBought, EvSold:
		s.feedTrade(ls, e)
	case EvHidden:
		d := engine.Payload[hiddenEv](e)
		ls.Public(fmt.Sprintf("%s changed how many %s shares they hide.", s.name(d.Seat), s.coName(d.Company)), "")
		ls.Seat(d.Seat, 0, fmt.Sprintf("You now hide %d of your %d %s shares", d.Hidden, s.Held(d.Seat, d.Company), s.coName(d.Company)),
			"Hidden shares earn no dividends and the table does not see them.")
	case EvDividends:
		s.feedDividends(ls, e)
	case EvMergerStarted:
		d := engine.Payload[mergerEv](e)
		verb := "merges with"
		if d.Hostile {
			verb = "takes over"
		}
		ls.Public(fmt.Sprintf("%s %s %s.", s.coName(d.Survivor), verb, joinNames(s, d.Defuncts)), "")
	case EvBonuses, EvFinalBonuses:
		s.feedBonuses(ls, e)
	case EvDisposed:
		s.feedDisposed(ls, e)
	case EvCEO:
		d := engine.Payload[companyEv](e)
		ls.Public(fmt.Sprintf("%s is now CEO of %s.", s.name(d.Seat), s.coName(d.Company)), "")
	case EvDissolved:
		d := engine.Payload[companyEv](e)
		ls.Public(fmt.Sprintf("%s was dissolved.", s.coName(d.Company)), "")
	case EvEnded:
		d := engine.Payload[endedEv](e)
		ls.Public("The game ends: "+endingName(d.Reason)+". Final bonuses and the sale of every share follow.", "")
	case EvFinalSale:
		d := engine.Payload[tradeEv](e)
		ls.Tick(fmt.Sprintf("%s sold %d %s at %s in the final sale.", s.name(d.Seat), d.Count, s.coName(d.Company), engine.Dollars(d.Price)), "")
		ls.Seat(d.Seat, d.Count*d.Price, fmt.Sprintf("%s final sale of %d %s", engine.Signed(d.Count*d.Price), d.Count, s.coName(d.Company)),
			fmt.Sprintf("At the end every share goes back to the bank at its company's price: %d × %s = %s.", d.Count, engine.Dollars(d.Price), engine.Dollars(d.Count*d.Price)))
	case EvOver:
		// What the final payout did: the winner card says the game is over, once.
		ls.Public("The final payout is made: every bonus paid, every share sold.", "")
	}
}

func (s *State) feedTrade(ls *engine.Lines, e engine.Event) {
	d := engine.Payload[tradeEv](e)
	total, verb, cash := d.Count*d.Price, "bought", -d.Count*d.Price
	if e.Type == EvSold {
		verb, cash = "sold", total
	}
	ls.Tick(fmt.Sprintf("%s %s %d %s for %s.", s.name(d.Seat), verb, d.Count, s.coName(d.Company), engine.Dollars(total)), "")
	ls.Seat(d.Seat, cash, fmt.Sprintf("%s %s %d %s at %s", engine.Signed(cash), verb, d.Count, s.coName(d.Company), engine.Dollars(d.Price)),
		fmt.Sprintf("%d × %s, the price of %s at its size then, = %s.", d.Count, engine.Dollars(d.Price), s.coName(d.Company), engine.Dollars(total)))
}

func (s *State) feedDividends(ls *engine.Lines, e engine.Event) {
	d := engine.Payload[dividendsEv](e)
	kind := "dividend"
	if d.Double {
		kind = "double dividend"
	}
	ls.Tick(fmt.Sprintf("%s paid a %s: %s a visible share.", s.coName(d.Company), kind, engine.Dollars(d.PerShare)), "")
	for _, p := range d.Paid {
		why := fmt.Sprintf("%s pays %s a visible share (a tenth of its %s price", s.coName(d.Company), engine.Dollars(d.PerShare), engine.Dollars(d.Price))
		if d.Double {
			why += ", doubled as it downsized"
		}
		why += fmt.Sprintf("); you showed %d: %d × %s = %s. Hidden shares earn nothing.", p.Shares, p.Shares, engine.Dollars(d.PerShare), engine.Dollars(p.Amount))
		ls.Seat(p.Seat, p.Amount, fmt.Sprintf("%s %s %s", engine.Signed(p.Amount), s.coName(d.Company), kind), why)
	}
}

// feedBonuses tells each holder paid at a merger (or at the end) their
// bonus, with acquire's own explanation of the tie rules.
func (s *State) feedBonuses(ls *engine.Lines, e engine.Event) {
	var company, headline string
	var payouts []acquire.Payout
	if e.Type == EvBonuses {
		d := engine.Payload[bonusesEv](e)
		company, payouts = d.Defunct, d.Payouts
		took := "took"
		if s.Merger != nil {
			if s.Merger.Hostile {
				took = "took over"
			}
			headline = fmt.Sprintf("%s %s %s", s.coName(s.Merger.Survivor), took, s.coName(company))
		}
	} else {
		d := engine.Payload[finalBonusesEv](e)
		company, payouts = d.Company, d.Payouts
		headline = "the final payout of " + s.coName(company)
	}
	for _, p := range payouts {
		ls.Tick(fmt.Sprintf("%s: %s %s bonus in %s.", s.name(p.Holder), engine.Dollars(p.Amount), p.Kind, s.coName(company)), "")
		ls.Seat(p.Holder, p.Amount, fmt.Sprintf("%s %s bonus: %s; you held %d %s", engine.Signed(p.Amount), p.Kind, headline, p.Shares, s.coName(company)), p.Why)
	}
}

func (s *State) feedDisposed(ls *engine.Lines, e engine.Event) {
	d := engine.Payload[disposedEv](e)
	ratio := max(d.Ratio, 1)
	got := d.Trade / ratio
	ls.Tick(fmt.Sprintf("%s sold %d, traded %d and kept %d %s.", s.name(d.Seat), d.Sell, d.Trade, s.shownKept(d.Seat, d.Defunct, d.Keep), s.coName(d.Defunct)), "")
	why := fmt.Sprintf("Sold %d × %s = %s; traded %d %s for %d %s (%d for 1); kept %d.", d.Sell, engine.Dollars(d.SalePrice),
		engine.Dollars(d.Sell*d.SalePrice), d.Trade, s.coName(d.Defunct), got, s.coName(d.Survivor), ratio, d.Keep)
	ls.Seat(d.Seat, d.Sell*d.SalePrice, fmt.Sprintf("%s for %d %s; %d %s traded for %d %s; %d kept", engine.Signed(d.Sell*d.SalePrice), d.Sell,
		s.coName(d.Defunct), d.Trade, s.coName(d.Defunct), got, s.coName(d.Survivor), d.Keep), why)
}

// feedBattle tells the table a battle of a hostile takeover in one line
// (the ticker's: who attacked whom where, the losses, taken or held) and the
// CEO whose company was attacked what it cost them.
func (s *State) feedBattle(ls *engine.Lines, e engine.Event) {
	if e.Type != EvTBattle {
		return
	}
	d := engine.Payload[tBattleEv](e)
	att, def := "a company", "the Mom & Pop"
	if last := s.Table.Last; last != nil {
		att = s.coName(last.Attacker)
		if last.Defender != "" {
			def = s.coName(last.Defender)
		}
	}
	text := fmt.Sprintf("%s attacked %s in %s; it held (lost %d v %d).", att, def, terr(d.Losses.To), d.Losses.AttackerLost, d.Losses.DefenderLost)
	if s.Table.Last != nil && s.Table.Last.Taken {
		text = fmt.Sprintf("%s took %s from %s (lost %d v %d).", att, terr(d.Losses.To), def, d.Losses.AttackerLost, d.Losses.DefenderLost)
	}
	ls.Tick(text, fmt.Sprintf("From %s. Each pair of dice compared removes one team from the lower side; the defender wins ties.", terr(d.Losses.From)))
	land, ok := s.Table.Board.Land[d.Losses.To]
	if !ok || land.Corp == "" {
		return
	}
	c := s.company(land.Corp)
	if c == nil || c.CEO < 0 {
		return
	}
	ls.Seat(c.CEO, 0, fmt.Sprintf("Your %s was attacked in %s from %s: you lost %d, they lost %d%s", c.Name, terr(d.Losses.To), terr(d.Losses.From),
		d.Losses.DefenderLost, d.Losses.AttackerLost, risk.DefenderOdds(d.Losses.Rolls)), "Each pair of dice compared removes one team from the lower side; the defender wins ties.")
}

// Highlights names the game's moments for its record: the merger that paid
// the most in bonuses, and every stockholders' meeting's vote, in order.
func (Rules) Highlights(st engine.State) []string {
	s := st.(*State)
	var out []string
	if b := s.Biggest; b != nil {
		verb := "took"
		if b.Hostile {
			verb = "took over"
		}
		out = append(out, fmt.Sprintf("Biggest merger: %s %s %s (size %d), %s in bonuses.", s.coName(b.Survivor), verb, s.coName(b.Defunct), b.Size, engine.Dollars(b.Bonuses)))
	}
	for _, c := range s.Coups {
		if c.Elected {
			out = append(out, fmt.Sprintf("A coup: %s was elected CEO of %s over %s, %d shares to %d.", s.name(c.Nominee), s.coName(c.Company), s.name(c.Incumbent), c.For, c.Against))
		} else {
			out = append(out, fmt.Sprintf("A coup that failed: %s stayed CEO of %s against %s, %d shares to %d.", s.name(c.Incumbent), s.coName(c.Company), s.name(c.Nominee), c.Against, c.For))
		}
	}
	return out
}

// feedMeeting tells every phone the meeting's result in its own words: the
// new CEO, the CEO voted out, and everyone else. The feed reads the state
// after the tally, before the new CEO takes office, so the company's CEO is
// still the incumbent.
func (s *State) feedMeeting(ls *engine.Lines, e engine.Event) {
	if e.Type != EvTMeetingDone {
		return
	}
	d := engine.Payload[tMeetingDoneEv](e)
	if d.Company == "" {
		return
	}
	co, incumbent := s.coName(d.Company), s.ceoOf(d.Company)
	score := fmt.Sprintf("%d shares to %d", d.For, d.Against)
	why := "Every visible share votes; more shares for than against elects the nominee, and a tie keeps the CEO in office."
	for seat := range s.Seats {
		var text string
		switch {
		case d.Elected && seat == d.Nominee:
			text = fmt.Sprintf("You are now CEO of %s: elected %s", co, score)
		case d.Elected && seat == incumbent:
			text = fmt.Sprintf("You are no longer CEO of %s: %s was elected %s", co, s.name(d.Nominee), score)
		case d.Elected:
			text = fmt.Sprintf("%s is now CEO of %s, elected %s; %s is out", s.name(d.Nominee), co, score, s.name(incumbent))
		case seat == incumbent:
			text = fmt.Sprintf("You stay CEO of %s: the vote on %s failed %s", co, s.name(d.Nominee), score)
		default:
			text = fmt.Sprintf("The vote on %s as CEO of %s failed %s: %s stays CEO", s.name(d.Nominee), co, score, s.name(incumbent))
		}
		ls.Seat(seat, 0, text, why)
	}
}
