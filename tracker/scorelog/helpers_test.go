package scorelog

import (
	"context"
	"path/filepath"
	"testing"

	"tableside/scoring"
	"tableside/tracker"
)

// openStore opens a fresh score log on a real SQLite file in t's temp dir.
func openStore(t testing.TB) (*Store, *tracker.DB) {
	t.Helper()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "tableside.db"))
	if err != nil {
		t.Fatalf("open database: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return New(db), db
}

func pts(n int) *int { return &n }

// pp is a player with points.
func pp(name string, score int) scoring.Player { return scoring.Player{Name: name, Score: pts(score)} }

func mustAdd(t testing.TB, s *Store, p scoring.Play) scoring.Play {
	t.Helper()
	got, err := s.Add(context.Background(), p)
	if err != nil {
		t.Fatalf("add %s on %s: %v", p.Game, p.Date, err)
	}
	return got
}
