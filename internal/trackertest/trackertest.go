// Package trackertest opens the tracker that other packages' tests run
// games on: a real SQLite file in the test's temp folder, closed when the
// test ends. It replaces the copies of that set-up the read side's, the
// score log's, the web's and the clock's tests each kept.
package trackertest

import (
	"context"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

// New is a tracker over a fresh database file in t's temp folder that can
// run the given games.
func New(t testing.TB, games ...engine.Rules) *tracker.Tracker {
	t.Helper()
	return Open(t, filepath.Join(t.TempDir(), "t.db"), games...)
}

// Open is a tracker over the database file at path, closed when the test
// ends: a test that restarts closes the first (Tracker.DB) and opens the
// same path again.
func Open(t testing.TB, path string, games ...engine.Rules) *tracker.Tracker {
	t.Helper()
	db, err := tracker.OpenDB(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return tracker.New(db, games...)
}

// Game creates a game of kind with Ana and Ben seated and returns its id.
func Game(t testing.TB, tr *tracker.Tracker, kind, name string) int64 {
	t.Helper()
	info, err := tr.Create(context.Background(), kind, name, engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	return info.ID
}
