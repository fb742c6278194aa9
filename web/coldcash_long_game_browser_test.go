package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

// firstScreenJS measures the step a phone's sheet is at as a thumb meets
// it: every everyday move of the step (each button of the sheet's current
// step not inside a closed fold; for a list chosen on the map, its fold's
// summary and the map) and where it sits on the screen. It
// answers the step's key (the sheet's step and its words), the screen's
// height, how far the page is scrolled, and each button as
// "id top..bottom".
const firstScreenJS = `(() => {
  const sheet = document.querySelector("#turn #sheet");
  if (!sheet) return {key: "", h: innerHeight, y: scrollY, moves: []};
  const step = sheet.getAttribute("data-step");
  const card = sheet.closest(".card");
  const words = card && card.querySelector(".big-msg") ? card.querySelector(".big-msg").textContent : "";
  const box = sheet.querySelector('.sheet-step[data-step="' + step + '"]') || sheet.querySelector(".sheet-step");
  const moves = box ? [...box.querySelectorAll("form[data-move] button:not(.step-by)")]
    // A "More" fold holds rare moves, open or shut: a phone that opened it
    // for one move keeps it open across frames, and that is not a scroll.
    .filter(b => b.offsetParent !== null && !b.closest("details:not([open]), details.sheet-more:not([data-map])"))
    .map(b => {
      const r = b.getBoundingClientRect();
      const id = ([...b.classList].find(c => c.startsWith("choice-")) || "choice-?").slice(7);
      return {id: id, top: Math.round(r.top), bottom: Math.round(r.bottom)};
    }) : [];
  // A step chosen on the map (engine.Move.Map): its list is a fold, and
  // its everyday controls are that fold's summary, inside the first
  // screen, and the map, which must begin there (its top edge).
  const mapFold = box && box.querySelector("details[data-map]:not([open])");
  let above;
  const frame = mapFold && document.querySelector(".cq-map-wrap, .cc-map-wrap");
  if (frame) {
    const s = mapFold.querySelector("summary").getBoundingClientRect(), r = frame.getBoundingClientRect();
    moves.push({id: "fold " + mapFold.dataset.fold, top: Math.round(s.top), bottom: Math.round(s.bottom)},
      {id: "the map", top: Math.round(r.top), bottom: Math.round(r.top)});
    // What stands above the map, block by block, for a failure to name.
    above = [...document.querySelectorAll(".gamebar-main > *, #turn > *, #turn .card > *, #sheet > *, .sheet-step > *, #live > *, .cq-layout > *, .cq-board > *")]
      .filter(e => { const b = e.getBoundingClientRect(); return b.height > 0 && b.bottom <= r.top + 1 && !e.contains(frame); })
      .map(e => (e.id ? "#" + e.id : e.tagName.toLowerCase() + "." + [...e.classList].join(".")) + " " + Math.round(e.getBoundingClientRect().height));
  }
  return {key: step + "|" + words, h: innerHeight, y: Math.round(scrollY), moves: moves, above: above || []};
})()`

type firstScreen struct {
	Key   string `json:"key"`
	H     int    `json:"h"`
	Y     int    `json:"y"`
	Moves []struct {
		ID     string `json:"id"`
		Top    int    `json:"top"`
		Bottom int    `json:"bottom"`
	} `json:"moves"`
	Above []string `json:"above"` // the blocks above the map and their heights
}

// outside lists the moves not wholly on the screen, with their positions.
func (f firstScreen) outside() []string {
	var out []string
	for _, m := range f.Moves {
		if m.Top < 0 || m.Bottom > f.H {
			out = append(out, fmt.Sprintf("%s at y %d..%d", m.ID, m.Top, m.Bottom))
		}
	}
	return out
}

// plainSheetPick chooses the move a plain player taps among those drawn on
// the sheet's current step, and answers its id: agree to a merger, keep
// the shares, defend with 2, play a card, found, absorb, leave, merge, buy
// the most of the first company on offer, take a card, pay dividends.
const plainSheetPick = `(() => {
  const ids = [...document.querySelectorAll("#turn #sheet form[data-move] button:not(.step-by)")]
    .filter(b => !b.closest("details"))
    .map(b => ([...b.classList].find(c => c.startsWith("choice-")) || "").slice(7)).filter(id => id);
  const first = p => ids.find(id => id.startsWith(p));
  let pick = first("consent-") || first("keep") || first("defend-2") || first("place-") || first("found-") || first("absorb-") ||
    first("leave") || first("merge-") || first("buy-") || first("draw") || first("dividends-") || first("hire-") || first("skip-") || "";
  if (pick.startsWith("buy-")) {
    const co = pick.split("-")[1];
    pick = first("buy-" + co + "-3") || first("buy-" + co + "-2") || pick;
  }
  return pick;
})()`

