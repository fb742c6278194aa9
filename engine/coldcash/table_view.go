package coldcash

import (
	"fmt"
	"sort"

	"tableside/engine"
	"tableside/engine/coldcash/board"
)

// TableView is the board as one screen may see it: everything on the map is
// public; a hand is shown only to its own seat.
type TableView struct {
	Phase       string          `json:"phase"`
	Step        string          `json:"step"`
	Cycle       int             `json:"cycle"`
	Acting      int             `json:"acting"`
	ActingName  string          `json:"actingName"`
	Where       string          `json:"where"`
	Order       []string        `json:"order"`
	Territories []TerritoryView `json:"territories"`
	Sizes       []SizeView      `json:"sizes"`
	Placed      string          `json:"placed,omitempty"`
	Action      string          `json:"action,omitempty"`  // the turn's action once chosen
	Options     *board.Options  `json:"options,omitempty"` // the outcome step's choices
	Hand        []CardView      `json:"hand,omitempty"`    // the viewer's own cards
	HandSizes   []int           `json:"handSizes,omitempty"`
	Pile        int             `json:"pile"`
	AppDeck     bool            `json:"appDeck"`
	Proposal    *Proposal       `json:"proposal,omitempty"`
	Defence     *Defence        `json:"defence,omitempty"` // an attack waiting for the defending CEO's dice
	Takeover    *board.Takeover `json:"takeover,omitempty"`
	Last        *LastBattle     `json:"last,omitempty"`    // the newest battle of a hostile takeover
	Pending     []string        `json:"pending,omitempty"` // earnings: companies still to act
	MayClose    bool            `json:"mayClose"`
	MayCloseWhy string          `json:"mayCloseWhy"`
	Ending      board.Ending    `json:"ending"`
	Log         []string        `json:"log"`
	NoMore      []bool          `json:"noMore"`
}

// TerritoryView is one territory on the map.
type TerritoryView struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	Continent string `json:"continent"`
	State     string `json:"state"` // empty, mompop, corp
	Company   string `json:"company,omitempty"`
	Letter    string `json:"letter,omitempty"`
	Colour    string `json:"colour,omitempty"`
	Teams     int    `json:"teams"`
	Tower     bool   `json:"tower"`
}

// SizeView is an active company's size and hire with their arithmetic.
type SizeView struct {
	Company string `json:"company"`
	Name    string `json:"name"`
	Size    int    `json:"size"`
	SizeWhy string `json:"sizeWhy"`
	Hire    int    `json:"hire"`
	HireWhy string `json:"hireWhy"`
	Teams   int    `json:"teams"`
	Tower   string `json:"tower"`
}

// CardView is a territory card in a hand.
type CardView struct {
	Card   string `json:"card"`
	Name   string `json:"name"`
	Usable bool   `json:"usable"`
}

// tableView builds the board part of a view.
func (s *State) tableView(v engine.Viewer) *TableView {
	t := s.Table
	if t == nil {
		return nil
	}
	g := geo()
	tv := &TableView{Phase: t.Phase, Step: t.Step, Cycle: t.Cycle, Acting: t.acting(), ActingName: s.name(t.acting()),
		Where: s.Where(), Placed: t.Placed, Action: t.Action, AppDeck: s.Settings.BoardSettings.Deck == DeckApp, Proposal: t.Proposal, Defence: t.Defence,
		Takeover: t.Takeover, Last: t.Last, Ending: s.Settings.BoardSettings.Ending, Log: t.Log, NoMore: t.NoMore}
	for _, seat := range t.Order {
		tv.Order = append(tv.Order, s.name(seat))
	}
	for _, id := range g.Territories() {
		tv.Territories = append(tv.Territories, s.territoryView(id))
	}
	sort.Slice(tv.Territories, func(i, j int) bool { return tv.Territories[i].Name < tv.Territories[j].Name })
	for _, c := range t.Board.Active() {
		sz := board.SizeOf(g, t.Board, c)
		h := board.HireFor(g, t.Board, c, s.Settings.BoardSettings.ClassicMin)
		tv.Sizes = append(tv.Sizes, SizeView{Company: c, Name: s.coName(c), Size: sz.Size, SizeWhy: sz.Why,
			Hire: h.Teams, HireWhy: h.Why, Teams: t.Board.Teams(c), Tower: g.Name(t.Board.Towers[c])})
	}
	if t.Phase == PhaseActivity && t.Step == StepOutcome && t.Proposal == nil {
		o := board.OptionsAt(g, t.Board, t.Placed)
		tv.Options = &o
	}
	if t.Deck != nil {
		tv.Pile = len(t.Deck.Pile)
		for _, h := range t.Deck.Hands {
			tv.HandSizes = append(tv.HandSizes, len(h))
		}
		if v.Seat >= 0 && v.Seat < len(t.Deck.Hands) {
			for _, c := range t.Deck.Hands[v.Seat] {
				tv.Hand = append(tv.Hand, CardView{Card: c, Name: board.CardName(g, c), Usable: board.Fits(g, t.Board, c)})
			}
		}
	}
	if t.Phase == PhaseEarnings {
		tv.Pending = s.pendingEarnings()
	}
	tv.MayClose, tv.MayCloseWhy = board.MayClose(g, t.Board, s.coName)
	return tv
}

