package oddspages_test

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/labstack/echo/v4"

	"tableside/engine/risk"
	"tableside/internal/enginetest"
	"tableside/web"
	"tableside/web/oddspages"

	"tableside/internal/testclient"
)

// oddsServer is the odds pages alone behind a real HTTP server, as the web
// registers them, with a small fake of what they take from the web: a
// renderer that fails the test (the API answers in JSON, never a page) and
// no rate limit (the web's limits are tested with the whole server, in
// web's TestOddsAreThrottledAndBounded).
type oddsServer struct{ URL string }

func newOddsServer(t *testing.T) *oddsServer {
	t.Helper()
	render := func(c echo.Context, code int, name, title, refusal string, data any) error {
		t.Errorf("%s rendered the page %q; the API answers in JSON", c.Request().URL, name)
		return c.NoContent(http.StatusInternalServerError)
	}
	return serveOdds(t, echo.New(), render)
}

// newOddsPageServer is oddsServer drawing its pages with the site's real
// layout and templates and its error page (web.Alone), asked from the
// host's laptop.
func newOddsPageServer(t *testing.T) *oddsServer {
	t.Helper()
	e := echo.New()
	host := func(echo.Context) bool { return true }
	return serveOdds(t, e, web.Alone(e, slog.Default(), host, host))
}

func serveOdds(t *testing.T, e *echo.Echo, render oddspages.Render) *oddsServer {
	t.Helper()
	noLimit := func(next echo.HandlerFunc) echo.HandlerFunc { return next }
	oddspages.New(render).Routes(e, noLimit)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)
	return &oddsServer{URL: srv.URL}
}

// getJSON asks for u as a program does and returns the answer.
func getJSON(t *testing.T, u string) (int, string, http.Header) {
	t.Helper()
	resp, b := testclient.Fetch(t, nil, u)
	return resp.StatusCode, string(b), resp.Header
}

// okJSON asks for u as a program does, requires a 200 and decodes the answer into v.
func okJSON(t *testing.T, u string, v any) {
	t.Helper()
	code, body, _ := getJSON(t, u)
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	if err := json.Unmarshal([]byte(body), v); err != nil {
		t.Fatal(err)
	}
}

// The API answers with exactly the engine's numbers.
func TestOddsAPIGivesTheEnginesNumbers(t *testing.T) {
	t.Parallel()
	app := newOddsServer(t)
	var got struct {
		risk.Odds
		Text  struct{ Win string }
		Chart struct{ Bars []struct{ Title string } }
	}
	okJSON(t, app.URL+"/api/odds?a=10&d=7&chain=3,m&stop=2&dd=3", &got)
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
	app := newOddsServer(t)
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
		code, body, hdr := getJSON(t, app.URL+"/api/odds?"+q)
		var e struct{ Error, Rule string }
		if code != http.StatusBadRequest || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, says) || e.Rule == "" ||
			!strings.HasPrefix(hdr.Get("Content-Type"), "application/json") {
			t.Errorf("%s: %d %s; want 400 JSON saying %q", q, code, body, says)
		}
	}
}

// The API's plan is the engine's: the fewest armies, the chance with one
// fewer, the armies that move into the last territory, each territory taken.
func TestOddsAPIPlanIsTheEnginesPlan(t *testing.T) {
	t.Parallel()
	app := newOddsServer(t)
	var got struct {
		Win  float64
		Plan apiPlan
	}
	okJSON(t, app.URL+"/api/odds?a=10&d=7&chain=3,m&stop=2&leave=2&plan=80%25", &got)
	q := risk.Query{Stop: 2, Leave: 2, Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}, {MomPop: true}}}
	want := enginetest.Plan(t, q, 0.8)
	p := got.Plan
	if p.Need != want.Need || p.Win != want.Odds.Win || p.Fewer != want.Fewer || len(p.InLast) != len(want.InLast) || len(p.Taken) != 3 {
		t.Fatalf("API plan %+v; engine needs %d (win %v, one fewer %v)", p, want.Need, want.Odds.Win, want.Fewer)
	}
	for r, x := range want.InLast {
		if p.InLast[r] != x {
			t.Errorf("%d move in: API %v, engine %v", r, p.InLast[r], x)
		}
	}
	for k, st := range want.Odds.Steps {
		if p.Taken[k] != st.Conquer {
			t.Errorf("territory %d taken: API %v, engine %v", k+1, p.Taken[k], st.Conquer)
		}
	}
	if !strings.Contains(p.Text.Need, fmt.Sprintf("For 80.0%%: %d on the board", want.Need)) || len(p.Text.Steps) != 3 || len(p.Text.InLast) == 0 {
		t.Errorf("the plan in words: %+v", p.Text)
	}
	if got.Win == 0 {
		t.Error("the odds of the 10 typed are missing beside the plan")
	}
}

// The defenders and a chance are enough: the plan is the whole answer.
func TestOddsAPIPlansWithoutTheAttackers(t *testing.T) {
	t.Parallel()
	app := newOddsServer(t)
	var got struct {
		Text struct{ Win string }
		Plan apiPlan
	}
	okJSON(t, app.URL+"/api/odds?d=7&chain=3&plan=0.95", &got)
	want := enginetest.Plan(t, risk.Query{Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}}}, 0.95)
	if got.Plan.Need != want.Need || got.Text.Win != "" {
		t.Fatalf("plan alone: need %d (want %d), odds %q (want none)", got.Plan.Need, want.Need, got.Text.Win)
	}
}

// A chance no plan can reach, or typed wrong, is refused with 400 and the
// reason; a plan beyond the page's bound leaves the odds standing and says
// why it stops.
func TestOddsAPIPlanRefusesBadChancesInWords(t *testing.T) {
	t.Parallel()
	app := newOddsServer(t)
	for q, says := range map[string]string{
		"d=7&plan=100":           "makes a win certain",
		"a=10&d=7&plan=100%":     "makes a win certain",
		"d=7&plan=lots":          `not "lots"`,
		"a=10&d=7&plan=0":        "above 0%",
		"d=7&plan=-5":            "above 0%",
		"plan=80":                "how many armies defend",
		"d=7&chain=2,,1&plan=80": "empty place",
		"d=1001&plan=80":         "up to 1000 armies a side",
		"a=1&d=7&plan=80":        "one army always stays home",
		"d=999&plan=99.99":       "the planner looks no further than 1000",
	} {
		code, body, _ := getJSON(t, app.URL+"/api/odds?"+strings.ReplaceAll(q, "%", "%25"))
		var e struct{ Error, Rule string }
		if code != http.StatusBadRequest || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, says) || e.Rule == "" {
			t.Errorf("%s: %d %.300s; want 400 saying %q", q, code, body, says)
		}
	}
	code, body, _ := getJSON(t, app.URL+"/api/odds?a=1000&d=999&plan=99.99")
	var got struct {
		Win       float64
		PlanError string
		Plan      *apiPlan
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil || code != http.StatusOK || got.Win == 0 || got.Plan != nil ||
		!strings.Contains(got.PlanError, "looks no further than 1000") || !strings.Contains(got.PlanError, "tableside odds --plan") {
		t.Errorf("1000 v 999 planned for 99.99%%, past the bound: %d %+v %v", code, got, err)
	}
}

// apiPlan is the plan part of /api/odds.
type apiPlan struct {
	Need        int
	Win, Fewer  float64
	FewerCannot bool
	InLast      []float64
	Taken       []float64
	Text        struct {
		Need   string
		Sure   string
		InLast []string
		Steps  []string
	}
}
