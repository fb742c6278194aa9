package app_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"tableside/internal/leaguetest"
	"tableside/internal/testclient"
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
	a, tableURL, host := leagueTable(t)

	// Not the host: no league page, no pairing.
	if code, _ := postPage(t, http.DefaultClient, tableURL+"/scores/league", url.Values{"hub": {hubSrv.URL}, "code": {code}, "name": {"Kitchen"}}); code != http.StatusForbidden {
		t.Fatalf("a phone's pairing: %d, want 403", code)
	}
	page := getPage(t, host, tableURL+"/scores/league", http.StatusOK)
	if !strings.Contains(page, "This table is not in a league.") || !strings.Contains(page, "Pair with the hub") {
		t.Fatalf("unpaired league page:\n%s", page)
	}
	if status, body := postPage(t, host, tableURL+"/scores/league", url.Values{"hub": {"not a hub"}, "code": {code}, "name": {"Kitchen"}}); status != http.StatusUnprocessableEntity || !strings.Contains(body, "is not a hub&#39;s address") {
		t.Fatalf("a bad address: %d\n%s", status, body)
	}
	resp, _ := testclient.PostForm(t, host, tableURL+"/scores/league", url.Values{"hub": {hubSrv.URL}, "code": {code}, "name": {"Kitchen"}})
	if resp.StatusCode != http.StatusOK || resp.Request.URL.Path != "/scores/league" {
		t.Fatalf("pairing: %d at %s", resp.StatusCode, resp.Request.URL)
	}

	id := finishedScorePad(t, a)
	var got []league.StoredPlay
	eventually(t, "the finished game reaching the hub", func() bool {
		got, _ = hubStore.Plays(ctx)
		return len(got) == 1
	})
	if got[0].Kind != "scorepad" || got[0].Title != "Friday" || got[0].Players[1].Name != "Ben" || !got[0].Players[1].Winner {
		t.Fatalf("the hub has %+v", got[0])
	}
	eventually(t, "the status line saying the play went", func() bool {
		return strings.Contains(getPage(t, host, tableURL+"/scores/league", http.StatusOK), "Every play is on the league at "+hubSrv.URL)
	})
	if _, err := a.Tracker.Undo(ctx, id, 0, ""); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the reopened game leaving the league", func() bool {
		got, _ = hubStore.Plays(ctx)
		return len(got) == 0
	})
}
