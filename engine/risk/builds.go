package risk

import (
	"fmt"

	"tableside/engine"
)

// Reinforcements and card sets: the classic rule, the club's house rules
// (risk-house-rules.txt) and Piecepack Conquers the World. Printed sheets
// and calculators ask these functions, so each number lives here once.

// BasicBuild is the armies a player gets for holding territories: a third
// of them, rounded down, and never fewer than 3 (classic RISK and the house
// rules agree).
func BasicBuild(territories int) int { return max(3, territories/3) }

// HouseStartingArmies is each player's army count at setup under the house
// rules: 40 for two players, 5 fewer for each extra player, 20 for six.
func HouseStartingArmies(players int) (int, error) {
	if players < 2 || players > 6 {
		return 0, engine.Refuse("players", "The house rules are for 2 to 6 players, not %d.", players)
	}
	return 50 - 5*players, nil
}

// CardSet is a set of three territory cards traded for armies.
type CardSet string

// The four sets the house rules price.
const (
	SetArtillery CardSet = "three artillery"
	SetCavalry   CardSet = "three cavalry"
	SetInfantry  CardSet = "three infantry"
	SetMixed     CardSet = "one of each"
)

// HouseSets lists the sets in the order the house rules price them.
var HouseSets = []CardSet{SetArtillery, SetCavalry, SetInfantry, SetMixed}

// HouseSetValue is a set's fixed worth under the house rules: it never
// grows however many sets have been traded.
func HouseSetValue(s CardSet) (int, error) {
	switch s {
	case SetArtillery:
		return 10, nil
	case SetCavalry, SetMixed:
		return 8, nil
	case SetInfantry:
		return 6, nil
	}
	return 0, fmt.Errorf("card set %q: want three artillery, three cavalry, three infantry or one of each", s)
}

// HouseOccupiedBonus is the extra armies for each traded card whose
// territory the player holds; they go on that territory.
const HouseOccupiedBonus = 2

// ClassicSetValue is the worth of the n-th set traded in a classic game
// (n from 1): 4, 6, 8, 10, 12, 15, then 5 more each time.
func ClassicSetValue(n int) int {
	switch {
	case n < 1:
		return 0
	case n <= 5:
		return 2 + 2*n
	}
	return 15 + 5*(n-6)
}

// PiecepackSetValue is the worth of the n-th set in Piecepack Conquers the
// World (n from 1): 2, 3, 4, then 2 more than the one before.
func PiecepackSetValue(n int) int {
	switch {
	case n < 1:
		return 0
	case n <= 3:
		return n + 1
	}
	return 4 + 2*(n-3)
}

// PiecepackStartingArmies is each player's armies in Piecepack Conquers the
// World: 14 shared out among the players (rounded down), plus 6. The
// rulebook calls the formula provisional; this is it as written.
func PiecepackStartingArmies(players int) (int, error) {
	if players < 2 || players > 4 {
		return 0, engine.Refuse("players", "Piecepack Conquers the World is for 2 to 4 players, not %d.", players)
	}
	return 14/players + 6, nil
}

// PiecepackContinentBonuses gives each continent of Piecepack Conquers the
// World its bonus from its size (territories): the smallest earns 2, the
// next 3, the two largest 4. Equal sizes earn the same.
func PiecepackContinentBonuses(sizes []int) []int {
	out := make([]int, len(sizes))
	for i, s := range sizes {
		smaller := map[int]bool{}
		for _, o := range sizes {
			if o < s {
				smaller[o] = true
			}
		}
		out[i] = min(2+len(smaller), 4)
	}
	return out
}
