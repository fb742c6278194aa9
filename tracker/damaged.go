package tracker

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// DamagedError names an event of a game's log whose stored data cannot be
// read back (its payload is not JSON) or replayed (the game's rules panic
// applying it, though they accepted it when it was written). It is the
// laptop's data, not the game's rules, that is at fault, so it names the game
// and the event; every other game goes on, and the game's log can still be
// exported with that event marked. (errDamaged is a whole database file
// that fails SQLite's integrity check.)
type DamagedError struct {
	Game int64  `json:"game"`
	Seq  int64  `json:"event"`
	Type string `json:"type"`
	Why  string `json:"why"` // "its stored data is not readable", ...
}

func (e *DamagedError) Error() string {
	return fmt.Sprintf("game %d: damaged data: event %d (%s): %s", e.Game, e.Seq, e.Type, e.Why)
}

// Message is the table's words for it.
func (e *DamagedError) Message() string {
	return fmt.Sprintf("The saved log of game %d is damaged at event %d (%s): %s. The game cannot be shown until it is repaired; "+
		"other games are not affected. The host's Export log hands out the raw log with that event marked.", e.Game, e.Seq, e.Type, e.Why)
}

// Why a stored event counts as damaged.
const (
	whyUnreadable = "its stored data is not readable"
	whyUnplayable = "the game's rules cannot replay it"
)

// damage keeps the damaged events the tracker has found, by game, for
// /healthz: found at start (ScanDamage) and whenever a log is read.
func (t *Tracker) noteDamage(err error) {
	var d *DamagedError
	if !errors.As(err, &d) {
		return
	}
	t.dmu.Lock()
	defer t.dmu.Unlock()
	if t.damaged == nil {
		t.damaged = map[int64]DamagedError{}
	}
	if _, seen := t.damaged[d.Game]; !seen {
		t.Log.Error("damaged data", "game", d.Game, "event", d.Seq, "type", d.Type, "why", d.Why)
	}
	t.damaged[d.Game] = *d
}

// Damaged lists the damaged events found so far, one per game (its first),
// by game.
func (t *Tracker) Damaged() []DamagedError {
	t.dmu.Lock()
	defer t.dmu.Unlock()
	out := make([]DamagedError, 0, len(t.damaged))
	for _, d := range t.damaged {
		out = append(out, d)
	}
	slices.SortFunc(out, func(a, b DamagedError) int { return int(a.Game - b.Game) })
	return out
}

// ScanDamage looks through every stored event for data that is not JSON
// (one pass of SQLite's json_valid; a 50,000-event file takes milliseconds),
// so /healthz names a damaged game before anyone opens it. The server runs
// it at start.
func (t *Tracker) ScanDamage(ctx context.Context) error {
	rows, err := t.db.QueryContext(ctx, `SELECT game_id, min(seq), type FROM events WHERE NOT json_valid(payload) GROUP BY game_id`)
	if err != nil {
		return fmt.Errorf("scan for damaged events: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		d := &DamagedError{Why: whyUnreadable}
		if err := rows.Scan(&d.Game, &d.Seq, &d.Type); err != nil {
			return fmt.Errorf("scan for damaged events: %w", err)
		}
		t.noteDamage(d)
	}
	return rows.Err()
}
