package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// The table's Wi-Fi is typed once on the laptop and leaves it only as a
// QR code on the host's screens (the TV window it draws included) and the
// poster: the code reads back as the network with its escapes; a phone, a
// stranger's TV and the public view never receive the password (not a byte
// of it, pages and live frames alike), the game's log does not hold it, and
// a phone cannot fetch the code or change the network. (The TV the laptop
// draws shows the join QR too, while a seat is free.)
func TestWiFiQRJoinsTheTableNetworkAndNeverReachesPhonesOrLogs(t *testing.T) {
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host, ana, tv := hostDevice(t, app), newDevice(t, app), newDevice(t, app)
	const ssid, password = `Table;net`, `pass:word,"x"\9`
	game := host.createGame("coldcash", "Ana", "Ben")
	ana.join(joinURLFromQR(t, host, game), game, 0)
	// Phones and the public may neither set nor read the network.
	if code, _ := ana.postForm("/wifi", url.Values{"ssid": {"Evil"}, "password": {"12345678"}, "security": {"WPA"}}); code != http.StatusForbidden {
		t.Fatalf("a phone set the Wi-Fi: %d", code)
	}
	if code, body := host.postForm("/wifi", url.Values{"ssid": {ssid}, "password": {"short"}, "security": {"WPA"}}); code != http.StatusBadRequest || !strings.Contains(body, "8 to 63") {
		t.Fatalf("a 5-character WPA password: %d %.200s", code, body)
	}
	if code, _ := host.get("/wifi.png"); code != http.StatusNotFound {
		t.Fatalf("a refused network was kept: /wifi.png answers %d", code)
	}
	if code, body := host.postForm("/wifi", url.Values{"ssid": {ssid}, "password": {password}, "security": {"WPA"}}); code != 200 || !strings.Contains(body, "Kept: Table;net") {
		t.Fatalf("keep the Wi-Fi: %d %.300s", code, body)
	}
	req, _ := http.NewRequest("GET", host.url("/wifi.png"), nil)
	resp, png := host.do(req, true)
	if resp.StatusCode != 200 {
		t.Fatalf("the host's Wi-Fi QR: %d", resp.StatusCode)
	}
	if got, want := decodeQR(t, []byte(png)), `WIFI:T:WPA;S:Table\;net;P:pass\:word\,\"x\"\\9;;`; got != want {
		t.Fatalf("the Wi-Fi QR reads %q; want %q", got, want)
	}
	for _, d := range []*device{ana, tv} {
		if code, _ := d.get("/wifi.png"); code != http.StatusForbidden {
			t.Fatalf("a phone fetched the Wi-Fi QR: %d", code)
		}
		if code, _ := d.get("/wifi"); code != http.StatusForbidden {
			t.Fatalf("a phone opened the Wi-Fi page: %d", code)
		}
	}
	// The host's screens carry the code, never the password.
	g := fmt.Sprintf("/games/%d", game)
	for _, path := range []string{g, g + "/tv", "/wifi"} {
		_, page := host.get(path)
		if !strings.Contains(page, `src="/wifi.png"`) || strings.Contains(page, "pass:word") {
			t.Errorf("the host's %s: want the Wi-Fi QR and no password", path)
		}
	}
	if _, page := host.get(g + "/tv"); !strings.Contains(page, `alt="QR code to join this game"`) {
		t.Error("the TV drawn by the host lacks the join QR while Ben's seat is free")
	}
	// Every screen but the host's, live frames included, through a move.
	live := []*stream{ana.open(g+"/live", ""), tv.open(g+"/live", "")}
	hostLive := host.open(g+"/live?as=public", "")
	if code, body := host.command(game, "found", map[string]any{"company": "c2", "seat": 0, "size": 6}, "w1"); code != 200 {
		t.Fatalf("found: %d %s", code, body)
	}
	for _, s := range append(live, hostLive) {
		s.next(t, "view")
	}
	for _, path := range []string{g, g + "/view", g + "/tv", g + "/timeline", "/join"} {
		ana.get(path)
		tv.get(path)
	}
	_, export := host.postForm(g+"/log", url.Values{"reveal": {"every-secret"}}) // the whole log, past the warning
	if !strings.Contains(export, "Ana") || !strings.Contains(export, "c2") {
		t.Fatalf("the game's log: %.300s", export)
	}
	for name, got := range map[string]string{"Ana's phone": ana.received(), "the TV": tv.received(), "the game's log": export} {
		for _, secret := range []string{password, `pass\:word`, "pass:word", "WIFI:"} {
			if strings.Contains(got, secret) {
				t.Errorf("%s received %q", name, secret)
			}
		}
	}
	if tvPage := tv.received(); strings.Contains(tvPage, "/wifi.png") {
		t.Error("a stranger's TV was shown the Wi-Fi QR")
	}
}
