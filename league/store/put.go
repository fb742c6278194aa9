package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"tableside/league"
)

// Put stores a table's plays in one transaction (see league.Store).
func (s *Store) Put(ctx context.Context, tableID string, plays []league.Play, now time.Time) ([]league.Result, error) {
	for _, p := range plays {
		if err := p.Check(); err != nil {
			return nil, err
		}
	}
	var out []league.Result
	err := s.inTx(ctx, func(t tx) error {
		out = nil
		ids, err := resolvePlayers(ctx, t, plays)
		if err != nil {
			return err
		}
		var refs []int64
		for i, p := range plays {
			r, ref, err := putPlay(ctx, t, tableID, p, ids[i], now)
			if err != nil {
				return fmt.Errorf("play %s v%d: %w", p.ID, p.Version, err)
			}
			out = append(out, r)
			if r.Outcome == league.Stored {
				refs = append(refs, ref)
			}
		}
		return markStored(ctx, t, refs)
	})
	if err != nil {
		return nil, fmt.Errorf("put plays of table %s: %w", tableID, err)
	}
	return out, nil
}

// resolvePlayers finds every player's league id: the id the table sent
// (following merges), else the name's, else a new one. Names are added in
// one order (by name key) in every transaction, so two tables adding the
// same people at once wait for each other instead of deadlocking.
func resolvePlayers(ctx context.Context, t tx, plays []league.Play) ([][]int64, error) {
	byName := map[string]int64{}
	var names []string
	ids := make([][]int64, len(plays))
	for i, p := range plays {
		ids[i] = make([]int64, len(p.Players))
		for j, pl := range p.Players {
			if pl.LeagueID != 0 {
				id, err := follow(ctx, t, pl.LeagueID)
				if err == nil {
					ids[i][j] = id
					continue
				}
				if !errors.Is(err, league.ErrNoPlayer) {
					return nil, err
				}
			}
			k := league.NameKey(pl.Name)
			if _, ok := byName[k]; !ok {
				byName[k] = 0
				names = append(names, k)
			}
		}
	}
	slices.Sort(names)
	display := map[string]string{}
	for _, p := range plays {
		for _, pl := range p.Players {
			if _, ok := display[league.NameKey(pl.Name)]; !ok {
				display[league.NameKey(pl.Name)] = pl.Name
			}
		}
	}
	for _, k := range names {
		id, err := playerByName(ctx, t, k, display[k])
		if err != nil {
			return nil, err
		}
		byName[k] = id
	}
	for i, p := range plays {
		for j, pl := range p.Players {
			if ids[i][j] == 0 {
				ids[i][j] = byName[league.NameKey(pl.Name)]
			}
		}
	}
	return ids, nil
}

// playerByName returns the player with that name key, adding them when new.
func playerByName(ctx context.Context, t tx, key, name string) (int64, error) {
	if err := t.Exec(ctx, `INSERT INTO players(name, name_key) VALUES (?, ?) ON CONFLICT (name_key) DO NOTHING`, name, key); err != nil {
		return 0, fmt.Errorf("add player %s: %w", name, err)
	}
	var id, into int64
	if err := t.QueryRow(ctx, `SELECT id, merged_into FROM players WHERE name_key = ?`, key).Scan(&id, &into); err != nil {
		return 0, fmt.Errorf("find player %s: %w", name, err)
	}
	if into != 0 {
		return follow(ctx, t, into)
	}
	return id, nil
}

// follow returns the player id becomes after merges.
func follow(ctx context.Context, t tx, id int64) (int64, error) {
	for range 16 {
		var into int64
		err := t.QueryRow(ctx, `SELECT merged_into FROM players WHERE id = ?`, id).Scan(&into)
		if errors.Is(err, errNoRows) {
			return 0, fmt.Errorf("player %d: %w", id, league.ErrNoPlayer)
		}
		if err != nil {
			return 0, fmt.Errorf("player %d: %w", id, err)
		}
		if into == 0 {
			return id, nil
		}
		id = into
	}
	return 0, fmt.Errorf("player %d: merges go round in a circle", id)
}

// putPlay writes one play unless the hub has this version or a newer one.
func putPlay(ctx context.Context, t tx, tableID string, p league.Play, ids []int64, now time.Time) (league.Result, int64, error) {
	res := league.Result{ID: p.ID, Version: p.Version, Players: ids}
	var ref int64
	err := t.QueryRow(ctx, `INSERT INTO plays(table_id, play_id, version, kind, title, date, time, minutes, luck, scoring, deleted, received)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (table_id, play_id) DO UPDATE SET version = excluded.version, kind = excluded.kind, title = excluded.title,
			date = excluded.date, time = excluded.time, minutes = excluded.minutes, luck = excluded.luck,
			scoring = excluded.scoring, deleted = excluded.deleted, received = excluded.received
		WHERE plays.version < excluded.version
		RETURNING ref`,
		tableID, p.ID, p.Version, p.Kind, p.Title, p.Date, p.Time, p.Minutes, p.Luck, p.Scoring, p.Deleted, now.UTC().Format(stamp)).Scan(&ref)
	if errors.Is(err, errNoRows) {
		var have int
		if err := t.QueryRow(ctx, `SELECT version FROM plays WHERE table_id = ? AND play_id = ?`, tableID, p.ID).Scan(&have); err != nil {
			return res, 0, err
		}
		res.Outcome = league.Unchanged
		if have > p.Version {
			res.Outcome = league.Stale
		}
		return res, 0, nil
	}
	if err != nil {
		return res, 0, err
	}
	if err := t.Exec(ctx, `DELETE FROM play_players WHERE ref = ?`, ref); err != nil {
		return res, 0, err
	}
	for i, pl := range p.Players {
		if err := t.Exec(ctx, `INSERT INTO play_players(ref, pos, player_id, local, score, rank, winner) VALUES (?, ?, ?, ?, ?, ?, ?)`,
			ref, i, ids[i], pl.Local, pl.Score, pl.Rank, pl.Winner); err != nil {
			return res, 0, err
		}
	}
	res.Outcome = league.Stored
	return res, ref, nil
}

// markStored counts the push as one change, when it stored anything, and
// marks the plays it stored with that count (see Since). Counted last, so
// concurrent pushes wait on the count's row only for the end of each
// other's transactions, and a count's plays are all committed with it.
func markStored(ctx context.Context, t tx, refs []int64) error {
	if len(refs) == 0 {
		return nil
	}
	n, err := changed(ctx, t)
	if err != nil {
		return err
	}
	for _, ref := range refs {
		if err := t.Exec(ctx, `UPDATE plays SET changed = ? WHERE ref = ?`, n, ref); err != nil {
			return err
		}
	}
	return nil
}
