package conquest

import (
	"tableside/engine/risk"
)

// Variant is what makes a game of the family itself.
type Variant struct {
	Kind, Title        string
	MinSeats, MaxSeats int
	// Prepare checks a table's settings for seats real players, fills in
	// defaults, and builds the map. Its error names the bad setting.
	Prepare func(set *Settings, seats int) (*risk.Map, error)
	// Deck is the card deck in its printed order (shuffled when play starts).
	Deck func(set Settings, m *risk.Map) []Card
	// StartArmies is each player's start armies for a table of players
	// (neutrals included) on a map of territories, with the reason.
	StartArmies func(set Settings, territories, players int) (int, string)
	// Deal: the territory cards are dealt round to share out the map (else
	// the players claim empty territories in turn).
	Deal bool
	// SetValue is the armies a set is worth: kinds are the set's cards'
	// kinds (wild ones included), sets the number traded before in the game.
	SetValue func(kinds []string, sets int) (int, string)
	// CardBonus: +CardBonusArmies on each traded card's territory the player holds.
	CardBonus bool
	// Basic says whether the territories/3 build (at least 3) applies.
	Basic func(set Settings) bool
	// Extra adds a variant's own build lines (the Empire rule).
	Extra func(s *State, p int, b *Build)
	// Fortify says whether the turn has RISK's one fortifying move.
	Fortify func(set Settings) bool
	// ElimTrade: a player who takes an eliminated player's cards and then
	// holds 6 or more trades at once down to 4 or fewer (RISK).
	ElimTrade bool
	// MultiTrade: more than one set may be traded in a turn.
	MultiTrade bool
}

// IsSet reports whether three cards form a set: the kinds of the cards that
// are not wild are all the same or all different.
func IsSet(cards []Card) bool {
	if len(cards) != 3 {
		return false
	}
	var kinds []string
	for _, c := range cards {
		if !c.IsWild() {
			kinds = append(kinds, c.Kind)
		}
	}
	same, diff := true, true
	for i := range kinds {
		for j := i + 1; j < len(kinds); j++ {
			if kinds[i] == kinds[j] {
				diff = false
			} else {
				same = false
			}
		}
	}
	return same || diff
}

// FindSet finds a set in a hand (the most valuable one), for the neutral
// player, which trades by itself, and for hints.
func FindSet(v *Variant, hand []Card, sets int) ([]int, bool) {
	best, bestV := []int(nil), -1
	for i := range hand {
		for j := i + 1; j < len(hand); j++ {
			for k := j + 1; k < len(hand); k++ {
				c := []Card{hand[i], hand[j], hand[k]}
				if !IsSet(c) {
					continue
				}
				val, _ := v.SetValue(kindsOf(c), sets)
				if val > bestV {
					best, bestV = []int{hand[i].ID, hand[j].ID, hand[k].ID}, val
				}
			}
		}
	}
	return best, best != nil
}

func kindsOf(cs []Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Kind
	}
	return out
}

// CardBonusArmies is the extra armies a traded card puts on its own
// territory when the trader holds it (Variant.CardBonus).
const CardBonusArmies = 2
