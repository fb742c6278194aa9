package seating

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"tableside/tracker"

	"tableside/engine"
	"tableside/engine/scorepad"
)

// seatsGame opens a database with one game, for the seat tests.
func seatsGame(t *testing.T, path string) (*tracker.DB, int64) {
	t.Helper()
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	return db, addGame(t, db)
}

// addGame adds a score pad game of two seats to db.
func addGame(t *testing.T, db *tracker.DB) int64 {
	t.Helper()
	info, err := tracker.New(db, scorepad.Rules{}).Create(context.Background(), "scorepad", "t",
		engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	return info.ID
}

// newSeats is the seat keeper over db, as the server makes it.
func newSeats(db *tracker.DB) *Seats { return New(tracker.New(db, scorepad.Rules{})) }

// restart closes db and opens the file at path again, as a restarted
// server does, and returns the seat keeper over it; the reopened database
// is closed when the test ends.
func restart(t *testing.T, db *tracker.DB, path string) *Seats {
	t.Helper()
	db.Close()
	again, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { again.Close() })
	return newSeats(again)
}

// claim seats a phone at seat of a two-seat game with the game's join
// code and returns the phone's token.
func claim(t *testing.T, s *Seats, game int64, seat int) string {
	t.Helper()
	code, _ := s.GameCode(context.Background(), game)
	tok, err := s.Claim(context.Background(), game, 2, seat, code, "phone")
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func TestSeatTokenSurvivesRestartAndIsUnguessable(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db, game := seatsGame(t, path)
	s := newSeats(db)
	code, err := s.GameCode(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	if len(code) < 22 {
		t.Fatalf("join code %q is shorter than 128 bits", code)
	}
	tok, err := s.Claim(ctx, game, 2, 1, code, "phone")
	if err != nil {
		t.Fatal(err)
	}
	if len(tok) < 43 {
		t.Fatalf("token %q is shorter than 256 bits", tok)
	}
	var stored int
	db.QueryRow(`SELECT count(*) FROM seat_tokens WHERE token_hash = ?`, tok).Scan(&stored)
	if stored != 0 {
		t.Fatal("the token is stored in clear")
	}
	s2 := restart(t, db, path)
	h, ok, err := s2.Lookup(ctx, tok)
	if err != nil || !ok || h.Seat != 1 || h.Game != game {
		t.Fatalf("after restart the token gives %+v %v %v; want seat 1 of game %d", h, ok, err, game)
	}
	code2, _ := s2.GameCode(ctx, game)
	if code2 != code {
		t.Fatalf("the game's join code changed across a restart: %q then %q (a printed QR would stop working)", code, code2)
	}
	if _, ok, _ := s2.Lookup(ctx, tok[:len(tok)-1]+"A"); ok && tok[len(tok)-1] != 'A' {
		t.Fatal("a different token resolved to a seat")
	}
}

func TestSeatHeldByOnePhoneOnly(t *testing.T) {
	ctx := context.Background()
	db, game := seatsGame(t, filepath.Join(t.TempDir(), "t.db"))
	defer db.Close()
	s := newSeats(db)
	code, _ := s.GameCode(ctx, game)
	if _, err := s.Claim(ctx, game, 2, 0, code, "a"); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(ctx, game, 2, 0, code, "b"); !errors.Is(err, ErrSeatTaken) {
		t.Fatalf("second phone on seat 0: %v, want seat-taken", err)
	}
	if _, err := s.Claim(ctx, game, 2, 2, code, "b"); !errors.Is(err, ErrNoSuchSeat) {
		t.Fatalf("seat 2 of 2: %v, want no-such-seat", err)
	}
	if _, err := s.Claim(ctx, game, 2, 1, "guess", "b"); !errors.Is(err, ErrBadJoinCode) {
		t.Fatalf("wrong code: %v, want join-code refusal", err)
	}
}

func TestHandoverRevokesOldPhoneAndOpensOnlyThatSeatOnce(t *testing.T) {
	ctx := context.Background()
	db, game := seatsGame(t, filepath.Join(t.TempDir(), "t.db"))
	defer db.Close()
	s := newSeats(db)
	var told []int
	s.OnRevoke(func(g int64, seat int) { told = append(told, seat) })
	code, _ := s.GameCode(ctx, game)
	old, _ := s.Claim(ctx, game, 2, 0, code, "old")
	hand, err := s.Handover(ctx, game, 2, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := s.Lookup(ctx, old); ok {
		t.Fatal("the old phone still holds the seat after it was moved")
	}
	if len(told) != 1 || told[0] != 0 {
		t.Fatalf("revoke hooks told %v, want [0]", told)
	}
	if _, err := s.Claim(ctx, game, 2, 1, hand, "new"); !errors.Is(err, ErrBadJoinCode) {
		t.Fatalf("hand-over code for seat 0 used on seat 1: %v, want refusal", err)
	}
	tok, err := s.Claim(ctx, game, 2, 0, hand, "new")
	if err != nil {
		t.Fatal(err)
	}
	if h, ok, _ := s.Lookup(ctx, tok); !ok || h.Seat != 0 {
		t.Fatal("the new phone does not hold seat 0")
	}
	if err := s.Release(ctx, game, 0); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(ctx, game, 2, 0, hand, "again"); !errors.Is(err, ErrBadJoinCode) {
		t.Fatalf("hand-over code used twice: %v, want refusal", err)
	}
	if _, ok, _ := s.Lookup(ctx, tok); ok {
		t.Fatal("a kicked phone still holds its seat")
	}
}

func TestSecretSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db, _ := seatsGame(t, path)
	a, err := newSeats(db).Secret(ctx, "host")
	if err != nil || len(a) < 43 {
		t.Fatalf("secret %q, %v", a, err)
	}
	if b, _ := restart(t, db, path).Secret(ctx, "host"); b != a {
		t.Fatal("the host token changed across a restart")
	}
}

// A new join code shuts out the old one at once and after a restart; seated
// phones keep their seats. A locked table refuses the game's code (a
// hand-over code still works), and stays locked across a restart.
func TestNewJoinCodeAndLockSurviveRestart(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "t.db")
	db, game := seatsGame(t, path)
	s := newSeats(db)
	old, err := s.GameCode(ctx, game)
	if err != nil {
		t.Fatal(err)
	}
	tok, err := s.Claim(ctx, game, 2, 0, old, "phone")
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := s.NewGameCode(ctx, game)
	if err != nil || fresh == old {
		t.Fatalf("new code %q (old %q): %v", fresh, old, err)
	}
	if err := s.SetLocked(ctx, game, true); err != nil {
		t.Fatal(err)
	}
	s = restart(t, db, path)
	if _, err := s.CheckCode(ctx, game, old); !errors.Is(err, ErrBadJoinCode) {
		t.Fatalf("old code after a new one: %v; want ErrBadJoinCode", err)
	}
	if code, _ := s.GameCode(ctx, game); code != fresh {
		t.Fatalf("game code after restart %q; want the new one %q", code, fresh)
	}
	if h, ok, _ := s.Lookup(ctx, tok); !ok || h.Seat != 0 {
		t.Fatal("the seated phone lost its seat to the new code")
	}
	if locked, _ := s.Locked(ctx, game); !locked {
		t.Fatal("the lock did not survive a restart")
	}
	if _, err := s.Claim(ctx, game, 2, 1, fresh, "phone"); !errors.Is(err, ErrTableLocked) {
		t.Fatalf("join a locked table: %v; want ErrTableLocked", err)
	}
	hand, err := s.Handover(ctx, game, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Claim(ctx, game, 2, 1, hand, "phone"); err != nil {
		t.Fatalf("a hand-over code on a locked table: %v", err)
	}
	if err := s.SetLocked(ctx, game, false); err != nil {
		t.Fatal(err)
	}
	if _, err := s.CheckCode(ctx, game, fresh); err != nil {
		t.Fatalf("unlocked: %v", err)
	}
}

func TestRotateSecretReplacesIt(t *testing.T) {
	ctx := context.Background()
	db, _ := seatsGame(t, filepath.Join(t.TempDir(), "t.db"))
	defer db.Close()
	s := newSeats(db)
	a, err := s.Secret(ctx, "host")
	if err != nil {
		t.Fatal(err)
	}
	b, err := s.RotateSecret(ctx, "host")
	if err != nil || b == a || len(b) < 43 {
		t.Fatalf("rotated %q (was %q): %v", b, a, err)
	}
	if c, _ := s.Secret(ctx, "host"); c != b {
		t.Fatalf("stored secret %q; want the rotated %q", c, b)
	}
}
