package table

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"tableside/engine"
	"tableside/league"
)

// Link is the table's pairing with a hub.
type Link struct {
	Hub     string // the hub's address, http(s)://host:port
	TableID string
	Key     []byte
	Paired  time.Time
}

// Link reads the table's link, ok false when it was never paired.
func (s *Syncer) Link(ctx context.Context) (Link, bool, error) {
	var l Link
	var key, paired string
	err := s.db.QueryRowContext(ctx, `SELECT hub, table_id, key, paired FROM league_link WHERE id = 1`).Scan(&l.Hub, &l.TableID, &key, &paired)
	if errors.Is(err, sql.ErrNoRows) {
		return l, false, nil
	}
	if err != nil {
		return l, false, fmt.Errorf("league link: %w", err)
	}
	l.Key, err = hex.DecodeString(key)
	if err != nil {
		return l, false, fmt.Errorf("league link: key: %w", err)
	}
	l.Paired, _ = time.Parse(time.RFC3339, paired)
	return l, true, nil
}

// SplitPairing reads what the host typed: the hub's address and the code,
// in two fields, or in the one line the hub's admin page shows
// (http://hub:8090#ABCDE-FGHIJ).
func SplitPairing(hub, code string) (string, string, error) {
	hub, code = strings.TrimSpace(hub), strings.TrimSpace(code)
	if h, c, ok := strings.Cut(hub, "#"); ok && code == "" {
		hub, code = h, c
	}
	u, err := url.Parse(hub)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", "", engine.Refuse("league-hub", "%q is not a hub's address like http://192.168.1.20:8090.", hub)
	}
	if code == "" {
		return "", "", engine.Refuse("league-code", "Type the pairing code the hub's admin page shows.")
	}
	return strings.TrimRight(u.Scheme+"://"+u.Host+u.Path, "/"), code, nil
}

// Pair trades a pairing code for the table's key, once: a table already
// paired is refused (the key stays), and a refused code changes nothing.
func (s *Syncer) Pair(ctx context.Context, hub, code, name string) error {
	hub, code, err := SplitPairing(hub, code)
	if err != nil {
		return err
	}
	if _, ok, err := s.Link(ctx); err != nil {
		return err
	} else if ok {
		return engine.Refuse("league-paired", "This table is paired with a league already.")
	}
	pr, err := s.exchange(ctx, hub, code, name)
	if err != nil {
		return err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO league_link(id, hub, table_id, key, paired) VALUES (1, ?, ?, ?, ?)`,
		hub, pr.Table, pr.Key, s.Now().UTC().Format(time.RFC3339))
	if err != nil {
		return fmt.Errorf("keep the league link: %w", err)
	}
	s.Log.Info("league: paired", "hub", hub, "table", pr.Table)
	s.Nudge()
	return nil
}

// exchange asks the hub for a table id and key for a pairing code.
func (s *Syncer) exchange(ctx context.Context, hub, code, name string) (league.PairResponse, error) {
	var pr league.PairResponse
	body, _ := json.Marshal(league.PairRequest{Code: code, Name: name})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, hub+league.PairPath, bytes.NewReader(body))
	if err != nil {
		return pr, engine.Refuse("league-hub", "%q is not a hub's address.", hub)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := s.Client.Do(req)
	if err != nil {
		return pr, engine.Refuse("league-unreachable", "The hub at %s did not answer (%v): is it running, on this network?", hub, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return pr, engine.Refuse("league-code", "The hub refused: %s", hubMessage(resp))
	}
	if err := json.NewDecoder(resp.Body).Decode(&pr); err != nil || pr.Table == "" || len(pr.Key) != 64 {
		return pr, engine.Refuse("league-hub", "The hub at %s did not answer like a league hub.", hub)
	}
	return pr, nil
}

// hubMessage is the error a hub answered with, for the host to read.
func hubMessage(resp *http.Response) string {
	var m struct{ Error string }
	if err := json.NewDecoder(io.LimitReader(resp.Body, 4096)).Decode(&m); err == nil && m.Error != "" {
		return m.Error
	}
	return resp.Status
}
