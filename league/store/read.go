package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"tableside/league"
)

// Plays lists the plays not deleted, oldest first, with their players'
// current league ids and names.
func (s *Store) Plays(ctx context.Context) ([]league.StoredPlay, error) {
	var out []league.StoredPlay
	err := s.inTx(ctx, func(t tx) error {
		var err error
		out, err = readPlays(ctx, t, `WHERE deleted = ?`, false)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("read plays: %w", err)
	}
	return out, nil
}

// readPlays reads the plays where says (oldest first), with their players.
// The players of a few plays are read by their refs; of many, in one pass.
func readPlays(ctx context.Context, t tx, where string, arg any) ([]league.StoredPlay, error) {
	var out []league.StoredPlay
	index := map[int64]int{}
	rs, err := t.Query(ctx, `SELECT ref, table_id, play_id, version, kind, title, date, time, minutes, luck, scoring, deleted, received
		FROM plays `+where+` ORDER BY date, time, ref`, arg)
	if err != nil {
		return nil, err
	}
	for rs.Next() {
		var p league.StoredPlay
		var received string
		if err := rs.Scan(&p.Ref, &p.TableID, &p.ID, &p.Version, &p.Kind, &p.Title, &p.Date, &p.Time, &p.Minutes, &p.Luck, &p.Scoring, &p.Deleted, &received); err != nil {
			rs.Close()
			return nil, err
		}
		p.Received, _ = time.Parse(stamp, received)
		index[p.Ref] = len(out)
		out = append(out, p)
	}
	rs.Close()
	if err := rs.Err(); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return out, nil
	}
	q := `SELECT pp.ref, pp.player_id, pp.local, pl.name, pp.score, pp.rank, pp.winner
		FROM play_players pp JOIN players pl ON pl.id = pp.player_id`
	var args []any
	if len(out) <= 500 {
		q += ` WHERE pp.ref IN (?` + strings.Repeat(`, ?`, len(out)-1) + `)`
		for _, p := range out {
			args = append(args, p.Ref)
		}
	}
	rs, err = t.Query(ctx, q+` ORDER BY pp.ref, pp.pos`, args...)
	if err != nil {
		return nil, err
	}
	defer rs.Close()
	for rs.Next() {
		var ref int64
		var pl league.Player
		if err := rs.Scan(&ref, &pl.LeagueID, &pl.Local, &pl.Name, &pl.Score, &pl.Rank, &pl.Winner); err != nil {
			return nil, err
		}
		if i, ok := index[ref]; ok {
			out[i].Players = append(out[i].Players, pl)
		}
	}
	return out, rs.Err()
}

// Players lists every league player by id, merged ones too.
func (s *Store) Players(ctx context.Context) ([]league.LeaguePlayer, error) {
	var out []league.LeaguePlayer
	err := s.inTx(ctx, func(t tx) error {
		out = nil
		rs, err := t.Query(ctx, `SELECT id, name, merged_into FROM players ORDER BY id`)
		if err != nil {
			return err
		}
		defer rs.Close()
		for rs.Next() {
			var p league.LeaguePlayer
			if err := rs.Scan(&p.ID, &p.Name, &p.MergedInto); err != nil {
				return err
			}
			out = append(out, p)
		}
		return rs.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("list players: %w", err)
	}
	return out, nil
}

// Merge makes player from into player into: every play of from's becomes
// into's, and a table that still sends from's id is told into's.
func (s *Store) Merge(ctx context.Context, from, into int64) error {
	if from == into {
		return league.ErrSameMerge
	}
	err := s.inTx(ctx, func(t tx) error {
		for _, id := range []int64{from, into} {
			var m int64
			err := t.QueryRow(ctx, `SELECT merged_into FROM players WHERE id = ?`, id).Scan(&m)
			if errors.Is(err, errNoRows) {
				return fmt.Errorf("player %d: %w", id, league.ErrNoPlayer)
			}
			if err != nil {
				return err
			}
			if m != 0 {
				return fmt.Errorf("player %d was merged already: %w", id, league.ErrNoPlayer)
			}
		}
		for _, q := range []string{
			`UPDATE play_players SET player_id = ? WHERE player_id = ?`,
			`UPDATE players SET merged_into = ? WHERE merged_into = ?`,
			`UPDATE players SET merged_into = ? WHERE id = ?`,
		} {
			if err := t.Exec(ctx, q, into, from); err != nil {
				return err
			}
		}
		return rewritten(ctx, t)
	})
	if err != nil {
		return fmt.Errorf("merge player %d into %d: %w", from, into, err)
	}
	return nil
}
