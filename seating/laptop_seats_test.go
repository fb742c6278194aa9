package seating

import (
	"context"
	"path/filepath"
	"testing"
)

// The host's "plays on the laptop" is kept on disk per game and seat: it
// survives a restart, and turning it off forgets it.
func TestLaptopSeatIsKeptAcrossRestartsAndCanBeTurnedOff(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db, game := seatsGame(t, path)
	s := newSeats(db)
	if err := s.SetLaptopSeat(ctx, game, 1, true); err != nil {
		t.Fatal(err)
	}
	if err := s.SetLaptopSeat(ctx, game, 1, true); err != nil { // twice is once
		t.Fatal(err)
	}
	s = restart(t, db, path)
	on, err := s.LaptopSeats(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	if len(on) != 1 || !on[1] {
		t.Fatalf("after a restart the laptop seats are %v; want seat 1 alone", on)
	}
	if other, _ := s.LaptopSeats(ctx, game+1); len(other) != 0 {
		t.Fatalf("another game has laptop seats %v", other)
	}
	if err := s.SetLaptopSeat(ctx, game, 1, false); err != nil {
		t.Fatal(err)
	}
	if on, _ = s.LaptopSeats(ctx, game); len(on) != 0 {
		t.Fatalf("turned off, the laptop seats are %v; want none", on)
	}
}
