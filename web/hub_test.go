package web

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testgames"
)

// fanoutServer is a server over a fresh database with a Tally game of six
// seats, and screens streams attached: spread over each seat, the public
// view and the host.
func fanoutServer(tb testing.TB, screens int) (*Server, int64, []*conn) {
	tb.Helper()
	return fanoutServerOf(tb, testgames.Tally{}, screens)
}

// fanoutServerOf is fanoutServer with game (a Tally of kind "tally") for
// the Tally.
func fanoutServerOf(tb testing.TB, game engine.Rules, screens int) (*Server, int64, []*conn) {
	tb.Helper()
	s := quietServer(tb, Config{}, game)
	id := createGame(tb, s, "tally", "bench", "", "A", "B", "C", "D", "E", "F")
	return s, id, attachScreens(tb, s, id, screens)
}

// attachScreens attaches n screens to a six-seat game, spread over each
// seat, the public view and the host; they detach when the test ends.
func attachScreens(tb testing.TB, s *Server, id int64, n int) []*conn {
	tb.Helper()
	var conns []*conn
	for i := range n {
		c, err := s.hub.attach(context.Background(), id, engine.Viewer{Seat: i%8 - 2})
		if err != nil {
			tb.Fatal(err)
		}
		conns = append(conns, c)
	}
	tb.Cleanup(func() {
		for _, c := range conns {
			s.hub.detach(id, c)
		}
	})
	return conns
}

// awaitWake waits until every screen has been told of a change, as the live
// handler waits before it asks for its frame.
func awaitWake(tb testing.TB, conns []*conn) {
	deadline := time.After(5 * time.Second)
	for _, c := range conns {
		for woken := false; !woken; { // the phones' news may come first (attach)
			select {
			case <-c.sig:
				woken = c.take()&tellWake != 0
			case <-deadline:
				tb.Fatal("a screen was not woken by a change")
			}
		}
	}
}

func add(tb testing.TB, s *Server, game int64, i int) int64 {
	data, _ := json.Marshal(map[string]int{"seat": i % 6})
	out, err := s.tracker.Do(context.Background(), game, engine.Command{Type: "add", Seat: engine.Host, Data: data}, "")
	if err != nil {
		tb.Fatal(err)
	}
	return out.Seq
}

// 200 screens of 8 kinds of viewer: a change is built 8 times, not 200, and
// every screen of a viewer gets that viewer's message at the new seq.
func TestFanoutBuildsEachViewerOncePerChange(t *testing.T) {
	t.Parallel()
	s, game, conns := fanoutServer(t, 200)
	for round := 1; round <= 3; round++ {
		seq := add(t, s, game, round)
		awaitWake(t, conns)
		before := s.hub.builds.Load()
		sendAt(t, s, game, conns, seq, map[int]*frame{})
		if built := s.hub.builds.Load() - before; built != 8 {
			t.Fatalf("round %d: %d messages built for 200 screens of 8 viewers; want 8", round, built)
		}
	}
}

// sendAt asks the hub for each screen's frame, as its stream does when
// woken: each must show seq, and all screens of a viewer get one frame
// (sent holds the frame each viewer was sent so far).
func sendAt(t *testing.T, s *Server, game int64, conns []*conn, seq int64, sent map[int]*frame) {
	t.Helper()
	for _, c := range conns {
		f, err := s.hub.frame(game, c.viewer)
		if err != nil {
			t.Fatal(err)
		}
		if f.seq != seq {
			t.Fatalf("screen of seat %d got seq %d, want %d", c.viewer.Seat, f.seq, seq)
		}
		if prev, ok := sent[c.viewer.Seat]; ok && prev != f {
			t.Fatalf("two screens of seat %d were sent different frames", c.viewer.Seat)
		}
		sent[c.viewer.Seat] = f
	}
}

// BenchmarkFanout200Screens is one change reaching 200 screens through the
// hub's per-viewer cache (the command itself is not timed).
func BenchmarkFanout200Screens(b *testing.B) {
	benchFanout(b, func(s *Server, game int64, c *conn) error {
		_, err := s.hub.frame(game, c.viewer)
		return err
	})
}

// BenchmarkFanout200ScreensUncached is the same change built once per
// screen, as it was before the cache: the figure the cache saves.
func BenchmarkFanout200ScreensUncached(b *testing.B) {
	benchFanout(b, func(s *Server, game int64, c *conn) error {
		_, _, err := s.liveFrame(context.Background(), game, c.viewer, nil)
		return err
	})
}

// benchFanout times frame, for each of 200 screens, after each change.
func benchFanout(b *testing.B, frame func(s *Server, game int64, c *conn) error) {
	s, game, conns := fanoutServer(b, 200)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		b.StopTimer()
		add(b, s, game, i)
		awaitWake(b, conns)
		b.StartTimer()
		for _, c := range conns {
			if err := frame(s, game, c); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkLiveFrame is one viewer's message: view, HTML, turn bar, JSON.
func BenchmarkLiveFrame(b *testing.B) {
	s, game, _ := fanoutServer(b, 0)
	add(b, s, game, 0)
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := s.liveFrame(context.Background(), game, engine.Viewer{Seat: 1}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
