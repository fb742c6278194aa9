package hub

import (
	"sync"
	"time"

	"tableside/league"
)

// nonces remembers the nonces of recent pushes, so a captured push cannot be
// replayed while its time is still accepted (league.MaxSkew each side).
type nonces struct {
	mu   sync.Mutex
	seen map[string]time.Time
}

func newNonces() *nonces { return &nonces{seen: map[string]time.Time{}} }

// fresh records a nonce, reporting false when it was seen already.
func (n *nonces) fresh(table, nonce string, now time.Time) bool {
	n.mu.Lock()
	defer n.mu.Unlock()
	if len(n.seen) > 10000 {
		for k, at := range n.seen {
			if now.Sub(at) > 2*league.MaxSkew {
				delete(n.seen, k)
			}
		}
	}
	k := table + "\x00" + nonce
	if _, ok := n.seen[k]; ok {
		return false
	}
	n.seen[k] = now
	return true
}
