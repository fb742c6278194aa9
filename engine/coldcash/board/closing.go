package board

import (
	"fmt"

	"tableside/engine"
)

// Sizes from which the closing bell may ring.
const (
	EndOneSize = 22 // one corporation this size or more
	EndAllSize = 11 // or every corporation this size or more
)

// Ending is one of the game's endings (a setting).
type Ending string

// The endings: the standard closing bell (declared at the start of a turn),
// the short game (the last territory card) and the long game (one
// corporation holds the whole map).
const (
	EndStandard Ending = "standard"
	EndShort    Ending = "short"
	EndLong     Ending = "long"
)

// Endings lists the endings in menu order.
var Endings = []Ending{EndStandard, EndShort, EndLong}

// MayClose says whether the closing bell may be declared: one corporation of
// size 22 or more, or every corporation in play of size 11 or more. The
// reason names the sizes either way.
func MayClose(g *Geography, b Board) (bool, string) {
	act := b.Active()
	if len(act) == 0 {
		return false, "No corporation is in play."
	}
	all := true
	smallest := ""
	for _, c := range act {
		s := SizeOf(g, b, c).Size
		if s >= EndOneSize {
			return true, fmt.Sprintf("A corporation is size %d (%d or more).", s, EndOneSize)
		}
		if s < EndAllSize {
			all = false
			smallest = fmt.Sprintf("one corporation is only size %d", s)
		}
	}
	if all {
		return true, fmt.Sprintf("Every corporation in play is size %d or more.", EndAllSize)
	}
	return false, fmt.Sprintf("No corporation is size %d yet and %s (all must be %d or more).", EndOneSize, smallest, EndAllSize)
}

// CheckDeclare refuses a declaration of the closing bell when the sizes do
// not allow it.
func CheckDeclare(g *Geography, b Board) error {
	if ok, why := MayClose(g, b); !ok {
		return engine.Refuse("closing-bell-sizes", "The game cannot end yet: %s", why)
	}
	return nil
}

// WholeMap reports whether one corporation holds every territory (the long
// game's end), and which.
func WholeMap(g *Geography, b Board) (string, bool) {
	if len(b.Land) < len(g.ids) {
		return "", false
	}
	var c string
	for _, t := range g.ids {
		o := b.Owner(t)
		if o == "" || (c != "" && o != c) {
			return "", false
		}
		c = o
	}
	return c, true
}

// DrawOrder is the variable turn order: the players draw numbered tiles at
// random, and the tile numbers give the order. It returns seats in order.
func DrawOrder(seats int, dice engine.Dice) []int {
	o := make([]int, seats)
	for i := range o {
		o[i] = i
	}
	for i := seats - 1; i > 0; i-- {
		j := dice.Intn(i + 1)
		o[i], o[j] = o[j], o[i]
	}
	return o
}
