package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
	"tableside/seating"
)

var roomOnPage = regexp.MustCompile(`id="room-code">([A-Z]{4})<`)

// roomOf reads a game's room code off the host screen.
func roomOf(t *testing.T, host *device, game int64) string {
	t.Helper()
	_, page := host.get(fmt.Sprintf("/games/%d", game))
	m := roomOnPage.FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("the host screen shows no room code")
	}
	for _, r := range m[1] {
		if !strings.ContainsRune(seating.RoomAlphabet, r) {
			t.Fatalf("room code %q holds %q, a look-alike letter", m[1], r)
		}
	}
	return m[1]
}

// A phone that cannot scan types the table's four letters instead: any
// case, with spaces. It lands on the same seat picker the QR code opens.
// A wrong code is refused by name and seats nobody; "New join code"
// replaces the room code with the QR's; a locked table refuses it too.
func TestJoinByRoomCode(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	game := host.createGame("scorepad", "Ana", "Ben")
	other := host.createGame("scorepad", "Cy", "Dee")
	room := roomOf(t, host, game)
	if room == roomOf(t, host, other) {
		t.Fatal("two open tables share a room code")
	}

	ana := newDevice(t, app)
	typed := strings.ToLower(room[:2]) + " " + room[2:]
	code, body := ana.postForm("/join", url.Values{"room": {typed}})
	if code != http.StatusOK || !strings.Contains(body, "Tap your name") || !strings.Contains(body, "Join Test night") {
		t.Fatalf("typing %q: %d %.300s", typed, code, body)
	}
	if code, body := ana.postForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"0"}}); code != 200 || !strings.Contains(body, "You are") {
		t.Fatalf("taking a seat after the room code: %d", code)
	}

	ben := newDevice(t, app)
	for _, bad := range []string{"QQQQ", "", room + "X"} {
		code, body := ben.postForm("/join", url.Values{"room": {bad}})
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "No open table has that code") {
			t.Fatalf("room %q: %d %.300s; want it refused by name", bad, code, body)
		}
	}

	if code, body := host.postJSON(fmt.Sprintf("/games/%d/join-code", game), nil, nil); code != http.StatusOK {
		t.Fatalf("new join code: %d %.200s", code, body)
	}
	fresh := roomOf(t, host, game)
	if fresh == room {
		t.Fatal("a new join code kept the old room code")
	}
	if code, _ := ben.postForm("/join", url.Values{"room": {room}}); code != http.StatusUnprocessableEntity {
		t.Fatalf("the old room code after a new join code: %d; want refused", code)
	}
	// The new room code seats Ben; with every seat taken the host locks the
	// table, and a late phone's typed code is refused like its QR would be.
	if code, body := ben.postForm("/join", url.Values{"room": {fresh}}); code != http.StatusOK || !strings.Contains(body, "Tap your name") {
		t.Fatalf("the new room code: %d %.200s", code, body)
	}
	if code, _ := ben.postForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {"1"}}); code != 200 {
		t.Fatalf("Ben takes his seat: %d", code)
	}
	if code, body := host.postJSON(fmt.Sprintf("/games/%d/lock", game), nil, nil); code != http.StatusOK {
		t.Fatalf("lock: %d %.200s", code, body)
	}
	late := newDevice(t, app)
	if code, body := late.postForm("/join", url.Values{"room": {fresh}}); code != http.StatusUnprocessableEntity || !strings.Contains(body, "locked") {
		t.Fatalf("a locked table's room code: %d %.300s", code, body)
	}
}

// A fresh 390 px phone joins by typing the code from the laptop on the home
// page: one box, one seat tap.
func TestBrowserJoinByTypingTheRoomCode(t *testing.T) {
	t.Parallel()
	app, hostTab, _ := hostLaptop(t)
	id := hostDevice(t, app).createGame("scorepad", "Ana", "Ben")
	// The live stream redraws the corner once it connects (one innerHTML,
	// the same code), so the code read after the wait is the one shown.
	roomJS := `(document.querySelector("#join-corner #room-code") || {}).textContent || ""`
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	hostTab.WaitFor(t, "("+roomJS+`) !== ""`, "the room code in the join corner")
	var room string
	hostTab.Run(t, chromedp.Evaluate(roomJS, &room))
	if room == "" {
		t.Fatal("the join corner showed a room code, then none")
	}
	phone := testenv.Phone(t)
	phone.Run(t, chromedp.Navigate(app.URL+"/"), chromedp.WaitVisible(`.join-box`, chromedp.ByQuery))
	checkScreen(t, phone, "join-home-390")
	phone.Run(t, chromedp.SendKeys(`.join-box input[name=room]`, strings.ToLower(room), chromedp.ByQuery))
	phone.Submit(t, `.join-box button`, 200)
	phone.Run(t, chromedp.WaitVisible(`.seat-pick`, chromedp.ByQuery))
	checkScreen(t, phone, "join-seats-390")
	phone.Submit(t, `.seat-pick button[data-name="Ana"]`, 200)
	phone.Run(t, testenv.WaitText(`.seatbar`, "You are Ana"))
}
