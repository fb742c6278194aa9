package tracker

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"tableside/engine"
)

// Record is one stored event of a game's log.
type Record struct {
	Seq   int64           `json:"seq"`
	Time  time.Time       `json:"time"`
	Actor int             `json:"actor"`
	Cmd   int64           `json:"cmd"` // seq of the first event of the command that made this one
	Type  string          `json:"type"`
	Data  json.RawMessage `json:"data,omitempty"`
	Idem  string          `json:"idem,omitempty"`
	// IdemHash is commandHash of the command that used Idem (kept in the
	// database, not in exported logs: a replay does not need it).
	IdemHash string `json:"-"`
	// Damaged says why a stored event's data cannot be read (it is not
	// JSON); Raw then holds the stored bytes as text and Data is empty. Only
	// an export carries such a record: replaying refuses it, naming it.
	Damaged string `json:"damaged,omitempty"`
	Raw     string `json:"raw,omitempty"`
	// Dice reveals the seed of the app's dice a command rolled, on the
	// command's first event (absent from logs written before dice were
	// committed, and from commands that rolled nothing).
	Dice *DiceReveal `json:"dice,omitempty"`
}

// Event returns the engine's view of the record.
func (r Record) event() engine.Event { return engine.Event{Type: r.Type, Data: r.Data} }

// statusChange is a game's new status, written with the records that end or
// reopen it.
type statusChange struct {
	status string // StatusFinished or statusPlaying
	at     time.Time
}

// appendRecords writes records in one immediate transaction: all of them or
// none. When st is set, the game's status row changes in the same
// transaction, so a crash can never leave a finished log in a "playing" game.
func (d *DB) appendRecords(ctx context.Context, gameID int64, recs []Record, st *statusChange, seed *[32]byte) error {
	err := d.appendTx(ctx, gameID, recs, st, seed)
	d.noteWrite(err)
	if err == nil {
		d.tail.appended(gameID, recs)
	}
	return err
}

