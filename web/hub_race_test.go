package web

import (
	"context"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testclient"
	"tableside/internal/testgames"
)

// servedTally runs a real server (phones not host) over a fresh database
// with a two-seat Tally game that has had one command.
func servedTally(t *testing.T) (*Server, string, int64) {
	t.Helper()
	s := quietServer(t, Config{NoLoopbackHost: true}, testgames.Tally{})
	ctx := context.Background()
	id := createGame(t, s, "tally", "race", "", "Ana", "Ben")
	add(t, s, id, 0)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(ctx)
	done := make(chan error, 1)
	go func() { done <- s.Serve(sctx, ln) }()
	t.Cleanup(func() { cancel(); <-done })
	return s, "http://" + ln.Addr().String(), id
}

// A phone kicked in the moment between its stream reading the seat cookie
// and attaching to the game (when the kick finds no stream to end) gets
// no view of the seat: the stream says the seat is gone and ends.
func TestKickedInTheMomentBeforeAttachGetsNoView(t *testing.T) {
	s, base, game := servedTally(t)
	tok := seatToken(t, s, game, 0)
	var once sync.Once
	s.hub.beforeAttach = func(id int64) {
		once.Do(func() {
			if err := s.seats.Release(context.Background(), id, 0); err != nil {
				t.Error(err)
			}
		})
	}
	phone := testclient.New(t, base)
	u, _ := url.Parse(base)
	phone.HTTP.Jar.SetCookies(u, []*http.Cookie{{Name: seatCookieName(game), Value: tok, Path: "/"}})
	st := phone.Live(t, game)
	var events []string
	timeout := time.After(20 * time.Second)
	for ended := false; !ended; { // the server ends the stream; a stream that went on times out
		select {
		case ev, ok := <-st.Events:
			if ended = !ok; ok {
				events = append(events, ev.Event)
			}
		case <-timeout:
			t.Fatalf("the kicked phone's stream went on: %v", events)
		}
	}
	if strings.Join(events, ",") != "seat" {
		t.Fatalf("the kicked phone's stream sent %v; want only the seat-gone event", events)
	}
}

// A game's first screen loads the game outside the hub's lock: while game
// A's load is held, a screen of game B attaches, and a second screen of A
// waits for the same load instead of starting another.
func TestAttachOfAnotherGameDoesNotWaitForASlowLoad(t *testing.T) {
	s, _, a := servedTally(t)
	ctx := context.Background()
	info, err := s.tracker.Create(ctx, "tally", "other", engine.Setup{Seats: []engine.Seat{{Name: "Cy"}}})
	if err != nil {
		t.Fatal(err)
	}
	b := info.ID
	started, release := make(chan struct{}), make(chan struct{})
	var loadsA atomic.Int32
	s.hub.load = func(ctx context.Context, id int64) (<-chan int64, func(), int64, error) {
		if id == a {
			if loadsA.Add(1) == 1 {
				close(started)
			}
			<-release
		}
		return s.hub.subscribe(ctx, id)
	}
	attach := func(id int64) chan *conn {
		ch := make(chan *conn, 1)
		go func() {
			c, err := s.hub.attach(ctx, id, engine.Viewer{Seat: engine.Public})
			if err != nil {
				t.Error(err)
			}
			ch <- c
		}()
		return ch
	}
	doneA := attach(a)
	<-started
	doneA2 := attach(a)
	select {
	case c := <-attach(b):
		s.hub.detach(b, c)
	case <-time.After(30 * time.Second):
		close(release)
		t.Fatal("a screen of game B waited for game A's load")
	}
	close(release)
	ca, ca2 := <-doneA, <-doneA2
	if ca == nil || ca2 == nil {
		t.Fatal("a screen of game A did not attach")
	}
	if n := loadsA.Load(); n != 1 {
		t.Fatalf("game A was loaded %d times for two screens; want once", n)
	}
	if got := s.hub.online(a)[engine.Public]; got != 2 {
		t.Fatalf("game A has %d public screens; want 2", got)
	}
	s.hub.detach(a, ca)
	s.hub.detach(a, ca2)
}

// A screen that gives up while its game loads leaves nothing behind: once
// the load ends, the game has no fan-out (no subscription, no goroutine).
func TestAScreenLeavingDuringTheLoadLeavesNoFanout(t *testing.T) {
	s, _, a := servedTally(t)
	started, release, loaded := make(chan struct{}), make(chan struct{}), make(chan struct{})
	s.hub.load = func(ctx context.Context, id int64) (<-chan int64, func(), int64, error) {
		close(started)
		<-release
		defer close(loaded)
		return s.hub.subscribe(ctx, id)
	}
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() {
		_, err := s.hub.attach(ctx, a, engine.Viewer{Seat: engine.Public})
		errc <- err
	}()
	<-started
	cancel()
	if err := <-errc; err == nil {
		t.Fatal("a screen whose request ended still attached")
	}
	close(release)
	<-loaded
	for i := 0; ; i++ { // start retires the hub right after the load returns
		s.hub.mu.Lock()
		_, ok := s.hub.games[a]
		s.hub.mu.Unlock()
		if !ok {
			break
		}
		if i == 30_000 {
			t.Fatal("the game's fan-out outlived every screen that asked for it")
		}
		time.Sleep(time.Millisecond)
	}
}

// A screen that goes away (its tab closed, its connection dropped) leaves
// the game's screens at once, not at its next write: its stream reads its
// own connection (net/http no longer does once the stream took it over),
// so the host's list of phones and the game's fan-out learn it now. A
// quiet game writes nothing for 15 s (the ping), longer than the wait here.
func TestAScreenThatGoesAwayLeavesAtOnce(t *testing.T) {
	s, base, game := servedTally(t)
	st := testclient.New(t, base).Live(t, game)
	st.Next(t, "view")
	public := func() int { return s.hub.online(game)[engine.Public] }
	if n := public(); n != 1 {
		t.Fatalf("%d public screens with one stream open; want 1", n)
	}
	st.Close()
	for deadline := time.Now().Add(5 * time.Second); public() != 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d public screens 5 s after the only one went away; want 0", public())
		}
	}
}
