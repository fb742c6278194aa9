package web

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"tableside/engine"
	"tableside/readmodel"
	"tableside/tracker"
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

	// seen is each seat's phone online or away, and since when (presence.go).
	seen *presence

	// gens is, per game, the gen of the seats its phones hold: it counts
	// the claims and leavings of seats since the server started
	// (seatsChanged), so a page drawn before a change carries an older gen
	// than the change (guarded by mu). It is the one count: a game's
	// fan-out reads it as it builds a host's frame, and keeps none of its
	// own.
	gens map[int64]int64

	// load subscribes to a game (tests replace it to hold a load still);
	// nil is the tracker's.
	load func(ctx context.Context, id int64) (updates <-chan int64, stop func(), seq int64, err error)
	// beforeAttach, when set, runs as a screen starts attaching (tests use
	// it to revoke a seat in the moment after the stream read its cookie).
	beforeAttach func(id int64)
}

func newHub(s *Server) *hub {
	return &hub{s: s, games: map[int64]*gameHub{}, seen: newPresence(s.cfg.AwayGrace), gens: map[int64]int64{}}
}

// gameHub is one game's fan-out. Everything in it is guarded by mu, but
// ready, err, loaded and waiters, which the hub's lock guards (err is set
// before ready is closed, so a screen that saw ready may read it).
type gameHub struct {
	id      int64
	ready   chan struct{} // closed once subscribed (or failed)
	err     error
	loaded  bool // subscribed: run is running until quit
	waiters int  // screens waiting for ready
	mu      sync.Mutex
	conns   map[*conn]struct{}
	seq     int64          // the newest seq the tracker announced
	frames  map[int]*frame // viewer seat -> the newest message built for it
	clock   frameClock     // the turn clock the newest frames show (its own lock)
	quit    chan struct{}
	// gap is the least time between two wake-ups of the game's screens
	// (hub_pace.go); set at creation, read by run only.
	gap time.Duration
}

// conn is one open live stream: one screen. What the screen is told comes
// on one channel, sig, with the news in told (the tell bits), its pings,
// the screen's going and the server's goodbye too: the stream's wait loop
// receives from one channel, not a select of several, for each of the
// hundred wake-ups a second a busy table gives each of its screens.
type conn struct {
	viewer engine.Viewer
	sig    chan struct{} // 1-buffered: told has news, or gone was closed
	told   atomic.Uint32 // tellWake | tellPhones | tellNext, taken by the stream
	gone   chan struct{} // closed when this phone lost its seat (or this host screen its token)
	once   sync.Once
	// byToken: a host screen that is host by the host token (not by being
	// the laptop); signing out other host screens ends it.
	byToken bool
	// seen is the seat's presence record this stream counts in (phones only).
	seen *seatSeen
}

// frame is one viewer's message at one seq, built once and shared.
type frame struct {
	want  int64 // the seq it was built for
	gen   int64 // the held seats' gen it was built at (the host's frames)
	seq   int64 // the seq it shows (at least want)
	data  []byte
	err   error
	done  bool
	ready chan struct{}
}

// attach opens a stream on a game for a viewer. The first screen of a game
// subscribes to it, which may load and rebuild the game from the log; that
// happens outside the hub's lock, so screens of other games attach
// meanwhile, and other screens of this game wait for the same load.
func (h *hub) attach(ctx context.Context, id int64, v engine.Viewer) (*conn, error) {
	return h.attachAs(ctx, id, v, false)
}

// attachAs is attach for a screen that may be host by the host token.
func (h *hub) attachAs(ctx context.Context, id int64, v engine.Viewer, byToken bool) (*conn, error) {
	if h.beforeAttach != nil {
		h.beforeAttach(id)
	}
	c := &conn{viewer: v, sig: make(chan struct{}, 1), gone: make(chan struct{}), byToken: byToken}
	for {
		h.mu.Lock()
		g, ok := h.games[id]
		if !ok {
			g = &gameHub{id: id, conns: map[*conn]struct{}{}, frames: map[int]*frame{}, quit: make(chan struct{}), ready: make(chan struct{}), gap: h.liveGap()}
			h.games[id] = g
			// Not the asking screen's context: others may wait for this load.
			go h.start(context.WithoutCancel(ctx), g)
		}
		g.waiters++
		h.mu.Unlock()
		select {
		case <-g.ready:
		case <-ctx.Done():
			h.mu.Lock()
			g.waiters--
			h.retireIfIdle(g)
			h.mu.Unlock()
			return nil, ctx.Err()
		}
		h.mu.Lock()
		g.waiters--
		if g.err != nil {
			h.mu.Unlock()
			return nil, g.err
		}
		if h.games[id] != g { // its last screen left while this one waited: start again
			h.mu.Unlock()
			continue
		}
		g.mu.Lock()
		g.conns[c] = struct{}{}
		g.mu.Unlock()
		h.mu.Unlock()
		if v.Seat >= 0 {
			c.seen = h.seen.opened(id, v.Seat)
		}
		h.phonesChanged(id)
		return c, nil
	}
}

