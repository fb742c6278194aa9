package seating

import (
	"context"
	"errors"
	"path/filepath"
	"testing"
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
		return addGame(t, db)
	}
	next, other := newGame(), newGame()
	s := newSeats(db)
	ana, ben, elsewhere := claim(t, s, old, 0), claim(t, s, old, 1), claim(t, s, other, 0)
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
	s = restart(t, db, path)
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

// Following never undoes what the host decided in the new game: a kick or
// a move of a seat, a lock or a new join code drops the right to follow
// into it, a right is spent once used (a phone kicked after following
// cannot come back with its old token), and a seat taken in the finished
// game after Play again carries nothing.
func TestFollowRespectsKickMoveLockAndNewJoinCode(t *testing.T) {
	ctx := context.Background()
	db, old := seatsGame(t, filepath.Join(t.TempDir(), "t.db"))
	defer db.Close()
	s := newSeats(db)
	newGame := func() int64 {
		return addGame(t, db)
	}
	ana, ben := claim(t, s, old, 0), claim(t, s, old, 1)
	follow := func(next int64, seat int, tok string) error {
		_, err := s.Follow(ctx, old, next, 2, seat, tok, "x")
		return err
	}
	for _, c := range []struct {
		what   string
		decide func(next int64) error
		seat   int
	}{
		{"a kick of the seat", func(n int64) error { return s.Release(ctx, n, 0) }, 0},
		{"a move of the seat", func(n int64) error { _, err := s.Handover(ctx, n, 2, 1); return err }, 1},
		{"a lock", func(n int64) error { return s.SetLocked(ctx, n, true) }, 0},
		{"a new join code", func(n int64) error { _, err := s.NewGameCode(ctx, n); return err }, 1},
	} {
		next := newGame()
		if err := s.SetNext(ctx, old, next); err != nil {
			t.Fatal(err)
		}
		if err := c.decide(next); err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		tok := map[int]string{0: ana, 1: ben}[c.seat]
		if err := follow(next, c.seat, tok); !errors.Is(err, ErrFollowGone) {
			t.Fatalf("following after %s: %v; want %v", c.what, err, ErrFollowGone)
		}
		if h, _ := s.Holders(ctx, next); len(h) != 0 {
			t.Fatalf("after %s and a refused follow, the new game has phones: %v", c.what, h)
		}
	}
	// Spent once used: Ana follows, the host kicks her, her old token is refused.
	next := newGame()
	if err := s.SetNext(ctx, old, next); err != nil {
		t.Fatal(err)
	}
	if err := follow(next, 0, ana); err != nil {
		t.Fatalf("Ana following: %v", err)
	}
	if err := s.Release(ctx, next, 0); err != nil {
		t.Fatal(err)
	}
	if err := follow(next, 0, ana); !errors.Is(err, ErrFollowGone) {
		t.Fatalf("Ana's old token after the kick: %v; want %v", err, ErrFollowGone)
	}
}
