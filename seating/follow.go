package seating

import (
	"cmp"
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"tableside/engine"
)

// Refusals of following a table into its next game.
var (
	ErrNotFollowing = &engine.RuleError{Rule: "follow-no-seat", Message: "This phone held no seat in the game before this one: scan the QR code on the laptop, or type the room code, to join."}
	ErrFollowSeat   = &engine.RuleError{Rule: "follow-own-seat", Message: "This phone held another seat in the last game: it may take that seat in the new one, not this one."}
)

// followLinks remembers, for a finished game, the game its table plays
// next (the host's "Play again with the same players"). Kept across
// restarts as rows "next:OLD" -> "NEW" in the secrets table, as table locks
// are, and read once.
type followLinks struct {
	mu     sync.Mutex
	loaded bool
	next   map[int64]int64
}

func (s *Seats) loadNext(ctx context.Context) error {
	f := &s.next
	if f.loaded {
		return nil
	}
	rows, err := s.db.QueryContext(ctx, `SELECT name, value FROM secrets WHERE name LIKE 'next:%'`)
	if err != nil {
		return fmt.Errorf("read next games: %w", err)
	}
	defer rows.Close()
	next := map[int64]int64{}
	for rows.Next() {
		var name, value string
		if err := rows.Scan(&name, &value); err != nil {
			return fmt.Errorf("read next games: %w", err)
		}
		old, err1 := strconv.ParseInt(strings.TrimPrefix(name, "next:"), 10, 64)
		nw, err2 := strconv.ParseInt(value, 10, 64)
		if err1 == nil && err2 == nil {
			next[old] = nw
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read next games: %w", err)
	}
	f.next, f.loaded = next, true
	return nil
}

// SetNext records that the table of game old plays next game: the phones
// that hold old's seats now may take the same seats in next, each with the
// token it already has (see Follow). A later "Play again" replaces it.
func (s *Seats) SetNext(ctx context.Context, old, next int64) error {
	s.next.mu.Lock()
	defer s.next.mu.Unlock()
	if err := s.loadNext(ctx); err != nil {
		return err
	}
	if _, err := s.db.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`,
		fmt.Sprintf("next:%d", old), strconv.FormatInt(next, 10)); err != nil {
		return fmt.Errorf("link game %d to %d: %w", old, next, err)
	}
	s.next.next[old] = next
	return s.grantFollows(ctx, old, next)
}

// Next returns the game the table of old plays next, if any.
func (s *Seats) Next(ctx context.Context, old int64) (int64, bool, error) {
	s.next.mu.Lock()
	defer s.next.mu.Unlock()
	if err := s.loadNext(ctx); err != nil {
		return 0, false, err
	}
	n, ok := s.next.next[old]
	return n, ok, nil
}

// Follow gives a phone the seat it held in the game before: token must be
// a working seat token of game prev, whose next game is game, and seat the
// seat it held there when the host played again. The token is the proof,
// so no join code is needed, but only once and only while the host has
// not decided otherwise in the new game: a right is spent by its use, and
// dropped by a kick or move of that seat, a lock or a new join code
// (follow_rights.go). Another seat's phone, or a phone that held no seat,
// is refused, and a seat another phone already took stays taken. seats is
// how many seats game has. It returns the phone's token for game.
func (s *Seats) Follow(ctx context.Context, prev, game int64, seats, seat int, token, device string) (string, error) {
	if seat < 0 || seat >= seats {
		return "", ErrNoSuchSeat
	}
	next, linked, err := s.Next(ctx, prev)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return "", err
	}
	hash := hashToken(token)
	h, ok := s.byHash[hash]
	if token == "" || !ok || h.Game != prev || !linked || next != game {
		return "", ErrNotFollowing
	}
	if h.Seat != seat {
		return "", ErrFollowSeat
	}
	if _, held := s.byGame[game][seat]; held {
		return "", ErrSeatTaken
	}
	if s.follows[game][seat] != hash {
		return "", ErrFollowGone
	}
	if over, err := s.finished(ctx, game); err != nil || over {
		return "", cmp.Or(err, error(ErrGameOver))
	}
	return s.seatPhone(ctx, game, seat, device, spent{follow: true})
}