// start subscribes a new gameHub to its game and starts its fan-out; ready
// is closed when it is done (err set on failure, the hub then forgotten).
// When every screen that waited for it has gone meanwhile, it ends at once.
func (h *hub) start(ctx context.Context, g *gameHub) {
	defer close(g.ready)
	load := h.load
	if load == nil {
		load = h.subscribe
	}
	updates, stop, seq, err := load(ctx, g.id)
	h.mu.Lock()
	defer h.mu.Unlock()
	if err != nil {
		g.err = err
		if h.games[g.id] == g {
			delete(h.games, g.id)
		}
		return
	}
	g.mu.Lock()
	g.seq = max(g.seq, seq)
	g.mu.Unlock()
	go g.run(updates, stop)
	g.loaded = true
	h.retireIfIdle(g)
}

// retireIfIdle ends a game's fan-out that has no screen and no screen
// waiting for it (h.mu held).
func (h *hub) retireIfIdle(g *gameHub) {
	if !g.loaded || g.waiters > 0 || h.games[g.id] != g {
		return
	}
	g.mu.Lock()
	empty := len(g.conns) == 0
	g.mu.Unlock()
	if empty {
		close(g.quit)
		delete(h.games, g.id)
	}
}

// subscribe is the tracker's subscription to a game and its seq now.
func (h *hub) subscribe(ctx context.Context, id int64) (<-chan int64, func(), int64, error) {
	updates, stop, err := h.s.tracker.Subscribe(ctx, id)
	if err != nil {
		return nil, nil, 0, err
	}
	var seq int64
	h.s.tracker.State(ctx, id, func(_ engine.State, n int64) { seq = n })
	return updates, stop, seq, nil
}

// detach closes a stream; the game's subscription ends with its last screen.
func (h *hub) detach(id int64, c *conn) {
	h.mu.Lock()
	g, ok := h.games[id]
	mine := false
	if ok {
		g.mu.Lock()
		_, mine = g.conns[c]
		delete(g.conns, c)
		empty := len(g.conns) == 0
		g.mu.Unlock()
		if mine && empty {
			close(g.quit)
			delete(h.games, id)
		}
	}
	h.mu.Unlock()
	if mine && c.viewer.Seat >= 0 {
		h.seen.closed(id, c.viewer.Seat, c.seen, func() { h.phonesChanged(id) })
	}
	h.phonesChanged(id)
}

