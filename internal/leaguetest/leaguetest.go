// Package leaguetest holds what the league's tests share: a real hub (in the
// test's process over httptest, or any hub reached by its URL, such as a
// `tableside hub` process), its admin's browser and pairing codes, a real
// table (a tracker database with its score log and league syncer), and the
// check that every play of the tables is on the hub exactly once.
package leaguetest

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"tableside/league"
	"tableside/league/hub"
	"tableside/league/store"
)

// Hub is a league hub a test talks to: its address, its store (opened by the
// test, on the hub's own database) and its admin token.
type Hub struct {
	URL    string
	Store  league.Store
	Admin  string
	Log    *SyncBuffer      // the hub's log, when the hub runs in the test's process
	Server *httptest.Server // nil for a hub in another process
	Wrap   func(http.Handler) http.Handler
}

// Options shape a hub started in the test's process.
type Options struct {
	Store   league.Store                    // nil: a new SQLite file
	Wrap    func(http.Handler) http.Handler // faults put in the hub's way
	Refresh time.Duration                   // the hub's MinRefresh
	// RefuseTitle makes the hub refuse a play of that title (422 naming
	// the play and its title), as a hub with a stricter rule than the
	// table's would: the table learns of it only from the hub's answer.
	RefuseTitle string
	// Secrets is the hub's secrets file ("": a new one): two hubs on one
	// file and one database are one league.
	Secrets string
	// Tune changes the hub's configuration before it starts.
	Tune func(*hub.Config)
}

// stricter is a store that refuses one title.
type stricter struct {
	league.Store
	title string
}

func (s stricter) Put(ctx context.Context, table string, plays []league.Play, now time.Time) ([]league.Result, error) {
	for _, p := range plays {
		if p.Title == s.title {
			return nil, &league.PlayError{Play: p.ID, Field: "title", Why: "this hub does not take " + s.title}
		}
	}
	return s.Store.Put(ctx, table, plays, now)
}

// SyncBuffer is a process's output (a hub's log, a server's stdout) that
// the process writes while the test reads it.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *SyncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// StartHub serves a real hub on 127.0.0.1 over opt.Store (or a new SQLite
// file), with fresh secrets; everything stops when the test ends.
func StartHub(t testing.TB, opt Options) *Hub {
	t.Helper()
	st := opt.Store
	if st == nil {
		s, err := store.OpenSQLite(filepath.Join(t.TempDir(), "league.db"))
		if err != nil {
			t.Fatal(err)
		}
		st = s
	}
	t.Cleanup(func() { st.Close() })
	secrets := opt.Secrets
	if secrets == "" {
		secrets = filepath.Join(t.TempDir(), "secrets.json")
	}
	sec, err := hub.LoadSecrets(secrets)
	if err != nil {
		t.Fatal(err)
	}
	h := &Hub{Store: st, Admin: sec.Admin, Log: &SyncBuffer{}}
	served := st
	if opt.RefuseTitle != "" {
		served = stricter{st, opt.RefuseTitle}
	}
	cfg := hub.Config{Store: served, Keys: sec.Keys, AdminToken: sec.Admin, Log: slog.New(slog.NewTextHandler(h.Log, nil)), MinRefresh: opt.Refresh}
	if opt.Tune != nil {
		opt.Tune(&cfg)
	}
	srv := hub.New(cfg)
	var handler http.Handler = srv.Handler()
	if opt.Wrap != nil {
		handler = opt.Wrap(handler)
	}
	h.Server = httptest.NewServer(handler)
	h.URL = h.Server.URL
	t.Cleanup(h.Server.Close)
	return h
}

// AdminClient is a browser holding the hub's admin cookie.
func (h *Hub) AdminClient(t testing.TB) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar, Timeout: 30 * time.Second}
	resp, err := c.Get(h.URL + "/admin/claim?token=" + h.Admin)
	if err != nil {
		t.Fatalf("claim the hub's admin: %v", err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("claim the hub's admin: %s", resp.Status)
	}
	return c
}

var codeRE = regexp.MustCompile(`id="pairing-code">([A-Z0-9-]+)<`)

// NewCode makes a pairing code on the admin page, as the admin would.
func (h *Hub) NewCode(t testing.TB) string {
	t.Helper()
	resp, err := h.AdminClient(t).PostForm(h.URL+"/admin/codes", url.Values{})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	m := codeRE.FindSubmatch(body)
	if resp.StatusCode != http.StatusOK || m == nil {
		t.Fatalf("admin page after New pairing code: %d\n%s", resp.StatusCode, body)
	}
	return string(m[1])
}

// Plays is every play on the hub by "table/play id"; a play there twice
// fails the test.
func (h *Hub) Plays(t testing.TB) map[string]league.StoredPlay {
	t.Helper()
	ps, err := h.Store.Plays(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]league.StoredPlay{}
	for _, p := range ps {
		k := p.TableID + "/" + p.ID
		if _, dup := out[k]; dup {
			t.Fatalf("play %s is on the hub twice", k)
		}
		out[k] = p
	}
	return out
}
