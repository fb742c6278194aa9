package seating

import (
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"tableside/engine"
	"tableside/tracker"
)

// RoomAlphabet are the letters of a room code: no two that a tired eye
// mixes up (no B/8, G/6, I/L/1, O/Q/0, S/5, Z/2).
const RoomAlphabet = "ACDEFHJKMNPRTUVWXY"

// RoomLength is how many letters a room code has.
const RoomLength = 4

// ErrBadRoomCode answers a room code that opens no table.
var ErrBadRoomCode = &engine.RuleError{Rule: "room-code", Message: "No open table has that code: check the four letters on the laptop or the poster (a locked or finished table takes no new phones)."}

// NormalRoom reads a typed room code: case and spaces do not matter.
func NormalRoom(typed string) string {
	return strings.ToUpper(strings.Join(strings.Fields(strings.ReplaceAll(typed, "-", " ")), ""))
}

// newRoom draws a room code no other table has (s.mu held).
func (s *Seats) newRoom() string {
	for {
		b := make([]byte, RoomLength)
		rand.Read(b)
		for i := range b {
			b[i] = RoomAlphabet[int(b[i])%len(RoomAlphabet)]
		}
		if _, taken := s.rooms[string(b)]; !taken {
			return string(b)
		}
	}
}

// RoomCode returns a game's room code, making one the first time (with the
// game's join code, if it has none yet). A locked or ended table has none
// ("" and no error): its code is retired, so nobody can find it by guessing.
// Whether it ended is the caller's info, the tracker's as read for the page:
// the host's live frames ask for the code at every change, and reading the
// game's row again for it was a query per frame.
func (s *Seats) RoomCode(ctx context.Context, info tracker.GameInfo) (string, error) {
	game := info.ID
	if _, err := s.GameCode(ctx, game); err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if !info.IsPlaying() || s.locked[game] {
		return "", nil
	}
	if room, ok := s.roomOf[game]; ok {
		return room, nil
	}
	// A join code from before room codes existed gets its room now.
	room := s.newRoom()
	if _, err := s.db.ExecContext(ctx, `UPDATE join_codes SET room = ? WHERE game_id = ? AND seat IS NULL`, room, game); err != nil {
		return "", fmt.Errorf("make room code for game %d: %w", game, err)
	}
	s.setRoom(game, room)
	return room, nil
}

// setRoom records a game's room code in memory (s.mu held).
func (s *Seats) setRoom(game int64, room string) {
	if old, ok := s.roomOf[game]; ok {
		delete(s.rooms, old)
	}
	if room == "" {
		delete(s.roomOf, game)
		return
	}
	s.rooms[room] = game
	s.roomOf[game] = room
}

// ByRoom finds the table a typed room code opens: its game and join code.
// The code of a locked or ended table is retired: it opens nothing, and is
// refused exactly as a code that never existed, so a guess that hits it
// learns nothing.
func (s *Seats) ByRoom(ctx context.Context, typed string) (game int64, code string, err error) {
	room := NormalRoom(typed)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return 0, "", err
	}
	game, ok := s.rooms[room]
	if !ok || len(room) != RoomLength || s.locked[game] {
		return 0, "", ErrBadRoomCode
	}
	over, err := s.finished(ctx, game)
	if err != nil {
		return 0, "", err
	}
	if over {
		if _, err := s.db.ExecContext(ctx, `UPDATE join_codes SET room = NULL WHERE game_id = ? AND seat IS NULL`, game); err != nil {
			return 0, "", fmt.Errorf("retire room code of game %d: %w", game, err)
		}
		s.setRoom(game, "")
		return 0, "", ErrBadRoomCode
	}
	return game, s.game[game], nil
}