func poke(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

// What a screen is told (conn.told).
const (
	tellWake   uint32 = 1 << iota // a newer view may exist
	tellPhones                    // the list of phones changed (host screens, a TV's corner)
	tellNext                      // the table plays again in a new game
	tellPing                      // time for a ping (live.go's pingEvery)
	tellBye                       // the server is shutting down
	tellEnd                       // the screen went away
)

// tell adds news for the screen and wakes its stream; news told again
// before the stream took it is told once.
func (c *conn) tell(what uint32) {
	c.told.Or(what)
	poke(c.sig)
}

// take is the news told since the stream last took it.
func (c *conn) take() uint32 { return c.told.Swap(0) }

// revoke ends the screen's stream: its seat (or host token) is gone. No
// view is written to it after revoke returns (stream.sendView).
func (c *conn) revoke() {
	c.once.Do(func() { close(c.gone) })
	poke(c.sig)
}

// frame returns the newest message for a viewer, building it only when no
// screen of that viewer has built one for the newest seq yet.
func (h *hub) frame(id int64, v engine.Viewer) (*frame, error) {
	h.mu.Lock()
	g, ok := h.games[id]
	// The host's sheet folds a phone's seat's moves (answerFor): a frame
	// built before a seat changed hands (hub.gens) is built anew.
	gen := h.gens[id]
	h.mu.Unlock()
	if ok {
		select {
		case <-g.ready:
			ok = g.err == nil
		default:
			ok = false // still loading: no seq to share frames at yet
		}
	}
	if !ok {
		f := &frame{}
		f.seq, f.data, f.err = h.s.liveFrame(context.Background(), id, v, nil)
		return f, f.err
	}
	g.mu.Lock()
	f := g.frames[v.Seat]
	if f != nil && (f.want >= g.seq || (f.done && f.seq >= g.seq)) && (!v.IsHost() || f.gen == gen) {
		g.mu.Unlock()
		<-f.ready
		return f, f.err
	}
	f = &frame{want: g.seq, gen: gen, ready: make(chan struct{})}
	g.frames[v.Seat] = f
	g.mu.Unlock()
	// Built without the asking screen's context: other screens wait for it too.
	h.builds.Add(1)
	clockOf := func(info tracker.GameInfo) *readmodel.TurnClock {
		return g.clock.get(f.want, h.s.tracker.Now(), func() (*readmodel.TurnClock, int64) { return h.s.gameClock(context.Background(), info) })
	}
	seq, data, err := h.s.liveFrame(context.Background(), id, v, clockOf)
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
	out := map[int]int{}
	h.eachConn(id, func(c *conn) { out[c.viewer.Seat]++ })
	return out
}

// phonesChanged tells a game's host screens to redraw the list of phones,
// and its public screens that a TV's join corner may have changed (the
// stream sends it only to a TV that may show it: live.go).
func (h *hub) phonesChanged(id int64) { h.tellPhones(id, false) }

// seatsChanged is phonesChanged for a phone that has just claimed a seat or
// stopped holding one (join, follow, kick, hand-over: the places that
// change a seat's holder say so). The seats' gen moves on and the host's
// screens are sent their frame again, drawn anew at the same seq: a seat a
// phone just claimed has its moves folded under "Answer for a player" at
// once, not at the next move.
func (h *hub) seatsChanged(id int64) {
	h.mu.Lock()
	h.gens[id]++
	h.mu.Unlock()
	h.tellPhones(id, true)
}

// tellPhones pokes the screens that show the phones; with seats, a seat
// changed hands (hub.gens moved on) and the host's screens are woken to
// draw it.
func (h *hub) tellPhones(id int64, seats bool) {
	h.underGame(id, func(g *gameHub) {
		for c := range g.conns {
			var what uint32
			if c.viewer.IsHost() || c.viewer.Seat == engine.Public {
				what |= tellPhones
			}
			if seats && c.viewer.IsHost() {
				what |= tellWake
			}
			if what != 0 {
				c.tell(what)
			}
		}
	})
}

// gen is the gen of the seats a game's phones hold now: a host page is
// drawn with it, and its stream starts from it (live.go).
func (h *hub) gen(id int64) int64 {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.gens[id]
}

// nextGame tells every screen of a finished game that its table plays
// again: each is sent where the new game is.
func (h *hub) nextGame(id int64) {
	h.eachConn(id, func(c *conn) { c.tell(tellNext) })
}

// eachConn calls fn for every screen open on a game, under the game's lock
// (fn must not block).
func (h *hub) eachConn(id int64, fn func(c *conn)) {
	h.underGame(id, func(g *gameHub) {
		for c := range g.conns {
			fn(c)
		}
	})
}

// underGame calls fn with a game's hub under its lock, if any screen has
// opened it (fn must not block).
func (h *hub) underGame(id int64, fn func(g *gameHub)) {
	h.mu.Lock()
	g, ok := h.games[id]
	h.mu.Unlock()
	if !ok {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	fn(g)
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
				c.revoke()
			}
		}
		g.mu.Unlock()
	}
	h.seen.forget(id, seat)
	h.seatsChanged(id)
}

// hostSignedOut ends every live stream of a host screen that was host by
// the host token, which has just been replaced: those screens reload and
// are host no more (the one that asked has the new token and is again).
func (h *hub) hostSignedOut() {
	h.mu.Lock()
	games := make([]*gameHub, 0, len(h.games))
	for _, g := range h.games {
		games = append(games, g)
	}
	h.mu.Unlock()
	for _, g := range games {
		g.mu.Lock()
		for c := range g.conns {
			if c.byToken {
				c.revoke()
			}
		}
		g.mu.Unlock()
	}
}
