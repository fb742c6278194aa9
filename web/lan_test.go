package web

import (
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"
)

func TestJoinAddressPrefersTheHomeWiFiOverContainersAndVPNs(t *testing.T) {
	t.Parallel()
	addrs := []LANAddr{
		{"lo", net.ParseIP("127.0.0.1")},
		{"docker0", net.ParseIP("172.17.0.1")},
		{"tailscale0", net.ParseIP("100.101.102.103")},
		{"eth0", net.ParseIP("10.0.0.5")},
		{"wlan0", net.ParseIP("fe80::1")},
		{"wlan0", net.ParseIP("192.168.1.23")},
		{"wlan0", net.ParseIP("169.254.3.4")},
		{"wlan0", net.ParseIP("2001:db8::5")},
	}
	got := RankLAN(addrs, 8080)
	want := []string{"http://192.168.1.23:8080", "http://10.0.0.5:8080", "http://172.17.0.1:8080", "http://100.101.102.103:8080"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("ranked %v\nwant %v", got, want)
	}
}

func TestJoinAddressPublicURLOverridesLAN(t *testing.T) {
	t.Parallel()
	e := echo.New()
	req := httptest.NewRequest("GET", "http://localhost:8080/games/1/qr.png", nil)
	c := e.NewContext(req, httptest.NewRecorder())
	s := &Server{}
	if got := s.baseURL(c); got != "http://localhost:8080" {
		t.Errorf("no LAN address: %q, want the request's own address", got)
	}
	s.SetReach(Reach{URLs: func() []string { return []string{"http://192.168.1.23:8080"} }})
	if got := s.baseURL(c); got != "http://192.168.1.23:8080" {
		t.Errorf("with a LAN address: %q", got)
	}
	s.cfg.PublicURL = "https://table.example/"
	if got := s.baseURL(c); got != "https://table.example" {
		t.Errorf("--public-url: %q", got)
	}
}

// The host is warned when no phone can reach the laptop, and told what to
// do about it: listening on loopback only needs a restart, no network needs
// the Wi-Fi; a LAN address or --public-url silences it, and a server the
// wiring told nothing (a test's) warns of nothing.
func TestUnreachableSaysWhyNoPhoneCanJoin(t *testing.T) {
	t.Parallel()
	none := func() []string { return nil }
	lan := func() []string { return []string{"http://192.168.1.23:8080"} }
	for _, tc := range []struct {
		name   string
		reach  *Reach
		public string
		want   string // a part of the warning; "" for none
	}{
		{"told nothing", nil, "", ""},
		{"loopback only", &Reach{Loopback: true, URLs: none}, "", "--addr :8080"},
		{"no network", &Reach{URLs: none}, "", "Join the table's Wi-Fi on the laptop"},
		{"on the Wi-Fi", &Reach{URLs: lan}, "", ""},
		{"--public-url", &Reach{Loopback: true, URLs: none}, "https://table.example", ""},
	} {
		s := &Server{cfg: Config{PublicURL: tc.public}}
		if tc.reach != nil {
			s.SetReach(*tc.reach)
		}
		got := s.Unreachable()
		if tc.want == "" && got != "" || tc.want != "" && (!strings.Contains(got, tc.want) || !strings.HasPrefix(got, "Phones cannot reach this laptop")) {
			t.Errorf("%s: %q; want %q", tc.name, got, tc.want)
		}
	}
}

// FuzzCommandForm posts whatever a phone might send as a command form or
// JSON: the server answers with a refusal, never a crash or a 500.
func FuzzCommandForm(f *testing.F) {
	f.Add("type=score&d.seat=0&d.points=5&idem=k1", false)
	f.Add("type=score&data=%7B%22seat%22%3A1%7D", false)
	f.Add("type=&data=[", false)
	f.Add(`{"type":"score","data":{"seat":0,"points":3},"idem":"x"}`, true)
	f.Add(`{"type":"score","data":"nope"}`, true)
	f.Add(`{"type":"finish","idem":"`+strings.Repeat("k", 200)+`"}`, true)
	s, game, _ := fanoutServer(f, 0)
	f.Fuzz(func(t *testing.T, body string, asJSON bool) {
		req := httptest.NewRequest("POST", "/games/"+itoa(game)+"/commands", strings.NewReader(body))
		req.RemoteAddr = "127.0.0.1:5000"
		if asJSON {
			req.Header.Set("Content-Type", "application/json")
		} else {
			req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		}
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%q: status %d %s", body, rec.Code, rec.Body.String())
		}
	})
}

// FuzzJoinForm posts whatever a phone might send to the join page.
func FuzzJoinForm(f *testing.F) {
	f.Add("seat=0", "code")
	f.Add("seat=-1", "")
	f.Add("seat=99999999999999999999", "x")
	f.Add("seat=%zz", "k")
	s, game, _ := fanoutServer(f, 0)
	f.Fuzz(func(t *testing.T, body, cookie string) {
		req := httptest.NewRequest("POST", "/games/"+itoa(game)+"/join", strings.NewReader(body))
		req.RemoteAddr = "192.0.2.1:5000"
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.AddCookie(&http.Cookie{Name: joinCookie, Value: url.QueryEscape(cookie)})
		rec := httptest.NewRecorder()
		s.Handler().ServeHTTP(rec, req)
		if rec.Code >= 500 || rec.Code == http.StatusSeeOther {
			t.Fatalf("%q with code %q: status %d; want a refusal", body, cookie, rec.Code)
		}
	})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
