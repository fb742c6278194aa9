package leaguetest

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tableside/league/table"
	"tableside/scoring"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// Table is a real table database with its score log and league syncer.
type Table struct {
	DB     *tracker.DB
	Scores *scorelog.Store
	Sync   *table.Syncer
}

// NewTable opens a new table database in a temporary folder.
func NewTable(t testing.TB) *Table {
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
	return &Table{DB: db, Scores: scores, Sync: s}
}

// Pair pairs the table with the hub under name, with a code made on the
// hub's admin page.
func (tt *Table) Pair(t testing.TB, h *Hub, name string) {
	t.Helper()
	if err := tt.Sync.Pair(context.Background(), h.URL, h.NewCode(t), name); err != nil {
		t.Fatal(err)
	}
}

// AddPlay logs a two-player play at the table.
func (tt *Table) AddPlay(t testing.TB, a, b string, sa, sb int) scoring.Play {
	t.Helper()
	p, err := tt.Scores.Add(context.Background(), scoring.Play{Game: "Carcassonne", Date: "2026-11-20", Time: "20:00", Scoring: scoring.High,
		Players: []scoring.Player{{Name: a, Score: &sa}, {Name: b, Score: &sb}}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Status is what the table's league page says.
func (tt *Table) Status(t testing.TB) table.Status {
	t.Helper()
	st, err := tt.Sync.Status(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// TableID is the id the hub gave the table at pairing.
func (tt *Table) TableID(t testing.TB) string {
	t.Helper()
	l, ok, err := tt.Sync.Link(context.Background())
	if err != nil || !ok {
		t.Fatalf("league link: paired %v, %v", ok, err)
	}
	return l.TableID
}

// ExactlyOnce checks that every play of the tables' score logs is on the hub
// once (or, when the table says plays wait, still queued there; or, set
// aside because the league refused it, not on the hub at all), and that
// the hub holds no play the tables did not log.
func ExactlyOnce(t *testing.T, h *Hub, tables ...*Table) {
	t.Helper()
	on := h.Plays(t)
	want := 0
	for _, tt := range tables {
		id := tt.TableID(t)
		ps, err := tt.Scores.Plays(context.Background(), scoring.Filter{})
		if err != nil {
			t.Fatal(err)
		}
		waiting := tt.Status(t).Waiting
		aside, err := tt.Sync.SetAside(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]bool{}
		for _, a := range aside {
			out[a.Key] = true
			if _, ok := on[id+"/"+a.Key]; ok {
				t.Errorf("play %s of table %s is set aside and on the hub", a.Key, id)
			}
		}
		for _, p := range ps {
			if _, ok := on[id+"/"+p.Key]; !ok && waiting == 0 && !out[p.Key] {
				t.Errorf("play %s of table %s is not on the hub and not queued", p.Key, id)
			}
		}
		want += len(ps)
	}
	if len(on) > want {
		t.Errorf("the hub has %d plays; the tables logged %d", len(on), want)
	}
}

// Must fails the test on an error.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// Contains fails the test unless s says sub.
func Contains(t testing.TB, what, s, sub string) {
	t.Helper()
	if !strings.Contains(s, sub) {
		t.Errorf("%s = %q, want it to say %q", what, s, sub)
	}
}
