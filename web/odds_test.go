package web_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/engine/risk"
	"tableside/internal/testenv"

	"tableside/internal/testclient"
)

func getOdds(t *testing.T, u string, accept string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, b := testclient.Send(t, nil, req)
	return resp.StatusCode, string(b), resp.Header
}

// Without JavaScript the form is a GET that answers with a page.
func TestOddsPageAnswersAPlainForm(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	code, body, _ := getOdds(t, app.URL+"/odds", "text/html")
	if code != 200 || !strings.Contains(body, `<form method="get" action="/odds"`) || !strings.Contains(body, `id="odds-result" aria-live="polite" hidden`) {
		t.Fatalf("empty odds page: %d\n%s", code, body)
	}
	o, _ := risk.Compute(risk.Query{Attackers: 10, Defenders: []risk.Defender{{MomPop: true}}})
	code, body, _ = getOdds(t, app.URL+"/odds?"+url.Values{"a": {"10"}, "d": {"4"}, "mompop": {"1"}}.Encode(), "text/html")
	for _, want := range []string{`id="odds-win">` + risk.Percent(o.Win) + `<`, "<svg", "<rect", "at least one round", "9 of them may attack"} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("Mom & Pop page (%d) lacks %q", code, want)
		}
	}
	code, body, _ = getOdds(t, app.URL+"/odds?a=1&d=3", "text/html")
	if code != http.StatusBadRequest || !strings.Contains(body, "one army always stays home") || !strings.Contains(body, `value="1"`) {
		t.Errorf("bad form: %d; want 400 with the reason and the form as typed:\n%s", code, body)
	}
}
