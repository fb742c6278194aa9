// Package takeover is the piecepack merger game Takeover: a 6 x 4 grid of
// the 24 tiles, a snake draft of the 24 coins, each player's hidden choice
// of stock (suit up) and cash (value up) coins, merges checked and paid,
// the end detected, and the final worth of every holding explained.
package takeover

import (
	"encoding/json"
	"slices"

	"tableside/engine"
)

// Settings are the table's choices where the rulebook leaves room.
type Settings struct {
	// EndWhen reads "no more merges are possible": "anyone" (the default)
	// ends the game when no player could legally make any merge with the
	// coins they hold, special merges included; "board" ends it as soon as no
	// two corporations are orthogonal neighbours, whatever anyone holds
	// (special merges then no longer keep the game going).
	EndWhen string `json:"endWhen,omitempty"`
	// FirstGame: each step's card teaches (teach.go, engine.Teach).
	FirstGame bool `json:"firstGame,omitempty"`
}

// End conditions.
const (
	EndAnyone = "anyone"
	EndBoard  = "board"
)

func (s *Settings) normalise() error {
	switch s.EndWhen {
	case "":
		s.EndWhen = EndAnyone
	case EndAnyone, EndBoard:
	default:
		return engine.Refuse("setting-end-when", "The end rule must be %q or %q, not %q.", EndAnyone, EndBoard, s.EndWhen)
	}
	return nil
}

// Phases of a game.
const (
	PhaseSetup   = "setup"   // the tiles are not laid yet
	PhaseDraft   = "draft"   // coins are taken one at a time in snake order
	PhaseConceal = "conceal" // each player secretly picks stock and cash
	PhasePlay    = "play"    // merge or pass, in turn
	PhaseOver    = "over"
)

// Stack is a corporation: its tiles from the bottom up; the last is the top.
type Stack []string

// Top is the tile that names the corporation.
func (st Stack) Top() string {
	if len(st) == 0 {
		return ""
	}
	return st[len(st)-1]
}

// Worth is the corporation's value in millions: the top tile's value plus
// one for every other tile in the stack.
func (st Stack) Worth() int {
	if len(st) == 0 {
		return 0
	}
	return Rank(st.Top()) + len(st) - 1
}

// Coin is one coin a player holds. Stock means suit side up.
type Coin struct {
	Code  string `json:"code"`
	Stock bool   `json:"stock"`
}

// Player is what one seat holds. Coins are secret to everyone else.
type Player struct {
	Coins   []Coin `json:"coins"`
	Decided bool   `json:"decided"` // has chosen stock and cash
}

// State is a whole game.
type State struct {
	Seats     []engine.Seat `json:"seats"`
	Settings  Settings      `json:"settings"`
	Phase     string        `json:"phase"`
	Grid      []Stack       `json:"grid"` // Cells stacks, row by row; empty when moved away
	First     int           `json:"first"`
	Turn      int           `json:"turn"`
	Picks     int           `json:"picks"` // coins drafted so far
	Pool      []string      `json:"pool"`  // coins not yet drafted
	Players   []Player      `json:"players"`
	Discarded []string      `json:"discarded"` // coins spent, out of the game
	Passes    int           `json:"passes"`    // passes in succession
	Merges    int           `json:"merges"`
	Reason    string        `json:"reason,omitempty"` // why the game ended
	// cashedOut are the seats whose stock the latest merge cashed out, for
	// Feed to tell them (the state after it no longer shows it); not part
	// of the game.
	cashedOut []int
}

// Rules implements engine.Rules for Takeover.
type Rules struct{}

func (Rules) Kind() string  { return "takeover" }
func (Rules) Title() string { return "Takeover (piecepack)" }
func (Rules) MinSeats() int { return 2 }
func (Rules) MaxSeats() int { return 6 }

// New starts a game waiting for its tiles.
func (Rules) New(setup engine.Setup) (engine.State, error) {
	s := &State{Seats: setup.Seats, Phase: PhaseSetup, Grid: make([]Stack, Cells), Pool: []string{}, Discarded: []string{}}
	if err := engine.Decode("settings", setup.Settings, &s.Settings); err != nil {
		return nil, err
	}
	if err := s.Settings.normalise(); err != nil {
		return nil, err
	}
	s.Players = make([]Player, len(setup.Seats))
	for i := range s.Players {
		s.Players[i].Coins = []Coin{}
	}
	return s, nil
}

// clone copies a state deeply, so Decide can look ahead without touching
// the tracker's state.
func (s *State) clone() *State {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	c.Grid = make([]Stack, len(s.Grid))
	for i, st := range s.Grid {
		c.Grid[i] = slices.Clone(st)
	}
	c.Pool = slices.Clone(s.Pool)
	c.Discarded = slices.Clone(s.Discarded)
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		c.Players[i] = Player{Coins: slices.Clone(p.Coins), Decided: p.Decided}
	}
	return &c
}

// DraftSeat is whose pick the k-th coin is (from 0): the order runs from the
// first player round the table, then back, and so on.
func DraftSeat(first, n, k int) int {
	round, pos := k/n, k%n
	if round%2 == 1 {
		pos = n - 1 - pos
	}
	return (first + pos) % n
}

// name is a seat's name for messages.
func (s *State) name(seat int) string {
	if seat >= 0 && seat < len(s.Seats) {
		return s.Seats[seat].Name
	}
	return "the host"
}

// coin finds a seat's coin by code.
func (p *Player) coin(code string) (int, bool) {
	for i, c := range p.Coins {
		if c.Code == code {
			return i, true
		}
	}
	return -1, false
}

// Cash is the value of a player's cash coins (null coins count nothing).
func (p *Player) Cash() int {
	t := 0
	for _, c := range p.Coins {
		if !c.Stock {
			t += Rank(c.Code)
		}
	}
	return t
}

// nullCash returns a spendable null coin (value side up), if any.
func (p *Player) nullCash() (string, bool) {
	for _, c := range p.Coins {
		if !c.Stock && Rank(c.Code) == 0 {
			return c.Code, true
		}
	}
	return "", false
}

// CheckSettings refuses a new game's setting it does not know.
func (Rules) CheckSettings(raw json.RawMessage) error { return engine.StrictSettings[Settings](raw) }
