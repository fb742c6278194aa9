package oddspages_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/engine/risk"
	"tableside/internal/enginetest"
	"tableside/internal/testclient"
)

// getPage asks for u as a browser does and returns the answer.
func getPage(t *testing.T, u string) (int, string) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	req.Header.Set("Accept", "text/html")
	resp, b := testclient.Send(t, nil, req)
	return resp.StatusCode, string(b)
}

// Without JavaScript the form is a GET that answers with a page.
func TestOddsPageAnswersAPlainForm(t *testing.T) {
	t.Parallel()
	app := newOddsPageServer(t)
	code, body := getPage(t, app.URL+"/odds")
	if code != 200 || !strings.Contains(body, `<form method="get" action="/odds"`) || !strings.Contains(body, `id="odds-result" aria-live="polite" hidden`) {
		t.Fatalf("empty odds page: %d\n%s", code, body)
	}
	o, _ := risk.Compute(risk.Query{Attackers: 10, Defenders: []risk.Defender{{MomPop: true}}})
	code, body = getPage(t, app.URL+"/odds?"+url.Values{"a": {"10"}, "d": {"4"}, "mompop": {"1"}}.Encode())
	for _, want := range []string{`id="odds-win">` + risk.Percent(o.Win) + `<`, "<svg", "<rect", "at least one round", "9 of them may attack"} {
		if code != 200 || !strings.Contains(body, want) {
			t.Errorf("Mom & Pop page (%d) lacks %q", code, want)
		}
	}
	code, body = getPage(t, app.URL+"/odds?a=1&d=3")
	if code != http.StatusBadRequest || !strings.Contains(body, "one army always stays home") || !strings.Contains(body, `value="1"`) {
		t.Errorf("bad form: %d; want 400 with the reason and the form as typed:\n%s", code, body)
	}
}

// The page plans for 80% until told otherwise, without JavaScript too; an
// empty chance means no plan.
func TestOddsPagePlansForEightyPercentUnlessToldOtherwise(t *testing.T) {
	t.Parallel()
	app := newOddsPageServer(t)
	code, body := getPage(t, app.URL+"/odds")
	if code != 200 || !strings.Contains(body, `name="plan" id="odds-plan-in" value="80"`) || !strings.Contains(body, `id="odds-plan" aria-live="polite" hidden`) {
		t.Fatalf("empty odds page: %d\n%s", code, body)
	}
	want := enginetest.Plan(t, risk.Query{Defenders: []risk.Defender{{Armies: 5}}}, 0.8)
	code, body = getPage(t, app.URL+"/odds?a=6&d=5")
	if code != 200 || !strings.Contains(body, fmt.Sprintf(`id="odds-need">%d<`, want.Need)) || !strings.Contains(body, "For 80.0%") {
		t.Errorf("6 v 5 plans for 80%%: %d, want %d needed", code, want.Need)
	}
	code, body = getPage(t, app.URL+"/odds?a=6&d=5&plan=")
	if code != 200 || strings.Contains(body, "For 80.0%") || !strings.Contains(body, `id="odds-plan" aria-live="polite" hidden`) {
		t.Errorf("an empty chance still plans: %d", code)
	}
	code, body = getPage(t, app.URL+"/odds?d=5&plan=abc")
	if code != http.StatusBadRequest || !strings.Contains(body, "like 80% or 0.8") || !strings.Contains(body, `value="abc"`) {
		t.Errorf("a bad chance: %d; want 400 with the reason and the form as typed", code)
	}
}
