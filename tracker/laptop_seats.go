package tracker

import (
	"context"
	"fmt"
	"time"
)

// LaptopSeats reads which seats of a game play on the laptop (the host
// set them): a player without a phone, whose hand the host screen offers
// to open, with one tap, when it is their move.
func (s *Seats) LaptopSeats(ctx context.Context, game int64) (map[int]bool, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seat FROM laptop_seats WHERE game_id = ?`, game)
	if err != nil {
		return nil, fmt.Errorf("read laptop seats of game %d: %w", game, err)
	}
	defer rows.Close()
	out := map[int]bool{}
	for rows.Next() {
		var seat int
		if err := rows.Scan(&seat); err != nil {
			return nil, fmt.Errorf("read laptop seats of game %d: %w", game, err)
		}
		out[seat] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read laptop seats of game %d: %w", game, err)
	}
	return out, nil
}

// SetLaptopSeat marks a seat as playing on the laptop (on) or on its own
// phone (off).
func (s *Seats) SetLaptopSeat(ctx context.Context, game int64, seat int, on bool) error {
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
	return nil
}
