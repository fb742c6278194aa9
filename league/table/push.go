package table

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"

	"tableside/league"
)

// PushAll pushes every waiting play, a batch at a time, until none waits
// or a push fails (the rest stay queued for the next try). A play the
// league refuses for what it holds is set aside with the reason and the
// others go on (setaside.go).
func (s *Syncer) PushAll(ctx context.Context, l Link) error {
	size := s.Batch
	for {
		n, err := s.pushBatch(ctx, l, size)
		if unnamed := (*unnamedRefusal)(nil); errors.As(err, &unnamed) && size > 1 {
			// The hub refused the batch's content without naming a play:
			// one play at a time finds the one it refuses.
			size = 1
			continue
		}
		if err != nil {
			s.mu.Lock()
			s.last.err = err.Error()
			s.mu.Unlock()
			s.Log.Warn("league: push failed; the plays stay queued", "hub", l.Hub, "err", err)
			return err
		}
		if n == 0 {
			s.mu.Lock()
			s.last.err, s.last.nextTry = "", time.Time{}
			s.mu.Unlock()
			return nil
		}
		s.mu.Lock()
		s.last = attempt{at: s.Now(), sent: n}
		s.mu.Unlock()
	}
}

// pushBatch sends up to size waiting plays, returning how many it dealt
// with: answered by the hub, or set aside (by the table's own check of the
// league's limits, or the hub's refusal naming the play).
func (s *Syncer) pushBatch(ctx context.Context, l Link, size int) (int, error) {
	plays, err := s.waiting(ctx, size)
	if err != nil || len(plays) == 0 {
		return 0, err
	}
	plays, aside, err := s.asideIfBad(ctx, plays)
	if err != nil || len(plays) == 0 {
		return aside, err
	}
	body, err := json.Marshal(league.PushRequest{Plays: plays})
	if err != nil {
		return aside, fmt.Errorf("league push: %w", err)
	}
	resp, err := s.send(ctx, l, body)
	if n, dealt, err := s.asideIfRefused(ctx, plays, err); dealt || err != nil {
		return aside + n, err
	}
	if err != nil {
		return aside, err
	}
	return aside + len(plays), s.done(ctx, l, plays, resp)
}

// waiting reads the waiting plays, oldest queued first, with the league ids
// the hub gave their people so far.
func (s *Syncer) waiting(ctx context.Context, limit int) ([]league.Play, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT payload FROM league_plays WHERE sent IS NULL AND refused IS NULL ORDER BY queued, key LIMIT ?`, limit)
	if err != nil {
		return nil, fmt.Errorf("league push: %w", err)
	}
	var plays []league.Play
	for rows.Next() {
		var payload string
		var p league.Play
		if err := rows.Scan(&payload); err == nil {
			err = json.Unmarshal([]byte(payload), &p)
		}
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("league push: %w", err)
		}
		plays = append(plays, p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("league push: %w", err)
	}
	ids, err := s.leagueIDs(ctx)
	if err != nil {
		return nil, err
	}
	for i := range plays {
		for j := range plays[i].Players {
			plays[i].Players[j].LeagueID = ids[plays[i].Players[j].Local]
		}
	}
	return plays, nil
}

func (s *Syncer) leagueIDs(ctx context.Context) (map[int64]int64, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT person_id, league_id FROM league_people`)
	if err != nil {
		return nil, fmt.Errorf("league ids: %w", err)
	}
	defer rows.Close()
	ids := map[int64]int64{}
	for rows.Next() {
		var p, l int64
		if err := rows.Scan(&p, &l); err != nil {
			return nil, fmt.Errorf("league ids: %w", err)
		}
		ids[p] = l
	}
	return ids, rows.Err()
}

// send signs and posts one batch.
func (s *Syncer) send(ctx context.Context, l Link, body []byte) (league.PushResponse, error) {
	var out league.PushResponse
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, l.Hub+league.PushPath, bytes.NewReader(body))
	if err != nil {
		return out, fmt.Errorf("league push: %w", err)
	}
	nonce := make([]byte, 16)
	rand.Read(nonce)
	now := s.Now().Unix()
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(league.HeaderTable, l.TableID)
	req.Header.Set(league.HeaderTime, strconv.FormatInt(now, 10))
	req.Header.Set(league.HeaderNonce, hex.EncodeToString(nonce))
	req.Header.Set(league.HeaderSignature, league.Sign(l.Key, now, hex.EncodeToString(nonce), body))
	resp, err := s.Client.Do(req)
	if err != nil {
		return out, fmt.Errorf("the hub at %s did not answer: %w", l.Hub, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return out, refusalOf(resp)
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return out, fmt.Errorf("the hub's answer was cut off: %w", err)
	}
	return out, nil
}

// done marks what the hub answered for as sent (that version only: an edit
// queued meanwhile still waits) and remembers the league ids it gave. When
// the host unpaired or paired again during the push, the answer is the old
// link's: nothing is marked, and everything waits for the new one.
func (s *Syncer) done(ctx context.Context, l Link, plays []league.Play, resp league.PushResponse) error {
	if len(resp.Results) != len(plays) {
		return fmt.Errorf("the hub answered for %d plays of %d", len(resp.Results), len(plays))
	}
	now := s.Now().UTC().Format(time.RFC3339)
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("league push: %w", err)
	}
	defer tx.Rollback()
	var current string
	if err := tx.QueryRowContext(ctx, `SELECT table_id FROM league_link WHERE id = 1`).Scan(&current); err != nil || current != l.TableID {
		return fmt.Errorf("the table's league link changed during the push; its plays wait for the new one")
	}
	for i, r := range resp.Results {
		p := plays[i]
		if r.ID != p.ID || r.Version != p.Version || len(r.Players) != len(p.Players) {
			return fmt.Errorf("the hub answered for play %s v%d in the place of %s v%d", r.ID, r.Version, p.ID, p.Version)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE league_plays SET sent = ? WHERE key = ? AND version = ?`, now, p.ID, p.Version); err != nil {
			return fmt.Errorf("league push: %w", err)
		}
		for j, id := range r.Players {
			if _, err := tx.ExecContext(ctx, `INSERT INTO league_people(person_id, league_id) VALUES (?, ?)
				ON CONFLICT (person_id) DO UPDATE SET league_id = excluded.league_id`, p.Players[j].Local, id); err != nil {
				return fmt.Errorf("league push: %w", err)
			}
		}
	}
	return tx.Commit()
}