// A whole board-mode game of Cold Cash Risk, 12 operating cycles with 5
// companies or more founded, on a 360 x 740 phone (Ana) and a 390 x 844
// one (Ben), played by tapping only the sheet: at every step of every
// cycle the phone the table waits for shows every everyday move of the
// step inside its first screen (no scroll, a fold only for the rare ones),
// and after every tap that changes the step, the new step's first move is
// on the screen. In the last cycle, the longest sheet of the game, each
// phone's action step has no tap target under 44 px and axe finds
// nothing, in light and dark.
func TestColdCashWholeBoardGameEveryStepOnTheFirstScreen(t *testing.T) {
	t.Parallel()
	app, host, _ := hostLaptop(t)
	id := hostDevice(t, app).createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, "Ana", "Ben")
	host.Run(t, chromedp.Navigate(gameURL(app, id)))
	// A whole game outlives a device's usual 4 minutes under a loaded CI.
	small, big := testenv.NewTabFor(t, 360, 740, true, 20*time.Minute), testenv.NewTabFor(t, 390, 844, true, 20*time.Minute)
	holdSeat(t, app, small, id, "Ana")
	holdSeat(t, app, big, id, "Ben")
	tb := &screenTable{app: app, id: id, host: host, phones: []*testenv.Tab{small, big}}
	tb.host.Tap(t, `#turn .choice-open`)
	tb.host.Close() // the game is played on the phones: the host's board need not redraw every tap
	for _, p := range tb.phones {
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	size := []int{360, 390}
	names := []string{"Ana", "Ben"}
	state := func() (*coldcash.State, int64) {
		var s coldcash.State
		var seq int64
		tb.app.Tracker.State(context.Background(), tb.id, func(st engine.State, q int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s); seq = q })
		return &s, seq
	}
	taps, steps, most, lateChecked, founded := 0, 0, 0, map[int]bool{}, map[string]bool{}
	kinds := map[string]int{}
	lastKey := []string{"", ""}
	defer func() {
		t.Logf("%d taps, %d steps measured, %d companies founded, at most %d at once; taps by move: %v", taps, steps, len(founded), most, kinds)
	}()
	for taps < 400 {
		s, seq := state()
		if s.Over {
			t.Fatalf("the game ended at cycle %d", s.Table.Cycle)
		}
		if s.Table.Cycle > 12 {
			break
		}
		active := 0
		for _, c := range s.Companies {
			if c.Active {
				active++
				founded[c.ID] = true
			}
		}
		most = max(most, active)
		w, ok := coldcash.Rules{}.Waiting(s)
		if !ok || len(w.Seats) == 0 {
			t.Fatalf("tap %d: the table waits for nobody (%s)", taps, s.Where())
		}
		seat := w.Seats[0]
		tab := tb.phones[seat]
		tab.WaitSeq(t, seq, sheetOffers, "the sheet")
		var f firstScreen
		tab.Run(t, chromedp.Evaluate(firstScreenJS, &f))
		steps++
		where := fmt.Sprintf("cycle %d, %s's %d px phone, %q", s.Table.Cycle, names[seat], size[seat], f.Key)
		if len(f.Moves) == 0 {
			t.Fatalf("%s: the step draws no everyday move", where)
		}
		if f.Key != lastKey[seat] {
			// A new step: its first move is on the screen.
			if m := f.Moves[0]; m.Top < 0 || m.Bottom > f.H {
				t.Errorf("%s: the new step's first move %s sits at y %d..%d of a %d px screen", where, m.ID, m.Top, m.Bottom, f.H)
			}
			lastKey[seat] = f.Key
		}
		if out := f.outside(); len(out) > 0 || f.Y != 0 {
			t.Errorf("%s: scrolled %d px; everyday moves off the %d px screen: %s", where, f.Y, f.H, strings.Join(out, ", "))
		}
		if s.Table.Cycle == 12 && s.Table.Step == coldcash.StepAction && s.Table.Phase != coldcash.PhaseEarnings && !lateChecked[seat] {
			lateChecked[seat] = true
			checkScreen(t, tab, fmt.Sprintf("coldcash-late-action-phone%d", size[seat]))
			if *screensDir != "" { // the first screen as the thumb sees it
				var png []byte
				tab.Run(t, chromedp.CaptureScreenshot(&png))
				os.WriteFile(filepath.Join(*screensDir, fmt.Sprintf("coldcash-late-action-phone%d-first.png", size[seat])), png, 0o644)
			}
			testenv.AxeLightAndDark(t, tab, where)
		}
		var pick string
		tab.Run(t, chromedp.Evaluate(plainSheetPick, &pick))
		if pick == "" {
			t.Fatalf("%s: nothing to tap", where)
		}
		tab.Tap(t, "#turn #sheet .choice-"+pick)
		taps++
		kinds[strings.SplitN(pick, "-", 2)[0]]++
	}
	if taps >= 400 {
		t.Fatalf("after %d taps the game had not played 12 cycles", taps)
	}
	if len(founded) < 5 {
		t.Errorf("%d companies founded in 12 cycles; the game should found 5 or more", len(founded))
	}
	if len(lateChecked) < 2 {
		t.Errorf("the last cycle's action step was looked at on %d phones; want both", len(lateChecked))
	}
}
