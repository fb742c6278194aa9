package draw

import (
	"strings"

	"tableside/engine"
)

// armyOrder is the RISK family's army colours in the order a game hands
// them out when the host picked none (conquest.ArmyColours; the engine is
// not imported here, and TestSeatColoursFollowTheArmies holds the two together).
var armyOrder = []string{"red", "blue", "green", "yellow", "black", "pink"}

// SeatColours picks each seat's line colour in a game's charts: the chart
// palette, told apart for colour-blind eyes too; the RISK family uses its
// army colours instead, and a seat with its own colour (#rrggbb) keeps it,
// so a player is one colour everywhere.
func SeatColours(kind string, seats []engine.Seat) []string {
	out := make([]string, len(seats))
	for i, s := range seats {
		out[i] = Palette[i%len(Palette)]
		switch {
		case kind == "risk" || kind == "pctw":
			c := s.Colour
			if c == "" {
				c = armyOrder[i%len(armyOrder)]
			}
			if hex, ok := OwnerColours[c]; ok {
				out[i] = hex
			}
		case strings.HasPrefix(s.Colour, "#") && len(s.Colour) == 7:
			out[i] = s.Colour
		}
	}
	return out
}
