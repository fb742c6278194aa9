// Package coldcash is Cold Cash Risk's bank: cash and stock, founding,
// buying and selling, dividends, friendly mergers and hostile takeovers with
// Acquire's bonuses and disposal round, hidden shares, and the final payout.
//
// The economy does not care where company sizes come from. In bank-only mode
// (Settings.Mode "bank") the host types them in; in board mode a board
// tracker will supply them through [State.Sizes]. Either way the same
// functions decide what the money does: [State.Found], [State.Merge],
// [State.PayDividends], [State.Buy], [State.Sell], [State.Dispose],
// [State.End]. Each returns the events that follow, and never changes the
// state: the tracker applies the events through Evolve.
package coldcash

import (
	"fmt"
	"maps"
	"slices"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
	"tableside/ledger"
)

// Settings are chosen when a game starts; docs/coldcash-settings.md lists them.
type Settings struct {
	Names           acquire.NameSet `json:"names"`               // classic (default), 1999, 2008
	Mode            string          `json:"mode"`                // "bank" (default): sizes typed by hand; "board": the board tracker (table.go)
	HiddenAtMerger  string          `json:"hiddenAtMerger"`      // "count" (default) or "ignore": do hidden shares count for bonuses
	HostileRounding string          `json:"hostileRounding"`     // "exact" (default) or "up100": halved amounts rounded up to $100
	PhoneTrades     string          `json:"phoneTrades"`         // "direct" (default): a phone's buy/sell happens at once; "confirm": the host confirms it
	FirstGame       bool            `json:"firstGame,omitempty"` // first-game mode: each sheet teaches (teach.go)
	BoardSettings                   // board mode's options (deck, classicMin, ending, variableOrder)
}

// The settings' values.
const (
	ModeBank  = "bank"
	ModeBoard = "board"

	HiddenCount  = "count"
	HiddenIgnore = "ignore"

	RoundExact = "exact"
	RoundUp100 = "up100"
)

// MaxActive is how many companies may be active at once; the board's rule
// is the one source.
const MaxActive = board.MaxActive

// MaxBuy is how many shares a player may buy in one turn.
const MaxBuy = 3

// Company is one company in play or waiting to be founded.
type Company struct {
	acquire.Company
	Active bool `json:"active"`
	Size   int  `json:"size"` // typed in bank mode; 0 while inactive
	CEO    int  `json:"ceo"`  // seat, or -1
}

// State is a game of Cold Cash Risk's economy.
type State struct {
	Seats     []engine.Seat `json:"seats"`
	Settings  Settings      `json:"settings"`
	Companies []Company     `json:"companies"`
	Book      *ledger.Book  `json:"book"`
	Hidden    [][]int       `json:"hidden"` // [seat][company index]: shares kept hidden

	Turn   int    `json:"turn"`   // the seat whose turn it is
	TurnNo int    `json:"turnNo"` // counts turns from 1
	Acted  string `json:"acted"`  // what the seat on turn did: "", "buy" or "sell"
	Bought int    `json:"bought"` // shares bought this turn

	Merger *Merger `json:"merger,omitempty"`
	// Meeting is the stockholders' meeting under way, in either mode;
	// Coup the newest one's vote once tallied, until the next meeting (a
	// meeting called clears board mode's last battle, so a battle beside
	// it is newer than the coup: coupShown).
	Meeting *Meeting      `json:"meeting,omitempty"`
	Coup    *Coup         `json:"coup,omitempty"`
	Request *TradeRequest `json:"request,omitempty"` // a phone's trade waiting for the host (phoneTrades "confirm")
	Table   *Table        `json:"table,omitempty"`   // board mode: the board and the operating cycle
	Over    bool          `json:"over"`
	Final   *Final        `json:"final,omitempty"`
	// Biggest is the merger that paid the most in bonuses so far, for the
	// game's record.
	Biggest *MergerRecord `json:"biggest,omitempty"`
	// Coups are the game's stockholders' meetings that came to a vote, in
	// order, for the game's record (Coup is the newest, for the screens).
	Coups []CoupRecord `json:"coups,omitempty"`
	// meetingNews is the line for the latest meeting event, for the feed
	// in both modes (board mode writes it in Table.Log too); it is not
	// stored.
	meetingNews string
}

// CoupRecord is a stockholders' meeting's vote as the record tells it: the
// company, the nominee against the CEO in office, the shares for and
// against, and whether the nominee was elected.
type CoupRecord struct {
	Company   string `json:"company"`
	Nominee   int    `json:"nominee"`
	Incumbent int    `json:"incumbent"`
	Elected   bool   `json:"elected"`
	For       int    `json:"for"`
	Against   int    `json:"against"`
}

// MergerRecord is a defunct company's end as the record tells it.
type MergerRecord struct {
	Survivor string `json:"survivor"`
	Defunct  string `json:"defunct"`
	Size     int    `json:"size"`
	Hostile  bool   `json:"hostile"`
	Bonuses  int    `json:"bonuses"` // every bonus paid for it
}

