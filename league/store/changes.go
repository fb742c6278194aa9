package store

import (
	"context"
	"fmt"

	"tableside/league"
)

// The league's change count lives in the database (league_meta), not in a
// hub process: every hub over the same database sees every change, made by
// any of them, the next time it looks. Each stored play carries the count
// of the change that wrote it (plays.changed), so a hub that has read the
// league up to one count reads only what came after (Since). A change that
// rewrites plays already stored in bulk (a merge, a table moved, a restore)
// moves league_meta.reset up to its count: a hub behind it reads everything.

// migrateChanges adds the change columns to a league made before them.
const migrateChanges = `ALTER TABLE plays ADD COLUMN changed BIGINT NOT NULL DEFAULT 0;
ALTER TABLE league_meta ADD COLUMN reset BIGINT NOT NULL DEFAULT 0;`

// changed counts one change to what the public pages show, in t, and
// returns the new count.
func changed(ctx context.Context, t tx) (int64, error) {
	var n int64
	err := t.QueryRow(ctx, `UPDATE league_meta SET changes = changes + 1 WHERE id = 1 RETURNING changes`).Scan(&n)
	return n, err
}

// rewritten counts a change that rewrote stored plays in bulk.
func rewritten(ctx context.Context, t tx) error {
	return t.Exec(ctx, `UPDATE league_meta SET changes = changes + 1, reset = changes + 1 WHERE id = 1`)
}

// Changes is the league's change count.
func (s *Store) Changes(ctx context.Context) (int64, error) {
	var n int64
	err := s.inTx(ctx, func(t tx) error {
		return t.QueryRow(ctx, `SELECT changes FROM league_meta WHERE id = 1`).Scan(&n)
	})
	if err != nil {
		return 0, fmt.Errorf("league changes: %w", err)
	}
	return n, nil
}

// Since reads, in one snapshot, the change count and what changed after
// count gen: the plays written since (deleted ones too), or every play when
// a bulk rewrite came after gen (Delta.Full).
func (s *Store) Since(ctx context.Context, gen int64) (league.Delta, error) {
	var d league.Delta
	err := s.inTx(ctx, func(t tx) error {
		d = league.Delta{}
		if err := s.eng.snapshot(ctx, t); err != nil {
			return err
		}
		var reset int64
		if err := t.QueryRow(ctx, `SELECT changes, reset FROM league_meta WHERE id = 1`).Scan(&d.Changes, &reset); err != nil {
			return err
		}
		d.Full = gen < reset || gen > d.Changes
		var err error
		if d.Full {
			d.Plays, err = readPlays(ctx, t, `WHERE deleted = ?`, false)
		} else {
			d.Plays, err = readPlays(ctx, t, `WHERE changed > ?`, gen)
		}
		return err
	})
	if err != nil {
		return d, fmt.Errorf("league changes since %d: %w", gen, err)
	}
	return d, nil
}
