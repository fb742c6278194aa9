package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/pgtest"
	"tableside/league"
	"tableside/league/storetest"
)

// The hub's own door, as a `tableside hub` process on PostgreSQL serves it:
// a paired table's push, correctly signed, with one bad field (sent
// straight to the hub, past the table's own check) is answered 422 naming
// the play and the field, and nothing of the batch is stored.
func TestHubProcessRefusesABadFieldNamingThePlayAndStoresNothing(t *testing.T) {
	bin := buildBinary(t)
	_, h := hubOver(t, bin, pgtest.DB(t), filepath.Join(t.TempDir(), "league-secrets.json"))
	tt := leaguetest.NewTable(t)
	tt.Pair(t, h, "Kitchen")
	link, ok, err := tt.Sync.Link(context.Background())
	if err != nil || !ok {
		t.Fatalf("link: %v %v", ok, err)
	}
	for _, c := range []struct {
		field string
		spoil func(*league.Play)
	}{
		{"title", func(p *league.Play) { p.Title = "Cat\x00an" }},
		{"date", func(p *league.Play) { p.Date = "9999-99-99" }},
		{"minutes", func(p *league.Play) { p.Minutes = 1 << 40 }},
	} {
		bad := storetest.NewPlay("bad-"+c.field, 1, "Ana", "Bo", 3, 2)
		c.spoil(&bad)
		body, err := json.Marshal(league.PushRequest{Plays: []league.Play{storetest.NewPlay("good", 1, "Ana", "Bo", 3, 2), bad}})
		leaguetest.Must(t, err)
		code, msg := signedPushTo(t, h.URL, link.TableID, link.Key, body)
		var pe league.PlayError
		if code != http.StatusUnprocessableEntity || json.Unmarshal([]byte(msg), &pe) != nil || pe.Play != bad.ID || pe.Field != c.field {
			t.Errorf("a signed push with a bad %s: %d %s; want 422 naming play %s and field %s", c.field, code, msg, bad.ID, c.field)
		}
	}
	if ps, err := h.Store.Plays(context.Background()); err != nil || len(ps) != 0 {
		t.Fatalf("after refused pushes the hub holds %d plays (%v); want none", len(ps), err)
	}
}

// signedPushTo sends body to a hub's push door signed as the table, and
// returns the answer.
func signedPushTo(t *testing.T, hubURL, table string, key, body []byte) (int, string) {
	t.Helper()
	now, nonce := time.Now().Unix(), fmt.Sprintf("%032x", time.Now().UnixNano())
	req, err := http.NewRequest(http.MethodPost, hubURL+league.PushPath, bytes.NewReader(body))
	leaguetest.Must(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set(league.HeaderTable, table)
	req.Header.Set(league.HeaderTime, strconv.FormatInt(now, 10))
	req.Header.Set(league.HeaderNonce, nonce)
	req.Header.Set(league.HeaderSignature, league.Sign(key, now, nonce, body))
	resp, err := http.DefaultClient.Do(req)
	leaguetest.Must(t, err)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, strings.TrimSpace(string(b))
}
