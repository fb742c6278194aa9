package oddspages_test

import (
	"strings"
	"testing"

	"tableside/internal/testclient"
)

// The bank calculator answers a plain form (no JavaScript) with the
// engine's numbers: a price and its printed chart, a majority bonus, and a
// refusal naming what is wrong.
func TestCalcPageWorksWithoutJavaScript(t *testing.T) {
	t.Parallel()
	app := newOddsPageServer(t)
	get := func(q string) (int, string) {
		resp, b := testclient.Fetch(t, nil, app.URL+"/calc?"+q)
		return resp.StatusCode, string(b)
	}
	code, page := get("tier=medium&size=11")
	if code != 200 || !strings.Contains(page, `id="price-out">$800<`) || !strings.Contains(page, "dividend $80") {
		t.Fatalf("price: %d", code)
	}
	// The printed chart's rows come from the engine's chart: the open-ended
	// last row at $1000, $1100 and $1200.
	if !strings.Contains(page, `<tr><td>41&#43;</td><td class="num">$1000</td><td class="num">$1100</td><td class="num">$1200</td></tr>`) {
		t.Fatalf("the price chart's last row is missing:\n%s", page)
	}
	code, page = get("price=700&holdings=4,4,2")
	if code != 200 || strings.Count(page, "<strong>$5,300</strong>") != 2 {
		t.Fatalf("bonus: %d %s", code, page)
	}
	code, page = get("price=700&holdings=3,x")
	if code != 400 || !strings.Contains(page, "not a whole number of shares") {
		t.Fatalf("bad input: %d", code)
	}
}
