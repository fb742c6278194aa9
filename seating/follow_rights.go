package seating

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"tableside/engine"
	"tableside/tracker"
)

// Refusals of a seat that can no longer be followed into, and of a game
// that takes no more phones.
var (
	ErrFollowGone = &engine.RuleError{Rule: "follow-gone", Message: "This seat is no longer kept for this phone in the new game: the host freed it, moved it to another phone, locked the table or made a new join code. Ask the host for the QR code."}
	ErrGameOver   = &engine.RuleError{Rule: "game-over", Message: "This game has ended: it takes no new phones. Ask the host for the next game's QR code."}
)

// Follow rights. When the host plays again, each seat of the finished game
// that a phone held at that moment is kept in the new game for that phone
// alone: a row "follow:NEW:SEAT" holds the hash of the token that may take
// it. A right is spent when used, and dropped when the host frees or moves
// that seat, locks the new table or gives it a new join code, so following
// can never undo what the host decided in the new game.

func followName(game int64, seat int) string { return fmt.Sprintf("follow:%d:%d", game, seat) }

// loadFollows reads every follow right (s.mu held, during load).
func (s *Seats) loadFollows(ctx context.Context) (map[int64]map[int]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT name, value FROM secrets WHERE name LIKE 'follow:%'`)
	if err != nil {
		return nil, fmt.Errorf("read follow rights: %w", err)
	}
	defer rows.Close()
	out := map[int64]map[int]string{}
	for rows.Next() {
		var name, hash string
		if err := rows.Scan(&name, &hash); err != nil {
			return nil, fmt.Errorf("read follow rights: %w", err)
		}
		var game int64
		var seat int
		if _, err := fmt.Sscanf(name, "follow:%d:%d", &game, &seat); err != nil {
			continue
		}
		if out[game] == nil {
			out[game] = map[int]string{}
		}
		out[game][seat] = hash
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read follow rights: %w", err)
	}
	return out, nil
}

// grantFollows keeps each seat of game old for the phone holding it now,
// in game next (s.mu not held).
func (s *Seats) grantFollows(ctx context.Context, old, next int64) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.load(ctx); err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("keep seats of game %d in %d: %w", old, next, err)
	}
	defer tx.Rollback()
	// Who plays on the laptop keeps playing there; such a seat is nobody's to follow into.
	laptop, err := s.keepLaptopSeats(ctx, tx, old, next)
	if err != nil {
		return err
	}
	rights := map[int]string{}
	for seat, hash := range s.byGame[old] {
		if laptop[seat] {
			continue
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`,
			followName(next, seat), hash); err != nil {
			return fmt.Errorf("keep seat %d of game %d in %d: %w", seat, old, next, err)
		}
		rights[seat] = hash
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("keep seats of game %d in %d: %w", old, next, err)
	}
	s.follows[next] = rights
	for seat := range laptop {
		s.markLaptop(next, seat, true)
	}
	return nil
}

// dropFollows removes, in tx, the follow rights of game's seat (seat < 0:
// every seat); forget then removes them from memory once tx is committed.
func (s *Seats) dropFollows(ctx context.Context, tx *sql.Tx, game int64, seat int) (forget func(), err error) {
	if seat >= 0 {
		_, err = tx.ExecContext(ctx, `DELETE FROM secrets WHERE name = ?`, followName(game, seat))
	} else {
		_, err = tx.ExecContext(ctx, `DELETE FROM secrets WHERE name LIKE ?`, fmt.Sprintf("follow:%d:%%", game))
	}
	if err != nil {
		return nil, fmt.Errorf("drop follow rights of game %d: %w", game, err)
	}
	return func() {
		if seat >= 0 {
			delete(s.follows[game], seat)
		} else {
			delete(s.follows, game)
		}
	}, nil
}

// finished reports whether game has ended (or was abandoned): it takes no
// new phones. The tracker, which keeps the games, answers.
func (s *Seats) finished(ctx context.Context, game int64) (bool, error) {
	info, err := s.tr.StoredInfo(ctx, game)
	if errors.Is(err, tracker.ErrNoGame) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("read status of game %d: %w", game, err)
	}
	return !info.IsPlaying(), nil
}
