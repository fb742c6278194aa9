package web

import (
	"fmt"
	"net/http"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// Room codes are short (104,976 of them) so that people can type them, so
// guessing them is bounded by a budget rather than by their length. Each
// typed code is paid for from two buckets, the address's own and one shared
// by every address, so that many addresses buy no more guesses than the
// shared bucket holds. A code is attempted only if both buckets can pay for
// a wrong one; a right one is refunded all but rightCost. The host (who
// knows the codes) is never charged.
const (
	wrongCost = 10 // units a wrong code costs
	rightCost = 1  // units a right one costs

	guessPerAddrBurst = 50        // an address may mistype five times at once...
	guessPerAddrRate  = 10.0 / 60 // ...then once a minute
	guessAllBurst     = 100       // every address together: ten wrong codes at once...
	guessAllRate      = 30.0 / 60 // ...then three a minute
	guessWindow       = 10 * time.Minute
	guessNotice       = 10 // wrong or refused codes in guessWindow that the host is told of
)

// errGuessing refuses a typed code when the budget is spent.
var errGuessing = echo.NewHTTPError(http.StatusTooManyRequests,
	"Too many wrong room codes have been typed here lately: scan the QR code on the laptop instead, or try the code again in a minute.")

// bucket is a token bucket that refills at rate units a second up to burst.
type bucket struct {
	tokens, rate, burst float64
	at                  time.Time
}

func (b *bucket) refill(now time.Time) {
	if b.at.IsZero() {
		b.tokens = b.burst
	} else {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.at).Seconds()*b.rate)
	}
	b.at = now
}

// guessBudget is the room-code budget: per address and across all, and the
// recent wrong codes the host is told about.
type guessBudget struct {
	mu     sync.Mutex
	now    func() time.Time
	all    bucket
	per    map[string]*bucket
	misses []guessMiss // wrong or refused codes within guessWindow, oldest first
}

type guessMiss struct {
	at   time.Time
	addr string
}

func newGuessBudget() *guessBudget {
	return &guessBudget{now: time.Now, all: bucket{rate: guessAllRate, burst: guessAllBurst}, per: map[string]*bucket{}}
}

// take pays for a wrong code from addr's bucket and the shared one, or
// refuses (false) when either cannot pay.
func (g *guessBudget) take(addr string) bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	g.prune(now)
	b := g.per[addr]
	if b == nil {
		b = &bucket{rate: guessPerAddrRate, burst: guessPerAddrBurst}
		g.per[addr] = b
	}
	b.refill(now)
	g.all.refill(now)
	if b.tokens < wrongCost || g.all.tokens < wrongCost {
		g.misses = append(g.misses, guessMiss{now, addr})
		return false
	}
	b.tokens -= wrongCost
	g.all.tokens -= wrongCost
	return true
}

// settle records how a paid-for code went: a right one is refunded all but
// rightCost; a wrong one is remembered for the host.
func (g *guessBudget) settle(addr string, right bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !right {
		g.misses = append(g.misses, guessMiss{g.now(), addr})
		return
	}
	if b := g.per[addr]; b != nil {
		b.tokens = min(b.burst, b.tokens+wrongCost-rightCost)
	}
	g.all.tokens = min(g.all.burst, g.all.tokens+wrongCost-rightCost)
}

// prune forgets misses older than the window and full, idle buckets
// (g.mu held), so memory stays bounded by the traffic of ten minutes.
func (g *guessBudget) prune(now time.Time) {
	i := 0
	for i < len(g.misses) && now.Sub(g.misses[i].at) > guessWindow {
		i++
	}
	g.misses = g.misses[i:]
	if len(g.misses) > 10000 { // a flood: keep the newest, the count is still "many"
		g.misses = g.misses[len(g.misses)-10000:]
	}
	for addr, b := range g.per {
		if now.Sub(b.at) > guessWindow {
			delete(g.per, addr)
		}
	}
}

// notice is what the host is told while codes are being guessed: "" when
// the recent wrong codes are few enough to be mistypes.
func (g *guessBudget) notice() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.prune(g.now())
	if len(g.misses) < guessNotice {
		return ""
	}
	addrs := map[string]bool{}
	for _, m := range g.misses {
		addrs[m.addr] = true
	}
	from := "one address"
	if len(addrs) > 1 {
		from = fmt.Sprintf("%d addresses", len(addrs))
	}
	return fmt.Sprintf("Someone may be guessing room codes: %d wrong codes from %s in the last %d minutes. Typed codes are slowed down for everyone; phones can still scan the QR code.",
		len(g.misses), from, int(guessWindow.Minutes()))
}
