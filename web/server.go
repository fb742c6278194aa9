// Package web is Tableside's HTTP face: routes, handlers, embedded templates
// and static files, live updates. Handlers are thin: they read the request,
// call the tracker or an engine, and render.
package web

import (
	"cmp"
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"tableside/costbudget"
	"tableside/draw"
	"tableside/readmodel"
	"tableside/seating"
	"tableside/tracker"
	"tableside/tracker/scorelog"
	"tableside/web/scorepages"
)

// Config is what the server needs from its wiring.
type Config struct {
	Tracker   *tracker.Tracker
	Log       *slog.Logger
	PublicURL string // the join URL's base, when the table's network needs one; else a LAN address is chosen
	// AllowedHosts are the names and addresses this laptop is reached at
	// (its interfaces' addresses), besides loopback and PublicURL's host,
	// which are always allowed. A request naming any other host is refused.
	AllowedHosts []string
	// Scores is the score log (required).
	Scores *scorelog.Store

	// Seats keeps which phone holds which seat (required).
	Seats *seating.Seats
	// NoLoopbackHost stops treating the laptop's own browser (a loopback peer)
	// as the host: only the host token counts. Tests set it, because their
	// phones also connect from 127.0.0.1.
	NoLoopbackHost bool
	// Limits bound how fast one phone may join and send commands; zero values
	// take the defaults.
	Limits Limits
	// LiveGap is the least time between two wake-ups of a game's screens,
	// so between two view messages to one screen (0: 10ms; negative: none).
	// See defaultLiveGap.
	LiveGap time.Duration
	// AwayGrace is how long a phone whose last live stream closed still
	// counts as online on the host's list (0: awayGrace, 5 s). Tests that
	// watch a phone go away set it shorter, rather than wait 5 s each time.
	AwayGrace time.Duration
	// League is the table's link to a league hub; nil: no league page.
	League LeagueLink
	// Reader reads games' whole logs for every screen (required; app.New
	// makes the one reader a server has).
	Reader *readmodel.Reader
}

// LeagueLink is the table's link to a league hub (league/table wires it).
type LeagueLink = scorepages.LeagueLink

// Limits are the rate limits per phone (per seat, or per address before
// joining), the caps per address and the connection timeouts. The host is
// not rate limited: it is the table's own laptop. Zero takes the default;
// a negative cap or timeout means none.
type Limits struct {
	JoinPerSecond    float64 // join attempts (and join-code checks) per address
	JoinBurst        int
	CommandPerSecond float64 // commands per seat
	CommandBurst     int
	OddsPerSecond    float64 // odds questions (/odds, /api/odds) per address; also timeline and record pages, on their own budget
	OddsBurst        int
	PlayPerSecond    float64 // plays logged in the score log per seated phone
	PlayBurst        int

	// CostPerSecond and CostBurst are the time of work one address may cause
	// through expensive reads (timeline, statements, printed sheets and
	// their previews, a game's record): on average each second, and at most
	// at once (cost_budget.go). The host is not charged.
	CostPerSecond, CostBurst time.Duration

	// ConnsPerAddr caps the open connections from one address: more are
	// closed as soon as they are accepted. A table of phones behind one
	// hotspot shares an address, so the default leaves room for all of them.
	ConnsPerAddr int
	// StreamsPerAddr caps the live streams from one address (429 beyond).
	StreamsPerAddr int
	// MaxConns and MaxStreams cap connections and live streams from all
	// peers together, the host keeping a reserve of each (table_caps.go).
	// 0 sizes them from the open-file limit; -1 is no cap.
	MaxConns, MaxStreams int

	// ReadTimeout bounds reading a whole request, body included (a slow
	// body is cut off); WriteTimeout bounds writing an answer (live streams
	// set their own deadline per message); IdleTimeout closes a keep-alive
	// connection nobody uses.
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
}

func (l Limits) withDefaults() Limits {
	if l.JoinPerSecond == 0 {
		l.JoinPerSecond, l.JoinBurst = 2, 30
	}
	if l.CommandPerSecond == 0 {
		l.CommandPerSecond, l.CommandBurst = 10, 30
	}
	if l.OddsPerSecond == 0 {
		l.OddsPerSecond, l.OddsBurst = 10, 40
	}
	if l.PlayPerSecond == 0 {
		// A table logs a play every few minutes; a burst covers a pile of
		// plays typed in after the evening.
		l.PlayPerSecond, l.PlayBurst = 0.2, 10
	}
	if l.ConnsPerAddr == 0 {
		l.ConnsPerAddr = 128
	}
	if l.StreamsPerAddr == 0 {
		l.StreamsPerAddr = 32
	}
	if l.MaxConns == 0 || l.MaxStreams == 0 {
		conns, streams := tableCaps(fileLimit())
		l.MaxConns, l.MaxStreams = cmp.Or(l.MaxConns, conns), cmp.Or(l.MaxStreams, streams)
	}
	if l.CostPerSecond == 0 {
		// A quarter of one core, at most, for one phone's heavy reads; a
		// burst of a few seconds lets a player step through a long game.
		l.CostPerSecond, l.CostBurst = 250*time.Millisecond, 3*time.Second
	}
	if l.ReadTimeout == 0 {
		l.ReadTimeout = 30 * time.Second
	}
	if l.WriteTimeout == 0 {
		l.WriteTimeout = 60 * time.Second
	}
	if l.IdleTimeout == 0 {
		l.IdleTimeout = 60 * time.Second
	}
	return l
}

