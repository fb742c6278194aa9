package draw_test

import (
	"testing"

	"tableside/draw"
	"tableside/engine"
	"tableside/engine/conquest"
)

// A RISK-family seat with no colour of its own is charted in the army
// colour the game gives it on the board; other games use the palette, and a
// seat's own #rrggbb wins.
func TestSeatColoursFollowTheArmies(t *testing.T) {
	seats := make([]engine.Seat, len(conquest.ArmyColours))
	got := draw.SeatColours("risk", seats)
	for i, c := range conquest.ArmyColours {
		if got[i] != draw.OwnerColours[c] {
			t.Errorf("seat %d: %s; want the %s army's %s", i, got[i], c, draw.OwnerColours[c])
		}
	}
	if got := draw.SeatColours("pctw", []engine.Seat{{Colour: "green"}}); got[0] != draw.OwnerColours["green"] {
		t.Errorf("a green PCtW seat is charted %s; want %s", got[0], draw.OwnerColours["green"])
	}
	got = draw.SeatColours("coldcash", []engine.Seat{{}, {Colour: "#123456"}})
	if got[0] != draw.Palette[0] || got[1] != "#123456" {
		t.Errorf("Cold Cash seats charted %v; want the palette's first and the seat's own #123456", got)
	}
}
