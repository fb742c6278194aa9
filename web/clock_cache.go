package web

import (
	"sync"

	"tableside/tracker"
)

// clockCache keeps each game's turn clock walker, which carries the clock
// forward over the records written since it last looked (tracker's
// ClockWalker): every screen's clock is exact, and a command costs the
// clock only its own records. At most logCacheSize games are kept; one put
// out walks its whole log again when next asked.
type clockCache struct {
	mu sync.Mutex
	m  map[int64]*tracker.ClockWalker
}

// walker is the game's walker, made on first use.
func (c *clockCache) walker(t *tracker.Tracker, id int64) *tracker.ClockWalker {
	c.mu.Lock()
	defer c.mu.Unlock()
	if w, ok := c.m[id]; ok {
		return w
	}
	if c.m == nil {
		c.m = map[int64]*tracker.ClockWalker{}
	}
	if len(c.m) >= logCacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	w := t.NewClockWalker(id)
	c.m[id] = w
	return w
}
