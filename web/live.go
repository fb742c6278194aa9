package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/readmodel"
	"tableside/tracker"
)

// liveMessage is the viewer's whole view at seq, as GET /games/N/view
// answers it; a live stream sends the part of it the scripts read (a live
// frame, appendFrame). Sending the whole screen (tens of KB at most) means a
// screen that missed messages is right again with the next one: nothing to
// replay, nothing lost.
type liveMessage struct {
	Seq     int64           `json:"seq"`
	Status  string          `json:"status"`
	Undo    string          `json:"undo,omitempty"`
	Waiting *engine.Waiting `json:"waiting,omitempty"`
	View    any             `json:"view"`
	// HTML is the page's live region and Turn the turn bar (whose move it
	// is, this seat's decision card), rendered for this viewer. Both are
	// always sent, empty ones too: an empty turn bar clears a stale
	// "Waiting for ..." line.
	HTML string `json:"html"`
	Turn string `json:"turn"`
	// Feed is the viewer's feed, rendered.
	Feed string `json:"feed"`
}

// Stream timing: the browser retries a dropped stream after retryMillis; a
// ping every pingEvery lets a screen notice a dead connection (app.js gives
// up on one that has been silent for three pings) and keeps proxies from
// closing an idle one.
const (
	retryMillis  = 1000
	pingEvery    = 15 * time.Second
	writeTimeout = 10 * time.Second
	// defaultLiveGap is the least time between two wake-ups of a game's
	// screens (hub_pace.go). At a table's pace (a change every few seconds)
	// it never delays anything; in a burst (an undo storm, a load test) each
	// screen gets at most one whole view per gap, which already holds every
	// change since, and the server writes far fewer messages.
	defaultLiveGap = 10 * time.Millisecond
)

// live streams a game's changes to one screen as server-sent events. Each
// message is built for this viewer alone (and shared with other screens of
// the same viewer). A screen that reconnects sends Last-Event-ID and at once
// receives the current view if anything changed since.
func (s *Server) live(c echo.Context) error {
	info, err := s.gameInfo(c)
	if err != nil {
		return err
	}
	id, ctx := info.ID, c.Request().Context()
	v := s.viewer(c, id)
	release, err := s.admitStream(c)
	if err != nil {
		return err
	}
	defer release()
	byToken := v.IsHost() && s.hostByToken(c)
	cn, err := s.hub.attachAs(ctx, id, v, byToken)
	if err != nil {
		return err
	}
	defer s.hub.detach(id, cn)
	// The seat (or host token) may have been revoked between reading the
	// cookie and attaching, when revoking found no stream to end: look
	// again now that revoking would find this one.
	if now := s.viewer(c, id); now != v || (byToken && !s.hostByToken(c)) {
		cn.revoke()
	}
	st := &stream{s: s, c: c, ctx: ctx, id: id, v: v, cn: cn, last: lastSeen(c), gen: s.genSeen(c, id, v)}
	// A TV's join corner (tv_join.go): the laptop's own TV, or a TV paired
	// with the join code; never any other public screen.
	st.corner = v.Seat == engine.Public && (s.isHost(c) || s.tvPaired(c, id))
	if err := st.open(); err != nil {
		return err
	}
	defer st.close()
	return st.run()
}

// lastSeen is the seq a screen has: the page says which seq it was rendered
// at (?after=N); a reconnecting EventSource says what it saw last
// (Last-Event-ID). Either way, only newer views are sent.
func lastSeen(c echo.Context) int64 {
	last, _ := strconv.ParseInt(c.QueryParam("after"), 10, 64)
	if h := c.Request().Header.Get("Last-Event-ID"); h != "" {
		last, _ = strconv.ParseInt(h, 10, 64)
	}
	return last
}

// genSeen is the gen of the seats phones hold that a host screen's page
// was drawn with (?gen=N, hub.gen; none: no seat changed hands since the
// server started): a phone that claimed or left a seat after the page was
// drawn, but before its stream opened, has the stream's first frame drawn
// anew at the page's seq. A gen above the hub's is a page of an earlier run
// of the server (gens count from its start): its frame is drawn anew too.
// Other screens' frames do not show who holds a seat: theirs start from
// the gen now.
func (s *Server) genSeen(c echo.Context, id int64, v engine.Viewer) int64 {
	now := s.hub.gen(id)
	if !v.IsHost() {
		return now
	}
	gen, _ := strconv.ParseInt(c.QueryParam("gen"), 10, 64)
	if gen > now {
		return 0
	}
	return gen
}

