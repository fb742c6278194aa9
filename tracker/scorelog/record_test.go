package scorelog_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"tableside/engine"
	"tableside/engine/scorepad"
	"tableside/scoring"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// startTable runs a real tracker over a real database with the score log
// listening, and a clock that moves ten minutes a tick.
func startTable(t *testing.T) (*tracker.Tracker, *scorelog.Store) {
	t.Helper()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "tableside.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	tr := tracker.New(db, scorepad.Rules{})
	now := time.Date(2026, 11, 20, 19, 0, 0, 0, time.Local)
	tr.Now = func() time.Time { now = now.Add(10 * time.Minute); return now }
	s := scorelog.New(db)
	tr.OnStatus = scorelog.Recorder(s, tr)
	return tr, s
}

func do(t *testing.T, tr *tracker.Tracker, id int64, typ string, data any) {
	t.Helper()
	b, _ := json.Marshal(data)
	if _, err := tr.Do(context.Background(), id, engine.Command{Type: typ, Seat: engine.Host, Data: b}, ""); err != nil {
		t.Fatalf("%s: %v", typ, err)
	}
}

func TestFinishedGameIsRecordedAndUndoTakesItBack(t *testing.T) {
	tr, s := startTable(t)
	ctx := context.Background()
	info, err := tr.Create(ctx, "scorepad", "Carcassonne", engine.Setup{Seats: []engine.Seat{{Name: "Ana", Colour: "#0072b2"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	do(t, tr, info.ID, scorepad.CmdScore, scorepad.Entry{Seat: 0, Points: 12})
	do(t, tr, info.ID, scorepad.CmdScore, scorepad.Entry{Seat: 1, Points: 20})
	if plays, _ := s.Plays(ctx, scoring.Filter{}); len(plays) != 0 {
		t.Fatalf("a game still playing is in the log: %+v", plays)
	}
	do(t, tr, info.ID, scorepad.CmdFinish, nil)

	plays, err := s.Plays(ctx, scoring.Filter{})
	if err != nil || len(plays) != 1 {
		t.Fatalf("after finish: %d plays (%v), want 1", len(plays), err)
	}
	p := plays[0]
	if p.Game != "Carcassonne" || p.GameID != info.ID || p.Scoring != scoring.High || p.Date != "2026-11-20" || p.Time != "19:40" || p.Minutes != 30 {
		t.Errorf("recorded %+v; want Carcassonne on 2026-11-20 at 19:40 (the time of its final command), 30 minutes, linked to game %d", p, info.ID)
	}
	if len(p.Players) != 2 || p.Players[0].Name != "Ana" || *p.Players[0].Score != 12 || p.Players[0].Rank != 2 ||
		p.Players[1].Name != "Ben" || !p.Players[1].Winner || p.Players[1].Rank != 1 || p.Players[0].Colour != "#0072b2" {
		t.Errorf("players %+v; want Ana 12 (2nd, her seat's colour), Ben 20 (winner)", p.Players)
	}

	if _, err := tr.Undo(ctx, info.ID, 0, ""); err != nil {
		t.Fatal(err)
	}
	if plays, _ := s.Plays(ctx, scoring.Filter{}); len(plays) != 0 {
		t.Fatalf("after the undo reopened the game, the log still has %+v", plays)
	}
	if _, err := tr.Redo(ctx, info.ID, 0, ""); err != nil {
		t.Fatal(err)
	}
	plays, _ = s.Plays(ctx, scoring.Filter{})
	if len(plays) != 1 || plays[0].GameID != info.ID {
		t.Fatalf("after redo: %+v, want the play back", plays)
	}
	people, _ := s.People(ctx)
	if len(people) != 2 {
		t.Errorf("people %+v, want Ana and Ben once each", people)
	}

	// A second game with the same people links to them, not to new people.
	low, _ := json.Marshal(scorepad.Settings{LowWins: true})
	g2, err := tr.Create(ctx, "scorepad", "Golf", engine.Setup{Seats: []engine.Seat{{Name: "ben"}, {Name: "Ana"}}, Settings: low})
	if err != nil {
		t.Fatal(err)
	}
	do(t, tr, g2.ID, scorepad.CmdScore, scorepad.Entry{Seat: 0, Points: 40})
	do(t, tr, g2.ID, scorepad.CmdScore, scorepad.Entry{Seat: 1, Points: 31})
	do(t, tr, g2.ID, scorepad.CmdFinish, nil)
	plays, _ = s.Plays(ctx, scoring.Filter{Game: "Golf"})
	if len(plays) != 1 || plays[0].Scoring != scoring.Low || plays[0].Winners()[0] != "Ana" {
		t.Fatalf("golf play %+v; want lowest-wins with Ana the winner", plays)
	}
	if people, _ := s.People(ctx); len(people) != 2 {
		t.Errorf("people %+v; \"ben\" should be Ben", people)
	}
}

func TestBackfillRecordsGamesFinishedWithoutTheLog(t *testing.T) {
	tr, s := startTable(t)
	tr.OnStatus = nil // as if the score log was not wired yet
	ctx := context.Background()
	info, _ := tr.Create(ctx, "scorepad", "Catan", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}}})
	do(t, tr, info.ID, scorepad.CmdScore, scorepad.Entry{Seat: 0, Points: 7})
	do(t, tr, info.ID, scorepad.CmdFinish, nil)
	n, err := s.Backfill(ctx, tr)
	if err != nil || n != 1 {
		t.Fatalf("backfill: %d, %v; want 1 play", n, err)
	}
	if n, _ := s.Backfill(ctx, tr); n != 0 {
		t.Errorf("a second backfill added %d plays, want none", n)
	}
}
