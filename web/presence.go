package web

import (
	"sync"
	"time"
)

// awayGrace is by default how long a seat whose last live stream closed still counts
// as online. A phone's stream closes and reopens in a moment whenever its
// page changes (a tap that posts a form lands on a new page), and the host's
// list should not blink "away" for that; a phone that slept, lost Wi-Fi or
// closed its tab stays away longer and is shown so.
const awayGrace = 5 * time.Second

// presence tracks, per game and seat, the phone's open live streams and
// since when it is online or away. It is who is at the table, not a secret:
// only the host's list of phones shows it.
type presence struct {
	mu    sync.Mutex
	seats map[int64]map[int]*seatSeen
	grace time.Duration    // awayGrace unless the server's config says otherwise
	now   func() time.Time // tests may replace the clock
	// after runs fn once d has passed (time.AfterFunc; tests may replace it).
	after func(d time.Duration, fn func())
}

// seatSeen is one seat's phone as the live streams saw it.
type seatSeen struct {
	open int       // live streams open now
	on   time.Time // online since (the first stream after an absence)
	off  time.Time // away since (the last stream closed)
}

// seatPresence is what the host's list says of a seat's phone.
type seatPresence struct {
	Online bool
	// Seen: a stream of this seat was open at some time since the server
	// started (Since is then meaningful).
	Seen  bool
	Since time.Time // online since, or away since
}

func newPresence(grace time.Duration) *presence {
	if grace <= 0 {
		grace = awayGrace
	}
	return &presence{seats: map[int64]map[int]*seatSeen{}, grace: grace, now: time.Now,
		after: func(d time.Duration, fn func()) { time.AfterFunc(d, fn) }}
}

// opened notes a seat's live stream opening. The record it returns is
// given back to closed: a stream of a phone the seat was taken from counts
// against that phone's record only, never against the next phone's.
func (p *presence) opened(game int64, seat int) *seatSeen {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.seat(game, seat)
	if s.open == 0 && !p.withinGrace(s) {
		s.on = p.now()
	}
	s.open++
	return s
}

// closed notes a seat's live stream closing. When it was the seat's last,
// changed is called once the grace has passed, so the host's list can say
// the phone is away (unless it came back meanwhile: the list then says so).
func (p *presence) closed(game int64, seat int, s *seatSeen, changed func()) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if s == nil || p.seats[game][seat] != s || s.open == 0 {
		return // forgotten: the seat went to another phone, or to none
	}
	s.open--
	if s.open == 0 {
		s.off = p.now()
		p.after(p.grace, changed)
	}
}

// forget drops what is known of a seat's phone: the host moved the seat to
// another phone or kicked it, and the next phone starts unseen.
func (p *presence) forget(game int64, seat int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.seats[game], seat)
}

// of says where each seen seat's phone of a game is now.
func (p *presence) of(game int64) map[int]seatPresence {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := map[int]seatPresence{}
	for seat, s := range p.seats[game] {
		sp := seatPresence{Online: s.open > 0 || p.withinGrace(s), Seen: true, Since: s.off}
		if sp.Online {
			sp.Since = s.on
		}
		out[seat] = sp
	}
	return out
}

// withinGrace: the seat's last stream closed a moment ago (p.mu held).
func (p *presence) withinGrace(s *seatSeen) bool {
	return s.open == 0 && !s.off.IsZero() && p.now().Sub(s.off) < p.grace
}

// seat is a seat's record, made on first sight (p.mu held).
func (p *presence) seat(game int64, seat int) *seatSeen {
	g := p.seats[game]
	if g == nil {
		g = map[int]*seatSeen{}
		p.seats[game] = g
	}
	s := g[seat]
	if s == nil {
		s = &seatSeen{}
		g[seat] = s
	}
	return s
}
