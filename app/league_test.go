package app_test

import (
	"context"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"tableside/app"
	"tableside/engine"
	"tableside/internal/leaguetest"
	"tableside/league"
)

// eventually waits (up to a minute) for the background syncer to make cond
// true: the table pushes on its own goroutine.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("%s never happened", what)
}

// The host pairs the table on its league page (host only); a game that
// ends reaches the hub by itself, with its kind; an undo that reopens it
// takes it off the league as a new version.
func TestFinishedGameReachesTheLeagueByItself(t *testing.T) {
	ctx := context.Background()
	hubSrv := leaguetest.StartHub(t, leaguetest.Options{})
	hubStore, code := hubSrv.Store, hubSrv.NewCode(t)
	a, err := app.New(ctx, app.Config{DBPath: filepath.Join(t.TempDir(), "t.db"), NoLoopbackHost: true})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	table := httptest.NewServer(a.Server.Handler())
	defer table.Close()

	// Not the host: no league page, no pairing.
	resp, err := http.PostForm(table.URL+"/scores/league", url.Values{"hub": {hubSrv.URL}, "code": {code}, "name": {"Kitchen"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a phone's pairing: %d, want 403", resp.StatusCode)
	}
	host := hostClient(t, table.URL, a.Server.HostToken())
	page := getPage(t, host, table.URL+"/scores/league", http.StatusOK)
	if !strings.Contains(page, "This table is not in a league.") || !strings.Contains(page, "Pair with the hub") {
		t.Fatalf("unpaired league page:\n%s", page)
	}
	resp, err = host.PostForm(table.URL+"/scores/league", url.Values{"hub": {"not a hub"}, "code": {code}, "name": {"Kitchen"}})
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(body), "is not a hub&#39;s address") {
		t.Fatalf("a bad address: %d\n%s", resp.StatusCode, body)
	}
	resp, err = host.PostForm(table.URL+"/scores/league", url.Values{"hub": {hubSrv.URL}, "code": {code}, "name": {"Kitchen"}})
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/scores/league" {
		t.Fatalf("pairing: %d at %s", resp.StatusCode, resp.Request.URL)
	}

	info, err := a.Tracker.Create(ctx, "scorepad", "Friday", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []engine.Command{
		{Type: "score", Seat: engine.Host, Data: []byte(`{"seat":1,"points":9}`)},
		{Type: "finish", Seat: engine.Host},
	} {
		if _, err := a.Tracker.Do(ctx, info.ID, c, ""); err != nil {
			t.Fatalf("%s: %v", c.Type, err)
		}
	}
	var got []league.StoredPlay
	eventually(t, "the finished game reaching the hub", func() bool {
		got, _ = hubStore.Plays(ctx)
		return len(got) == 1
	})
	if got[0].Kind != "scorepad" || got[0].Title != "Friday" || got[0].Players[1].Name != "Ben" || !got[0].Players[1].Winner {
		t.Fatalf("the hub has %+v", got[0])
	}
	eventually(t, "the status line saying the play went", func() bool {
		return strings.Contains(getPage(t, host, table.URL+"/scores/league", http.StatusOK), "Every play is on the league at "+hubSrv.URL)
	})
	if _, err := a.Tracker.Undo(ctx, info.ID, 0, ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the reopened game leaving the league", func() bool {
		got, _ = hubStore.Plays(ctx)
		return len(got) == 0
	})
}

func hostClient(t *testing.T, base, token string) *http.Client {
	t.Helper()
	jar, _ := cookiejar.New(nil)
	u, _ := url.Parse(base)
	jar.SetCookies(u, []*http.Cookie{{Name: "tableside_host", Value: token, Path: "/"}})
	return &http.Client{Jar: jar}
}

func getPage(t *testing.T, c *http.Client, u string, want int) string {
	t.Helper()
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != want {
		t.Fatalf("GET %s: %d, want %d\n%s", u, resp.StatusCode, want, b)
	}
	return string(b)
}
