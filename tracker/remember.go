package tracker

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"tableside/engine"
)

// RememberedSetting is a kind's remembered setting and the game it was last
// seen in.
type RememberedSetting struct {
	engine.Remembered
	Game     int64  // the game that last had it
	GameName string // that game's name, for the form's "from ..."
}

// remembererOf is rules when its game has a remembered setting, else nil.
func remembererOf(rules engine.Rules) engine.Rememberer {
	rr, _ := rules.(engine.Rememberer)
	return rr
}

// remember keeps the game's remembered setting as the last value for its
// kind when it differs from what the game last said (a command, an undo or a
// redo may change it). It runs after every change that reached the disk,
// with g.mu held; a failed write is logged and loses only the convenience.
func (t *Tracker) remember(ctx context.Context, g *game) {
	if g.rememberer == nil {
		return
	}
	r, ok := g.rememberer.Remember(g.state)
	if !ok || bytes.Equal(r.Value, g.remembered) {
		return
	}
	if err := t.db.putRemembered(ctx, g.info.Kind, g.info.ID, &r, t.IdleNow()); err != nil {
		t.Log.Warn("remember a setting", "game", g.info.ID, "err", err)
		return
	}
	g.remembered = r.Value
}

// Remembered returns the last remembered setting of kind (ok false when the
// kind has none, or no game of the kind ever changed it). It reads one row:
// no game is loaded. A database from before remembered settings were kept
// is searched once per kind, newest game first, without keeping any game in
// memory.
func (t *Tracker) Remembered(ctx context.Context, kind string) (RememberedSetting, bool, error) {
	rr, ok := t.rules[kind].(engine.Rememberer)
	if !ok {
		return RememberedSetting{}, false, nil
	}
	r, found, err := t.db.getRemembered(ctx, kind)
	if err != nil || found {
		return r, found && r.Value != nil, err
	}
	r, found, err = t.searchRemembered(ctx, kind, rr)
	if err != nil {
		return RememberedSetting{}, false, err
	}
	var put *engine.Remembered
	if found {
		put = &r.Remembered
	}
	if err := t.db.putRemembered(ctx, kind, r.Game, put, t.IdleNow()); err != nil {
		return RememberedSetting{}, false, err
	}
	return r, found, nil
}

// searchRemembered replays the kind's games, newest first, until one has the
// setting. It keeps none of them.
func (t *Tracker) searchRemembered(ctx context.Context, kind string, rr engine.Rememberer) (RememberedSetting, bool, error) {
	games, err := t.db.games(ctx)
	if err != nil {
		return RememberedSetting{}, false, err
	}
	rules := t.rules[kind]
	for _, info := range games {
		if info.Kind != kind {
			continue
		}
		recs, err := t.db.log(ctx, info.ID)
		if err != nil {
			return RememberedSetting{}, false, err
		}
		st, _, err := rebuild(rules, info.Setup, recs, nil)
		if err != nil {
			continue // a damaged game has nothing to offer; it says so when opened
		}
		if r, ok := rr.Remember(st); ok {
			return RememberedSetting{Remembered: r, Game: info.ID, GameName: info.Name}, true, nil
		}
	}
	return RememberedSetting{}, false, nil
}

// putRemembered writes kind's remembered setting; nil r records that the
// kind's games were searched and none had one.
func (d *DB) putRemembered(ctx context.Context, kind string, game int64, r *engine.Remembered, at time.Time) error {
	var key, what, say string
	var value, gameID any
	if r != nil {
		key, what, say, value, gameID = r.Key, r.What, r.Say, string(r.Value), game
	}
	_, err := d.ExecContext(ctx, `INSERT INTO remembered (kind, key, what, value, say, game, at) VALUES (?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT(kind) DO UPDATE SET key=excluded.key, what=excluded.what, value=excluded.value, say=excluded.say, game=excluded.game, at=excluded.at`,
		kind, key, what, value, say, gameID, at.UTC().Format(time.RFC3339Nano))
	if err != nil {
		return fmt.Errorf("remember %s's setting: %w", kind, err)
	}
	return nil
}

// getRemembered reads kind's row; found is false when there is none yet.
func (d *DB) getRemembered(ctx context.Context, kind string) (r RememberedSetting, found bool, err error) {
	var value, name sql.NullString
	var game sql.NullInt64
	err = d.QueryRowContext(ctx, `SELECT r.key, r.what, r.value, r.say, r.game, g.name
		FROM remembered r LEFT JOIN games g ON g.id = r.game WHERE r.kind = ?`, kind).
		Scan(&r.Key, &r.What, &value, &r.Say, &game, &name)
	if errors.Is(err, sql.ErrNoRows) {
		return RememberedSetting{}, false, nil
	}
	if err != nil {
		return RememberedSetting{}, false, fmt.Errorf("read %s's remembered setting: %w", kind, err)
	}
	if value.Valid {
		r.Value = []byte(value.String)
	}
	r.Game, r.GameName = game.Int64, name.String
	return r, true, nil
}