// admitStream counts a new stream against its address's limit and the
// table's (which keeps a reserve for the host, so the table's streams cannot
// use up the laptop's open files); release gives both back.
func (s *Server) admitStream(c echo.Context) (release func(), err error) {
	peer := peerIP(c.Request())
	if !s.streams.acquire(peer) {
		return nil, echo.NewHTTPError(http.StatusTooManyRequests, fmt.Sprintf(
			"Too many live screens are open from this address (at most %d): close some tabs, then reload.", s.streams.max))
	}
	if !s.allStreams.acquire(s.isHost(c)) {
		s.streams.release(peer)
		return nil, echo.NewHTTPError(http.StatusTooManyRequests, fmt.Sprintf(
			"Too many live screens are open at this table (at most %d): close some tabs, then reload.", s.allStreams.max-s.allStreams.reserved))
	}
	return func() { s.allStreams.release(); s.streams.release(peer) }, nil
}

// stream is one screen's open live stream.
type stream struct {
	s        *Server
	c        echo.Context
	ctx      context.Context
	id       int64
	v        engine.Viewer
	cn       *conn
	corner   bool  // the stream draws a TV's join corner
	last     int64 // the newest seq the screen has
	gen      int64 // the held seats' gen of the host's newest frame sent (hub.seatsChanged)
	nc       net.Conn
	deadline time.Time
	ping     *time.Timer
	close    func() // undoes open
}

// run serves the opened stream until the screen, the seat or the server
// goes.
func (st *stream) run() error {
	if err := st.send([]byte(fmt.Sprintf("retry: %d\n\n", retryMillis))); err != nil {
		return nil
	}
	if ok, err := st.sendNewer(); !ok {
		return err
	}
	if st.v.IsHost() || st.corner {
		st.cn.tell(tellPhones) // the list of phones as of now, in case it changed since the page was drawn
	}
	if _, ok, err := st.s.seats.Next(st.ctx, st.id); err == nil && ok {
		st.cn.tell(tellNext) // the table plays again already: a screen that missed the news hears it now
	}
	return st.loop()
}

// open writes the stream's headers and takes its connection over from
// net/http (hijacks it): each message is then one write to the socket,
// not a write through echo's and net/http's response writers and a flush
// (a fifth of the CPU of sending a message under make load). A stream
// outlives the server's read and write timeouts: each write gets its own
// deadline instead, and the read deadline is lifted.
//
// Once hijacked, net/http no longer watches the connection for the screen
// going away: the stream reads it itself, and ends when the read does. The
// server's shutdown no longer waits for a hijacked connection either: it
// waits for s.streamsDone. The stream's end (bye, the seat's end, pings)
// comes on the conn's one signal channel like everything else (loop).
func (st *stream) open() error {
	w := st.c.Response()
	rc := http.NewResponseController(w)
	w.Header().Set(echo.HeaderContentType, "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Accel-Buffering", "no")
	// Not chunked: the stream's body ends when its connection closes, as
	// the Server-Sent Events recommendation sets it up (net/http drops the
	// header and says "Connection: close"). Each message is one write and
	// one wake-up of the screen's reader.
	w.Header().Set("Transfer-Encoding", "identity")
	w.WriteHeader(http.StatusOK)
	// Counted before the hijack, while the shutdown still waits for this
	// connection: a shutdown that returns after it waits for this stream.
	st.s.streamsDone.Add(1)
	nc, brw, err := rc.Hijack()
	if err != nil {
		st.s.streamsDone.Done()
		return fmt.Errorf("live stream of game %d: %w", st.id, err)
	}
	// The headers may wait in net/http's buffer, which is the stream's no
	// more.
	if err := brw.Flush(); err != nil {
		nc.Close()
		st.s.streamsDone.Done()
		return nil // the screen went away
	}
	nc.SetReadDeadline(time.Time{})
	ctx, cancel := context.WithCancel(st.ctx)
	st.ctx, st.nc = ctx, nc
	cn, r := st.cn, brw.Reader
	go func() {
		// A screen sends nothing on its stream: any read's end (EOF, a
		// reset, the close below) is the screen's or the stream's end. One
		// byte at a time into the connection's own buffer: a buffer of the
		// read's (io.Copy's) would be held by every waiting screen.
		var b [1]byte
		for {
			if _, err := r.Read(b[:]); err != nil {
				break
			}
		}
		cancel()
	}()
	ended := context.AfterFunc(ctx, func() { cn.tell(tellEnd) })
	bye := context.AfterFunc(st.s.closing, func() { cn.tell(tellBye) })
	st.ping = time.AfterFunc(pingEvery, func() { cn.tell(tellPing) })
	st.close = func() {
		st.ping.Stop()
		bye()
		ended()
		nc.Close()
		cancel()
		st.s.streamsDone.Done()
	}
	return nil
}

