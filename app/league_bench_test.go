package app_test

import (
	"context"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"testing"
	"time"

	"tableside/app"
	"tableside/engine"
)

// A table never waits for the hub: a game's end (the finishing command,
// which records the play and nudges the league) costs the same with no
// league as with a paired hub that is down. Compare the two ns/op:
// go test ./app -run '^$' -bench GameEnd
func BenchmarkGameEnd(b *testing.B) {
	b.Run("no-league", func(b *testing.B) { benchGameEnd(b, false) })
	b.Run("hub-down", func(b *testing.B) { benchGameEnd(b, true) })
}

func benchGameEnd(b *testing.B, paired bool) {
	ctx := context.Background()
	a, err := app.New(ctx, app.Config{DBPath: filepath.Join(b.TempDir(), "t.db"), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	if paired {
		// Paired with a hub whose address answers nothing: a port just
		// closed, so every push fails at once and the syncer backs off.
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			b.Fatal(err)
		}
		dead := "http://" + ln.Addr().String()
		ln.Close()
		if _, err := a.DB.ExecContext(ctx, `INSERT INTO league_link(id, hub, table_id, key, paired) VALUES (1, ?, 'bench', ?, ?)`,
			dead, "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", time.Now().UTC().Format(time.RFC3339)); err != nil {
			b.Fatal(err)
		}
		a.League.Nudge()
	}
	finish := engine.Command{Type: "finish", Seat: engine.Host}
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		info, err := a.Tracker.Create(ctx, "scorepad", "Friday", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := a.Tracker.Do(ctx, info.ID, engine.Command{Type: "score", Seat: engine.Host, Data: []byte(`{"seat":1,"points":9}`)}, ""); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := a.Tracker.Do(ctx, info.ID, finish, ""); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	if paired {
		st, err := a.League.Status(ctx)
		if err != nil || st.Waiting == 0 && b.N > 5 {
			b.Fatalf("with the hub down nothing waits: %+v %v", st, err)
		}
	}
}
