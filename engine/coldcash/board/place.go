package board

import (
	"strings"

	"tableside/engine"
)

// Wild cards are named WildPrefix + a number; every other card names its
// territory by id.
const WildPrefix = "wild-"

// IsWild reports whether card is a wild card.
func IsWild(card string) bool { return strings.HasPrefix(card, WildPrefix) }

// CardName is a card's name for people.
func CardName(g *Geography, card string) string {
	if IsWild(card) {
		return "a wild card"
	}
	return g.Name(card)
}

// Fits reports whether card can place a Mom & Pop now: a territory card
// whose territory is empty, or a wild card while any territory is empty.
func Fits(g *Geography, b Board, card string) bool {
	if IsWild(card) {
		return len(b.Land) < len(g.ids)
	}
	return g.Has(card) && b.Empty(card)
}

// Usable lists the cards of hand that can place a Mom & Pop now. A player
// holding any must place one; a player holding none discards the hand and
// places no more Mom & Pops for the rest of the game.
func Usable(g *Geography, b Board, hand []string) []string {
	var out []string
	for _, c := range hand {
		if Fits(g, b, c) {
			out = append(out, c)
		}
	}
	return out
}

// Place puts a Mom & Pop in territory at. With a hand (the app keeps the
// deck), card must be in it and fit: a territory card places only in its own
// territory, a wild card in any empty one. Without a hand (the table keeps
// the deck), card is ignored and the host's word is taken for it.
func Place(g *Geography, b Board, hand []string, appDeck bool, card, at string) (Board, error) {
	if err := refuseUnknown(g, at); err != nil {
		return b, err
	}
	if !b.Empty(at) {
		return b, engine.Refuse("empty-territory-only", "%s is already occupied: a Mom & Pop goes only into an empty territory.", g.Name(at))
	}
	if appDeck {
		if !contains(hand, card) {
			return b, engine.Refuse("card-not-held", "You do not hold the card %s.", CardName(g, card))
		}
		if !IsWild(card) && card != at {
			return b, engine.Refuse("card-must-match", "The %s card places a Mom & Pop only in %s; use a wild card for %s.", g.Name(card), g.Name(card), g.Name(at))
		}
	}
	nb := b.Clone()
	nb.Land[at] = Holding{}
	return nb, nil
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func remove(s []string, v string) []string {
	out := make([]string, 0, len(s))
	done := false
	for _, x := range s {
		if x == v && !done {
			done = true
			continue
		}
		out = append(out, x)
	}
	return out
}
