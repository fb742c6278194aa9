package table

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"tableside/engine"
	"tableside/league"
)

// refusal is the hub's answer to a push it did not take: its status, its
// words, and for a play it cannot hold, which play and field.
type refusal struct {
	status       int
	msg          string
	play, field  string
	contentFault bool // 400, 413, 422: what the push holds, not the hub's state
}

func (r *refusal) Error() string {
	return fmt.Sprintf("the hub refused the push (%d): %s", r.status, r.msg)
}

// unnamedRefusal is a content refusal of a batch that names none of its
// plays: PushAll sends one play at a time to find the one refused.
type unnamedRefusal struct{ *refusal }

// refusalOf reads a refused push's answer.
func refusalOf(resp *http.Response) *refusal {
	var m struct{ Error, Play, Field string }
	r := &refusal{status: resp.StatusCode, msg: resp.Status}
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4096)).Decode(&m); err == nil && m.Error != "" {
		r.msg, r.play, r.field = m.Error, m.Play, m.Field
	}
	switch resp.StatusCode {
	case http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusUnprocessableEntity:
		r.contentFault = true
	}
	return r
}

// asideIfBad sets aside the plays the league's own check refuses (the same
// check the hub makes at its door) and returns the rest, and how many it
// set aside.
func (s *Syncer) asideIfBad(ctx context.Context, plays []league.Play) ([]league.Play, int, error) {
	var good []league.Play
	aside := 0
	for _, p := range plays {
		pe, bad := league.AsPlayError(p.Check())
		if !bad {
			good = append(good, p)
			continue
		}
		if err := s.setAside(ctx, p, "This table's check: "+pe.Field+": "+pe.Why+"."); err != nil {
			return nil, aside, err
		}
		aside++
	}
	return good, aside, nil
}

// asideIfRefused sets aside the play a content refusal is about: the one
// the hub names, or the batch's only play. It reports how many it set
// aside and whether err was dealt with; a refusal of a larger batch naming
// none of its plays becomes an unnamedRefusal. Any other failure (the hub
// away, a 5xx, a refused key) is left for the backoff.
func (s *Syncer) asideIfRefused(ctx context.Context, plays []league.Play, err error) (int, bool, error) {
	var r *refusal
	if !errors.As(err, &r) || !r.contentFault {
		return 0, false, err
	}
	why := "The hub: " + r.msg
	if r.field != "" {
		why = "The hub: " + r.field + ": " + r.msg
	}
	for _, p := range plays {
		if p.ID == r.play || len(plays) == 1 {
			return 1, true, s.setAside(ctx, p, why)
		}
	}
	return 0, false, &unnamedRefusal{r}
}

// setAside keeps that version of a play out of the pushes, with why.
func (s *Syncer) setAside(ctx context.Context, p league.Play, why string) error {
	s.Log.Warn("league: play set aside; the others go on", "play", p.ID, "version", p.Version, "why", why)
	if _, err := s.db.ExecContext(ctx, `UPDATE league_plays SET refused = ? WHERE key = ? AND version = ? AND sent IS NULL`, why, p.ID, p.Version); err != nil {
		return fmt.Errorf("league: set aside play %s: %w", p.ID, err)
	}
	return nil
}

// SetAside lists the plays the league refused that the host has not left
// out, oldest first.
func (s *Syncer) SetAside(ctx context.Context) ([]league.SetAside, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT key, payload, refused FROM league_plays WHERE refused IS NOT NULL AND dropped IS NULL ORDER BY queued, key`)
	if err != nil {
		return nil, fmt.Errorf("league: plays set aside: %w", err)
	}
	defer rows.Close()
	var out []league.SetAside
	for rows.Next() {
		var a league.SetAside
		var payload string
		if err := rows.Scan(&a.Key, &payload, &a.Why); err != nil {
			return nil, fmt.Errorf("league: plays set aside: %w", err)
		}
		var p league.Play
		json.Unmarshal([]byte(payload), &p) // written by put; a bad one still shows its key
		a.Title, a.Date = p.Title, p.Date
		out = append(out, a)
	}
	return out, rows.Err()
}

// Resend puts a set-aside play back in the queue (the hub was mended, or
// the host wants to see the refusal again).
func (s *Syncer) Resend(ctx context.Context, key string) error {
	if err := s.asideOnly(ctx, `UPDATE league_plays SET refused = NULL WHERE key = ? AND refused IS NOT NULL AND dropped IS NULL`, key); err != nil {
		return err
	}
	s.Nudge()
	return nil
}

// Drop leaves a set-aside play out of the league for good (until it is
// edited, which queues a new version).
func (s *Syncer) Drop(ctx context.Context, key string) error {
	return s.asideOnly(ctx, `UPDATE league_plays SET dropped = ? WHERE key = ? AND refused IS NOT NULL AND dropped IS NULL`, s.Now().UTC().Format(time.RFC3339), key)
}

// asideOnly runs q on the set-aside play key (its last argument).
func (s *Syncer) asideOnly(ctx context.Context, q string, args ...any) error {
	key := args[len(args)-1].(string)
	res, err := s.db.ExecContext(ctx, q, args...)
	if err != nil {
		return fmt.Errorf("league: play %s: %w", key, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return engine.Refuse("league-not-aside", "No play %.40q is set aside for the league.", key)
	}
	return nil
}
