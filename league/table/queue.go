package table

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"time"

	"tableside/league"
	"tableside/scoring"
)

// queued is a play's row in league_plays.
type queued struct {
	version int
	hash    string
	payload string
}

// Queue reads the score log and queues a new version of every play that is
// new or changed (edited, deleted, restored) since it was last queued, and a
// deleted version of every play gone from the log (a game reopened by undo).
// It returns how many it queued.
func (s *Syncer) Queue(ctx context.Context) (int, error) {
	live, err := s.scores.Plays(ctx, scoring.Filter{})
	if err != nil {
		return 0, fmt.Errorf("league queue: %w", err)
	}
	gone, err := s.scores.Deleted(ctx)
	if err != nil {
		return 0, fmt.Errorf("league queue: %w", err)
	}
	known, err := s.known(ctx)
	if err != nil {
		return 0, err
	}
	n := 0
	seen := map[string]bool{}
	for _, p := range append(live, gone...) {
		seen[p.Key] = true
		lp := fromScorelog(p)
		h := hashOf(lp)
		k, ok := known[p.Key]
		if ok && k.hash == h {
			continue
		}
		if s.facts != nil && p.GameID != 0 {
			lp.Kind, lp.Luck = s.facts(ctx, p.GameID)
		}
		if err := s.put(ctx, p.Key, k.version+1, h, lp); err != nil {
			return n, err
		}
		n++
	}
	for key, k := range known {
		if seen[key] || k.hash == "gone" {
			continue
		}
		var lp league.Play
		if err := json.Unmarshal([]byte(k.payload), &lp); err != nil {
			return n, fmt.Errorf("league queue: play %s: %w", key, err)
		}
		lp.Deleted = true
		if err := s.put(ctx, key, k.version+1, "gone", lp); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

func (s *Syncer) known(ctx context.Context) (map[string]queued, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT key, version, hash, payload FROM league_plays`)
	if err != nil {
		return nil, fmt.Errorf("league queue: %w", err)
	}
	defer rows.Close()
	out := map[string]queued{}
	for rows.Next() {
		var key string
		var q queued
		if err := rows.Scan(&key, &q.version, &q.hash, &q.payload); err != nil {
			return nil, fmt.Errorf("league queue: %w", err)
		}
		out[key] = q
	}
	return out, rows.Err()
}

// put queues one version of a play (waiting: sent is NULL).
func (s *Syncer) put(ctx context.Context, key string, version int, hash string, lp league.Play) error {
	lp.ID, lp.Version = key, version
	payload, err := json.Marshal(lp)
	if err != nil {
		return fmt.Errorf("league queue: play %s: %w", key, err)
	}
	// A new version waits again, even one set aside before: the edit may
	// be the host's fix.
	_, err = s.db.ExecContext(ctx, `INSERT INTO league_plays(key, version, hash, payload, queued, sent, refused, dropped) VALUES (?, ?, ?, ?, ?, NULL, NULL, NULL)
		ON CONFLICT (key) DO UPDATE SET version = excluded.version, hash = excluded.hash, payload = excluded.payload, queued = excluded.queued,
			sent = NULL, refused = NULL, dropped = NULL`,
		key, version, hash, string(payload), s.Now().UTC().Format(time.RFC3339Nano))
	if err != nil {
		return fmt.Errorf("league queue: play %s: %w", key, err)
	}
	return nil
}

// fromScorelog is a score-log play as the league takes it (no version, kind
// or luck yet: those are not part of what an edit changes).
func fromScorelog(p scoring.Play) league.Play {
	lp := league.Play{Title: p.Game, Date: p.Date, Time: p.Time, Minutes: p.Minutes, Scoring: string(p.Scoring), Deleted: p.Deleted != ""}
	for _, pl := range p.Players {
		lp.Players = append(lp.Players, league.Player{Local: pl.PersonID, Name: pl.Name, Score: pl.Score, Rank: pl.Rank, Winner: pl.Winner})
	}
	return lp
}

func hashOf(lp league.Play) string {
	b, _ := json.Marshal(lp)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}
