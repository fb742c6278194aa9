package app_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/internal/leaguetest"
)

// On the league page the host (only) pairs a paired table again with a new
// code (a wrong code changes nothing) and unpairs it; unpaired, the page
// offers the pairing form again.
func TestHostPairsAgainAndUnpairsOnTheLeaguePage(t *testing.T) {
	ctx := context.Background()
	h := leaguetest.StartHub(t, leaguetest.Options{})
	a, tableURL, host := leagueTable(t)
	if code, page := postPage(t, host, tableURL+"/scores/league", url.Values{"hub": {h.URL}, "code": {h.NewCode(t)}, "name": {"Kitchen"}}); code != http.StatusOK || !strings.Contains(page, "Unpair this table") || !strings.Contains(page, "Pair again") {
		t.Fatalf("paired league page: %d\n%s", code, page)
	}
	link, _, err := a.League.Link(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if code, _ := postPage(t, http.DefaultClient, tableURL+"/scores/league/unpair", nil); code != http.StatusForbidden {
		t.Fatalf("a phone's unpairing: %d, want 403", code)
	}
	code, page := postPage(t, host, tableURL+"/scores/league", url.Values{"again": {"1"}, "hub": {h.URL}, "code": {"AAAAA-AAAAA"}, "name": {"Kitchen"}})
	if code != http.StatusUnprocessableEntity || !strings.Contains(page, "unknown, used or expired") {
		t.Fatalf("pair again with a wrong code: %d\n%s", code, page)
	}
	if l, _, _ := a.League.Link(ctx); l.TableID != link.TableID {
		t.Fatal("a refused code changed the table's link")
	}
	if code, page := postPage(t, host, tableURL+"/scores/league", url.Values{"again": {"1"}, "hub": {h.URL}, "code": {h.NewCode(t)}, "name": {"Kitchen"}}); code != http.StatusOK || !strings.Contains(page, "Unpair this table") {
		t.Fatalf("pair again: %d\n%s", code, page)
	}
	if l, _, _ := a.League.Link(ctx); l.TableID == link.TableID {
		t.Fatal("paired again, the table kept its old id")
	}
	code, page = postPage(t, host, tableURL+"/scores/league/unpair", nil)
	if code != http.StatusOK || !strings.Contains(page, "This table is not in a league.") || !strings.Contains(page, "Pair with the hub") {
		t.Fatalf("after unpairing: %d\n%s", code, page)
	}
	if code, page := postPage(t, host, tableURL+"/scores/league/unpair", nil); code != http.StatusUnprocessableEntity || !strings.Contains(page, "not paired") {
		t.Fatalf("unpairing an unpaired table: %d\n%s", code, page)
	}
}
