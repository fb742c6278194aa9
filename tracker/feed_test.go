package tracker_test

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"tableside/engine"
	"tableside/tracker"
)

func feedTexts(t *testing.T, tr *tracker.Tracker, id int64, v engine.Viewer) []string {
	t.Helper()
	var items []tracker.FeedItem
	err := tr.SnapshotFor(context.Background(), id, v, 10, func(f tracker.Frame) error { items = f.Feed; return nil })
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, it := range items {
		out = append(out, it.Text)
	}
	return out
}

// The feed follows the log: each reader gets their own lines, newest
// first; an undo takes its command's lines away; a restart rebuilds the
// same feed from disk.
func TestFeedFollowsTheLogThroughUndoAndRestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openTracker(t, path)
	id := newGame(t, tr)
	mustDo(t, tr, id, score(0, 5), "")
	mustDo(t, tr, id, score(1, 3), "")
	mustDo(t, tr, id, score(0, 2), "")
	ana := feedTexts(t, tr, id, engine.Viewer{Seat: 0})
	if !slices.Equal(ana, []string{"You scored 2", "You scored 5"}) {
		t.Fatalf("Ana's feed %q", ana)
	}
	table := []string{"Ana scored 2: 7 in all.", "Ben scored 3: 3 in all.", "Ana scored 5: 5 in all."}
	if host := feedTexts(t, tr, id, engine.Viewer{Seat: engine.Host}); !slices.Equal(host, table) {
		t.Fatalf("host's feed %q", host)
	}
	if tv := feedTexts(t, tr, id, engine.Viewer{Seat: engine.Public}); !slices.Equal(tv, table) {
		t.Fatalf("public feed %q", tv)
	}
	if _, err := tr.Undo(context.Background(), id, 0, ""); err != nil {
		t.Fatal(err)
	}
	if ana := feedTexts(t, tr, id, engine.Viewer{Seat: 0}); !slices.Equal(ana, []string{"You scored 5"}) {
		t.Fatalf("after the undo Ana's feed is %q", ana)
	}
	tr2 := openTracker(t, path)
	if host := feedTexts(t, tr2, id, engine.Viewer{Seat: engine.Host}); !slices.Equal(host, table[1:]) {
		t.Fatalf("after a restart the host's feed is %q; want %q", host, table[1:])
	}
}

// A long game rebuilds only its newest events' lines, which are all a
// screen shows: the newest lines are the same after a restart.
func TestFeedOfALongGameKeepsItsNewestLines(t *testing.T) {
	t.Parallel() // a long game on its own database file: it overlaps the others
	path := filepath.Join(t.TempDir(), "t.db")
	tr := openTracker(t, path)
	id := newGame(t, tr)
	for i := range 2100 {
		mustDo(t, tr, id, score(i%2, 1), "")
	}
	before := feedTexts(t, tr, id, engine.Viewer{Seat: 0})
	if len(before) != 10 || before[0] != "You scored 1" {
		t.Fatalf("Ana's feed %q", before)
	}
	host := feedTexts(t, openTracker(t, path), id, engine.Viewer{Seat: engine.Host})
	if len(host) != 10 || host[0] != "Ben scored 1: 1050 in all." || host[1] != "Ana scored 1: 1050 in all." {
		t.Fatalf("after a restart the host's feed is %q", host)
	}
}
