package web_test

import (
	"encoding/base64"
	"fmt"
	stdhtml "html"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// tvJoinQR is the join QR's picture on a TV page, as a data: URL.
var tvJoinQR = regexp.MustCompile(`<img src="data:image/png;base64,([^"]+)" alt="QR code to join this game"`)

// tvCornerOf reads a TV page's join corner: the address in its QR code and
// its room code ("" for each when it shows none).
func tvCornerOf(t *testing.T, page string) (qr, room string) {
	t.Helper()
	if m := tvJoinQR.FindStringSubmatch(page); m != nil {
		png, err := base64.StdEncoding.DecodeString(stdhtml.UnescapeString(m[1]))
		if err != nil {
			t.Fatalf("the TV's join QR is not base64: %v", err)
		}
		qr = decodeQR(t, png)
	}
	if m := regexp.MustCompile(`id="room-code">([A-Z]+)<`).FindStringSubmatch(page); m != nil {
		room = m[1]
	}
	return qr, room
}

// A TV that is not the laptop shows the room code and the join QR once it
// was opened with the join code (?k=, or the join page's "Just watch" after
// a scan or a typed room code), while a seat
// is free: the QR is the host's own join link (an address a phone reaches),
// the corner follows the seats live and goes when the table is full, and a
// new join code unpairs the TV. A stranger's TV, one given a wrong code, and
// the public live stream never carry the code.
func TestATVPairedWithTheJoinCodeShowsTheRoomCodeWhileSeatsAreFree(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	id := host.createGame("risk", "Ana", "Ben")
	join := joinURLFromQR(t, host, id)
	u, err := url.Parse(join)
	if err != nil {
		t.Fatal(err)
	}
	code := u.Query().Get("k")
	tvPath := fmt.Sprintf("/games/%d/tv", id)

	stranger := newDevice(t, app)
	for _, path := range []string{tvPath, tvPath + "?k=" + strings.ToUpper(code) + "x", tvPath} {
		if c, page := stranger.get(path); c != 200 || strings.Contains(page, code) || strings.Contains(page, "join-corner") {
			t.Fatalf("a stranger's TV at %s (%d) shows the join corner or the code", path, c)
		}
	}
	strangerLive := stranger.open(tvPath[:len(tvPath)-3]+"/live?as=public", "")
	defer strangerLive.close()

	tv := newDevice(t, app)
	c, page := tv.get(tvPath + "?k=" + url.QueryEscape(code))
	if c != 200 {
		t.Fatalf("the paired TV: %d", c)
	}
	qr, room := tvCornerOf(t, page)
	if qr != join || room == "" || !strings.Contains(page, "2 seats free") {
		t.Fatalf("the paired TV's corner: QR %q (want the host's %q), room code %q, %q", qr, join, room, regexp.MustCompile(`Scan to join[^<]*`).FindString(page))
	}
	live := tv.open(fmt.Sprintf("/games/%d/live?as=public", id), "")
	defer live.close()
	live.next(t, "corner") // the corner as of the stream's start

	phone := newDevice(t, app)
	phone.join(join, id, 0)
	if ev := live.next(t, "corner"); !strings.Contains(ev.Data, "1 seat free") {
		t.Fatalf("after Ana joined, the TV's corner says %.300s", ev.Data)
	}
	newDevice(t, app).join(join, id, 1)
	if ev := live.next(t, "corner"); strings.Contains(ev.Data, "room-code") || strings.Contains(ev.Data, "img") {
		t.Fatalf("the table is full and the TV still shows the corner: %.300s", ev.Data)
	}
	host.postForm(fmt.Sprintf("/games/%d/seats/1/kick", id), nil)
	if ev := live.next(t, "corner"); !strings.Contains(ev.Data, "1 seat free") {
		t.Fatalf("after Ben's seat was freed, the TV's corner says %.300s", ev.Data)
	}
	watcher := newDevice(t, app) // scans the QR, then taps "Just watch" on the join page
	watcher.get(join)
	if _, page := watcher.get(tvPath); !strings.Contains(page, `id="room-code"`) {
		t.Fatal("a TV opened by Just watch after a scan shows no room code")
	}
	if c, body := host.postForm(fmt.Sprintf("/games/%d/join-code", id), nil); c >= 400 {
		t.Fatalf("new join code: %d %.300s", c, body)
	}
	if _, page := tv.get(tvPath); strings.Contains(page, "room-code") || strings.Contains(page, "data:image/png") {
		t.Fatal("a new join code left the TV paired with the old one")
	}
	if raw := strangerLive.Raw(); strings.Contains(raw, "event: corner") || strings.Contains(raw, code) {
		t.Fatalf("the public stream carried the join corner: %.500s", raw)
	}
}
