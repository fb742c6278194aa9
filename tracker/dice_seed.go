package tracker

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// diceColumn encodes a reveal for the events table (NULL for none).
func diceColumn(d *DiceReveal) (any, error) {
	if d == nil {
		return nil, nil
	}
	b, err := json.Marshal(d)
	if err != nil {
		return nil, fmt.Errorf("encode dice: %w", err)
	}
	return string(b), nil
}

// setDiceSeed stores a game's next dice seed.
func setDiceSeed(ctx context.Context, d execer, id int64, seed [32]byte) error {
	if _, err := d.ExecContext(ctx, `UPDATE games SET dice_seed = ? WHERE id = ?`, hex.EncodeToString(seed[:]), id); err != nil {
		return fmt.Errorf("game %d: store the next dice seed: %w", id, err)
	}
	return nil
}

// diceSeed reads a game's next dice seed; ok is false for a game that has
// none yet (made before dice were committed).
func (d *DB) diceSeed(ctx context.Context, id int64) (seed [32]byte, ok bool, err error) {
	var s sql.NullString
	if err := d.QueryRowContext(ctx, `SELECT dice_seed FROM games WHERE id = ?`, id).Scan(&s); err != nil {
		return seed, false, fmt.Errorf("game %d: read the next dice seed: %w", id, err)
	}
	if !s.Valid {
		return seed, false, nil
	}
	seed, err = ParseSeed(s.String)
	if err != nil {
		return seed, false, fmt.Errorf("game %d: next dice seed: %w", id, err)
	}
	return seed, true, nil
}

// loadDiceSeed gives a loaded game its committed seed, drawing and storing
// one for a game that has none, so screens can show its commitment before
// anything is rolled.
func (t *Tracker) loadDiceSeed(ctx context.Context, id int64) ([32]byte, error) {
	seed, ok, err := t.db.diceSeed(ctx, id)
	if err != nil || ok {
		return seed, err
	}
	seed = t.Seed()
	return seed, setDiceSeed(ctx, t.db, id, seed)
}

// DiceCommitment is the commitment to the seed of a game's next roll of the
// app's dice: what every screen shows before the roll.
func (t *Tracker) DiceCommitment(ctx context.Context, id int64) (string, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return "", err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return Commitment(g.dice), nil
}