func (s *State) territoryView(id string) TerritoryView {
	g := geo()
	t := s.Table
	tv := TerritoryView{ID: id, Name: g.Name(id), Continent: g.ContinentOf(id), State: "empty"}
	h, ok := t.Board.Land[id]
	switch {
	case !ok:
	case h.IsMomPop():
		tv.State, tv.Teams = "mompop", h.Teams
	default:
		tv.State, tv.Company, tv.Teams = "corp", h.Corp, h.Teams
		if c := s.company(h.Corp); c != nil {
			tv.Letter, tv.Colour = c.Letter, c.Colour
		}
		tv.Tower = t.Board.Towers[h.Corp] == id
	}
	return tv
}

// owes says what a seat must decide now in board mode, for its phone.
func (s *State) owes(seat int) string {
	t := s.Table
	switch {
	case t.Proposal != nil:
		for _, c := range t.Proposal.Waiting {
			if s.ceoOf(c) == seat {
				return "Agree or refuse the merger of " + s.coName(c) + "."
			}
		}
	case t.Defence != nil && s.ceoOf(t.Defence.Corp) == seat:
		return "Choose how many dice defend " + terr(t.Defence.To) + " for " + s.coName(t.Defence.Corp) + "."
	case s.Meeting != nil:
		return s.meetingOwes(seat)
	case t.acting() == seat && t.Phase != PhaseOpening && !s.Over:
		return s.Where()
	}
	return ""
}

// Waiting tells every screen what the table waits for (engine.Waiter): the
// holder deciding on defunct shares, the CEOs asked to consent, the nominee,
// the voters, or the player acting in board mode.
func (Rules) Waiting(st engine.State) (engine.Waiting, bool) {
	s := st.(*State)
	if s.Over {
		return engine.Waiting{}, false
	}
	if r := s.requestView(); r != nil {
		return engine.Waiting{Seats: []int{}, Text: fmt.Sprintf("confirm or reject %s's request to %s %d %s", r.Name, r.Type, r.Count, r.CompanyName), Decision: "trade.confirm"}, true
	}
	if m := s.Merger; m != nil && len(m.Queue) > 0 {
		seat := m.Queue[0]
		id := m.Defuncts[m.Current]
		return engine.Waiting{Seats: []int{seat}, Text: s.disposalText(seat, id, false), Decision: "merger.dispose"}, true
	}
	if w, ok := s.meetingWaiting(); ok {
		return w, true
	}
	t := s.Table
	if t == nil {
		return engine.Waiting{}, false
	}
	switch {
	case t.Phase == PhaseOpening:
		return engine.Waiting{Seats: []int{}, Text: "ring the opening bell"}, true
	case t.Defence != nil:
		return engine.Waiting{Seats: []int{s.ceoOf(t.Defence.Corp)}, Text: s.defenceText(), Decision: "takeover.defend"}, true
	case t.Proposal != nil:
		var seats []int
		for _, c := range t.Proposal.Waiting {
			seats = append(seats, s.ceoOf(c))
		}
		return engine.Waiting{Seats: seats, Text: "agree to or refuse the merger through " + terr(t.Proposal.Merger.At), Decision: "merger.consent"}, true
	}
	text := map[string]string{StepPlace: "place a Mom & Pop", StepOutcome: "found, absorb, merge or leave the Mom & Pop in " + terr(t.Placed),
		StepAction: s.actionWait()}[t.Step]
	switch {
	case t.Takeover != nil:
		text = "attack, move teams in, make the free move or end the hostile takeover"
	case t.Phase == PhaseEarnings:
		text = "choose each company's earnings: restructure, hire, dividends or downsize"
	}
	return engine.Waiting{Seats: []int{t.acting()}, Text: text}, true
}

// actionWait says what the table waits for in the action step as it
// stands (actionText's words for the others): once the action is taken,
// only what is left of it.
func (s *State) actionWait() string {
	switch {
	case s.Table.Action == "" && s.Acted == "":
		return "buy, sell, call a meeting, take over or pass, then take a card"
	case s.Acted == "buy" && s.Bought < MaxBuy:
		return "buy more, or take a card"
	}
	return "take a card"
}