// Server is the running web application: its wiring, the parts every
// screen uses, and three bundles of state kept by one concern each (who
// comes in, how much anyone may ask, and shutting down), embedded so their
// fields read as the server's own.
type Server struct {
	cfg        Config
	e          *echo.Echo
	tracker    *tracker.Tracker
	seats      *seating.Seats
	log        *slog.Logger
	views      *views
	hub        *hub
	ccMaps     *drawnOnce[ccMapKey, draw.WorldMap] // each game's Cold Cash map as last drawn
	qrs        qrPNGs                              // the QR codes drawn, by text (qr_png.go)
	reads      *readmodel.Reader                   // what screens read from a game's whole log (reads.go)
	scorePages *scorepages.Pages                   // the score log's screens (web/scorepages)
	doors                                          // the host's token and names, the join codes, the LAN addresses, the laptop's open hand
	guard                                          // rate limits, cost budgets and caps (limits.go)
	lifecycle                                      // shutting down
}

// doors is who may come in and how: the host's token and the screens
// claiming it, the host names this laptop answers to, the addresses a join
// QR shows, and each game's new join codes.
type doors struct {
	reach     atomic.Pointer[Reach]  // how phones reach the server; set by the wiring (reach.go)
	hostToken atomic.Pointer[string] // rotated by "Sign out other host screens"
	claims    hostClaims
	hosts     hostSet
	// refusedHosts counts requests refused for naming another host.
	refusedHosts atomic.Int64
	codeTags     sync.Map // game id -> *atomic.Int64: new join codes since start
	// laptop is the hand open on the laptop, per game (laptop_hand.go):
	// who, besides a seat's own phone, sees that seat's secrets.
	laptop laptopHands
}

// guard is how much one peer, and all of them, may ask of the server.
type guard struct {
	limits                                          Limits // with defaults
	joinLimit, commandLimit, oddsLimit, replayLimit echo.MiddlewareFunc
	heavy                                           echo.MiddlewareFunc // the cost budget of expensive reads per address
	streams                                         *perAddr            // open live streams per address
	allStreams                                      *pool               // open live streams from all peers
	guesses                                         *guessBudget        // typed room codes (room_guesses.go)
}

// lifecycle ends the server cleanly.
type lifecycle struct {
	// closing is cancelled when shutdown begins (endStreams), so live
	// streams can end cleanly; streamsDone counts the streams still open,
	// whose hijacked connections the shutdown of net/http does not wait for.
	closing     context.Context
	endStreams  context.CancelFunc
	streamsDone sync.WaitGroup
}

// New builds the server and its routes.
func New(cfg Config) *Server {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Tracker == nil || cfg.Scores == nil || cfg.Seats == nil {
		// Every server is wired by app.New; a part missing here is a wiring bug.
		panic("web.New: Tracker, Scores and Seats are required (build the server with app.New)")
	}
	s := &Server{cfg: cfg, e: echo.New(), tracker: cfg.Tracker, log: cfg.Log, views: sharedViews(), ccMaps: newCCMaps(),
		seats: cfg.Seats}
	s.closing, s.endStreams = context.WithCancel(context.Background())
	s.hosts = newHostSet(cfg)
	tok, err := s.seats.Secret(context.Background(), "host")
	if err != nil {
		// Without a stored token a second host screen cannot be added; the
		// laptop still works, so say so and carry on.
		s.log.Error("host token", "err", err)
	}
	s.hostToken.Store(&tok)
	if cfg.Reader == nil {
		panic("web.New: Config.Reader is required (app.New makes the server's one reader)")
	}
	s.reads = cfg.Reader
	s.scorePages = scorepages.New(scorepages.Site{Render: s.renderTitled, IsHost: s.isHost, MayLogPlays: s.mayLogPlays,
		WantsJSON: wantsJSON, Viewer: s.viewer}, cfg.Scores, s.tracker, s.reads, cfg.League, s.log)
	s.hub = newHub(s)
	s.seats.OnRevoke(s.hub.revoked)
	s.limits = cfg.Limits.withDefaults()
	s.joinLimit, s.commandLimit, s.oddsLimit, s.replayLimit = s.limiters(s.limits)
	s.heavy = costbudget.New(s.limits.CostPerSecond, s.limits.CostBurst,
		"heavy pages (timeline steps, statements, printed sheets)").Middleware(s.isHost)
	s.streams = newPerAddr(s.limits.StreamsPerAddr)
	s.allStreams = newPool(s.limits.MaxStreams)
	s.guesses = newGuessBudget()
	s.e.HideBanner, s.e.HidePort = true, true
	s.e.HTTPErrorHandler = s.handleError
	s.e.Renderer = s.views
	s.middleware()
	s.routes()
	return s
}