// Merger is a merger or takeover under way: bonuses paid for the current
// defunct company, holders disposing of its shares one at a time.
type Merger struct {
	Survivor string           `json:"survivor"`
	Defuncts []string         `json:"defuncts"` // largest first
	Current  int              `json:"current"`  // index into Defuncts
	Maker    int              `json:"maker"`
	Hostile  bool             `json:"hostile"`
	NewSize  int              `json:"newSize"` // the survivor's size once done (0: unchanged)
	Size     int              `json:"size"`    // the current defunct's size before the merger
	Price    int              `json:"price"`   // its price at that size
	Payouts  []acquire.Payout `json:"payouts"` // Holder is a seat
	Queue    []int            `json:"queue"`   // seats still to decide; Queue[0] is awaited
	Done     []Disposal       `json:"done"`    // decisions so far, for the current defunct
}

// Disposal is one holder's decision for their defunct shares.
type Disposal struct {
	Seat  int `json:"seat"`
	Sell  int `json:"sell"`
	Trade int `json:"trade"` // defunct shares handed in (Trade/ratio survivor shares received)
	Keep  int `json:"keep"`
}

// Final is the end of the game: what each player had and gained.
type Final struct {
	Reason string `json:"reason"`
	Cash   []int  `json:"cash"`    // cash before the final payout, by seat
	Bonus  []int  `json:"bonuses"` // final bonuses, by seat
	Stock  []int  `json:"stock"`   // final share sales, by seat
}

// Sizes is where company sizes come from: the numbers typed in (bank mode)
// or a board (board mode). The economy reads sizes only through it.
type Sizes interface {
	Size(company string) int
}

// typedSizes are the sizes the host typed in.
type typedSizes struct{ s *State }

func (t typedSizes) Size(id string) int {
	if c := t.s.company(id); c != nil {
		return c.Size
	}
	return 0
}

// Sizes returns the game's size source. Bank mode reads the typed sizes;
// board mode returns the board's sizes (table.go), and every price, bonus
// and dividend follows without another change.
func (s *State) Sizes() Sizes {
	if s.Settings.Mode == ModeBoard {
		return boardSizes{s}
	}
	return typedSizes{s}
}

func (s *State) company(id string) *Company {
	for i := range s.Companies {
		if s.Companies[i].ID == id {
			return &s.Companies[i]
		}
	}
	return nil
}

func (s *State) companyIndex(id string) int {
	for i := range s.Companies {
		if s.Companies[i].ID == id {
			return i
		}
	}
	return -1
}

// Price is a company's share price now; 0 while inactive.
func (s *State) Price(id string) int {
	c := s.company(id)
	if c == nil || !c.Active {
		return 0
	}
	p, err := acquire.Price(c.Tier, max(s.Sizes().Size(id), acquire.MinSize))
	if err != nil {
		return 0
	}
	return p
}

// PriceWhy explains a price: "Festival size 12, medium: $800".
func (s *State) PriceWhy(id string) string {
	c := s.company(id)
	if c == nil || !c.Active {
		return "not active: no price"
	}
	size := s.Sizes().Size(id)
	return fmt.Sprintf("%s size %d (chart row %s), %s: %s", c.Name, size, acquire.SizeBand(max(size, 2)), c.Tier, engine.Dollars(s.Price(id)))
}

func (s *State) name(seat int) string {
	if seat >= 0 && seat < len(s.Seats) {
		return s.Seats[seat].Name
	}
	if seat == engine.Host {
		return "the host"
	}
	return fmt.Sprintf("player %d", seat+1)
}

func (s *State) coName(id string) string {
	if c := s.company(id); c != nil {
		return c.Name
	}
	return id
}

// Held is every share a seat holds of a company, hidden or not.
func (s *State) Held(seat int, id string) int { return s.Book.Held(ledger.Account(seat), id) }

// HiddenOf is how many of them the seat keeps hidden.
func (s *State) HiddenOf(seat int, id string) int {
	i := s.companyIndex(id)
	if i < 0 || seat < 0 || seat >= len(s.Hidden) {
		return 0
	}
	return min(s.Hidden[seat][i], s.Held(seat, id))
}

// Visible is what the table sees of a seat's holding.
func (s *State) Visible(seat int, id string) int { return s.Held(seat, id) - s.HiddenOf(seat, id) }

func (s *State) activeCount() int {
	n := 0
	for _, c := range s.Companies {
		if c.Active {
			n++
		}
	}
	return n
}

// bonusOptions are the acquire options for a payout under the settings.
func (s *State) bonusOptions(hostile bool) acquire.Options {
	return acquire.Options{Halved: hostile, RoundHalvesUp: s.Settings.HostileRounding == RoundUp100}
}