// appendTx is appendRecords' one transaction. When seed is set, it becomes
// the game's next dice seed in the same transaction as the records that
// reveal the one before it.
func (d *DB) appendTx(ctx context.Context, gameID int64, recs []Record, st *statusChange, seed *[32]byte) error {
	tx, err := d.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("append to game %d: %w", gameID, err)
	}
	defer tx.Rollback()
	for _, r := range recs {
		payload := string(r.Data)
		if payload == "" {
			payload = "{}"
		}
		var idem, hash any
		if r.Idem != "" {
			idem = r.Idem
		}
		if r.IdemHash != "" {
			hash = r.IdemHash
		}
		dice, err := diceColumn(r.Dice)
		if err != nil {
			return fmt.Errorf("append event %d to game %d: %w", r.Seq, gameID, err)
		}
		// An exec, not a statement prepared for this transaction: the
		// connection keeps the insert prepared from one commit to the next
		// (dsn's statement cache).
		if _, err := tx.ExecContext(ctx, `INSERT INTO events(game_id, seq, time, actor, cmd, type, payload, idem, idem_hash, dice) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, gameID, r.Seq, r.Time.UTC().Format(time.RFC3339Nano), r.Actor, r.Cmd, r.Type, payload, idem, hash, dice); err != nil {
			return fmt.Errorf("append event %d to game %d: %w", r.Seq, gameID, err)
		}
	}
	if st != nil {
		if err := setStatus(ctx, tx, gameID, st.status, st.at); err != nil {
			return err
		}
	}
	if seed != nil {
		if err := setDiceSeed(ctx, tx, gameID, *seed); err != nil {
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("append to game %d: commit: %w", gameID, err)
	}
	return nil
}

// records streams a game's log in order, from the record after seq after
// (0: the whole log).
func (d *DB) records(ctx context.Context, gameID, after int64, fn func(Record) error) error {
	rows, err := d.QueryContext(ctx, `SELECT seq, time, actor, cmd, type, payload, coalesce(idem, ''), coalesce(idem_hash, ''), coalesce(dice, '') FROM events WHERE game_id = ? AND seq > ? ORDER BY seq`, gameID, after)
	if err != nil {
		return fmt.Errorf("read log of game %d: %w", gameID, err)
	}
	defer rows.Close()
	for rows.Next() {
		var r Record
		var ts, payload, dice string
		if err := rows.Scan(&r.Seq, &ts, &r.Actor, &r.Cmd, &r.Type, &payload, &r.Idem, &r.IdemHash, &dice); err != nil {
			return fmt.Errorf("read log of game %d: %w", gameID, err)
		}
		if r.Time, err = time.Parse(time.RFC3339Nano, ts); err != nil {
			return fmt.Errorf("read log of game %d: event %d: bad time %q: %w", gameID, r.Seq, ts, err)
		}
		switch {
		case !json.Valid([]byte(payload)):
			r.Damaged, r.Raw = whyUnreadable, strings.ToValidUTF8(payload, "\uFFFD")
		case payload != "{}":
			r.Data = json.RawMessage(payload)
		}
		if dice != "" {
			r.Dice = new(DiceReveal)
			if err := json.Unmarshal([]byte(dice), r.Dice); err != nil {
				return fmt.Errorf("read log of game %d: event %d: bad dice: %w", gameID, r.Seq, err)
			}
		}
		if err := fn(r); err != nil {
			return err
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("read log of game %d: %w", gameID, err)
	}
	return nil
}

// log reads a game's whole log into memory, in order, for replay: an event
// whose stored data is damaged fails it with a DamagedError naming it.
func (d *DB) log(ctx context.Context, gameID int64) ([]Record, error) {
	return d.logAfter(ctx, gameID, 0)
}

// logAfter reads a game's log after seq after, as log does.
func (d *DB) logAfter(ctx context.Context, gameID, after int64) ([]Record, error) {
	var recs []Record
	err := d.records(ctx, gameID, after, func(r Record) error {
		if r.Damaged != "" {
			return &DamagedError{Game: gameID, Seq: r.Seq, Type: r.Type, Why: r.Damaged}
		}
		recs = append(recs, r)
		return nil
	})
	return recs, err
}

// rawLog reads a game's whole log as stored, a damaged event marked (see
// Record.Damaged), for the export.
func (d *DB) rawLog(ctx context.Context, gameID int64) ([]Record, error) {
	var recs []Record
	err := d.records(ctx, gameID, 0, func(r Record) error {
		recs = append(recs, r)
		return nil
	})
	return recs, err
}

// GameInfo describes a game: what the games table holds.
type GameInfo struct {
	ID       int64        `json:"id"`
	Kind     string       `json:"kind"`
	Name     string       `json:"name"`
	Created  time.Time    `json:"created"`
	Setup    engine.Setup `json:"setup"`
	Status   string       `json:"status"`
	Finished *time.Time   `json:"finished,omitempty"`
}

func (d *DB) insertGame(ctx context.Context, g *GameInfo) error {
	setup, err := json.Marshal(g.Setup)
	if err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	res, err := d.ExecContext(ctx, `INSERT INTO games(kind, name, created, setup, status) VALUES (?, ?, ?, ?, 'playing')`,
		g.Kind, g.Name, g.Created.UTC().Format(time.RFC3339Nano), string(setup))
	if err != nil {
		return fmt.Errorf("create game: %w", err)
	}
	g.ID, err = res.LastInsertId()
	g.Status = statusPlaying
	return err
}

// execer is a database or a transaction.
type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func setStatus(ctx context.Context, d execer, id int64, status string, at time.Time) error {
	var fin any
	if status == StatusFinished {
		fin = at.UTC().Format(time.RFC3339Nano)
	}
	if _, err := d.ExecContext(ctx, `UPDATE games SET status = ?, finished = ? WHERE id = ?`, status, fin, id); err != nil {
		return fmt.Errorf("mark game %d %s: %w", id, status, err)
	}
	return nil
}

const gameColumns = `id, kind, name, created, setup, status, finished`

func scanGame(row interface{ Scan(...any) error }) (GameInfo, error) {
	var g GameInfo
	var created, setup string
	var finished sql.NullString
	if err := row.Scan(&g.ID, &g.Kind, &g.Name, &created, &setup, &g.Status, &finished); err != nil {
		return g, err
	}
	var err error
	if g.Created, err = time.Parse(time.RFC3339Nano, created); err != nil {
		return g, fmt.Errorf("game %d: bad creation time: %w", g.ID, err)
	}
	if finished.Valid {
		t, err := time.Parse(time.RFC3339Nano, finished.String)
		if err != nil {
			return g, fmt.Errorf("game %d: bad finish time: %w", g.ID, err)
		}
		g.Finished = &t
	}
	if err := json.Unmarshal([]byte(setup), &g.Setup); err != nil {
		return g, fmt.Errorf("game %d: bad setup: %w", g.ID, err)
	}
	return g, nil
}

func (d *DB) game(ctx context.Context, id int64) (GameInfo, error) {
	g, err := scanGame(d.QueryRowContext(ctx, `SELECT `+gameColumns+` FROM games WHERE id = ?`, id))
	if err == sql.ErrNoRows {
		return g, fmt.Errorf("game %d: %w", id, ErrNoGame)
	}
	return g, err
}

func (d *DB) games(ctx context.Context) ([]GameInfo, error) {
	rows, err := d.QueryContext(ctx, `SELECT `+gameColumns+` FROM games ORDER BY id DESC`)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var gs []GameInfo
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("list games: %w", err)
		}
		gs = append(gs, g)
	}
	return gs, rows.Err()
}
