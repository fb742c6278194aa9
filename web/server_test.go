package web_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tableside/app"
	"tableside/internal/testclient"
	"tableside/internal/testenv"
)

func TestHealthz(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	resp, body := fetch(t, app.URL+"/healthz")
	if resp.StatusCode != 200 || !strings.Contains(body, `"ok"`) {
		t.Fatalf("healthz: %d %s", resp.StatusCode, body)
	}
}

func TestErrorsArePagesForPeopleAndJSONForPrograms(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	resp, body := fetch(t, app.URL+"/games/404")
	if resp.StatusCode != 404 || !strings.Contains(body, "There is no such game.") || !strings.Contains(body, "<html") {
		t.Fatalf("browser 404: %d %.200s", resp.StatusCode, body)
	}
	resp, body = fetch(t, app.URL+"/games/404", "Accept", "application/json")
	var e struct{ Error string }
	if resp.StatusCode != 404 || json.Unmarshal([]byte(body), &e) != nil || e.Error != "There is no such game." {
		t.Fatalf("JSON 404: %d %s", resp.StatusCode, body)
	}
	if id := resp.Header.Get("X-Request-Id"); id == "" {
		t.Error("no request id header")
	}
}

func TestStaticFilesAreCacheBusted(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	_, home := fetch(t, app.URL+"/")
	i := strings.Index(home, "/static/")
	if i < 0 {
		t.Fatal("the home page links no static file")
	}
	href := home[i : i+strings.Index(home[i:], `"`)]
	resp, _ := fetch(t, app.URL+href)
	if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("%s: %d, cache %q", href, resp.StatusCode, resp.Header.Get("Cache-Control"))
	}
	stale := "/static/0000000000/" + href[strings.LastIndex(href, "/")+1:]
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	r, err := noRedirect.Get(app.URL + stale)
	if err != nil {
		t.Fatal(err)
	}
	r.Body.Close()
	if r.StatusCode != http.StatusFound || r.Header.Get("Location") != href {
		t.Fatalf("a stale hash: %d to %q; want a redirect to %s", r.StatusCode, r.Header.Get("Location"), href)
	}
	// A page's files come joined (page_assets.go); a joining of a file that
	// does not exist, or of one file twice, is no file.
	if !strings.Contains(href, ",") {
		t.Errorf("the home page's stylesheets are not joined: %s", href)
	}
	for _, bad := range []string{"app,nosuch.js", "app,app.css"} {
		if resp, _ := fetch(t, app.URL+"/static/0000000000/"+bad); resp.StatusCode != http.StatusNotFound {
			t.Errorf("%s: %d; want 404", bad, resp.StatusCode)
		}
	}
}

func TestCrossSiteFormPostIsRefused(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader("kind=scorepad&player=Eve"))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.Header.Set("Origin", "http://evil.example")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("cross-site post: %d; want 403", resp.StatusCode)
	}
	games, _ := app.Tracker.Games(context.Background())
	if len(games) != 0 {
		t.Fatal("the cross-site post created a game")
	}
}

func TestOversizedBodyIsRefused(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	big := strings.Repeat("x", 2<<20)
	req, _ := http.NewRequest(http.MethodPost, app.URL+"/games", strings.NewReader(`{"kind":"`+big+`"}`))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("2 MB body: %d; want 413", resp.StatusCode)
	}
}

// serving runs a server of its own (not testenv's, which stops it in its
// cleanup) on a loopback port, for a test of its shutdown: stop begins the
// shutdown, and what Serve returns comes on the channel stop gives.
func serving(t *testing.T) (a *app.App, addr string, stop func() <-chan error) {
	t.Helper()
	a, err := app.New(context.Background(), app.Config{DBPath: filepath.Join(t.TempDir(), "t.db"), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	done := make(chan error, 1)
	go func() { done <- a.Server.Serve(ctx, ln) }()
	return a, ln.Addr().String(), func() <-chan error { cancel(); return done }
}

// Shutting down tells open live streams goodbye and ends them, instead of
// hanging until the shutdown deadline.
func TestShutdownEndsLiveStreamsCleanly(t *testing.T) {
	t.Parallel()
	a, addr, stop := serving(t)
	info, err := a.Tracker.Create(context.Background(), "scorepad", "x", testSetup())
	if err != nil {
		t.Fatal(err)
	}
	st := testclient.New(t, "http://"+addr).Live(t, info.ID)
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(st.Raw(), "retry: "); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the live stream never began")
		}
	}
	end := stop()
	for range st.Events { // until the server ends the stream
	}
	sawBye := strings.Contains(st.Raw(), "event: bye\n")
	// Serve returns an error when a stream holds the shutdown past its deadline.
	if err := <-end; err != nil {
		t.Fatalf("serve: %v", err)
	}
	if !sawBye {
		t.Error("the stream ended without saying goodbye")
	}
}

// A connection opened ahead of time and never used (a browser opens them
// in case it needs one) is closed as shutdown begins: net/http alone would
// count it busy until it is 5 seconds old, and shutdown waited for it.
func TestShutdownClosesConnectionsThatNeverAsked(t *testing.T) {
	t.Parallel()
	_, addr, stop := serving(t)
	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	// A request on a second connection is answered only once the server has
	// accepted the first (it accepts them in turn).
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	end := stop()
	// Closed at once, where net/http alone closes it at 5 seconds old.
	idle.SetReadDeadline(time.Now().Add(4 * time.Second))
	if n, err := idle.Read(make([]byte, 1)); err == nil || errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("the unused connection is still open as shutdown goes on: read %d, %v", n, err)
	}
	if err := <-end; err != nil {
		t.Fatalf("serve: %v", err)
	}
}

// A live stream delivers each change, and a screen that reconnects with
// Last-Event-ID gets the current view at once if it missed something.
func TestLiveStreamDeliversChangesAndResumes(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	info, err := app.Tracker.Create(context.Background(), "scorepad", "x", testSetup())
	if err != nil {
		t.Fatal(err)
	}
	url := app.URL + "/games/" + itoa(info.ID)
	events := testclient.New(t, app.URL).Open(t, url+"/live?after=0", "")
	post := func(points string) {
		req, _ := http.NewRequest(http.MethodPost, url+"/commands", strings.NewReader(`{"type":"score","data":{"seat":0,"points":`+points+`}}`))
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("command: %v %v", err, resp)
		}
		resp.Body.Close()
	}
	post("4")
	if ev := events.Next(t, "view"); ev.ID != "1" || !strings.Contains(ev.Data, `data-seat-total="0">4<`) {
		t.Fatalf("first update: %+v", ev)
	}
	post("5") // seq 2, while a second screen is away
	resumed := testclient.New(t, app.URL).Open(t, url+"/live", "1")
	if ev := resumed.Next(t, "view"); ev.ID != "2" || !strings.Contains(ev.Data, `data-seat-total="0">9<`) {
		t.Fatalf("resumed stream: %+v; want seq 2 at once", ev)
	}
}
