package store

import (
	"context"
	"errors"
	"fmt"

	"tableside/league"
)

// MoveTable makes into the table from was: a table paired again (its link
// reset, or a revoked key) sends its whole score log under its new id, so
// its old pairing's plays are moved to the new one, and where both hold a
// play the newer version stays. The old pairing is revoked. Standings then
// count each play once, whichever of the moves and the re-sending comes first.
func (s *Store) MoveTable(ctx context.Context, from, into string) error {
	if from == into {
		return fmt.Errorf("move table %q: %w", from, league.ErrSameTable)
	}
	err := s.inTx(ctx, func(t tx) error {
		for _, id := range []string{from, into} {
			var one int
			if err := t.QueryRow(ctx, `SELECT 1 FROM league_tables WHERE id = ?`, id).Scan(&one); errors.Is(err, errNoRows) {
				return fmt.Errorf("%w: %s", league.ErrNoTable, id)
			} else if err != nil {
				return err
			}
		}
		// Of a play both hold, the older version goes (the old pairing's on a tie).
		if err := t.Exec(ctx, `DELETE FROM plays WHERE table_id = ? AND EXISTS (SELECT 1 FROM plays n
			WHERE n.table_id = ? AND n.play_id = plays.play_id AND n.version >= plays.version)`, from, into); err != nil {
			return err
		}
		if err := t.Exec(ctx, `DELETE FROM plays WHERE table_id = ? AND EXISTS (SELECT 1 FROM plays o
			WHERE o.table_id = ? AND o.play_id = plays.play_id)`, into, from); err != nil {
			return err
		}
		if err := t.Exec(ctx, `UPDATE plays SET table_id = ? WHERE table_id = ?`, into, from); err != nil {
			return err
		}
		if err := t.Exec(ctx, `UPDATE league_tables SET revoked = ? WHERE id = ?`, true, from); err != nil {
			return err
		}
		return rewritten(ctx, t)
	})
	if err != nil {
		return fmt.Errorf("move table %s's plays to %s: %w", from, into, err)
	}
	return nil
}
