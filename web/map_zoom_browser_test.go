package web_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/testenv"
)

// mapView reads a phone's map as drawn: the map's width, the frame's
// scroll, the smallest territory tap area, and whether the sheet's first
// move's territory is inside the frame's visible part (both ways).
const mapView = `(() => {
  const frame = document.querySelector(".cq-map-wrap"), svg = frame.querySelector("svg");
  const f = frame.getBoundingClientRect();
  const least = Math.min(...[...frame.querySelectorAll(".cq-hit, .cq-tile")].map(c => Math.min(c.getBoundingClientRect().width, c.getBoundingClientRect().height)));
  let inside = false;
  const first = document.querySelector("#sheet form[data-move][data-places]");
  if (first) {
    const want = first.dataset.places.split("|").filter(Boolean)[0];
    const spot = [...frame.querySelectorAll(".cq-spot")].find(g => (g.dataset.name || "").toLowerCase() === want);
    if (spot) {
      const r = spot.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
      inside = x >= f.left && x <= f.right && y >= f.top && y <= f.bottom;
    }
  }
  return [svg.getBoundingClientRect().width, frame.scrollLeft, frame.scrollTop, least, inside ? 1 : 0, frame.clientWidth];
})()`

type mapSeen struct{ width, left, top, least, inside, frame float64 }

func readMap(t *testing.T, tab *testenv.Tab) mapSeen {
	t.Helper()
	var v []float64
	tab.WaitFor(t, `!!document.querySelector(".cq-map-wrap[data-opened]")`, "the map to open at its working zoom")
	tab.Run(t, chromedp.Evaluate(mapView, &v))
	return mapSeen{v[0], v[1], v[2], v[3], v[4], v[5]}
}

// pinch spreads two fingers on the map's frame from 30 px apart to 90 px.
func pinch(t *testing.T, tab *testenv.Tab) {
	t.Helper()
	var c []float64
	tab.Run(t, chromedp.ScrollIntoView(`.cq-map-wrap`, chromedp.ByQuery), chromedp.Evaluate(`(() => { const r = document.querySelector(".cq-map-wrap").getBoundingClientRect(); return [r.left + r.width / 2, r.top + Math.min(r.height, innerHeight - r.top) / 2]; })()`, &c))
	at := func(d float64) []*input.TouchPoint {
		return []*input.TouchPoint{{X: c[0] - d, Y: c[1], ID: 1}, {X: c[0] + d, Y: c[1], ID: 2}}
	}
	// The page gets a finger's moves as it draws its next frame.
	tab.Drawing(t, func() {
		tab.Run(t, chromedp.ActionFunc(func(ctx context.Context) error {
			if err := input.DispatchTouchEvent(input.TouchStart, at(15)).Do(ctx); err != nil {
				return err
			}
			for d := 20.0; d <= 45; d += 5 {
				if err := input.DispatchTouchEvent(input.TouchMove, at(d)).Do(ctx); err != nil {
					return err
				}
			}
			return input.DispatchTouchEvent(input.TouchEnd, []*input.TouchPoint{}).Do(ctx)
		}))
	})
}

// On a phone the RISK map opens at its working zoom (the smallest
// territory's tap area 44 px, not much more) on the territory the sheet's
// first move concerns; a pinch zooms it in about the fingers; the + and −
// buttons zoom too; and a live update, which redraws the map, keeps the
// zoom and the place the player left it at.
func TestMapOpensAtWorkingZoomOnTheStepPinchesAndKeepsItsPlace(t *testing.T) {
	t.Parallel()
	app, hostTab, _ := hostLaptop(t)
	id := createConquest(t, app, "risk", conquest.Settings{})
	ctx := context.Background()
	if _, err := app.Tracker.Do(ctx, id, engine.Command{Type: conquest.CmdStart, Seat: engine.Host, Data: []byte(`{"random":true}`)}, "s"); err != nil {
		t.Fatal(err)
	}
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, app, id)
	var st *conquest.State
	app.Tracker.State(ctx, id, func(s engine.State, _ int64) { st = s.(*conquest.State).Clone() })
	tab := []*screen{ana, ben}[st.Turn].tab
	tab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#sheet form[data-move]`, chromedp.ByQuery))
	open := readMap(t, tab)
	if open.least < 44 || open.least > 50 || open.inside != 1 || open.width <= open.frame {
		t.Fatalf("the map opens %.0f px wide in a %.0f px frame, its smallest territory %.1f px, the step's territory in view: %v; want the working zoom (44 px) on it",
			open.width, open.frame, open.least, open.inside == 1)
	}

	pinch(t, tab)
	pinched := readMap(t, tab)
	if pinched.width < open.width*2 {
		t.Errorf("a pinch from 30 to 90 px drew the map %.0f px wide (from %.0f); want it zoomed in about 3 times", pinched.width, open.width)
	}
	tab.Run(t, chromedp.Click(`.map-zoom-tools .map-zoom-out`, chromedp.ByQuery))
	out := readMap(t, tab)
	if math.Abs(out.width*1.5-pinched.width) > 2 {
		t.Errorf("− drew the map %.0f px wide from %.0f; want a third smaller", out.width, pinched.width)
	}

	// A live update (the turn player's placement, sent from elsewhere)
	// redraws the map: it stays as the player left it.
	seq := tab.Seq(t)
	mine := owned(st, st.Turn)
	if _, err := app.Tracker.Do(ctx, id, engine.Command{Type: conquest.CmdPlace, Seat: st.Turn, Data: []byte(fmt.Sprintf(`{"territory":%d,"count":1}`, mine))}, "p"); err != nil {
		t.Fatal(err)
	}
	tab.WaitSeq(t, seq+1, "", "the placement's frame")
	after := readMap(t, tab)
	if math.Abs(after.width-out.width) > 1 || math.Abs(after.left-out.left) > 2 || math.Abs(after.top-out.top) > 2 {
		t.Errorf("after a live update the map is %.0f px wide at (%.0f, %.0f); before it was %.0f px at (%.0f, %.0f)",
			after.width, after.left, after.top, out.width, out.left, out.top)
	}

	// Every territory, panned into view as the browser brings it (to the
	// frame's nearest edge), takes a tap at its middle: the − and + over
	// the frame's top corner cover none (a territory on the map's top edge
	// was under them, and the tap zoomed the map instead).
	var covered []string
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll(".cq-map-wrap .cq-spot")].filter(g => {
		g.scrollIntoView({block: "nearest", inline: "nearest"});
		const r = g.querySelector(".cq-hit").getBoundingClientRect();
		const e = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		return !e || e.closest(".cq-spot") !== g;
	}).map(g => g.dataset.name)`, &covered))
	if len(covered) > 0 {
		t.Errorf("a tap on the middle of %v, scrolled into view, lands on something else", covered)
	}
}
