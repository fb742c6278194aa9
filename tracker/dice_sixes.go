package tracker

import (
	"context"
	"encoding/json"
	"fmt"
)

// GameSixes is the six-sided faces of every reveal in game id's log up to
// seq, the log's last record when asked: a cache keyed on seq holds them
// for as long as the log does not grow.
func (t *Tracker) GameSixes(ctx context.Context, id int64) (faces []int, seq int64, err error) {
	if seq, err = t.LastSeq(ctx, id); err != nil {
		return nil, 0, err
	}
	faces, err = t.db.sixes(ctx, id, seq)
	return faces, seq, err
}

// sixes is the six-sided faces of every reveal in a game's log up to seq.
func (d *DB) sixes(ctx context.Context, id, seq int64) ([]int, error) {
	var once sixesOnce
	rows, err := d.QueryContext(ctx, `SELECT dice FROM events WHERE game_id = ? AND seq <= ? AND dice IS NOT NULL ORDER BY seq`, id, seq)
	if err != nil {
		return nil, fmt.Errorf("dice of game %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return nil, fmt.Errorf("dice of game %d: %w", id, err)
		}
		var rv DiceReveal
		if err := json.Unmarshal([]byte(raw), &rv); err != nil {
			return nil, fmt.Errorf("dice of game %d: %w", id, err)
		}
		once.add(rv)
	}
	return once.faces, rows.Err()
}
