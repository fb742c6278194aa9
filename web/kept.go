package web

import "sync"

// keptMax bounds each of the server's caches of things made once (maps as
// drawn, QR codes, page bundles): a few dozen are in use on an evening, and
// any one goes when a cache is full.
const keptMax = 64

// kept is what was made once, by key, for goroutines to share, at most
// keptMax of it. The zero value is empty and ready.
type kept[K comparable, V any] struct {
	mu sync.Mutex
	m  map[K]V
}

func (c *kept[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, ok := c.m[k]
	return v, ok
}

// put keeps v under k, letting any other entry go when full.
func (c *kept[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[K]V{}
	}
	if _, ok := c.m[k]; !ok && len(c.m) >= keptMax {
		for old := range c.m {
			delete(c.m, old)
			break
		}
	}
	c.m[k] = v
}

// len is how many are kept.
func (c *kept[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.m)
}
