package readmodel_test

import (
	"context"
	"encoding/json"
	"testing"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/trackertest"
	"tableside/readmodel"
	"tableside/tracker"
)

// scorePad starts a score pad game over a real SQLite file.
func scorePad(t *testing.T) (*tracker.Tracker, int64) {
	t.Helper()
	tr := trackertest.New(t, games.All()...)
	return tr, trackertest.Game(t, tr, "scorepad", "Friday")
}

func do(t *testing.T, tr *tracker.Tracker, id int64, typ, data string) {
	t.Helper()
	c := engine.Command{Type: typ, Seat: engine.Host}
	if data != "" {
		c.Data = json.RawMessage(data)
	}
	if _, err := tr.Do(context.Background(), id, c, ""); err != nil {
		t.Fatalf("%s: %v", typ, err)
	}
}

func counts(t *testing.T, r *readmodel.Reader, reads, replays int64) {
	t.Helper()
	if gr, gp := r.Counts(); gr != reads || gp != replays {
		t.Fatalf("read %d times and replayed %d; want %d and %d", gr, gp, reads, replays)
	}
}

// A log is read and replayed again only when it has grown; a finished
// game's every read model (series, clock, luck, the record) comes from one
// read and one replay.
func TestAReadingLastsUntilTheLogGrows(t *testing.T) {
	ctx := context.Background()
	tr, id := scorePad(t)
	r := readmodel.New(tr, nil)
	do(t, tr, id, "score", `{"seat":0,"points":30}`)
	if _, s, err := r.Series(ctx, id); err != nil || len(s.Steps) != 2 {
		t.Fatalf("series: %d steps, %v; want 2", len(s.Steps), err)
	}
	counts(t, r, 1, 1)
	if _, _, err := r.Series(ctx, id); err != nil {
		t.Fatal(err)
	}
	counts(t, r, 1, 1)
	do(t, tr, id, "score", `{"seat":1,"points":12}`)
	if _, s, _ := r.Series(ctx, id); len(s.Steps) != 3 {
		t.Fatalf("series after a new score: %d steps; want 3", len(s.Steps))
	}
	counts(t, r, 2, 2)
	do(t, tr, id, "finish", "")
	info, err := tr.Info(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	_, _, _ = r.Series(ctx, id)
	_ = r.FinishedLuck(ctx, info)
	_, _ = r.Clock(ctx, info)
	rec, err := r.Record(ctx, id)
	if err != nil || len(rec.Standings) != 2 || rec.Standings[0].Name != "Ana" {
		t.Fatalf("record %+v, %v; want Ana first", rec, err)
	}
	counts(t, r, 3, 3)
}

// A game still in play has no record to print.
func TestARecordWaitsForTheGamesEnd(t *testing.T) {
	tr, id := scorePad(t)
	r := readmodel.New(tr, nil)
	do(t, tr, id, "score", `{"seat":0,"points":30}`)
	if _, err := r.Record(context.Background(), id); err != readmodel.ErrNotOver {
		t.Fatalf("record of a game in play: %v; want ErrNotOver", err)
	}
}
