package web

import (
	"net"
	"net/http"
	"sync"
)

// freshConns are the open connections that have not begun a request yet
// (http.StateNew). A browser opens such connections ahead of the requests
// it expects to make, and http.Server.Shutdown counts one as busy until it
// is 5 seconds old: every shutdown after a browser's visit waited for them
// (4 to 5 seconds of each browser test's end). Nothing is under way on
// them, so shutdown closes them at once, as net/http closes idle ones.
type freshConns struct {
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

// track follows a connection's state (http.Server.ConnState).
func (f *freshConns) track(c net.Conn, state http.ConnState) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if state != http.StateNew {
		delete(f.conns, c)
		return
	}
	if f.conns == nil {
		f.conns = map[net.Conn]struct{}{}
	}
	f.conns[c] = struct{}{}
}

// closeAll closes every connection that has not begun a request
// (http.Server.RegisterOnShutdown: it runs once the listeners are closed,
// so no new one comes after it).
func (f *freshConns) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	for c := range f.conns {
		c.Close()
		delete(f.conns, c)
	}
}
