package web_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/makiuchi-d/gozxing"
	zxqr "github.com/makiuchi-d/gozxing/qrcode"

	"tableside/internal/testenv"
)

// device is one phone or laptop talking HTTP: its own cookie jar, and a
// record of every byte the server sent it (pages, JSON, every live message),
// so a test can search all of it for what it must not have seen.
type device struct {
	t    testing.TB
	base string
	c    *http.Client
	raw  *http.Client // same cookies, does not follow redirects

	mu  sync.Mutex
	got bytes.Buffer
}

func newDevice(t testing.TB, app *testenv.App) *device {
	jar, _ := cookiejar.New(nil)
	return &device{t: t, base: app.URL,
		c: &http.Client{Jar: jar, Timeout: 20 * time.Second},
		raw: &http.Client{Jar: jar, Timeout: 20 * time.Second,
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// hostDevice is a second host screen: it presents the host token once.
func hostDevice(t testing.TB, app *testenv.App) *device {
	d := newDevice(t, app)
	if code, _ := d.get("/host?k=" + app.HostToken); code != 200 {
		t.Fatalf("host link answered %d", code)
	}
	return d
}

func (d *device) record(b []byte) {
	d.mu.Lock()
	d.got.Write(b)
	d.mu.Unlock()
}

// received is everything this device was sent so far.
func (d *device) received() string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.got.String()
}

func (d *device) url(path string) string {
	if strings.HasPrefix(path, "http") {
		return path
	}
	return d.base + path
}

func (d *device) do(req *http.Request, follow bool) (*http.Response, string) {
	d.t.Helper()
	c := d.c
	if !follow {
		c = d.raw
	}
	resp, err := c.Do(req)
	if err != nil {
		d.t.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	d.record(b)
	return resp, string(b)
}

func (d *device) get(path string) (int, string) {
	d.t.Helper()
	req, _ := http.NewRequest("GET", d.url(path), nil)
	resp, body := d.do(req, true)
	return resp.StatusCode, body
}

func (d *device) getJSON(path string, v any) int {
	d.t.Helper()
	req, _ := http.NewRequest("GET", d.url(path), nil)
	req.Header.Set("Accept", "application/json")
	resp, body := d.do(req, true)
	if v != nil && resp.StatusCode == 200 {
		if err := json.Unmarshal([]byte(body), v); err != nil {
			d.t.Fatalf("GET %s: %v in %s", path, err, body)
		}
	}
	return resp.StatusCode
}

func (d *device) postForm(path string, form url.Values) (int, string) {
	d.t.Helper()
	req, _ := http.NewRequest("POST", d.url(path), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	resp, body := d.do(req, true)
	return resp.StatusCode, body
}

// postJSON sends JSON and decodes the JSON answer into out (when not nil).
func (d *device) postJSON(path string, in, out any) (int, string) {
	d.t.Helper()
	b, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", d.url(path), bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	resp, body := d.do(req, true)
	if out != nil && resp.StatusCode < 300 {
		json.Unmarshal([]byte(body), out)
	}
	return resp.StatusCode, body
}

// command sends a game command as this device, with an idempotency key.
func (d *device) command(game int64, typ string, data any, idem string) (int, string) {
	d.t.Helper()
	raw, _ := json.Marshal(data)
	return d.postJSON(fmt.Sprintf("/games/%d/commands", game), map[string]any{"type": typ, "data": json.RawMessage(raw), "idem": idem}, nil)
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
// gozxing's camera-style finder search misreads about one random join code
// in fifty (a data pattern that looks like a finder pattern), so when it
// fails the image is read as what it is: a pure, generated barcode.
func decodeQR(t testing.TB, pngBytes []byte) string {
	t.Helper()
	img, err := png.Decode(bytes.NewReader(pngBytes))
	if err != nil {
		t.Fatalf("QR image: %v", err)
	}
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatalf("QR image: %v", err)
	}
	res, err := zxqr.NewQRCodeReader().Decode(bmp, nil)
	if err != nil {
		res, err = zxqr.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]interface{}{gozxing.DecodeHintType_PURE_BARCODE: true})
	}
	if err != nil {
		t.Fatalf("decode QR: %v", err)
	}
	return res.GetText()
}

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
type sseEvent struct {
	ID, Event, Data string
}

// stream is an open live stream; every byte it receives is recorded on its device.
type stream struct {
	events chan sseEvent
	cancel context.CancelFunc
	done   chan struct{}
}

// open starts a live stream; lastID, when set, is sent as Last-Event-ID.
func (d *device) open(path, lastID string) *stream {
	d.t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", d.url(path), nil)
	if lastID != "" {
		req.Header.Set("Last-Event-ID", lastID)
	}
	c := &http.Client{Jar: d.c.Jar} // no timeout: a stream lasts
	resp, err := c.Do(req)
	if err != nil {
		cancel()
		d.t.Fatalf("open stream %s: %v", path, err)
	}
	if resp.StatusCode != 200 {
		cancel()
		d.t.Fatalf("open stream %s: status %d", path, resp.StatusCode)
	}
	s := &stream{events: make(chan sseEvent, 1000), cancel: cancel, done: make(chan struct{})}
	d.t.Cleanup(s.close)
	go func() {
		defer close(s.done)
		defer close(s.events)
		defer resp.Body.Close()
		r := bufio.NewReader(resp.Body)
		var ev sseEvent
		for {
			line, err := r.ReadString('\n')
			d.record([]byte(line))
			if err != nil {
				return
			}
			line = strings.TrimRight(line, "\n")
			switch {
			case line == "":
				if ev.Event != "" || ev.Data != "" {
					ev.Data = strings.TrimPrefix(ev.Data, "\n")
					s.events <- ev
				}
				ev = sseEvent{}
			case strings.HasPrefix(line, "id: "):
				ev.ID = line[4:]
			case strings.HasPrefix(line, "event: "):
				ev.Event = line[7:]
			case strings.HasPrefix(line, "data: "):
				// An event's data lines join with newlines (a live frame has
				// several): each is kept after one, the first one cut at the end.
				ev.Data += "\n" + line[6:]
			}
		}
	}()
	return s
}

func (s *stream) close() {
	s.cancel()
	<-s.done
}

// next waits for the next event of one of the given types (others are skipped).
func (s *stream) next(t testing.TB, types ...string) sseEvent {
	t.Helper()
	timeout := time.After(10 * time.Second)
	for {
		select {
		case ev, ok := <-s.events:
			if !ok {
				t.Fatalf("the stream ended while waiting for %v", types)
			}
			for _, typ := range types {
				if ev.Event == typ {
					return ev
				}
			}
		case <-timeout:
			t.Fatalf("no %v event within 10s", types)
		}
	}
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
