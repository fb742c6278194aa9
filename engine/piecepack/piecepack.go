// Package piecepack is the piecepack's suits, in the order its tiles are
// listed: the one list the piecepack games (pctw, takeover) read.
package piecepack

// Suit is one of the four suits: its letter in layouts and piece codes, its
// name, and its symbol on screen.
type Suit struct{ Letter, Name, Symbol string }

// Suits are Suns, Moons, Crowns and Arms, in that order (suit 0 to 3).
var Suits = []Suit{
	{"S", "Suns", "☀"}, {"M", "Moons", "☾"}, {"C", "Crowns", "♛"}, {"A", "Arms", "⚜"},
}

// Letters is the suits' letters in order, "SMCA".
func Letters() string {
	s := ""
	for _, x := range Suits {
		s += x.Letter
	}
	return s
}

// Names lists the suits' names in order.
func Names() []string {
	out := make([]string, len(Suits))
	for i, x := range Suits {
		out[i] = x.Name
	}
	return out
}
