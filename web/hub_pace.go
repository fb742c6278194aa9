package web

import "time"

// The live gap is kept per game, not per screen. A game's run wakes all of
// its screens at once, at most once a gap, so in a burst of commands every
// screen asks for the same seq and each viewer's frame is built once a gap,
// not once for each screen's own moment. Screens paced on their own timers
// woke at scattered moments, each found a newer seq than the screen before
// it, and the frames of nearly every seq were built for every viewer; each
// screen also kept a timer of its own.

// liveGap is the least time between two view messages to one screen:
// the configured one, or defaultLiveGap (a negative gap is none).
func (h *hub) liveGap() time.Duration {
	if h.s == nil || h.s.cfg.LiveGap == 0 {
		return defaultLiveGap
	}
	return h.s.cfg.LiveGap
}

// run passes the tracker's announcements to every screen of the game
// without waiting on any (a screen busy writing finds its wake-up waiting
// when it is done). A change less than a gap after the last wake-up waits
// for the rest of the gap; changes that come meanwhile ride with it.
//
// The hub's seq moves on only at a wake-up, not at each announcement: a
// screen that runs late (two cores, two hundred screens) asks for the seq
// it was woken for and shares the frame built for it, which shows the
// state as it was built (that seq or newer), instead of building one more.
func (g *gameHub) run(updates <-chan int64, stop func()) {
	defer stop()
	pause := time.NewTimer(time.Hour)
	pause.Stop()
	defer pause.Stop()
	var woke time.Time // the last wake-up of the screens
	var told int64     // the newest seq announced
	waiting := false   // pause is set for a change not yet told
	for {
		select {
		case <-g.quit:
			return
		case seq := <-updates:
			told = max(told, seq)
			if waiting {
				continue
			}
			if wait := g.gap - time.Since(woke); wait > 0 {
				waiting = true
				pause.Reset(wait)
				continue
			}
		case <-pause.C:
			waiting = false
		}
		g.wakeAll(told)
		woke = time.Now()
	}
}

// wakeAll moves the hub on to seq and pokes every screen of the game.
func (g *gameHub) wakeAll(seq int64) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.seq = max(g.seq, seq)
	for c := range g.conns {
		c.tell(tellWake)
	}
}
