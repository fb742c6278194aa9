package web

import (
	"net"

	"github.com/labstack/echo/v4"
)

// Reach is how phones reach this server, as the wiring knows it. The
// addresses are looked up again each time a join QR, a poster or a host
// page is drawn: a laptop that joins the table's Wi-Fi after Tableside
// started is found without a restart.
type Reach struct {
	// Loopback says the server listens on loopback only (--addr
	// 127.0.0.1:8080): no phone can reach it, whatever network the laptop
	// joins.
	Loopback bool
	// URLs looks up the addresses phones may reach the server at now, best
	// first (RankLAN); nil or empty when there are none.
	URLs func() []string
}

// SetReach tells the server how phones reach it (the wiring calls it once
// it listens). A server never told, as in most tests, warns of nothing.
func (s *Server) SetReach(r Reach) { s.reach.Store(&r) }

// lanURLs are the addresses phones may reach the server at now, best first.
func (s *Server) lanURLs() []string {
	r := s.reach.Load()
	if r == nil || r.URLs == nil {
		return nil
	}
	return r.URLs()
}

// lanURL is the best LAN address now, or "".
func (s *Server) lanURL() string {
	if urls := s.lanURLs(); len(urls) > 0 {
		return urls[0]
	}
	return ""
}

// Unreachable says, in the host's words, why no phone can open Tableside
// now, or "" when one can (or the wiring said nothing). The host screens
// and the terminal at start say it, so a QR code that leads nowhere is
// never the first sign.
func (s *Server) Unreachable() string {
	r := s.reach.Load()
	if s.cfg.PublicURL != "" || r == nil {
		return ""
	}
	if r.Loopback {
		return "Phones cannot reach this laptop: Tableside listens on this laptop only (127.0.0.1), so its join codes and posters lead nowhere. " +
			"Stop it and start it again with --addr :8080 to let phones on the table's Wi-Fi in."
	}
	if len(s.lanURLs()) == 0 {
		return "Phones cannot reach this laptop yet: it is on no Wi-Fi or wired network. " +
			"Join the table's Wi-Fi on the laptop; the join code and the posters follow by themselves."
	}
	return ""
}

// laptopHint tells a browser on the laptop that is not the host how to
// become it, or is "" for any other browser (a phone, or the host). On the
// laptop but not the host means one of two things: Tableside was started
// with --host-token-only, or the browser opened the laptop's Wi-Fi address
// instead of localhost.
func (s *Server) laptopHint(c echo.Context) string {
	if s.isHost(c) {
		return ""
	}
	r := c.Request()
	peer := net.ParseIP(peerIP(r))
	switch {
	case peer == nil:
		return ""
	case peer.IsLoopback() && s.cfg.NoLoopbackHost:
		return "Is this the host's laptop? Tableside was started with --host-token-only: open the host link it printed in its terminal " +
			"(it works once, within 10 minutes of the start; start Tableside again for a new one)."
	case !peer.IsLoopback() && isOwnAddress(peer.String()):
		port := "8080"
		if _, p, err := net.SplitHostPort(r.Host); err == nil && p != "" {
			port = p
		}
		return "This browser is on the host's laptop but opened Tableside by its network address, so it is not the host. " +
			"To host, open http://localhost:" + port + " in it."
	}
	return ""
}
