package board

import (
	"fmt"
	"sort"

	"tableside/engine"
)

// HandSize is how many cards a player holds between turns.
const HandSize = 3

// Wilds is how many wild cards the territory deck holds.
const Wilds = 2

// Deck is the territory deck when the app keeps it: the draw pile (top
// first), every seat's hand, the discards, and the seats that may place no
// more Mom & Pops. Each phone sees only its own hand.
type Deck struct {
	Pile     []string   `json:"pile"`
	Hands    [][]string `json:"hands"`
	Discards []string   `json:"discards"`
	Closed   []bool     `json:"closed"` // the seat found no usable card and places no more Mom & Pops
}

// Cards lists the whole territory deck in a fixed order: one card per
// territory, then the wild cards.
func Cards(g *Geography) []string {
	cs := g.Territories()
	for i := 1; i <= Wilds; i++ {
		cs = append(cs, fmt.Sprintf("%s%d", WildPrefix, i))
	}
	return cs
}

// Shuffle returns the deck in a random order drawn from dice. It is called
// by Decide; the order goes into the event so a replay never reshuffles.
func Shuffle(g *Geography, dice engine.Dice) []string {
	cs := Cards(g)
	for i := len(cs) - 1; i > 0; i-- {
		j := dice.Intn(i + 1)
		cs[i], cs[j] = cs[j], cs[i]
	}
	return cs
}

// CheckPile verifies that pile is the whole deck, each card once, so a
// shuffle sent in from outside cannot add or lose cards.
func CheckPile(g *Geography, pile []string) error {
	want := Cards(g)
	got := append([]string(nil), pile...)
	sort.Strings(want)
	sort.Strings(got)
	if len(want) != len(got) {
		return engine.Refuse("whole-deck", "The territory deck has %d cards, not %d.", len(want), len(got))
	}
	for i := range want {
		if want[i] != got[i] {
			return engine.Refuse("whole-deck", "The territory deck must hold each territory card and %d wild cards once.", Wilds)
		}
	}
	return nil
}

// Clone returns a deep copy.
func (d Deck) Clone() Deck {
	c := Deck{Pile: append([]string{}, d.Pile...), Discards: append([]string{}, d.Discards...),
		Closed: append([]bool{}, d.Closed...)}
	for _, h := range d.Hands {
		c.Hands = append(c.Hands, append([]string{}, h...))
	}
	return c
}

// draw takes the top card, if any.
func (d *Deck) draw() (string, bool) {
	if len(d.Pile) == 0 {
		return "", false
	}
	c := d.Pile[0]
	d.Pile = d.Pile[1:]
	return c, true
}

// Opening is the opening bell's result.
type Opening struct {
	First  []string `json:"first"`  // each seat's first territory
	Order  []int    `json:"order"`  // seats in turn order
	Board  Board    `json:"board"`  // one Mom & Pop per player
	Deck   Deck     `json:"deck"`   // three cards each, the rest in the pile
	Redraw []string `json:"redraw"` // wild cards drawn and replaced while finding first cards
}

// OpenWithDeck runs the opening bell from a shuffled pile: each seat in turn
// draws a card until it is not wild (wild cards are discarded); the player
// whose territory comes first alphabetically moves first and play goes
// clockwise; each player's Mom & Pop goes on that territory and the card is
// discarded; then every player is dealt three cards, in turn order.
func OpenWithDeck(g *Geography, pile []string, seats int) (Opening, error) {
	if err := CheckPile(g, pile); err != nil {
		return Opening{}, err
	}
	d := Deck{Pile: append([]string{}, pile...), Hands: make([][]string, seats), Discards: []string{}, Closed: make([]bool, seats)}
	var o Opening
	for s := 0; s < seats; s++ {
		for {
			c, _ := d.draw() // 44 cards always outlast the first draw of 6 players
			d.Discards = append(d.Discards, c)
			if !IsWild(c) {
				o.First = append(o.First, c)
				break
			}
			o.Redraw = append(o.Redraw, c)
		}
	}
	op, err := OpenWithCards(g, o.First)
	if err != nil {
		return Opening{}, err
	}
	o.Order, o.Board = op.Order, op.Board
	for i := 0; i < HandSize; i++ {
		for _, s := range o.Order {
			if c, ok := d.draw(); ok {
				d.Hands[s] = append(d.Hands[s], c)
			}
		}
	}
	o.Deck = d
	return o, nil
}

