// Package cashcrash is Cash or Crash, a bluffing game of commodity bids:
// each player stakes cards in secret, bids climb a checked ladder until
// someone calls "SELL!", and the revealed icons decide who loses their
// stake. Classic, Endurance and Blitz rules and the Doubling option are
// settings; an odds helper tells a player how likely the current bid holds.
package cashcrash

import (
	"encoding/json"
	"slices"

	"tableside/engine"
)

// Variants of the rules.
const (
	Classic   = "classic"
	Endurance = "endurance"
	Blitz     = "blitz"
)

// Raise rules: how an ordinary raise may change the bid.
const (
	// RaiseKeep (the default): a raise keeps every good already bid and
	// raises the quantity, adds goods, or both; changing the goods freely is
	// what adding a card buys. Read from the rulebook's Endurance examples.
	RaiseKeep = "keep"
	// RaiseFree: any higher quantity of any goods is a raise; at the same
	// quantity, only adding goods to the current ones is.
	RaiseFree = "free"
)

// Settings are chosen before the first round.
type Settings struct {
	Variant  string   `json:"variant,omitempty"`
	Doubling bool     `json:"doubling,omitempty"`
	Raise    string   `json:"raise,omitempty"`
	Cards    CardList `json:"cards,omitempty"` // the table's 10-card set, the same for every player
	// FirstGame: each step's card teaches (teach.go, engine.Teach).
	FirstGame bool `json:"firstGame,omitempty"`
}

func (s *Settings) normalise() error {
	if s.Variant == "" {
		s.Variant = Classic
	}
	if s.Raise == "" {
		s.Raise = RaiseKeep
	}
	switch s.Variant {
	case Classic, Endurance, Blitz:
	default:
		return engine.Refuse("setting-variant", "The rules are %q, %q or %q, not %q.", Classic, Endurance, Blitz, s.Variant)
	}
	if s.Raise != RaiseKeep && s.Raise != RaiseFree {
		return engine.Refuse("setting-raise", "The raise rule is %q or %q, not %q.", RaiseKeep, RaiseFree, s.Raise)
	}
	return nil
}

// variantNumbers are the card counts a variant of the rules sets.
type variantNumbers struct{ opening, maxStake, redZone int }

// variants holds each variant's counts (0 for maxStake and redZone: no limit).
var variants = map[string]variantNumbers{
	Classic:   {opening: 2, maxStake: 4, redZone: 4},
	Endurance: {opening: 1, maxStake: 3, redZone: 3},
	Blitz:     {opening: 2, maxStake: 0, redZone: 0},
}

// numbers are the settings' variant's counts (Classic's before the
// settings are checked).
func (s Settings) numbers() variantNumbers {
	if n, ok := variants[s.Variant]; ok {
		return n
	}
	return variants[Classic]
}

// OpeningStake is how many cards each player stakes as a round begins.
func (s Settings) OpeningStake() int { return s.numbers().opening }

// MaxStake is the most cards a player may have invested in one round (0: no limit).
func (s Settings) MaxStake() int { return s.numbers().maxStake }

// RedZone is the most cards a player may hold and still make the red zone
// swap (0: always).
func (s Settings) RedZone() int { return s.numbers().redZone }

// Phases.
const (
	PhaseSetup   = "setup"   // the host enters the card set and the rules
	PhaseStake   = "stake"   // every player stakes in secret (red zone swaps first)
	PhaseBid     = "bid"     // the ladder climbs
	PhaseAnswer  = "answer"  // doubling: the challenged player may double
	PhaseDoubled = "doubled" // doubling: the challenger persists or withdraws
	PhaseForfeit = "forfeit" // doubling: the loser picks the extra cards to discard
	PhaseRecover = "recover" // Blitz: an out-of-turn challenger who won takes back two cards
	PhaseOver    = "over"
)

// Player is one seat's cards. Hand, Staked and Lost are secret to others
// until a challenge reveals the stakes.
type Player struct {
	Hand    []int `json:"hand"`   // card numbers 1..10, in hand and not staked
	Staked  []int `json:"staked"` // invested this round, in order
	Lost    []int `json:"lost"`   // the discards, face down
	Out     bool  `json:"out"`
	Place   int   `json:"place,omitempty"` // order of elimination, from 1
	Ready   bool  `json:"ready"`           // has staked this round
	Swapped bool  `json:"swapped"`         // used the red zone swap this round
	Seen    []int `json:"seen"`            // cards the table saw this player lose
	Blurred bool  `json:"blurred"`         // a private discard or recovery: the table cannot know the hand
}

