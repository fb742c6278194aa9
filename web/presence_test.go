package web

import (
	"testing"
	"time"
)

// fakePresence is a presence on a clock the test moves, whose grace timers
// run when the test says.
func fakePresence() (*presence, *time.Time, *[]func()) {
	now := time.Date(2026, 11, 26, 21, 4, 0, 0, time.UTC)
	var timers []func()
	p := newPresence(0)
	p.now = func() time.Time { return now }
	p.after = func(_ time.Duration, fn func()) { timers = append(timers, fn) }
	return p, &now, &timers
}

// A phone whose last stream closed counts as online for a moment (a page
// change reopens it at once), then as away since it left, and the host's
// list is told to redraw once the grace has passed.
func TestPhoneIsAwaySinceItsLastStreamClosedOnceTheGraceHasPassed(t *testing.T) {
	p, now, timers := fakePresence()
	const game, seat = 7, 1
	if _, seen := p.of(game)[seat]; seen {
		t.Fatal("a seat no stream ever opened is seen")
	}
	arrived := *now
	a := p.opened(game, seat)
	b := p.opened(game, seat) // a second tab
	*now = now.Add(time.Minute)
	p.closed(game, seat, a, func() { t.Fatal("a seat with an open stream was called away") })
	if got := p.of(game)[seat]; !got.Online || !got.Since.Equal(arrived) {
		t.Fatalf("with one of two streams open: %+v; want online since %v", got, arrived)
	}
	redrawn := 0
	p.closed(game, seat, b, func() { redrawn++ })
	*now = now.Add(awayGrace / 2)
	if got := p.of(game)[seat]; !got.Online {
		t.Fatalf("a moment after its last stream closed: %+v; want still online", got)
	}
	// The page changed: a new stream within the grace keeps it online since it arrived.
	c := p.opened(game, seat)
	if got := p.of(game)[seat]; !got.Online || !got.Since.Equal(arrived) {
		t.Fatalf("back within the grace: %+v; want online since %v", got, arrived)
	}
	*now = now.Add(time.Minute)
	left := *now
	p.closed(game, seat, c, func() { redrawn++ })
	*now = now.Add(awayGrace)
	for _, fn := range *timers {
		fn()
	}
	if redrawn != 2 {
		t.Fatalf("the host's list was told %d times; want once per last stream closed (2)", redrawn)
	}
	if got := p.of(game)[seat]; got.Online || !got.Seen || !got.Since.Equal(left) {
		t.Fatalf("after the grace: %+v; want away since %v", got, left)
	}
	*now = now.Add(time.Hour)
	d := p.opened(game, seat)
	if got := p.of(game)[seat]; !got.Online || !got.Since.Equal(*now) {
		t.Fatalf("back after an hour: %+v; want online since now", got)
	}
	p.closed(game, seat, d, func() {})
}

// A seat moved to another phone (or kicked) starts unseen, and the old
// phone's streams, closing late, never count against the new phone.
func TestSeatGivenToAnotherPhoneIsNotCalledAwayByTheOldPhonesStreams(t *testing.T) {
	p, now, _ := fakePresence()
	const game, seat = 3, 0
	old := p.opened(game, seat)
	p.forget(game, seat)
	if _, seen := p.of(game)[seat]; seen {
		t.Fatal("a seat given to another phone is still seen")
	}
	fresh := p.opened(game, seat)
	*now = now.Add(time.Hour)
	p.closed(game, seat, old, func() { t.Fatal("the old phone's stream called the seat away") })
	if got := p.of(game)[seat]; !got.Online {
		t.Fatalf("the new phone, its stream open: %+v; want online", got)
	}
	p.closed(game, seat, fresh, func() {})
	p.closed(game, seat, fresh, func() { t.Fatal("a stream closed twice counted twice") })
}
