// Package hub is the league hub's HTTP face (echo): the public, read-only
// pages (standings, players, plays, ratings) made with the score log's own
// statistics and ratings; the admin page (pairing codes, revocation, the
// merge tool) behind the admin token; and the two machine endpoints a table
// talks to: the pairing exchange and the signed push.
package hub

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
	"golang.org/x/time/rate"

	"tableside/costbudget"
	"tableside/league"
)

// Config is what a hub is made of.
type Config struct {
	Store      league.Store
	Keys       league.Keys
	AdminToken string // the admin's secret, as a cookie (see /admin/claim)
	Log        *slog.Logger
	Now        func() time.Time // nil: time.Now
	PublicURL  string           // shown with the pairing code; "" derives it from the request
	// MinRefresh is the least time between two rebuilds of the public
	// pages' data while tables push (0: every push shows at once).
	MinRefresh time.Duration
	// ReadPerSecond and ReadBurst are the time of work one address may
	// cause through the public pages, as the table's budget of heavy reads
	// (costbudget): 0 is the table's 250 ms a second and 3 s at once;
	// negative, none (a load test's readers all on one address).
	ReadPerSecond, ReadBurst time.Duration
}

// Hub is a running league hub.
type Hub struct {
	cfg   Config
	e     *echo.Echo
	log   *slog.Logger
	pairs *rate.Limiter
	views *views

	mu         sync.Mutex
	cache      cached
	book       *book // the refreshing reader's: see league
	refreshing bool  // one reader is rebuilding the cache
	force      bool  // an admin's change: rebuild at the next page
}

// New builds the hub and its routes.
func New(cfg Config) *Hub {
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	h := &Hub{cfg: cfg, e: echo.New(), log: cfg.Log, views: mustViews(),
		// Pairing codes are guessed at most a few times a second from anywhere.
		pairs: rate.NewLimiter(5, 10)}
	h.e.HideBanner, h.e.HidePort = true, true
	h.e.HTTPErrorHandler = h.handleError
	cop := http.NewCrossOriginProtection()
	h.e.Use(echo.WrapMiddleware(cop.Handler))
	h.routes()
	return h
}

// Handler is the hub's HTTP handler.
func (h *Hub) Handler() http.Handler { return h.e }

func (h *Hub) routes() {
	e := h.e
	read := h.readBudget()
	e.GET("/", h.standings, read)
	e.GET("/players", h.players, read)
	e.GET("/players/:id", h.player, read)
	e.GET("/plays", h.plays, read)
	e.GET("/ratings", h.ratings, read)
	e.GET("/static/app.css", h.stylesheet)
	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok\n") })

	e.GET("/admin/claim", h.claim)
	e.GET("/admin", h.admin, h.adminOnly)
	e.POST("/admin/codes", h.newCode, h.adminOnly)
	e.GET("/admin/codes/:code/qr.png", h.codeQR, h.adminOnly)
	e.POST("/admin/tables/:id/revoke", h.revoke, h.adminOnly)
	e.POST("/admin/takeover", h.takeOver, h.adminOnly)
	e.POST("/admin/merge", h.merge, h.adminOnly)

	e.POST(league.PairPath, h.pair)
	e.POST(league.PushPath, h.push)
}

// readBudget bounds the work one address causes through the public pages
// (the admin is not charged).
func (h *Hub) readBudget() echo.MiddlewareFunc {
	per, burst := h.cfg.ReadPerSecond, h.cfg.ReadBurst
	if per < 0 {
		return func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	}
	if per == 0 {
		per, burst = 250*time.Millisecond, 3*time.Second
	}
	return costbudget.New(per, burst, "league pages").Middleware(h.isAdmin)
}

// adminChanged marks a change the admin made: the next page shows it.
func (h *Hub) adminChanged() {
	h.mu.Lock()
	h.force = true
	h.mu.Unlock()
}

// randomHex is n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails on Linux
	return hex.EncodeToString(b)
}

// handleError answers errors as text for machines and a page for people.
func (h *Hub) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	code, msg := http.StatusInternalServerError, "The hub could not do that; its log says why."
	if he, ok := err.(*echo.HTTPError); ok {
		code = he.Code
		if m, ok := he.Message.(string); ok {
			msg = m
		}
	} else {
		h.log.Error("hub", "path", c.Path(), "err", err)
	}
	if c.Request().Header.Get("Accept") == "application/json" || c.Request().Method == http.MethodPost && c.Request().Header.Get("Content-Type") == "application/json" {
		c.JSON(code, map[string]string{"error": msg})
		return
	}
	h.render(c, code, "error", "Error", msg)
}

// ctx is the request's context.
func ctx(c echo.Context) context.Context { return c.Request().Context() }
