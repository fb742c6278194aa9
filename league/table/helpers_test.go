package table_test

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/internal/pgtest"
	"tableside/league"
	"tableside/league/hub"
	"tableside/league/store"
	"tableside/league/table"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// testHub is a real hub on 127.0.0.1 over a real PostgreSQL database.
type testHub struct {
	*httptest.Server
	Store league.Store
	Admin string
	Log   *syncBuffer
	wrap  func(http.Handler) http.Handler // set before start to put faults in the way
}

// syncBuffer is a log the hub writes while the test reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

func startHub(t testing.TB, wrap func(http.Handler) http.Handler) *testHub {
	t.Helper()
	return startHubWith(t, wrap, 0)
}

// startHubWith is startHub with the public pages rebuilt at most once a
// refresh while tables push (the binary's default is a second).
func startHubWith(t testing.TB, wrap func(http.Handler) http.Handler, refresh time.Duration) *testHub {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), pgtest.DB(t))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	sec, err := hub.LoadSecrets(filepath.Join(t.TempDir(), "secrets.json"))
	if err != nil {
		t.Fatal(err)
	}
	th := &testHub{Store: st, Admin: sec.Admin, Log: &syncBuffer{}}
	h := hub.New(hub.Config{Store: st, Keys: sec.Keys, AdminToken: sec.Admin, Log: slog.New(slog.NewTextHandler(th.Log, nil)), MinRefresh: refresh})
	var handler http.Handler = h.Handler()
	if wrap != nil {
		handler = wrap(handler)
	}
	th.Server = httptest.NewServer(handler)
	t.Cleanup(th.Close)
	return th
}

// adminClient is a browser holding the hub's admin cookie.
func (th *testHub) adminClient(t testing.TB) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Jar: jar}
	resp, err := c.Get(th.URL + "/admin/claim?token=" + th.Admin)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("claim admin: %v %v", resp, err)
	}
	resp.Body.Close()
	return c
}

var codeRE = regexp.MustCompile(`id="pairing-code">([A-Z0-9-]+)<`)

// newCode makes a pairing code on the admin page, as the admin would.
func (th *testHub) newCode(t testing.TB) string {
	t.Helper()
	resp, err := th.adminClient(t).PostForm(th.URL+"/admin/codes", url.Values{})
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

// plays is every play on the hub, by table and play id, with its version.
func (th *testHub) plays(t testing.TB) map[string]league.StoredPlay {
	t.Helper()
	ps, err := th.Store.Plays(context.Background())
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

// testTable is a real table database with its score log and syncer.
type testTable struct {
	DB     *tracker.DB
	Scores *scorelog.Store
	Sync   *table.Syncer
}

func newTable(t testing.TB) *testTable {
	t.Helper()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "tableside.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	scores := scorelog.New(db)
	s := table.New(db, scores, nil)
	s.Client = &http.Client{Timeout: 5 * time.Second}
	s.Log = slog.New(slog.NewTextHandler(io.Discard, nil))
	return &testTable{DB: db, Scores: scores, Sync: s}
}

func (tt *testTable) pair(t testing.TB, th *testHub, name string) {
	t.Helper()
	if err := tt.Sync.Pair(context.Background(), th.URL, th.newCode(t), name); err != nil {
		t.Fatal(err)
	}
}

// addPlay logs a two-player play at the table.
func (tt *testTable) addPlay(t testing.TB, a, b string, sa, sb int) scorelog.Play {
	t.Helper()
	p, err := tt.Scores.Add(context.Background(), scorelog.Play{Game: "Carcassonne", Date: "2026-11-20", Time: "20:00", Scoring: scorelog.High,
		Players: []scorelog.Player{{Name: a, Score: &sa}, {Name: b, Score: &sb}}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (tt *testTable) status(t testing.TB) table.Status {
	t.Helper()
	st, err := tt.Sync.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func (tt *testTable) tableID(t testing.TB) string {
	t.Helper()
	l, ok, err := tt.Sync.Link(context.Background())
	if err != nil || !ok {
		t.Fatalf("link: %v %v", ok, err)
	}
	return l.TableID
}

// exactlyOnce checks that every play of the table's score log is on the hub
// once, at the version the table queued last (or the table still holds it).
func exactlyOnce(t *testing.T, th *testHub, tables ...*testTable) {
	t.Helper()
	on := th.plays(t)
	want := 0
	for _, tt := range tables {
		id := tt.tableID(t)
		ps, err := tt.Scores.Plays(context.Background(), scorelog.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		waiting := tt.status(t).Waiting
		for _, p := range ps {
			if _, ok := on[id+"/"+p.Key]; !ok && waiting == 0 {
				t.Errorf("play %s of table %s is not on the hub and not queued", p.Key, id)
			}
		}
		want += len(ps)
	}
	if len(on) > want {
		t.Errorf("the hub has %d plays; the tables logged %d", len(on), want)
	}
}

func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func contains(t *testing.T, what, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%s = %q, want it to say %q", what, s, sub)
	}
}
