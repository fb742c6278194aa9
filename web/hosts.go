package web

import (
	"net"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"
)

// loopbackHosts are the names of the laptop itself, always allowed.
var loopbackHosts = []string{"localhost", "127.0.0.1", "::1"}

// hostSet is every name this server answers to: loopback, the laptop's own
// addresses (Config.AllowedHosts) and --public-url's host.
type hostSet map[string]bool

func newHostSet(cfg Config) hostSet {
	hs := hostSet{}
	for _, h := range loopbackHosts {
		hs[normalHost(h)] = true
	}
	for _, h := range cfg.AllowedHosts {
		if h = normalHost(h); h != "" {
			hs[h] = true
		}
	}
	if cfg.PublicURL != "" {
		if u, err := url.Parse(cfg.PublicURL); err == nil && u.Hostname() != "" {
			hs[normalHost(u.Hostname())] = true
		}
	}
	return hs
}

// normalHost is a Host header's host part, comparable: without the port,
// brackets, zone or trailing dot, in lower case, an IP in its canonical form.
func normalHost(h string) string {
	h = strings.ToLower(strings.TrimSpace(h))
	if host, _, err := net.SplitHostPort(h); err == nil {
		h = host
	}
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if i := strings.IndexByte(h, '%'); i >= 0 {
		h = h[:i]
	}
	h = strings.TrimSuffix(h, ".")
	if ip := net.ParseIP(h); ip != nil {
		return ip.String()
	}
	return h
}

// allowHost refuses a request whose Host header names anything but this
// laptop. A web page on another site can make the laptop's browser send its
// requests here with its own name in Host (DNS rebinding): such requests come
// from loopback and look same-origin, so they are refused before anything
// else looks at them, host checks included.
func (s *Server) allowHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if h := normalHost(c.Request().Host); !s.hosts[h] && !isOwnAddress(h) {
			// One line per 100 refused, so an attack cannot flood the log.
			if n := s.refusedHosts.Add(1); n%100 == 1 {
				s.log.Warn("refused a request for another host name", "host", clipHost(c.Request().Host), "peer", peerIP(c.Request()), "refused", n)
			}
			return echo.NewHTTPError(http.StatusMisdirectedRequest,
				"This address is not Tableside's: open Tableside at http://localhost on the laptop, or with the table's join link.")
		}
		return next(c)
	}
}

// isOwnAddress reports whether h is an address of one of this machine's
// interfaces now: the laptop may have joined another network since the
// server started. Only an IP may match, never a name.
func isOwnAddress(h string) bool {
	ip := net.ParseIP(h)
	if ip == nil {
		return false
	}
	addrs, err := net.InterfaceAddrs()
	if err != nil {
		return false
	}
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && ipn.IP.Equal(ip) {
			return true
		}
	}
	return false
}

// clipHost keeps a hostile Host header from filling the log.
func clipHost(h string) string {
	if len(h) > 80 {
		return h[:80] + "..."
	}
	return h
}
