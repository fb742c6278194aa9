package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tableside/internal/testclient"
	"tableside/internal/testenv"
)

// device is one phone or laptop talking HTTP (internal/testclient): its
// own cookie jar, and a record of every byte the server sent it (pages,
// JSON, every live message), so a test can search all of it for what it
// must not have seen. Its posts follow redirects, as a browser's do; base
// may be changed to reach the same phone's restarted server.
type device struct {
	*testclient.Client
	t    testing.TB
	base string
	c    *http.Client // follows redirects; shares the cookies
}

func newDevice(t testing.TB, app *testenv.App) *device {
	cl := testclient.New(t, app.URL)
	cl.FollowPosts = true
	return &device{Client: cl, t: t, base: app.URL, c: cl.Following}
}

// hostDevice is a second host screen: it presents the host token once
// (the link's redirect to the home page is not followed: nothing reads it).
func hostDevice(t testing.TB, app *testenv.App) *device {
	d := newDevice(t, app)
	if resp, _ := d.Do(d.Request(http.MethodGet, "/host?k="+app.HostToken, nil)); resp.StatusCode != http.StatusSeeOther {
		t.Fatalf("host link answered %d", resp.StatusCode)
	}
	return d
}

// received is everything this device was sent so far.
func (d *device) received() string { return d.Received() }

func (d *device) url(path string) string {
	if strings.HasPrefix(path, "http") {
		return path
	}
	return d.base + path
}

func (d *device) do(req *http.Request, follow bool) (*http.Response, string) {
	d.t.Helper()
	if follow {
		return d.DoFollowing(req)
	}
	return d.Do(req)
}

func (d *device) get(path string) (int, string) { d.t.Helper(); return d.Get(d.url(path)) }

func (d *device) getJSON(path string, v any) int { d.t.Helper(); return d.GetJSON(d.url(path), v) }

func (d *device) postForm(path string, form url.Values) (int, string) {
	d.t.Helper()
	return d.PostForm(d.url(path), form)
}

// postJSON sends JSON and decodes the JSON answer into out (when not nil).
func (d *device) postJSON(path string, in, out any) (int, string) {
	d.t.Helper()
	return d.PostJSON(d.url(path), in, out)
}

// command sends a game command as this device, with an idempotency key.
func (d *device) command(game int64, typ string, data any, idem string) (int, string) {
	d.t.Helper()
	raw, _ := json.Marshal(data)
	return d.postJSON(fmt.Sprintf("/games/%d/commands", game), map[string]any{"type": typ, "data": json.RawMessage(raw), "idem": idem}, nil)
}

// commander returns a function that sends the device's commands to game,
// each of which must be answered 200 (the test stops otherwise).
func (d *device) commander(game int64) func(typ string, data map[string]any) {
	return func(typ string, data map[string]any) {
		d.t.Helper()
		if code, body := d.command(game, typ, data, ""); code != 200 {
			d.t.Fatalf("%s %v: %d %s", typ, data, code, body)
		}
	}
}

// createGame starts a game as the host and returns its id.
func (d *device) createGame(kind string, players ...string) int64 {
	d.t.Helper()
	return d.createGameWith(kind, nil, players...)
}

// createGameWith starts a game with settings (nil for the defaults) and
// returns its id.
func (d *device) createGameWith(kind string, settings map[string]any, players ...string) int64 {
	d.t.Helper()
	var info struct{ ID int64 }
	req := map[string]any{"kind": kind, "name": "Test night", "players": players}
	if settings != nil {
		req["settings"] = settings
	}
	code, body := d.postJSON("/games", req, &info)
	if code != http.StatusCreated {
		d.t.Fatalf("create %s: %d %s", kind, code, body)
	}
	return info.ID
}

// joinURLFromQR fetches a game's join QR as the host and decodes the image.
func joinURLFromQR(t testing.TB, host *device, game int64) string {
	t.Helper()
	req, _ := http.NewRequest("GET", host.url(fmt.Sprintf("/games/%d/qr.png", game)), nil)
	resp, body := host.do(req, true)
	if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "image/png" {
		t.Fatalf("join QR: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	return decodeQR(t, []byte(body))
}

// decodeQR reads the text of a QR code image, as a phone's camera would.
var decodeQR = testclient.DecodeQR

// join scans the join URL and taps a seat, as a phone.
func (d *device) join(joinURL string, game int64, seat int) {
	d.t.Helper()
	if code, body := d.get(joinURL); code != 200 {
		d.t.Fatalf("open join link: %d %.300s", code, body)
	}
	code, body := d.postForm(fmt.Sprintf("/games/%d/join", game), url.Values{"seat": {fmt.Sprint(seat)}})
	if code != 200 || !strings.Contains(body, "You are") {
		d.t.Fatalf("join seat %d: %d %.500s", seat, code, body)
	}
}

// sseEvent is one server-sent event.
type sseEvent = testclient.Event

// stream is an open live stream; every byte it receives is recorded on its device.
type stream struct{ *testclient.Stream }

// open starts a live stream; lastID, when set, is sent as Last-Event-ID.
func (d *device) open(path, lastID string) *stream {
	d.t.Helper()
	st := d.Open(d.t, d.url(path), lastID)
	st.Wait = 10 * time.Second
	return &stream{st}
}

func (s *stream) close() { s.Close() }

// next waits for the next event of one of the given types (others are skipped).
func (s *stream) next(t testing.TB, types ...string) sseEvent {
	t.Helper()
	return s.Next(t, types...)
}

// viewSeq reads the seq of a view event.
func viewSeq(t testing.TB, ev sseEvent) int64 {
	t.Helper()
	return readFrame(t, ev).Seq
}

// sentFrame is a live frame read back as app.js reads it.
type sentFrame struct {
	Seq    int64
	Status string
	Cues   struct {
		Battle string
		Merger bool
	}
	HTML, Turn, Feed string
}

// readFrame splits a view event's data into its header and its parts.
func readFrame(t testing.TB, ev sseEvent) sentFrame {
	t.Helper()
	head, rest, _ := strings.Cut(ev.Data, "\n")
	var f sentFrame
	if err := json.Unmarshal([]byte(head), &f); err != nil {
		t.Fatalf("view event: %v: %.300s", err, ev.Data)
	}
	parts := strings.Split(rest, "\n<!---->\n") // web's frameSep
	if len(parts) != 3 {
		t.Fatalf("view event: %d parts, want 3 (live region, turn bar, feed): %.300s", len(parts), ev.Data)
	}
	f.HTML, f.Turn, f.Feed = parts[0], parts[1], parts[2]
	return f
}