// bonusHoldings are the holdings that count for a company's bonuses, by seat.
func (s *State) bonusHoldings(id string) []int {
	h := make([]int, len(s.Seats))
	for seat := range h {
		h[seat] = s.Held(seat, id)
		if s.Settings.HiddenAtMerger == HiddenIgnore {
			h[seat] = s.Visible(seat, id)
		}
	}
	return h
}

// clone deep-copies the state, for deciding commands whose later events
// depend on earlier ones. It copies field by field, nil staying nil, so the
// copy encodes as the state does; the book's entries are shared, clipped
// (ledger.Book.Clone). It once went through JSON, which was a sixth of a
// board game's deciding; TestCloneCopiesEveryField fails when a field is
// added here and not to the copy.
func (s *State) clone() *State {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	c.Companies = slices.Clone(s.Companies)
	c.Book = s.Book.Clone()
	c.Hidden = cloneRows(s.Hidden)
	if m := s.Merger; m != nil {
		cm := *m
		cm.Defuncts = slices.Clone(m.Defuncts)
		cm.Payouts = slices.Clone(m.Payouts)
		cm.Queue = slices.Clone(m.Queue)
		cm.Done = slices.Clone(m.Done)
		c.Merger = &cm
	}
	if s.Meeting != nil {
		m := s.Meeting.clone()
		c.Meeting = &m
	}
	if s.Coup != nil {
		cp := *s.Coup
		cp.Meeting = s.Coup.Meeting.clone()
		c.Coup = &cp
	}
	c.Request = clonePtr(s.Request)
	c.Table = s.Table.clone()
	if f := s.Final; f != nil {
		c.Final = &Final{Reason: f.Reason, Cash: slices.Clone(f.Cash), Bonus: slices.Clone(f.Bonus), Stock: slices.Clone(f.Stock)}
	}
	c.Biggest = clonePtr(s.Biggest)
	c.Coups = slices.Clone(s.Coups)
	return &c
}

func (m Meeting) clone() Meeting {
	m.Voters = slices.Clone(m.Voters)
	m.Votes = maps.Clone(m.Votes)
	return m
}

func (t *Table) clone() *Table {
	if t == nil {
		return nil
	}
	c := *t
	c.Board = board.Board{Land: maps.Clone(t.Board.Land), Towers: maps.Clone(t.Board.Towers)}
	if d := t.Deck; d != nil {
		c.Deck = &board.Deck{Pile: slices.Clone(d.Pile), Hands: cloneRows(d.Hands), Discards: slices.Clone(d.Discards), Closed: slices.Clone(d.Closed)}
	}
	c.NoMore = slices.Clone(t.NoMore)
	c.First = slices.Clone(t.First)
	c.Order = slices.Clone(t.Order)
	if p := t.Proposal; p != nil {
		cp := *p
		cp.Merger.Sizes = cloneSizes(p.Merger.Sizes)
		cp.Merger.Defunct = slices.Clone(p.Merger.Defunct)
		cp.Waiting = slices.Clone(p.Waiting)
		c.Proposal = &cp
	}
	if tk := t.Takeover; tk != nil {
		ct := *tk
		ct.Announced = clonePtr(tk.Announced)
		ct.Conquest = clonePtr(tk.Conquest)
		if tk.Captures != nil {
			ct.Captures = make([]board.Capture, len(tk.Captures))
			for i, cp := range tk.Captures {
				cp.Size.Continents = slices.Clone(cp.Size.Continents)
				ct.Captures[i] = cp
			}
		}
		ct.Lost = slices.Clone(tk.Lost)
		c.Takeover = &ct
	}
	c.Defence = clonePtr(t.Defence)
	if l := t.Last; l != nil {
		cl := *l
		if l.Rolls != nil {
			cl.Rolls = make([]risk.Roll, len(l.Rolls))
			for i, r := range l.Rolls {
				r.Attacker, r.Defender = slices.Clone(r.Attacker), slices.Clone(r.Defender)
				cl.Rolls[i] = r
			}
		}
		c.Last = &cl
	}
	c.Frozen = maps.Clone(t.Frozen)
	c.Done = slices.Clone(t.Done)
	c.Log = slices.Clone(t.Log)
	return &c
}

func cloneSizes(m map[string]board.Size) map[string]board.Size {
	if m == nil {
		return nil
	}
	c := make(map[string]board.Size, len(m))
	for k, v := range m {
		v.Continents = slices.Clone(v.Continents)
		c[k] = v
	}
	return c
}

// cloneRows copies a slice of slices, row by row.
func cloneRows[T any](rows [][]T) [][]T {
	if rows == nil {
		return nil
	}
	c := make([][]T, len(rows))
	for i, r := range rows {
		c[i] = slices.Clone(r)
	}
	return c
}

// clonePtr copies what p points to, for types with no slice, map or pointer.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	c := *p
	return &c
}
