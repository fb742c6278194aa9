package board

import (
	"fmt"
	"strings"

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

// Sized is a company in play with its size, for the closing bell's test.
type Sized struct {
	Name string
	Size int
}

// ClosingBell is the closing bell's rule, for bank and board mode alike: it
// may ring when one company in play is size EndOneSize or more, or every
// company in play is size EndAllSize or more. The reason is a clause that
// names the sizes either way ("Tower is size 23 (22 or more)").
func ClosingBell(inPlay []Sized) (bool, string) {
	if len(inPlay) == 0 {
		return false, "no company is in play"
	}
	small := ""
	for _, c := range inPlay {
		if c.Size >= EndOneSize {
			return true, fmt.Sprintf("%s is size %d (%d or more)", c.Name, c.Size, EndOneSize)
		}
		if c.Size < EndAllSize && small == "" {
			small = fmt.Sprintf("%s is only size %d", c.Name, c.Size)
		}
	}
	if small == "" {
		return true, fmt.Sprintf("every company in play is size %d or more", EndAllSize)
	}
	return false, fmt.Sprintf("no company is size %d yet and %s (all must be %d or more)", EndOneSize, small, EndAllSize)
}

// MayClose says whether the closing bell may be declared on the board
// (ClosingBell over the corporations in play), with the reason as a
// sentence; name turns a corporation's id into the name the table uses.
func MayClose(g *Geography, b Board, name func(string) string) (bool, string) {
	var inPlay []Sized
	for _, c := range b.Active() {
		inPlay = append(inPlay, Sized{Name: name(c), Size: SizeOf(g, b, c).Size})
	}
	ok, why := ClosingBell(inPlay)
	return ok, sentence(why)
}

// sentence capitalises a clause and ends it with a full stop.
func sentence(clause string) string {
	if clause == "" {
		return ""
	}
	return strings.ToUpper(clause[:1]) + clause[1:] + "."
}

// CheckDeclare refuses a declaration of the closing bell when the sizes do
// not allow it.
func CheckDeclare(g *Geography, b Board, name func(string) string) error {
	ok, why := MayClose(g, b, name)
	return RefuseClosing(ok, why)
}

// RefuseClosing is the closing bell's one refusal, for both modes: nil when
// the bell may ring.
func RefuseClosing(ok bool, why string) error {
	if ok {
		return nil
	}
	return engine.Refuse("closing-bell-sizes", "The game cannot end yet: %s", sentence(strings.TrimSuffix(why, ".")))
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
