// Package costbudget bounds what one address may make a server do through
// its expensive reads, by what they cost in time rather than by how many
// they are. The table's web (timeline steps, statements, printed sheets)
// and the league hub's pages both use it.
package costbudget

import (
	"fmt"
	"math"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// Budget bounds what one address may make the laptop do through its
// expensive reads (a timeline step, a player's statement, a printed sheet or
// its preview, a game's record) by what they cost, not by how many they
// are: each address has a budget of time, refilled at a steady rate, from
// which what each read took is taken once it is done. While an address's
// budget is spent its reads are refused (429, with Retry-After), and an
// address runs one such read at a time (the next waits its turn), so a phone
// firing many at once cannot spend the budget several times over before the
// first is charged. The host is never charged: it is the table's own laptop.
type Budget struct {
	perSecond time.Duration // work an address may cause each second, on average
	what      string        // the heavy reads, as the refusal names them
	burst     time.Duration // and at most at once, after a quiet while
	now       func() time.Time

	mu    sync.Mutex
	addrs map[string]*addrSpend
}

// addrSpend is one address's budget: left as of at (negative once a read
// cost more than was left), and the turn its reads take one at a time.
type addrSpend struct {
	left time.Duration
	at   time.Time
	turn chan struct{}
}

// maxAddrs bounds the addresses remembered: beyond it, those whose
// budget is full again (idle long enough) are forgotten.
const maxAddrs = 4096

// New is a budget of perSecond of work each second per address, at most
// burst at once; what names the reads in a refusal ("heavy pages (...)").
func New(perSecond, burst time.Duration, what string) *Budget {
	return &Budget{perSecond: perSecond, burst: burst, now: time.Now, addrs: map[string]*addrSpend{}, what: what}
}

// spend returns addr's budget, refilled to now.
func (b *Budget) spend(addr string) *addrSpend {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	a, ok := b.addrs[addr]
	if !ok {
		if len(b.addrs) >= maxAddrs {
			b.forgetIdle(now)
		}
		a = &addrSpend{left: b.burst, at: now, turn: make(chan struct{}, 1)}
		b.addrs[addr] = a
	}
	a.left = min(b.burst, a.left+time.Duration(float64(now.Sub(a.at))*float64(b.perSecond)/float64(time.Second)))
	a.at = now
	return a
}

// forgetIdle drops the addresses whose budget has refilled. The caller
// holds b.mu.
func (b *Budget) forgetIdle(now time.Time) {
	for k, a := range b.addrs {
		idle := now.Sub(a.at)
		if a.left+time.Duration(float64(idle)*float64(b.perSecond)/float64(time.Second)) >= b.burst && len(a.turn) == 0 {
			delete(b.addrs, k)
		}
	}
}

// wait is how long until addr's budget is positive again (0: now).
func (b *Budget) wait(a *addrSpend) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if a.left > 0 {
		return 0
	}
	return time.Duration(float64(-a.left)*float64(time.Second)/float64(b.perSecond)) + time.Millisecond
}

// charge takes d, what a read took, from a's budget.
func (b *Budget) charge(a *addrSpend, d time.Duration) {
	b.mu.Lock()
	defer b.mu.Unlock()
	a.left -= d
}

// Middleware applies the budget to a route; exempt readers (the table's
// host, the hub's admin) are never charged.
func (b *Budget) Middleware(exempt func(echo.Context) bool) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if exempt(c) {
				return next(c)
			}
			a := b.spend(peerIP(c.Request()))
			if err := b.refuse(c, a); err != nil {
				return err
			}
			select {
			case a.turn <- struct{}{}:
			case <-c.Request().Context().Done():
				return c.Request().Context().Err()
			}
			defer func() { <-a.turn }()
			b.spend(peerIP(c.Request())) // refilled while it waited its turn
			if err := b.refuse(c, a); err != nil {
				return err
			}
			start := time.Now()
			defer func() { b.charge(a, time.Since(start)) }()
			return next(c)
		}
	}
}

// refuse answers 429 while a's budget is spent, saying how long to wait.
func (b *Budget) refuse(c echo.Context, a *addrSpend) error {
	w := b.wait(a)
	if w == 0 {
		return nil
	}
	secs := int(math.Ceil(w.Seconds()))
	c.Response().Header().Set("Retry-After", fmt.Sprint(secs))
	return echo.NewHTTPError(http.StatusTooManyRequests,
		fmt.Sprintf("This address has asked for a lot of %s: wait %d seconds and try again.", b.what, secs))
}

// peerIP is the address a request came from, without its port.
func peerIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}
