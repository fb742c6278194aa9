package readmodel

import (
	"sync"
	"time"
)

// cache keeps, per game, its reading with the log's last seq: a log only
// grows (undo and redo are records too), so what was made from the log up
// to seq stays right until seq moves. The end screen is drawn for every
// kind of viewer on every change, and a finished game's pages on every
// visit: each replays the log once, not once per screen. At most cacheSize
// games are kept; any one is dropped when full.
//
// The turn clock of a game in play is the one part read on every change of
// a live game, and a replay reads the whole log, so redoing it on every
// command made a long game's every command pay for its whole history (make
// load, 12,000 commands: round trip p99 12 ms before the clock, 882 ms with
// a replay per change). A clock is therefore reused after the log has moved
// on for a while proportional to what its replay cost (clockReuse times its
// duration, at most clockMaxLag): a quick replay is redone at once, a slow
// one at most a few times a second. The clock is advice, and its open waits
// are counted to now either way. A finished game's reading is always exact.
type cache struct {
	mu sync.Mutex
	m  map[int64]*reading
}

const (
	cacheSize   = 32
	clockReuse  = 20
	clockMaxLag = 2 * time.Second
)

// get returns game id's reading if it was made at seq and holds the parts
// wanted, or, for the clock alone of a game still in play, if it was made
// recently enough.
func (c *cache) get(id, seq int64, want part, over bool) (*reading, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	switch {
	case !ok || !e.has(want):
		return nil, false
	case e.seq == seq:
		return e, true
	case over || want != partClock:
		return nil, false
	}
	return e, time.Since(e.done) < min(clockReuse*e.took, clockMaxLag)
}

// at returns game id's reading made at seq, whatever parts it holds.
func (c *cache) at(id, seq int64) *reading {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.m[id]; ok && e.seq == seq {
		return e
	}
	return nil
}

// put keeps a reading (shared from now on: read only).
func (c *cache) put(id int64, e *reading) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[int64]*reading{}
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= cacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[id] = e
}