// Cards counts what a player owns (hand and stake).
func (p *Player) Cards() int { return len(p.Hand) + len(p.Staked) }

// Step is one rung of the bid ladder.
type Step struct {
	Seat  int  `json:"seat"`
	Bid   Bid  `json:"bid"`
	Added bool `json:"added"` // came with an extra card
}

// State is a whole game.
type State struct {
	Seats      []engine.Seat `json:"seats"`
	Settings   Settings      `json:"settings"`
	Phase      string        `json:"phase"`
	Round      int           `json:"round"`
	Starter    int           `json:"starter"`
	Turn       int           `json:"turn"`
	Bid        *Bid          `json:"bid,omitempty"`
	Bidder     int           `json:"bidder"`
	Ladder     []Step        `json:"ladder"`
	Challenger int           `json:"challenger"`
	OutOfTurn  bool          `json:"outOfTurn"`
	PrevTurn   int           `json:"prevTurn"`
	MustMove   int           `json:"mustMove"` // a challenger who withdrew must raise or add (-1: nobody)
	Doubled    bool          `json:"doubled"`
	Loser      int           `json:"loser"`
	Extra      int           `json:"extra"` // cards the loser of a doubled challenge still owes
	Players    []Player      `json:"players"`
	Last       *Reveal       `json:"last,omitempty"`
	Winner     int           `json:"winner"`
}

// Rules implements engine.Rules for Cash or Crash.
type Rules struct{}

func (Rules) Kind() string  { return "cashcrash" }
func (Rules) Title() string { return "Cash or Crash" }
func (Rules) MinSeats() int { return 2 }
func (Rules) MaxSeats() int { return 8 }

// New starts a game in setup; a valid card set in the settings is kept.
func (Rules) New(setup engine.Setup) (engine.State, error) {
	s := &State{Seats: setup.Seats, Phase: PhaseSetup, Ladder: []Step{}, MustMove: -1, Winner: -1}
	if err := engine.Decode("settings", setup.Settings, &s.Settings); err != nil {
		return nil, err
	}
	if err := s.Settings.normalise(); err != nil {
		return nil, err
	}
	if len(s.Settings.Cards) == 0 { // a table that names no set plays the standard one at once
		s.Settings.Cards = slices.Clone(StandardSet)
	}
	if err := checkSet(s.Settings.Cards); err != nil {
		return nil, engine.Refuse("card-set", "The card set: %v.", err)
	}
	s.Players = make([]Player, len(setup.Seats))
	for i := range s.Players {
		s.Players[i] = Player{Hand: []int{}, Staked: []int{}, Lost: []int{}, Seen: []int{}}
	}
	return s, nil
}

// CardSet returns the card set a game uses, so the next game can offer it
// as its default.
func CardSet(st engine.State) []Card {
	if s, ok := st.(*State); ok {
		return slices.Clone(s.Settings.Cards)
	}
	return nil
}

func (s *State) clone() *State {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	c.Settings.Cards = slices.Clone(s.Settings.Cards)
	if s.Bid != nil {
		b := *s.Bid
		c.Bid = &b
	}
	c.Ladder = slices.Clone(s.Ladder)
	c.Players = make([]Player, len(s.Players))
	for i, p := range s.Players {
		p.Hand, p.Staked, p.Lost, p.Seen = slices.Clone(p.Hand), slices.Clone(p.Staked), slices.Clone(p.Lost), slices.Clone(p.Seen)
		c.Players[i] = p
	}
	if s.Last != nil {
		l := *s.Last
		l.Lost, l.Eliminated = slices.Clone(l.Lost), slices.Clone(l.Eliminated)
		l.Stakes = slices.Clone(l.Stakes)
		c.Last = &l
	}
	return &c
}

func (s *State) name(seat int) string {
	if seat >= 0 && seat < len(s.Seats) {
		return s.Seats[seat].Name
	}
	return "the host"
}

// nextActive is the first player still in, to the left of seat.
func (s *State) nextActive(seat int) int {
	n := len(s.Players)
	for k := 1; k <= n; k++ {
		i := (seat + k) % n
		if !s.Players[i].Out {
			return i
		}
	}
	return seat
}

func (s *State) active() int {
	n := 0
	for _, p := range s.Players {
		if !p.Out {
			n++
		}
	}
	return n
}

// card returns the icons on card number n (1..10).
func (s *State) card(n int) Card { return s.Settings.Cards[n-1] }

// CheckSettings refuses a new game's setting it does not know.
func (Rules) CheckSettings(raw json.RawMessage) error { return engine.StrictSettings[Settings](raw) }
