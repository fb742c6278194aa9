package web

import (
	"context"
	"sync"
	"sync/atomic"

	"tableside/engine"
)

// hub fans each game's changes out to its live screens. Per game it holds one
// tracker subscription, the set of open streams, and the newest message built
// for each kind of viewer (the host, the public, each seat): when 200 screens
// watch a game with 5 seats, a change is rendered at most 7 times, not 200,
// and every screen of one viewer gets the same bytes.
type hub struct {
	s     *Server
	mu    sync.Mutex
	games map[int64]*gameHub

	builds atomic.Int64 // messages built, for tests and benchmarks
}

func newHub(s *Server) *hub { return &hub{s: s, games: map[int64]*gameHub{}} }

// gameHub is one game's fan-out. Everything in it is guarded by mu.
type gameHub struct {
	id     int64
	mu     sync.Mutex
	conns  map[*conn]struct{}
	seq    int64          // the newest seq the tracker announced
	frames map[int]*frame // viewer seat -> the newest message built for it
	quit   chan struct{}
}

// conn is one open live stream: one screen.
type conn struct {
	viewer engine.Viewer
	wake   chan struct{} // 1-buffered: a newer view may exist
	phones chan struct{} // 1-buffered: the list of phones changed (host screens)
	gone   chan struct{} // closed when this phone lost its seat
	once   sync.Once
}

// frame is one viewer's message at one seq, built once and shared.
type frame struct {
	want  int64 // the seq it was built for
	seq   int64 // the seq it shows (at least want)
	data  []byte
	err   error
	done  bool
	ready chan struct{}
}

// attach opens a stream on a game for a viewer.
func (h *hub) attach(ctx context.Context, id int64, v engine.Viewer) (*conn, error) {
	c := &conn{viewer: v, wake: make(chan struct{}, 1), phones: make(chan struct{}, 1), gone: make(chan struct{})}
	h.mu.Lock()
	g, ok := h.games[id]
	if !ok {
		updates, stop, err := h.s.tracker.Subscribe(ctx, id)
		if err != nil {
			h.mu.Unlock()
			return nil, err
		}
		g = &gameHub{id: id, conns: map[*conn]struct{}{}, frames: map[int]*frame{}, quit: make(chan struct{})}
		h.s.tracker.State(ctx, id, func(_ engine.State, seq int64) { g.seq = seq })
		h.games[id] = g
		go g.run(updates, stop)
	}
	g.mu.Lock()
	g.conns[c] = struct{}{}
	g.mu.Unlock()
	h.mu.Unlock()
	h.phonesChanged(id)
	return c, nil
}

// detach closes a stream; the game's subscription ends with its last screen.
func (h *hub) detach(id int64, c *conn) {
	h.mu.Lock()
	g, ok := h.games[id]
	if ok {
		g.mu.Lock()
		delete(g.conns, c)
		empty := len(g.conns) == 0
		g.mu.Unlock()
		if empty {
			close(g.quit)
			delete(h.games, id)
		}
	}
	h.mu.Unlock()
	h.phonesChanged(id)
}

// run passes the tracker's announcements to every screen without waiting on
// any: a screen busy writing finds its wake-up waiting when it is done.
func (g *gameHub) run(updates <-chan int64, stop func()) {
	defer stop()
	for {
		select {
		case <-g.quit:
			return
		case seq := <-updates:
			g.mu.Lock()
			if seq > g.seq {
				g.seq = seq
			}
			for c := range g.conns {
				poke(c.wake)
			}
			g.mu.Unlock()
		}
	}
}

func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// frame returns the newest message for a viewer, building it only when no
// screen of that viewer has built one for the newest seq yet.
func (h *hub) frame(id int64, v engine.Viewer) (*frame, error) {
	h.mu.Lock()
	g, ok := h.games[id]
	h.mu.Unlock()
	if !ok {
		f := &frame{}
		f.seq, f.data, f.err = h.s.liveFrame(context.Background(), id, v)
		return f, f.err
	}
	g.mu.Lock()
	f := g.frames[v.Seat]
	if f != nil && (f.want >= g.seq || (f.done && f.seq >= g.seq)) {
		g.mu.Unlock()
		<-f.ready
		return f, f.err
	}
	f = &frame{want: g.seq, ready: make(chan struct{})}
	g.frames[v.Seat] = f
	g.mu.Unlock()
	// Built without the asking screen's context: other screens wait for it too.
	h.builds.Add(1)
	seq, data, err := h.s.liveFrame(context.Background(), id, v)
	g.mu.Lock()
	f.seq, f.data, f.err, f.done = seq, data, err, true
	if err != nil && g.frames[v.Seat] == f {
		delete(g.frames, v.Seat) // the next screen tries again
	}
	g.mu.Unlock()
	close(f.ready)
	return f, err
}

// online counts the open streams of each seat of a game.
func (h *hub) online(id int64) map[int]int {
	h.mu.Lock()
	g, ok := h.games[id]
	h.mu.Unlock()
	out := map[int]int{}
	if !ok {
		return out
	}
	g.mu.Lock()
	for c := range g.conns {
		out[c.viewer.Seat]++
	}
	g.mu.Unlock()
	return out
}

// phonesChanged tells a game's host screens to redraw the list of phones.
func (h *hub) phonesChanged(id int64) {
	h.mu.Lock()
	g, ok := h.games[id]
	h.mu.Unlock()
	if !ok {
		return
	}
	g.mu.Lock()
	for c := range g.conns {
		if c.viewer.IsHost() {
			poke(c.phones)
		}
	}
	g.mu.Unlock()
}

// revoked ends the streams of a seat whose phone was sent away or replaced:
// from this moment that phone receives nothing more of the seat's view.
func (h *hub) revoked(id int64, seat int) {
	h.mu.Lock()
	g, ok := h.games[id]
	h.mu.Unlock()
	if ok {
		g.mu.Lock()
		for c := range g.conns {
			if c.viewer.Seat == seat {
				c.once.Do(func() { close(c.gone) })
			}
		}
		g.mu.Unlock()
	}
	h.phonesChanged(id)
}
