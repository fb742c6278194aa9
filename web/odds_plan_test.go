package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"tableside/engine/risk"
	"tableside/internal/enginetest"
	"tableside/internal/testenv"
)

// The page plans for 80% until told otherwise, without JavaScript too; an
// empty chance means no plan.
func TestOddsPagePlansForEightyPercentUnlessToldOtherwise(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	code, body, _ := getOdds(t, app.URL+"/odds", "text/html")
	if code != 200 || !strings.Contains(body, `name="plan" id="odds-plan-in" value="80"`) || !strings.Contains(body, `id="odds-plan" aria-live="polite" hidden`) {
		t.Fatalf("empty odds page: %d\n%s", code, body)
	}
	want := enginetest.Plan(t, risk.Query{Defenders: []risk.Defender{{Armies: 5}}}, 0.8)
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