// send writes b. A screen that stops reading (a phone gone to sleep
// mid-write) is dropped after writeTimeout instead of holding its
// goroutine forever. The deadline is moved on once a second, not at every
// write (a busy table writes a hundred times a second to each screen): a
// stalled screen goes after 9 to 10 s.
func (st *stream) send(b []byte) error {
	if now := time.Now(); st.deadline.Sub(now) < writeTimeout-time.Second {
		st.deadline = now.Add(writeTimeout)
		st.nc.SetWriteDeadline(st.deadline)
	}
	_, err := st.nc.Write(b)
	return err
}

// sendView sends a view unless the seat was revoked: no write of a view
// starts after the kick (or sign-out) has returned.
func (st *stream) sendView(b []byte) error {
	select {
	case <-st.cn.gone:
		return errGone
	default:
	}
	return st.send(b)
}

// sendNewer sends the views newer than the screen has; false ends the
// stream (with the seat's "gone" said when it was revoked).
func (st *stream) sendNewer() (bool, error) {
	last, gen, err := st.s.sendNewer(st.id, st.v, st.last, st.gen, st.sendView)
	if err != nil {
		if errors.Is(err, errGone) {
			return false, st.gone()
		}
		return false, nil // the screen went away
	}
	st.last, st.gen = last, gen
	return true, nil
}

// gone tells the screen its seat was revoked.
func (st *stream) gone() error {
	st.send([]byte("event: seat\ndata: {\"gone\":true}\n\n"))
	return nil
}

// loop serves the stream's events: changes (paced by the game's hub, at
// most one wake-up a live gap: hub_pace.go), pings, the next game, the
// phones list, the seat's revoking, the screen's going and the server's
// end. Everything a screen is told comes on its one signal channel
// (conn.tell): the stream waits on one channel, not a select of four, for
// each of the hundred wake-ups a second a busy table gives each screen.
func (st *stream) loop() error {
	for range st.cn.sig {
		if ok, err := st.told(st.cn.take()); !ok {
			return err
		}
	}
	return nil
}

// told sends what the screen was told: the stream's end first (the
// screen gone, the server's goodbye, the seat's end), then a newer view,
// the phones, the next game and a ping; false ends the stream.
func (st *stream) told(what uint32) (bool, error) {
	if what&tellEnd != 0 {
		return false, nil
	}
	if what&tellBye != 0 {
		// Said in a second or not at all: the shutdown does not wait for a
		// stalled screen's write deadline.
		st.nc.SetWriteDeadline(time.Now().Add(time.Second))
		st.nc.Write([]byte("event: bye\ndata: {}\n\n"))
		return false, nil
	}
	select {
	case <-st.cn.gone:
		return false, st.gone()
	default:
	}
	if what&tellWake != 0 {
		if ok, err := st.sendNewer(); !ok {
			return false, err
		}
	}
	if what&tellPhones != 0 {
		if err := st.phones(); err != nil {
			return false, nil
		}
	}
	if what&tellNext != 0 {
		if err := st.next(); err != nil {
			return false, nil
		}
	}
	if what&tellPing != 0 {
		if err := st.send([]byte("event: ping\ndata: {}\n\n")); err != nil {
			return false, nil
		}
		st.ping.Reset(pingEvery)
	}
	return true, nil
}