// OpenWithCards runs the opening bell from each seat's first territory card
// when the table keeps the physical deck (the host types what was drawn).
func OpenWithCards(g *Geography, first []string) (Opening, error) {
	b := New()
	for s, t := range first {
		if err := refuseUnknown(g, t); err != nil {
			return Opening{}, err
		}
		if !b.Empty(t) {
			return Opening{}, engine.Refuse("one-card-each", "Two players cannot both have drawn %s.", g.Name(t))
		}
		_ = s
		b.Land[t] = Holding{}
	}
	if len(first) == 0 {
		return Opening{}, engine.Refuse("no-players", "The opening bell needs at least one player.")
	}
	lead := 0
	for s, t := range first {
		if g.Name(t) < g.Name(first[lead]) {
			lead = s
		}
	}
	return Opening{First: append([]string{}, first...), Order: Clockwise(len(first), lead), Board: b}, nil
}

// Clockwise is the turn order starting at seat lead and going round the table.
func Clockwise(seats, lead int) []int {
	o := make([]int, seats)
	for i := range o {
		o[i] = (lead + i) % seats
	}
	return o
}

// Play removes the card used for a placement from the seat's hand and
// discards it.
func (d Deck) Play(seat int, card string) (Deck, error) {
	if seat < 0 || seat >= len(d.Hands) || !contains(d.Hands[seat], card) {
		return d, engine.Refuse("card-not-held", "Player %d does not hold that card.", seat+1)
	}
	n := d.Clone()
	n.Hands[seat] = remove(n.Hands[seat], card)
	n.Discards = append(n.Discards, card)
	return n, nil
}

// Forfeit discards the hand of a seat that holds no usable card; that seat
// places no more Mom & Pops and draws no more cards.
func (d Deck) Forfeit(seat int) Deck {
	n := d.Clone()
	n.Discards = append(n.Discards, n.Hands[seat]...)
	n.Hands[seat] = []string{}
	n.Closed[seat] = true
	return n
}

// Refill ends a seat's turn: it takes one card, then discards every card it
// cannot use and draws back up to three, again while a drawn card cannot be
// used, as long as the pile lasts (it is never reshuffled). A closed seat
// draws nothing.
func (d Deck) Refill(g *Geography, b Board, seat int) Deck {
	n := d.Clone()
	if seat < 0 || seat >= len(n.Hands) || n.Closed[seat] {
		return n
	}
	if c, ok := n.draw(); ok {
		n.Hands[seat] = append(n.Hands[seat], c)
	}
	for {
		var keep []string
		for _, c := range n.Hands[seat] {
			if Fits(g, b, c) {
				keep = append(keep, c)
			} else {
				n.Discards = append(n.Discards, c)
			}
		}
		if keep == nil {
			keep = []string{}
		}
		n.Hands[seat] = keep
		if len(keep) >= HandSize || len(n.Pile) == 0 {
			return n
		}
		for len(n.Hands[seat]) < HandSize {
			c, ok := n.draw()
			if !ok {
				break
			}
			n.Hands[seat] = append(n.Hands[seat], c)
		}
	}
}

// Exhausted reports whether every territory card has been played or
// discarded: the pile is empty and nobody holds a card.
func (d Deck) Exhausted() bool {
	if len(d.Pile) > 0 {
		return false
	}
	for _, h := range d.Hands {
		if len(h) > 0 {
			return false
		}
	}
	return true
}
