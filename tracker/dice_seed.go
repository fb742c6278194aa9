package tracker

import (
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
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
// anything is rolled, and the game's first commitment ("" for a game made
// before it was kept).
func (t *Tracker) loadDiceSeed(ctx context.Context, id int64) (seed [32]byte, first string, err error) {
	seed, ok, err := t.db.diceSeed(ctx, id)
	if err != nil {
		return seed, "", err
	}
	if ok {
		first, err = t.db.firstDice(ctx, id)
		return seed, first, err
	}
	seed = t.Seed()
	return seed, Commitment(seed), t.db.setFirstDice(ctx, id, seed)
}

// The first commitment of a game is what every screen showed when it
// opened, before any roll: the host's and the TV's screens keep showing it
// ("Dice sealed when the game opened"), the printed record and the
// exported log carry it, and `tableside verify --first` holds the first
// roll to it, so a log whose first seed was forged (with its own hash) is
// caught. Kept as a row "dice-first:GAME" of the secrets table (a
// name-value table that needs no migration), written with the first seed.

func firstDiceName(id int64) string { return fmt.Sprintf("dice-first:%d", id) }

// setFirstDice stores a game's first seed and its commitment, in one transaction.
func (d *DB) setFirstDice(ctx context.Context, id int64, seed [32]byte) error {
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("game %d: store the first dice seed: %w", id, err)
	}
	defer tx.Rollback()
	if err := setDiceSeed(ctx, tx, id, seed); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO secrets(name, value) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET value = excluded.value`,
		firstDiceName(id), Commitment(seed)); err != nil {
		return fmt.Errorf("game %d: store the first dice commitment: %w", id, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("game %d: store the first dice seed: %w", id, err)
	}
	return nil
}

// firstDice reads a game's first commitment ("" when none was kept).
func (d *DB) firstDice(ctx context.Context, id int64) (string, error) {
	var v string
	err := d.QueryRowContext(ctx, `SELECT value FROM secrets WHERE name = ?`, firstDiceName(id)).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("game %d: read the first dice commitment: %w", id, err)
	}
	return v, nil
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

// FirstDice is the commitment a game opened with ("" for a game made
// before it was kept).
func (t *Tracker) FirstDice(ctx context.Context, id int64) (string, error) {
	g, err := t.load(ctx, id)
	if err != nil {
		return "", err
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.first, nil
}
