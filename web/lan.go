package web

import (
	"fmt"
	"net"
	"sort"
	"strings"

	"github.com/labstack/echo/v4"
)

// LANAddr is one address of one network interface, as the wiring finds them.
type LANAddr struct {
	Iface string // interface name: wlan0, en0, docker0 ...
	IP    net.IP
}

// virtualIfaces name interfaces phones at the table cannot reach: containers,
// virtual machines, VPNs.
var virtualIfaces = []string{"docker", "br-", "veth", "virbr", "vmnet", "vboxnet", "lxc", "lxd", "cni", "flannel",
	"podman", "tun", "tap", "wg", "utun", "zt", "tailscale", "ham"}

// RankLAN orders the addresses phones on the table's Wi-Fi might reach the
// laptop at, best first, as join URLs. Loopback, link-local and IPv6 addresses
// are left out (phones join over IPv4 on a home network); addresses of
// container, VM and VPN interfaces come last; among the rest, the usual home
// ranges (192.168/16, then 10/8, then 172.16/12) come first.
func RankLAN(addrs []LANAddr, port int) []string {
	type cand struct {
		score int
		url   string
	}
	var cs []cand
	for _, a := range addrs {
		ip := a.IP.To4()
		if ip == nil || ip.IsLoopback() || ip.IsLinkLocalUnicast() || ip.IsUnspecified() || ip.IsMulticast() {
			continue
		}
		score := 0
		switch {
		case ip[0] == 192 && ip[1] == 168:
			score = 30
		case ip[0] == 10:
			score = 20
		case ip[0] == 172 && ip[1]&0xf0 == 16:
			score = 10
		}
		name := strings.ToLower(a.Iface)
		for _, v := range virtualIfaces {
			if strings.HasPrefix(name, v) {
				score -= 100
			}
		}
		if strings.HasPrefix(name, "wl") || strings.HasPrefix(name, "en") || strings.HasPrefix(name, "eth") {
			score += 5 // a real adapter: Wi-Fi or Ethernet
		}
		cs = append(cs, cand{score, fmt.Sprintf("http://%s", net.JoinHostPort(ip.String(), fmt.Sprint(port)))})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score > cs[j].score })
	urls := make([]string, len(cs))
	for i, c := range cs {
		urls[i] = c.url
	}
	return urls
}

// baseURL is where phones reach this server: --public-url when given, else
// the best LAN address, else the address this request came to (a laptop on
// loopback only, or a test).
func (s *Server) baseURL(c echo.Context) string {
	if s.cfg.PublicURL != "" {
		return strings.TrimRight(s.cfg.PublicURL, "/")
	}
	if u := s.lanURL(); u != "" {
		return u
	}
	return c.Scheme() + "://" + c.Request().Host
}
