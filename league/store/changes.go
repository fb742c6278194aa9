package store

import (
	"context"
	"fmt"
)

// The league's change count lives in the database (league_meta), not in a
// hub process: every hub over the same database sees every change, made by
// any of them, the next time it looks.

// changed counts one change to what the public pages show, in t.
func changed(ctx context.Context, t tx) error {
	return t.Exec(ctx, `UPDATE league_meta SET changes = changes + 1 WHERE id = 1`)
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
