package table

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"tableside/engine"
)

// Unpair ends the table's link with its hub: the key is forgotten, every
// play of the score log waits again (the next hub, or the same one under a
// new pairing, is sent the whole log), and the league ids the hub gave the
// table's people are forgotten (another hub's ids name other people; at
// the next hub people are matched by name). The score log is untouched.
func (s *Syncer) Unpair(ctx context.Context) error {
	l, ok, err := s.Link(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return engine.Refuse("league-unpaired", "This table is not paired with a league.")
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM league_link`); err != nil {
			return err
		}
		return resetQueue(ctx, tx, true)
	})
	if err != nil {
		return fmt.Errorf("unpair from the league: %w", err)
	}
	s.forget()
	s.Log.Info("league: unpaired", "hub", l.Hub, "table", l.TableID)
	return nil
}

// Repair pairs a paired table again, with a new code: from a hub that
// revoked its key, or with another hub. The code is traded first, so a
// refused code leaves the old link as it was. Then, at once, the new link
// replaces the old and the whole score log waits for the new pairing; the
// league ids of the table's people are kept only when the hub is the same.
func (s *Syncer) Repair(ctx context.Context, hub, code, name string) error {
	old, ok, err := s.Link(ctx)
	if err != nil {
		return err
	}
	if !ok {
		return s.Pair(ctx, hub, code, name)
	}
	hub, code, err = SplitPairing(hub, code)
	if err != nil {
		return err
	}
	pr, err := s.exchange(ctx, hub, code, name)
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE league_link SET hub = ?, table_id = ?, key = ?, paired = ? WHERE id = 1`,
			hub, pr.Table, pr.Key, s.Now().UTC().Format(time.RFC3339)); err != nil {
			return err
		}
		return resetQueue(ctx, tx, hub != old.Hub)
	})
	if err != nil {
		return fmt.Errorf("keep the new league link: %w", err)
	}
	s.forget()
	s.Log.Info("league: paired again", "hub", hub, "table", pr.Table, "was", old.TableID)
	s.Nudge()
	return nil
}

// resetQueue makes every play wait again and, when told, forgets the
// people's league ids.
func resetQueue(ctx context.Context, tx *sql.Tx, forgetPeople bool) error {
	if _, err := tx.ExecContext(ctx, `UPDATE league_plays SET sent = NULL`); err != nil {
		return err
	}
	if forgetPeople {
		_, err := tx.ExecContext(ctx, `DELETE FROM league_people`)
		return err
	}
	return nil
}

// forget clears what the host was told of the old link's last push.
func (s *Syncer) forget() {
	s.mu.Lock()
	s.last = attempt{}
	s.mu.Unlock()
}

func (s *Syncer) inTx(ctx context.Context, fn func(*sql.Tx) error) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := fn(tx); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
