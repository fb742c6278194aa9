// Package conquest is the turn machinery RISK-like games share: owners and
// armies on a map, set-up placement, reinforcements with their explanation,
// card sets, battles through engine/risk's resolver, moves, fortification,
// elimination, and the rampaging neutral player. The games themselves
// (engine/riskclassic, engine/pctw) are Variants: their map, deck, set
// values, start armies and extra builds.
package conquest

import (
	"slices"

	"tableside/engine"
	"tableside/engine/risk"
)

// Phases of a game.
const (
	PhaseSetup     = "setup"     // the host may change the options, then starts
	PhaseClaim     = "claim"     // players claim empty territories one army at a time
	PhasePlace     = "place"     // players place their remaining start armies one at a time
	PhaseReinforce = "reinforce" // the turn player trades cards and places its build
	PhaseAttack    = "attack"    // the turn player attacks (a conquest may wait for its move)
	PhaseFortify   = "fortify"   // the turn player may make its one fortifying move
	PhaseNeutral   = "neutral"   // the real players place a rampaging neutral's build
	PhaseOver      = "over"
)

// Settings are a table's options. Each variant uses the ones it knows.
type Settings struct {
	Empire      bool   `json:"empire,omitempty"`      // classic: the Empire rule
	Neutrals    int    `json:"neutrals,omitempty"`    // classic: rampaging neutral players
	StartArmies int    `json:"startArmies,omitempty"` // 0: the rules' number
	First       int    `json:"first,omitempty"`       // the seat that goes first
	Symbols     string `json:"symbols,omitempty"`     // classic: card symbols, one letter a territory
	Layout      string `json:"layout,omitempty"`      // pctw: the tiles of the map, row by row
	Wrap        string `json:"wrap,omitempty"`        // pctw: "x" (east-west, default), "xy" or "none"
	NoBasic     bool   `json:"noBasic,omitempty"`     // pctw: no territories/3 build
	Fortify     bool   `json:"fortify,omitempty"`     // pctw: allow RISK's fortifying move
	// LaptopHands shows the hand of the player on turn on the host screen,
	// for a table that plays without phones. Off by default: a hand is its
	// seat's secret, and with phones the laptop is watched by everyone.
	LaptopHands bool `json:"laptopHands,omitempty"`
	// DefendMost: the defender always rolls the most dice it may (2 with 2
	// or more armies), so a battle with virtual dice never waits for the
	// defender's answer. Off by default: the rules let the defender choose
	// 1 or 2, and the defending seat is asked.
	DefendMost bool `json:"defendMost,omitempty"`
	// PlaceMany lets a placer put several start armies down at once. Off by
	// default: the house rules (and the pctw draft's reinforcing) place
	// them one at a time, in turn. With it on, the turn order follows the
	// armies placed: whoever has placed the fewest places next.
	PlaceMany bool `json:"placeMany,omitempty"`
	// FirstGame: each step's card teaches (teach.go, engine.Teach).
	FirstGame bool `json:"firstGame,omitempty"`
}

// Player is a seat at the table or a rampaging neutral.
type Player struct {
	Name    string `json:"name"`
	Colour  string `json:"colour"`
	Neutral bool   `json:"neutral,omitempty"`
	Out     bool   `json:"out,omitempty"`
}

// Card is a card of the deck: a territory's card with its kind (a troop
// symbol, or a piecepack suit), or a wild card (Territory -1).
type Card struct {
	ID        int    `json:"id"`
	Territory int    `json:"territory"`
	Kind      string `json:"kind"`
	Label     string `json:"label"`
}

// Wild is the kind of a wild card (a joker, a wild ace).
const Wild = "wild"

// IsWild reports whether c completes any set.
func (c Card) IsWild() bool { return c.Kind == Wild }

// Line is one number of a build with its reason.
type Line struct {
	Why    string `json:"why"`
	Armies int    `json:"armies"`
}

// Build is a turn's reinforcement, every number explained.
type Build struct {
	Lines []Line `json:"lines"`
	Total int    `json:"total"`
}

func (b *Build) add(why string, n int) {
	b.Lines = append(b.Lines, Line{Why: why, Armies: n})
	b.Total += n
}

// Pending is a conquest waiting for its move.
type Pending struct {
	From int `json:"from"`
	To   int `json:"to"`
	Min  int `json:"min"`
	Max  int `json:"max"`
}

