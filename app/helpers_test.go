package app_test

import (
	"context"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"testing"

	"tableside/app"
	"tableside/engine"
	"tableside/internal/testclient"
)

// leagueTable is a table built by app.New over a fresh database, served
// on a test server (loopback is not the host), and the host's browser.
func leagueTable(t *testing.T) (a *app.App, base string, host *http.Client) {
	t.Helper()
	a, err := app.New(context.Background(), app.Config{DBPath: filepath.Join(t.TempDir(), "t.db"), NoLoopbackHost: true})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	table := httptest.NewServer(a.Server.Handler())
	t.Cleanup(table.Close)
	return a, table.URL, hostClient(t, table.URL, a.Server.HostToken())
}

// finishedScorePad plays a score pad game for Ana and Ben to its end (Ben
// wins with 9) and returns its id.
func finishedScorePad(t *testing.T, a *app.App) int64 {
	t.Helper()
	ctx := context.Background()
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
	return info.ID
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
	resp, b := testclient.Fetch(t, c, u)
	if resp.StatusCode != want {
		t.Fatalf("GET %s: %d, want %d\n%s", u, resp.StatusCode, want, b)
	}
	return string(b)
}

// postPage posts a form and returns the status and the page it ended on.
func postPage(t *testing.T, c *http.Client, u string, form url.Values) (int, string) {
	t.Helper()
	resp, b := testclient.PostForm(t, c, u, form)
	return resp.StatusCode, string(b)
}
