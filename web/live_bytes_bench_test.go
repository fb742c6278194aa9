package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"testing"

	"tableside/engine"
	"tableside/games"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// BenchmarkLiveFrameBytes builds one live message of a Cold Cash Risk game in
// play for the host, a phone and the TV, and reports each one's size: what
// every screen receives after every command.
func BenchmarkLiveFrameBytes(b *testing.B) {
	db, err := tracker.OpenDB(filepath.Join(b.TempDir(), "t.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { db.Close() })
	tr := tracker.New(db, games.All()...)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tr.Log = log
	s := New(Config{Tracker: tr, Log: log, Scores: scorelog.New(db), Seats: tracker.NewSeats(db)})
	ctx := context.Background()
	info, err := tr.Create(ctx, "coldcash", "bench", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}, {Name: "Di"}}})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		typ  string
		data string
	}{
		{"found", `{"company":"c2","seat":0,"size":6}`},
		{"buy", `{"seat":0,"company":"c2","count":3}`},
		{"turn", ``},
		{"found", `{"company":"c6","seat":1,"size":9}`},
		{"buy", `{"seat":1,"company":"c6","count":3}`},
	} {
		cmd := engine.Command{Type: c.typ, Seat: engine.Host}
		if c.data != "" {
			cmd.Data = json.RawMessage(c.data)
		}
		if _, err := tr.Do(ctx, info.ID, cmd, ""); err != nil {
			b.Fatalf("%s: %v", c.typ, err)
		}
	}
	viewers := []struct {
		name string
		v    engine.Viewer
	}{{"host", engine.Viewer{Seat: engine.Host}}, {"phone", engine.Viewer{Seat: 1}}, {"tv", engine.Viewer{Seat: engine.Public}}}
	sizes := make([]int, len(viewers))
	b.ReportAllocs()
	for b.Loop() {
		for i, w := range viewers {
			_, frame, err := s.liveFrame(ctx, info.ID, w.v)
			if err != nil {
				b.Fatal(err)
			}
			sizes[i] = len(frame)
		}
	}
	for i, w := range viewers {
		b.ReportMetric(float64(sizes[i]), "B-"+w.name)
	}
}