// Defence is an attack with virtual dice waiting for the defender to choose
// 1 or 2 dice; the attacker's part (mode, dice, stop) is already decided.
type Defence struct {
	Attacker   int    `json:"attacker"`
	Defender   int    `json:"defender"`
	From       int    `json:"from"`
	To         int    `json:"to"`
	Mode       string `json:"mode"` // roll or blitz
	AttackDice int    `json:"attackDice,omitempty"`
	Stop       int    `json:"stop,omitempty"`
}

// Battle is the last battle, for the screens.
type Battle struct {
	Attacker  int         `json:"attacker"`
	Defender  int         `json:"defender"`
	From      int         `json:"from"`
	To        int         `json:"to"`
	Mode      string      `json:"mode"`
	Rolls     []risk.Roll `json:"rolls"`
	AttLost   int         `json:"attLost"`
	DefLost   int         `json:"defLost"`
	Conquered bool        `json:"conquered"`
}

// RampageStep is one direction roll of a rampaging neutral group.
type RampageStep struct {
	Neutral int   `json:"neutral"`
	From    int   `json:"from"`
	Options []int `json:"options"` // the adjacent opposing territories, numbered from 1 in this order
	Faces   []int `json:"faces"`   // the direction die (re-rolled while higher than the options)
	Target  int   `json:"target"`
	Armies  int   `json:"armies"` // the group's armies when it attacks
	// Result is how the attack went, once fought (the event itself is
	// written before the battle, so it never carries one).
	Result *RampageResult `json:"result,omitempty"`
}

// RampageResult is the end of one rampaging attack: whom it hit, the
// losses on both sides, and the armies moved in after a conquest.
type RampageResult struct {
	Defender  int  `json:"defender"`
	AttLost   int  `json:"attLost"`
	DefLost   int  `json:"defLost"`
	Conquered bool `json:"conquered"`
	Moved     int  `json:"moved,omitempty"`
}

// State is a game of the family.
type State struct {
	Kind     string   `json:"kind"`
	Settings Settings `json:"settings"`
	Players  []Player `json:"players"`
	Owner    []int    `json:"owner"` // -1: nobody yet
	Armies   []int    `json:"armies"`
	Phase    string   `json:"phase"`
	Turn     int      `json:"turn"`  // whose turn (a player index)
	Round    int      `json:"round"` // the rounds done: 0 during the first
	Placer   int      `json:"placer"`
	// StartPlacer begins the placement of own armies (after neutral ones).
	StartPlacer int `json:"startPlacer"`
	// ToPlace is per player: start armies left to place, or during a
	// neutral's turn each real player's share of its build.
	ToPlace []int `json:"toPlace"`
	// NeutralToPlace is per player: start armies of the neutrals a real
	// player still places, before their own.
	NeutralToPlace []int `json:"neutralToPlace"`
	// NeutralLeft is per player: for each rampaging neutral, how many of its
	// own start armies are still to be placed on its territories (each
	// neutral has its own start armies, never pooled with another's). Nil in
	// games started before it was kept.
	NeutralLeft []int    `json:"neutralLeft,omitempty"`
	Deck        []Card   `json:"deck"` // the draw pile, top first
	Discard     []Card   `json:"discard"`
	Hands       [][]Card `json:"hands"`
	Build       *Build   `json:"build,omitempty"`
	Pool        int      `json:"pool"`
	Traded      int      `json:"traded"` // sets traded this turn
	// Placed is per player: start armies placed from the current pool (the
	// neutrals' or their own), kept only with Settings.PlaceMany, whose turn
	// order follows it.
	Placed []int `json:"placed,omitempty"`
	// TurnCards is how many cards the turn player held when the turn began:
	// with 5 or 6 a second set may follow the first (RISK).
	TurnCards int      `json:"turnCards,omitempty"`
	Sets      int      `json:"sets"` // sets traded in the game, for escalating values
	Conquered bool     `json:"conquered"`
	MustTrade bool     `json:"mustTrade,omitempty"` // an elimination left 6+ cards
	Pending   *Pending `json:"pending,omitempty"`
	// Defence is an attack waiting for the defender's choice of dice.
	Defence *Defence `json:"defence,omitempty"`
	Last    *Battle  `json:"last,omitempty"`
	// Rampage lists the direction rolls of the last neutral turn.
	Rampage  []RampageStep `json:"rampage"`
	Shares   *Shares       `json:"shares,omitempty"`
	Winner   int           `json:"winner"`
	LastNote string        `json:"lastNote,omitempty"`

	m *risk.Map
}

