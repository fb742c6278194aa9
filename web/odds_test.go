package web_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"tableside/engine/risk"
	"tableside/internal/testenv"
)

func getOdds(t *testing.T, u string, accept string) (int, string, http.Header) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	if accept != "" {
		req.Header.Set("Accept", accept)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// The API answers with exactly the engine's numbers.
func TestOddsAPIGivesTheEnginesNumbers(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	code, body, _ := getOdds(t, app.URL+"/api/odds?a=10&d=7&chain=3,m&stop=2&dd=3", "")
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var got struct {
		risk.Odds
		Text  struct{ Win string }
		Chart struct{ Bars []struct{ Title string } }
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	want, err := risk.Compute(risk.Query{Attackers: 10, Stop: 2, Dice: risk.DiceRules{DefenderDice: 3},
		Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}, {MomPop: true}}})
	if err != nil {
		t.Fatal(err)
	}
	if got.Win != want.Win || got.Text.Win != risk.Percent(want.Win) || len(got.Steps) != 3 || got.ExpectedLeft != want.ExpectedLeft {
		t.Fatalf("API win %v (%q), engine %v", got.Win, got.Text.Win, want.Win)
	}
	for n, p := range want.Attacker {
		if got.Attacker[n] != p {
			t.Errorf("attacker ends with %d: API %v, engine %v", n, got.Attacker[n], p)
		}
	}
	if len(got.Chart.Bars) == 0 {
		t.Error("the answer carries no chart")
	}
}

func TestOddsAPIRefusesBadInputWith400AndTheReason(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	for q, says := range map[string]string{
		"a=1&d=3":             "one army always stays home",
		"a=0&d=3":             "at least 1",
		"a=abc&d=3":           "whole number",
		"a=10":                "how many armies defend",
		"a=200000&d=3":        "more than any table",
		"a=10&d=3&chain=1,,2": "empty place",
		"a=10&d=3&stop=12":    "never rolling",
		"a=90000&d=90000":     "too big",
		"a=10&d=3&dd=9":       "1, 2 or 3",
		"a=10&d=3&chain=" + strings.Repeat("1,", 300): "longer than the map",
	} {
		code, body, hdr := getOdds(t, app.URL+"/api/odds?"+q, "")
		var e struct{ Error, Rule string }
		if code != http.StatusBadRequest || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, says) || e.Rule == "" ||
			!strings.HasPrefix(hdr.Get("Content-Type"), "application/json") {
			t.Errorf("%s: %d %s; want 400 JSON saying %q", q, code, body, says)
		}
	}
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
