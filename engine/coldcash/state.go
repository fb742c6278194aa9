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
	"encoding/json"
	"fmt"
	"slices"

	"tableside/engine"
	"tableside/engine/acquire"
	"tableside/engine/coldcash/board"
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
// depend on earlier ones. The book's entries are a history that is only
// ever appended to, and late in a game they are most of the state: the
// copy shares them, clipped so that an entry it posts goes to an array of
// its own, and only the rest goes through JSON. (Encoding the whole
// history made each earnings or merger decision cost a copy of every
// entry so far.)
func (s *State) clone() *State {
	shallow := *s
	var entries []ledger.Entry
	if s.Book != nil {
		book := *s.Book
		entries, book.Entries = book.Entries, nil
		shallow.Book = &book
	}
	b, err := json.Marshal(&shallow)
	if err != nil {
		panic(fmt.Sprintf("coldcash: encode state: %v", err))
	}
	var c State
	if err := json.Unmarshal(b, &c); err != nil {
		panic(fmt.Sprintf("coldcash: decode state: %v", err))
	}
	if c.Book != nil {
		c.Book.Entries = slices.Clip(entries)
	}
	return &c
}