// Shares is how a neutral's build was divided among the real players.
type Shares struct {
	Neutral int          `json:"neutral"`
	Each    []int        `json:"each"`
	Rolls   []ShareRolls `json:"rolls,omitempty"`
}

// ShareRolls is one round of dice for the odd armies: who rolled what.
type ShareRolls struct {
	Players []int `json:"players"`
	Faces   []int `json:"faces"`
}

// Map is the game's board.
func (s *State) Map() *risk.Map { return s.m }

// clone copies the state deeply, for Decide's simulations: every slice
// and pointer the events change is copied, so the simulation never
// touches the state it was given (a JSON round trip did this before, and
// cost most of every Decide).
func (s *State) clone() *State {
	c := *s
	c.Players = slices.Clone(s.Players)
	c.Owner, c.Armies = slices.Clone(s.Owner), slices.Clone(s.Armies)
	c.ToPlace, c.NeutralToPlace = slices.Clone(s.ToPlace), slices.Clone(s.NeutralToPlace)
	c.NeutralLeft, c.Placed = slices.Clone(s.NeutralLeft), slices.Clone(s.Placed)
	c.Deck, c.Discard = slices.Clone(s.Deck), slices.Clone(s.Discard)
	if s.Hands != nil {
		c.Hands = make([][]Card, len(s.Hands))
		for i, h := range s.Hands {
			c.Hands[i] = slices.Clone(h)
		}
	}
	if s.Build != nil {
		b := Build{Lines: slices.Clone(s.Build.Lines), Total: s.Build.Total}
		c.Build = &b
	}
	c.Pending, c.Defence, c.Last = clonePtr(s.Pending), clonePtr(s.Defence), clonePtr(s.Last)
	if s.Last != nil {
		c.Last.Rolls = slices.Clone(s.Last.Rolls)
	}
	if s.Rampage != nil {
		c.Rampage = make([]RampageStep, len(s.Rampage))
		for i, r := range s.Rampage {
			r.Options, r.Faces, r.Result = slices.Clone(r.Options), slices.Clone(r.Faces), clonePtr(r.Result)
			c.Rampage[i] = r
		}
	}
	if s.Shares != nil {
		sh := Shares{Neutral: s.Shares.Neutral, Each: slices.Clone(s.Shares.Each), Rolls: slices.Clone(s.Shares.Rolls)}
		c.Shares = &sh
	}
	return &c
}

// clonePtr copies what p points to (nil stays nil).
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// Count is how many territories p holds.
func (s *State) Count(p int) int {
	n := 0
	for _, o := range s.Owner {
		if o == p {
			n++
		}
	}
	return n
}

// Real lists the real players still in the game, in seat order.
func (s *State) Real() []int {
	var out []int
	for i, p := range s.Players {
		if !p.Neutral && !p.Out {
			out = append(out, i)
		}
	}
	return out
}

// order is the turn order: the real players from the first, then the neutrals.
func (s *State) order() []int {
	var out []int
	n := 0
	for _, p := range s.Players {
		if !p.Neutral {
			n++
		}
	}
	for i := range n {
		out = append(out, (s.Settings.First+i)%n)
	}
	for i, p := range s.Players {
		if p.Neutral {
			out = append(out, i)
		}
	}
	return out
}

// next is the player after p in turn order who is still in the game.
func (s *State) next(p int) int {
	o := s.order()
	at := 0
	for i, q := range o {
		if q == p {
			at = i
		}
	}
	for k := 1; k <= len(o); k++ {
		q := o[(at+k)%len(o)]
		if !s.Players[q].Out {
			return q
		}
	}
	return p
}

func (s *State) name(p int) string {
	if p < 0 || p >= len(s.Players) {
		return "nobody"
	}
	return s.Players[p].Name
}

var _ engine.State = (*State)(nil)

// SecondSetAllowed says whether the turn player may trade another set now,
// after one this turn: always where the variant allows several a turn; in
// RISK (the Parker Brothers rules the house keeps) a second set when the
// turn began with 5 or 6 cards, while 5 or more are still held, or while an
// elimination forces trading.
func (s *State) SecondSetAllowed(v *Variant) bool {
	switch {
	case v.MultiTrade, s.Traded == 0, s.MustTrade, len(s.Hands[s.Turn]) >= 5:
		return true
	}
	return s.Traded == 1 && s.TurnCards >= 5
}
