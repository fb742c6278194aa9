package store

import (
	"context"
	"fmt"

	"tableside/league"
)

// Dump reads every row of every table in one transaction.
func (s *Store) Dump(ctx context.Context) (league.Dump, error) {
	var d league.Dump
	err := s.inTx(ctx, func(t tx) error {
		d = league.Dump{}
		return dumpAll(ctx, t, &d)
	})
	if err != nil {
		return d, fmt.Errorf("dump league: %w", err)
	}
	return d, nil
}

func dumpAll(ctx context.Context, t tx, d *league.Dump) error {
	err := each(ctx, t, `SELECT id, name, key_hash, revoked, paired FROM league_tables`, func(r rows) error {
		var x league.TableRow
		err := r.Scan(&x.ID, &x.Name, &x.KeyHash, &x.Revoked, &x.Paired)
		d.Tables = append(d.Tables, x)
		return err
	})
	if err != nil {
		return err
	}
	err = each(ctx, t, `SELECT id, name, merged_into FROM players`, func(r rows) error {
		var x league.PlayerRow
		err := r.Scan(&x.ID, &x.Name, &x.MergedInto)
		d.Players = append(d.Players, x)
		return err
	})
	if err != nil {
		return err
	}
	err = each(ctx, t, `SELECT ref, table_id, play_id, version, kind, title, date, time, minutes, luck, scoring, deleted, received FROM plays`, func(r rows) error {
		var x league.PlayRow
		err := r.Scan(&x.Ref, &x.TableID, &x.PlayID, &x.Version, &x.Kind, &x.Title, &x.Date, &x.Time, &x.Minutes, &x.Luck, &x.Scoring, &x.Deleted, &x.Received)
		d.Plays = append(d.Plays, x)
		return err
	})
	if err != nil {
		return err
	}
	err = each(ctx, t, `SELECT ref, pos, player_id, local, score, rank, winner FROM play_players`, func(r rows) error {
		var x league.PlayPlayerRow
		err := r.Scan(&x.Ref, &x.Pos, &x.PlayerID, &x.Local, &x.Score, &x.Rank, &x.Winner)
		d.PlayPlayers = append(d.PlayPlayers, x)
		return err
	})
	if err != nil {
		return err
	}
	return each(ctx, t, `SELECT hash, expires, used FROM pairing_codes`, func(r rows) error {
		var x league.CodeRow
		err := r.Scan(&x.Hash, &x.Expires, &x.Used)
		d.Codes = append(d.Codes, x)
		return err
	})
}

func each(ctx context.Context, t tx, q string, fn func(rows) error) error {
	rs, err := t.Query(ctx, q)
	if err != nil {
		return err
	}
	defer rs.Close()
	for rs.Next() {
		if err := fn(rs); err != nil {
			return err
		}
	}
	return rs.Err()
}

// Restore writes a dump into an empty store, in one transaction.
func (s *Store) Restore(ctx context.Context, d league.Dump) error {
	err := s.inTx(ctx, func(t tx) error {
		var n int
		if err := t.QueryRow(ctx, `SELECT (SELECT count(*) FROM league_tables) + (SELECT count(*) FROM players) + (SELECT count(*) FROM plays) + (SELECT count(*) FROM pairing_codes)`).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return league.ErrNotEmpty
		}
		if err := restoreAll(ctx, t, d); err != nil {
			return err
		}
		if err := rewritten(ctx, t); err != nil {
			return err
		}
		return s.eng.afterRestore(ctx, t)
	})
	if err != nil {
		return fmt.Errorf("restore league: %w", err)
	}
	return nil
}

func restoreAll(ctx context.Context, t tx, d league.Dump) error {
	for _, x := range d.Tables {
		if err := t.Exec(ctx, `INSERT INTO league_tables(id, name, key_hash, revoked, paired) VALUES (?, ?, ?, ?, ?)`, x.ID, x.Name, x.KeyHash, x.Revoked, x.Paired); err != nil {
			return err
		}
	}
	for _, x := range d.Players {
		if err := t.Exec(ctx, `INSERT INTO players(id, name, name_key, merged_into) VALUES (?, ?, ?, ?)`, x.ID, x.Name, league.NameKey(x.Name), x.MergedInto); err != nil {
			return fmt.Errorf("player %d %.40q: %w", x.ID, x.Name, err)
		}
	}
	// A row the destination cannot hold (a NUL byte, a number past its
	// INTEGER, kept by an older hub) is named by its play, so the admin can
	// find it and mend it.
	named := map[int64]string{}
	for _, x := range d.Plays {
		named[x.Ref] = fmt.Sprintf("play %.40q of table %s (v%d, %s)", x.PlayID, x.TableID, x.Version, x.Date)
		if err := t.Exec(ctx, `INSERT INTO plays(ref, table_id, play_id, version, kind, title, date, time, minutes, luck, scoring, deleted, received) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			x.Ref, x.TableID, x.PlayID, x.Version, x.Kind, x.Title, x.Date, x.Time, x.Minutes, x.Luck, x.Scoring, x.Deleted, x.Received); err != nil {
			return fmt.Errorf("%s cannot be moved: %w", named[x.Ref], err)
		}
	}
	for _, x := range d.PlayPlayers {
		if err := t.Exec(ctx, `INSERT INTO play_players(ref, pos, player_id, local, score, rank, winner) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			x.Ref, x.Pos, x.PlayerID, x.Local, x.Score, x.Rank, x.Winner); err != nil {
			return fmt.Errorf("%s, player %d, cannot be moved: %w", named[x.Ref], x.Pos+1, err)
		}
	}
	for _, x := range d.Codes {
		if err := t.Exec(ctx, `INSERT INTO pairing_codes(hash, expires, used) VALUES (?, ?, ?)`, x.Hash, x.Expires, x.Used); err != nil {
			return err
		}
	}
	return nil
}
