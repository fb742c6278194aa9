package tracker

import "time"

// idleEviction is how long a finished game nobody asked for stays in memory.
// Its log is on disk, so it is rebuilt the next time a screen opens it; the
// score log and the home page need no game in memory at all.
const idleEviction = 10 * time.Minute

// evictIdle drops from memory the finished games nobody asked for within
// idleEviction and nobody watches. It looks at most once a minute, so a busy
// server pays for it rarely. The caller holds t.mu. A game in the middle of
// a change (its write lock held) is left for the next look.
func (t *Tracker) evictIdle(now time.Time) {
	if now.Sub(t.swept) < time.Minute {
		return
	}
	t.swept = now
	for id, g := range t.games {
		if now.Sub(g.used) < idleEviction || !g.write.TryLock() {
			continue
		}
		if g.mu.TryLock() {
			if g.info.Status != statusPlaying && len(g.subs) == 0 {
				delete(t.games, id)
			}
			g.mu.Unlock()
		}
		g.write.Unlock()
	}
}

// Loaded reports how many games are in memory now, and how many times a
// game was rebuilt from its log since the tracker started.
func (t *Tracker) Loaded() (inMemory int, loads int64) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.games), t.loads.Load()
}
