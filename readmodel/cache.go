package readmodel

import (
	"sync"
)

// cache keeps, per game, its reading with the log's last seq: a log only
// grows (undo and redo are records too), so what was made from the log up
// to seq stays right until seq moves. The end screen is drawn for every
// kind of viewer on every change, and a finished game's pages on every
// visit: each replays the log once, not once per screen. It also keeps the
// turn clock's walker of each game in play (clockWalker), which
// carries the clock forward over the records written since it last looked.
// At most cacheSize games are kept of each; any one is dropped when full
// (a walker put out walks its whole log again when next asked).
type cache struct {
	mu      sync.Mutex
	m       map[int64]*reading
	walkers map[int64]*clockWalker
	sixes   map[int64]sixesAt // each game's six-sided faces (the evening's dice)
}

// sixesAt is a game's six-sided faces as its log held them at seq.
type sixesAt struct {
	seq   int64
	faces []int
}

const cacheSize = 32

// get returns game id's reading if it was made at seq and holds the parts
// wanted.
func (c *cache) get(id, seq int64, want part) (*reading, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.m[id]
	if !ok || e.seq != seq || !e.has(want) {
		return nil, false
	}
	return e, true
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

// walker is the game's turn-clock walker, made on first use.
func (c *cache) walker(id int64) *clockWalker {
	c.mu.Lock()
	defer c.mu.Unlock()
	if w, ok := c.walkers[id]; ok {
		return w
	}
	if c.walkers == nil {
		c.walkers = map[int64]*clockWalker{}
	}
	if len(c.walkers) >= cacheSize {
		for k := range c.walkers {
			delete(c.walkers, k)
			break
		}
	}
	w := &clockWalker{id: id}
	c.walkers[id] = w
	return w
}

// sixesAt returns game id's faces if they were read at seq (shared: read
// only).
func (c *cache) sixesAt(id, seq int64) ([]int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.sixes[id]
	if !ok || e.seq != seq {
		return nil, false
	}
	return e.faces, true
}

// putSixes keeps game id's faces read at seq. A game's faces are a few
// hundred numbers at most, and an evening a handful of games: more are
// kept than readings, so a club night's evening stays whole.
func (c *cache) putSixes(id, seq int64, faces []int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.sixes == nil {
		c.sixes = map[int64]sixesAt{}
	}
	if _, ok := c.sixes[id]; !ok && len(c.sixes) >= 8*cacheSize {
		for k := range c.sixes {
			delete(c.sixes, k)
			break
		}
	}
	c.sixes[id] = sixesAt{seq: seq, faces: faces}
}
