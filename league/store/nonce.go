package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tableside/league"
)

// nonceWindow is how long a push's nonce is kept: a push is accepted while
// its time is within league.MaxSkew of the hub's clock, so a captured one
// can be replayed for at most twice that after the hub first saw it.
const nonceWindow = 2 * league.MaxSkew

// Nonce records a push's nonce in the database, so a replay is refused
// after a restart and by every hub process over the same database. It
// reports false when the table used the nonce within the window. Nonces
// past the window are forgotten in the same transaction.
func (s *Store) Nonce(ctx context.Context, tableID, nonce string, now time.Time) (bool, error) {
	fresh := false
	err := s.inTx(ctx, func(t tx) error {
		if err := t.Exec(ctx, `DELETE FROM push_nonces WHERE seen < ?`, now.Add(-nonceWindow).Unix()); err != nil {
			return err
		}
		var one int
		err := t.QueryRow(ctx, `INSERT INTO push_nonces(table_id, nonce, seen) VALUES (?, ?, ?)
			ON CONFLICT (table_id, nonce) DO NOTHING RETURNING 1`, tableID, nonce, now.Unix()).Scan(&one)
		fresh = err == nil
		if errors.Is(err, errNoRows) {
			return nil
		}
		return err
	})
	if err != nil {
		return false, fmt.Errorf("nonce of table %q: %w", tableID, err)
	}
	return fresh, nil
}