// Handler returns the server's HTTP handler (for tests and custom listeners).
func (s *Server) Handler() http.Handler { return s.e }

// Echo exposes the router, for routes added by other packages' wiring.
func (s *Server) Echo() *echo.Echo { return s.e }

func (s *Server) middleware() {
	// Before routing and everything else: a request for another host name is
	// never looked at (see allowHost).
	s.e.Pre(s.allowHost)
	s.e.Pre(s.reservedForHost)
	s.e.Use(middleware.RecoverWithConfig(middleware.RecoverConfig{LogErrorFunc: func(c echo.Context, err error, stack []byte) error {
		s.log.Error("panic", "err", err, "path", c.Path(), "stack", string(stack))
		return err
	}}))
	s.e.Use(middleware.RequestID())
	s.e.Use(middleware.SecureWithConfig(middleware.SecureConfig{
		XSSProtection: "0", ContentTypeNosniff: "nosniff", XFrameOptions: "DENY",
		ReferrerPolicy: "same-origin",
		// Everything is served from here: no page may load anything from elsewhere.
		ContentSecurityPolicy: "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'",
	}))
	s.e.Use(middleware.BodyLimit("1M"))
	// Cross-site form posts and fetches are refused by the standard library's
	// Sec-Fetch-Site / Origin check: no tokens to thread through every form.
	cop := http.NewCrossOriginProtection()
	cop.SetDenyHandler(http.HandlerFunc(s.denyCrossSite))
	s.e.Use(echo.WrapMiddleware(cop.Handler))
	s.e.Use(middleware.RequestLoggerWithConfig(middleware.RequestLoggerConfig{
		LogStatus: true, LogURIPath: true, LogMethod: true, LogLatency: true, LogRequestID: true, LogError: true, HandleError: true,
		LogValuesFunc: func(c echo.Context, v middleware.RequestLoggerValues) error {
			// The path, not the URI: query strings may carry join tokens.
			attrs := []any{"method", v.Method, "path", v.URIPath, "status", v.Status, "latency", v.Latency, "id", v.RequestID}
			if v.Error != nil {
				attrs = append(attrs, "err", v.Error)
			}
			s.log.Info("request", attrs...)
			return nil
		},
	}))
}

// Serve answers on ln until ctx is cancelled, then shuts down gracefully:
// live streams are told to end, and requests under way may finish.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	l := s.limits
	header := 10 * time.Second // a request's headers, within its read timeout
	if l.ReadTimeout > 0 {
		header = min(header, l.ReadTimeout)
	}
	var fresh freshConns
	srv := &http.Server{Handler: s.e, ReadHeaderTimeout: header, ConnContext: connContext, ConnState: fresh.track,
		ReadTimeout: positive(l.ReadTimeout), WriteTimeout: positive(l.WriteTimeout), IdleTimeout: positive(l.IdleTimeout)}
	srv.RegisterOnShutdown(fresh.closeAll)
	if l.ConnsPerAddr > 0 || l.MaxConns > 0 {
		ln = limitListener(ln, l.ConnsPerAddr, l.MaxConns, s.log)
	}
	s.log.Info("caps across all peers", "connections", l.MaxConns, "live screens", l.MaxStreams, "open-file limit", fileLimit())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.endStreams()
	shutCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutCtx); err != nil {
		// Requests still under way after 5 seconds are not waited for.
		s.log.Warn("shutdown: closing connections still open", "err", err)
		srv.Close()
	}
	// The live streams said goodbye; they are gone in a moment (a stalled
	// screen's goodbye waits for its write deadline: not past shutCtx).
	streams := make(chan struct{})
	go func() { s.streamsDone.Wait(); close(streams) }()
	select {
	case <-streams:
	case <-shutCtx.Done():
		s.log.Warn("shutdown: live streams still open")
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// HostToken is the secret a second host screen presents (shown on the
// laptop's /host page as a QR code).
func (s *Server) HostToken() string { return *s.hostToken.Load() }