// next tells the screen the table plays again: a TV goes to the new game,
// any other screen reloads the finished one, whose page now leads there
// (app.js).
func (st *stream) next() error {
	if next, ok, err := st.s.seats.Next(st.ctx, st.id); err == nil && ok {
		return st.send(fmt.Appendf(nil, "event: next\ndata: {\"game\":%d}\n\n", next))
	}
	return nil
}

// phones sends the host its list of phones, or a TV its join corner; a
// failure to draw them is logged and the stream goes on.
func (st *stream) phones() error {
	if !st.v.IsHost() && !st.corner {
		return nil
	}
	b, err := st.s.phonesEvent(st.ctx, st.id)
	if !st.v.IsHost() {
		b, err = st.s.tvCornerEvent(st.c, st.id, st.s.isHost(st.c))
	}
	if err != nil {
		if st.ctx.Err() == nil { // else the screen went away while its corner was drawn
			st.s.log.Error("render phones", "game", st.id, "err", err)
		}
		return nil
	}
	return st.send(b)
}

// errGone stops a view from being sent to a screen whose seat was revoked.
var errGone = errors.New("the seat was revoked")

// sendNewer sends the viewer's current view when it is newer than last,
// or, the host's, drawn again at last for a newer gen of the seats phones
// hold (hub.seatsChanged; app.js draws a frame of the seq it shows).
func (s *Server) sendNewer(id int64, v engine.Viewer, last, gen int64, send func([]byte) error) (int64, int64, error) {
	f, err := s.hub.frame(id, v)
	if err != nil {
		s.log.Error("live view", "game", id, "err", err)
		return last, gen, err
	}
	if f.seq < last || (f.seq == last && f.gen <= gen) {
		return last, gen, nil
	}
	if err := send(f.data); err != nil {
		return last, gen, err
	}
	return f.seq, max(gen, f.gen), nil
}

// liveFrame builds one viewer's whole live message as an SSE event (a live
// frame: see appendFrame); clockOf as gamePageFor's.
func (s *Server) liveFrame(ctx context.Context, id int64, v engine.Viewer, clockOf func(tracker.GameInfo) *readmodel.TurnClock) (int64, []byte, error) {
	var seq int64
	var out []byte
	// A frame's folds and closed parts are fetched when opened; its
	// engine reads are the probe's (gamePageFor).
	err := s.gamePageFor(ctx, id, v, true, clockOf, func(p *gamePage) error {
		msg, err := s.liveMessageFor(p)
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		if err := appendFrame(&buf, msg); err != nil {
			return fmt.Errorf("frame of game %d: %w", id, err)
		}
		out = buf.Bytes()
		seq = p.Seq
		return nil
	})
	return seq, out, err
}

// liveMessageFor renders a game page's live parts for its viewer.
func (s *Server) liveMessageFor(p *gamePage) (liveMessage, error) {
	pg := page{Title: p.Info.Name, Host: p.Viewer.IsHost(), Data: *p, Game: p}
	html, err := s.views.fragment(gameTemplate(s.views, p.Info.Kind), "live", pg)
	if err != nil {
		return liveMessage{}, err
	}
	turn, err := s.views.fragment("game", "turn", p)
	if err != nil {
		return liveMessage{}, err
	}
	feed, err := s.views.fragment("game", "feed", p)
	if err != nil {
		return liveMessage{}, err
	}
	return liveMessage{Seq: p.Seq, Status: p.Info.Status, Undo: p.Undo, Waiting: p.Waiting, View: p.View,
		HTML: html, Turn: turn, Feed: feed}, nil
}

// phonesEvent is the host's list of phones, rendered, as an SSE event.
func (s *Server) phonesEvent(ctx context.Context, id int64) ([]byte, error) {
	info, err := s.tracker.Info(ctx, id)
	if err != nil {
		return nil, err
	}
	ph, err := s.phones(ctx, info)
	if err != nil {
		return nil, err
	}
	html, err := s.views.fragment("game", "phones", ph)
	if err != nil {
		return nil, err
	}
	corner, err := s.views.fragment("game", "join-corner", ph)
	if err != nil {
		return nil, err
	}
	b, err := json.Marshal(map[string]template.HTML{"html": template.HTML(html), "corner": template.HTML(corner)})
	if err != nil {
		return nil, err
	}
	return fmt.Appendf(nil, "event: phones\ndata: %s\n\n", b), nil
}
