package web

import "sync"

// logCache keeps, per game, something computed from its whole log (the
// worth series, the luck), with the log's last seq: a log only grows (undo
// and redo are records too), so what was made from the log up to seq stays
// right until seq moves. The end screen is drawn for every kind of viewer on
// every change, and a finished game's pages on every visit: each replays
// the log once, not once per screen. At most logCacheSize games are kept;
// any one is dropped when full.
type logCache[T any] struct {
	mu sync.Mutex
	m  map[int64]logEntry[T]
}

type logEntry[T any] struct {
	seq int64
	v   T // shared: read only
}

const logCacheSize = 32

func (c *logCache[T]) get(id, seq int64) (T, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	return e.v, ok && e.seq == seq
}

func (c *logCache[T]) put(id, seq int64, v T) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[int64]logEntry[T]{}
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= logCacheSize {
		for k := range c.m {
			delete(c.m, k)
			break
		}
	}
	c.m[id] = logEntry[T]{seq: seq, v: v}
}
