package seating

import (
	"context"
	"database/sql"
	"fmt"
	"maps"
	"time"

	"tableside/engine"
)

// ErrSeatOnLaptop refuses a phone a seat that plays on the laptop: that
// seat is taken, by the laptop. Only the host hands it to a phone, with a
// QR code for that seat alone ("Move to a phone").
var ErrSeatOnLaptop = &engine.RuleError{Rule: "seat-on-laptop", Message: "That seat plays on the laptop. The host can move it to a phone with a QR code for that seat only."}

// SeatOnPhone refuses to set a seat a phone holds to play on the laptop:
// the player would lose their phone's seat without being told. The host
// sends the phone away first (Kick), deliberately.
type SeatOnPhone struct{ Holder Holder }

func (e *SeatOnPhone) Error() string {
	return fmt.Sprintf("seat %d of game %d is held by a phone (%s)", e.Holder.Seat, e.Holder.Game, e.Holder.Device)
}

// Seats that play on the laptop: a player without a phone, whose hand the
// host screen offers to open, with one tap, when it is their move. Such a
// seat is taken as a phone's seat is: no join code or room code opens it,
// and it counts as taken for "seats free" and "Lock the table". Kept in
// memory beside the phones (s.mu), written through to laptop_seats.

// loadLaptop reads every laptop seat (s.mu held, during load).
func (s *Seats) loadLaptop(ctx context.Context) (map[int64]map[int]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT game_id, seat FROM laptop_seats`)
	if err != nil {
		return nil, fmt.Errorf("read laptop seats: %w", err)
	}
	defer rows.Close()
	out := map[int64]map[int]bool{}
	for rows.Next() {
		var game int64
		var seat int
		if err := rows.Scan(&game, &seat); err != nil {
			return nil, fmt.Errorf("read laptop seats: %w", err)
		}
		if out[game] == nil {
			out[game] = map[int]bool{}
		}
		out[game][seat] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read laptop seats: %w", err)
	}
	return out, nil
}

// LaptopSeats reads which seats of a game play on the laptop (the host
// set them).
func (s *Seats) LaptopSeats(ctx context.Context, game int64) (map[int]bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	out := maps.Clone(s.laptop[game])
	if out == nil {
		out = map[int]bool{}
	}
	return out, nil
}

// SetLaptopSeat marks a seat as playing on the laptop (on) or on its own
// phone (off). A seat a phone holds is refused (*SeatOnPhone), nothing
// written.
func (s *Seats) SetLaptopSeat(ctx context.Context, game int64, seat int, on bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return err
	}
	if hash, held := s.byGame[game][seat]; held && on {
		return &SeatOnPhone{Holder: s.byHash[hash]}
	}
	var err error
	if on {
		_, err = s.db.ExecContext(ctx, `INSERT INTO laptop_seats (game_id, seat, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
			game, seat, s.Now().UTC().Format(time.RFC3339Nano))
	} else {
		_, err = s.db.ExecContext(ctx, `DELETE FROM laptop_seats WHERE game_id = ? AND seat = ?`, game, seat)
	}
	if err != nil {
		return fmt.Errorf("set seat %d of game %d to play on the laptop (%v): %w", seat, game, on, err)
	}
	s.markLaptop(game, seat, on)
	return nil
}

// markLaptop sets a seat's laptop mark in memory (s.mu held), once it is on disk.
func (s *Seats) markLaptop(game int64, seat int, on bool) {
	if !on {
		delete(s.laptop[game], seat)
		return
	}
	if s.laptop[game] == nil {
		s.laptop[game] = map[int]bool{}
	}
	s.laptop[game][seat] = true
}

// FreeSeats lists the seats of a game of n seats that are free: no phone
// holds them and they do not play on the laptop. This is the one answer to
// "how many seats are free" (the host's corner, the TV's, the join page)
// and to "may the table be locked" (none free).
func (s *Seats) FreeSeats(ctx context.Context, game int64, n int) ([]int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return nil, err
	}
	var free []int
	for seat := range n {
		if s.takenLocked(game, seat) == nil {
			free = append(free, seat)
		}
	}
	return free, nil
}

// takenLocked says why a seat is not free for a phone with the game's code:
// a phone holds it, or it plays on the laptop; nil when it is free (s.mu held).
func (s *Seats) takenLocked(game int64, seat int) error {
	if _, held := s.byGame[game][seat]; held {
		return ErrSeatTaken
	}
	if s.laptop[game][seat] {
		return ErrSeatOnLaptop
	}
	return nil
}

// keepLaptopSeats gives game next the laptop seats of game old, in tx
// (Play again keeps who plays on the laptop); it returns the seats (s.mu held).
func (s *Seats) keepLaptopSeats(ctx context.Context, tx *sql.Tx, old, next int64) (map[int]bool, error) {
	at := s.Now().UTC().Format(time.RFC3339Nano)
	for seat := range s.laptop[old] {
		if _, err := tx.ExecContext(ctx, `INSERT INTO laptop_seats (game_id, seat, at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`,
			next, seat, at); err != nil {
			return nil, fmt.Errorf("keep seat %d of game %d on the laptop in game %d: %w", seat, old, next, err)
		}
	}
	return maps.Clone(s.laptop[old]), nil
}
