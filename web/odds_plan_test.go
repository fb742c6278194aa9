package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tableside/engine/risk"
	"tableside/internal/testenv"
)

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

func enginePlan(t *testing.T, q risk.Query, chance float64) *risk.Plan {
	t.Helper()
	p, err := risk.MakePlan(q, chance, risk.EngineLimits)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// The API's plan is the engine's: the fewest armies, the chance with one
// fewer, the armies that move into the last territory, each territory taken.
func TestOddsAPIPlanIsTheEnginesPlan(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	code, body, _ := getOdds(t, app.URL+"/api/odds?a=10&d=7&chain=3,m&stop=2&leave=2&plan=80%25", "")
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var got struct {
		Win  float64
		Plan apiPlan
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	q := risk.Query{Stop: 2, Leave: 2, Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}, {MomPop: true}}}
	want := enginePlan(t, q, 0.8)
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
	app := testenv.Start(t)
	code, body, _ := getOdds(t, app.URL+"/api/odds?d=7&chain=3&plan=0.95", "")
	if code != http.StatusOK {
		t.Fatalf("status %d: %s", code, body)
	}
	var got struct {
		Text struct{ Win string }
		Plan apiPlan
	}
	if err := json.Unmarshal([]byte(body), &got); err != nil {
		t.Fatal(err)
	}
	want := enginePlan(t, risk.Query{Defenders: []risk.Defender{{Armies: 7}, {Armies: 3}}}, 0.95)
	if got.Plan.Need != want.Need || got.Text.Win != "" {
		t.Fatalf("plan alone: need %d (want %d), odds %q (want none)", got.Plan.Need, want.Need, got.Text.Win)
	}
}

// A chance no plan can reach, or typed wrong, is refused with 400 and the
// reason; a plan beyond the page's bound leaves the odds standing and says
// why it stops.
func TestOddsAPIPlanRefusesBadChancesInWords(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
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
		code, body, _ := getOdds(t, app.URL+"/api/odds?"+strings.ReplaceAll(q, "%", "%25"), "")
		var e struct{ Error, Rule string }
		if code != http.StatusBadRequest || json.Unmarshal([]byte(body), &e) != nil || !strings.Contains(e.Error, says) || e.Rule == "" {
			t.Errorf("%s: %d %.300s; want 400 saying %q", q, code, body, says)
		}
	}
	code, body, _ := getOdds(t, app.URL+"/api/odds?a=1000&d=999&plan=99.99", "")
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

// The page plans for 80% until told otherwise, without JavaScript too; an
// empty chance means no plan.
func TestOddsPagePlansForEightyPercentUnlessToldOtherwise(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	code, body, _ := getOdds(t, app.URL+"/odds", "text/html")
	if code != 200 || !strings.Contains(body, `name="plan" id="odds-plan-in" value="80"`) || !strings.Contains(body, `id="odds-plan" aria-live="polite" hidden`) {
		t.Fatalf("empty odds page: %d\n%s", code, body)
	}
	want := enginePlan(t, risk.Query{Defenders: []risk.Defender{{Armies: 5}}}, 0.8)
	code, body, _ = getOdds(t, app.URL+"/odds?a=6&d=5", "text/html")
	if code != 200 || !strings.Contains(body, fmt.Sprintf(`id="odds-need">%d<`, want.Need)) || !strings.Contains(body, "For 80.0%") {
		t.Errorf("6 v 5 plans for 80%%: %d, want %d needed", code, want.Need)
	}
	code, body, _ = getOdds(t, app.URL+"/odds?a=6&d=5&plan=", "text/html")
	if code != 200 || strings.Contains(body, "For 80.0%") || !strings.Contains(body, `id="odds-plan" aria-live="polite" hidden`) {
		t.Errorf("an empty chance still plans: %d", code)
	}
	code, body, _ = getOdds(t, app.URL+"/odds?d=5&plan=abc", "text/html")
	if code != http.StatusBadRequest || !strings.Contains(body, "like 80% or 0.8") || !strings.Contains(body, `value="abc"`) {
		t.Errorf("a bad chance: %d; want 400 with the reason and the form as typed", code)
	}
}
