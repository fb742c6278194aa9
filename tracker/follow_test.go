package tracker

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"tableside/engine"
)

// A table that plays again follows into the new game seat by seat: each
// phone takes, with its old token alone, the seat it held, and nothing
// else. Another seat's phone, a stranger, a phone of an unrelated game and
// a forged token are refused; the link survives a restart.
func TestFollowOpensOnlyTheSeatTheOldTokenHeld(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db, old := seatsGame(t, path)
	newGame := func() int64 {
		info := GameInfo{Kind: "scorepad", Name: "t", Setup: engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}}
		if err := db.insertGame(ctx, &info); err != nil {
			t.Fatal(err)
		}
		return info.ID
	}
	next, other := newGame(), newGame()
	s := NewSeats(db)
	claim := func(game int64, seat int) string {
		code, _ := s.GameCode(ctx, game)
		tok, err := s.Claim(ctx, game, 2, seat, code, "phone")
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	ana, ben, elsewhere := claim(old, 0), claim(old, 1), claim(other, 0)
	refused := func(why string, prev int64, seat int, tok string, want error) {
		t.Helper()
		if got, err := s.Follow(ctx, prev, next, 2, seat, tok, "x"); !errors.Is(err, want) || got != "" {
			t.Fatalf("%s: %q, %v; want %v", why, got, err, want)
		}
	}
	refused("before Play again", old, 0, ana, ErrNotFollowing)
	if err := s.SetNext(ctx, old, next); err != nil {
		t.Fatal(err)
	}
	refused("Ben's phone for Ana's seat", old, 0, ben, ErrFollowSeat)
	refused("a stranger", old, 0, "", ErrNotFollowing)
	refused("a forged token", old, 0, ana[:len(ana)-2]+"xx", ErrNotFollowing)
	refused("a phone of another game", other, 0, elsewhere, ErrNotFollowing)
	refused("another game's phone naming this one", old, 0, elsewhere, ErrNotFollowing)
	refused("no such seat", old, 5, ana, ErrNoSuchSeat)
	// The host locks the new table: the table's own phones still follow.
	if err := s.SetLocked(ctx, next, true); err != nil {
		t.Fatal(err)
	}
	db.Close()

	db2, err := OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	s = NewSeats(db2)
	tok, err := s.Follow(ctx, old, next, 2, 0, ana, "Ana's phone")
	if err != nil {
		t.Fatalf("Ana's phone following after a restart: %v", err)
	}
	if h, ok, _ := s.Lookup(ctx, tok); !ok || h.Game != next || h.Seat != 0 {
		t.Fatalf("Ana's new token holds %+v", h)
	}
	refused("Ana's seat twice", old, 0, ana, ErrSeatTaken)
	if _, err := s.Follow(ctx, old, next, 2, 1, ben, "Ben's phone"); err != nil {
		t.Fatalf("Ben's phone following: %v", err)
	}
	if n, ok, _ := s.Next(ctx, old); !ok || n != next {
		t.Fatalf("next of %d is %d %v after a restart", old, n, ok)
	}
}
