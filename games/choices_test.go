package games_test

import (
	"testing"

	"tableside/engine"
	"tableside/games"
)

// A new game of every kind, with its default settings: the host, the public
// and seats outside the game are offered no answers (their sheets hold no
// decision), and a seat is offered answers only when the table waits for it.
func TestChoicesGoOnlyToSeatsTheTableWaitsFor(t *testing.T) {
	for _, r := range games.All() {
		mv := r.(engine.Mover)
		n := r.MinSeats()
		st, err := r.New(engine.Setup{Seats: seats(n)})
		if err != nil {
			t.Fatalf("%s: new game: %v", r.Kind(), err)
		}
		w, _ := r.(engine.Waiter).Waiting(st)
		for seat := engine.Public; seat <= n; seat++ {
			text, cs := mv.Moves(st, engine.Viewer{Seat: seat}).Decision()
			owes := seat >= 0 && seat < n && w.Owes(seat)
			if !owes && (text != "" || len(cs) != 0) {
				t.Errorf("%s: seat %d, which the table does not wait for, is offered %q %+v", r.Kind(), seat, text, cs)
			}
		}
	}
}
