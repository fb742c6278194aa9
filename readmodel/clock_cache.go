package web

import (
	"sync"
	"time"

	"tableside/tracker"
)

// clockCache keeps each game's turn clock as replayed from its whole log.
// A replay reads the whole log, so redoing it on every command made a long
// game's every command pay for its whole history (make load, 12,000
// commands: round trip p99 12 ms before the clock, 882 ms with a replay per
// change). A replay is therefore reused after the log has moved on for a
// while proportional to what it cost (clockReuse times its duration, at
// most clockMaxLag): a quick replay is redone at once, a slow one at most a
// few times a second. The clock is advice, and its open waits are counted
// to now either way. A finished game's clock is always exact.
type clockCache struct {
	mu sync.Mutex
	m  map[int64]clockEntry
}

type clockEntry struct {
	seq  int64
	done time.Time     // when the replay finished (the wall clock)
	took time.Duration // how long it took
	cl   *tracker.ClockLog
}

const (
	clockReuse  = 20
	clockMaxLag = 2 * time.Second
)

// get returns the game's clock if it was replayed at seq, or recently
// enough for a game still in play.
func (c *clockCache) get(id, seq int64, over bool) (*tracker.ClockLog, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	switch {
	case !ok:
		return nil, false
	case e.seq == seq:
		return e.cl, true
	case over:
		return nil, false
	}
	return e.cl, time.Since(e.done) < min(clockReuse*e.took, clockMaxLag)
}

// put keeps a replay made at seq that took took.
func (c *clockCache) put(id, seq int64, took time.Duration, cl *tracker.ClockLog) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[int64]clockEntry{}
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= logCacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[id] = clockEntry{seq: seq, done: time.Now(), took: took, cl: cl}
}
