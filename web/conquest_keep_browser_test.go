package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/internal/testenv"
)

// conquestKept are the RISK family's kept parts (data-keep) that no script
// changes, so their markup on the screen is what the server drew.
var conquestKept = []string{"players", "hand", "help"}

// conquestKeptLook is what a RISK phone shows of its kept parts.
type conquestKeptLook struct {
	Live     map[string]string `json:"live"`     // each part's markup on the screen, white space as one space ("" when absent)
	Server   map[string]string `json:"server"`   // the same in the page the server draws now
	Marked   map[string]bool   `json:"marked"`   // the part is the element marked at the look before
	HelpOpen bool              `json:"helpOpen"` // the rules' help is open
}

// lookKept reads a phone's kept parts and the server's page, and marks the
// parts with mark (the next look tells which elements stayed).
func lookKept(t *testing.T, p *screen, was, mark int) conquestKeptLook {
	t.Helper()
	var l conquestKeptLook
	names, _ := json.Marshal(conquestKept)
	p.tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`(async () => {
	  const names = %s, was = %d, mark = %d;
	  const sign = e => e ? e.outerHTML.replace(/ open=""/, "").replace(/\s+/g, " ") : "";
	  %s
	  const out = {live: {}, server: {}, marked: {}};
	  names.forEach(n => {
	    const sel = '#live [data-keep="' + n + '"]', e = document.querySelector(sel);
	    out.live[n] = sign(e); out.server[n] = sign(fresh.querySelector(sel));
	    out.marked[n] = !!e && e.tsTestMark === was;
	    if (e) e.tsTestMark = mark;
	  });
	  const help = document.querySelector('#live [data-keep="help"]');
	  out.helpOpen = !!help && help.open;
	  return out; })()`, names, was, mark, serverPageJS), &l, testenv.AwaitPromise))
	return l
}

// A RISK phone's live frames keep the parts a move left as they were (the
// players' table, the hand, the rules' help: the very elements, an opened
// help still open) and draw anew the ones it changed, never stale: after
// every tap, on both phones, each part on the screen is the one in the
// page the server draws now, and the players' table, whose armies and
// territories most moves change, was both kept and drawn anew at least
// twice on each phone.
func TestBrowserConquestFramesKeepUnchangedPartsAndRedrawChangedOnes(t *testing.T) {
	t.Parallel()
	app, id, phones := sheetGame(t, "risk", nil)
	ctx := context.Background()
	prev := make([]map[string]string, len(phones))
	kept, redrawn := make([]int, len(phones)), make([]int, len(phones))
	for taps := 0; taps < 80 && (min(kept[0], kept[1]) < 2 || min(redrawn[0], redrawn[1]) < 2); taps++ {
		var st *conquest.State
		var seq int64
		app.Tracker.State(ctx, id, func(s engine.State, q int64) { st, seq = s.(*conquest.State).Clone(), q })
		w, ok := conquest.Waiting(st)
		if st.Phase == conquest.PhaseOver || !ok || len(w.Seats) == 0 {
			t.Fatalf("tap %d: the game ended or waits for nobody (phase %s)", taps, st.Phase)
		}
		for i, p := range phones {
			p.tab.WaitSeq(t, seq, "", "the frame")
			l := lookKept(t, p, taps-1, taps)
			where := fmt.Sprintf("after tap %d, %s's phone", taps, p.name)
			for _, n := range conquestKept {
				if l.Live[n] != l.Server[n] {
					t.Fatalf("%s: the %s part on the screen is not the server's:\n%s\nwant\n%s", where, n, l.Live[n], l.Server[n])
				}
				// The page's own parts are drawn with the templates' line
				// breaks, a frame's without: the first frame draws anew.
				if taps < 2 || prev[i][n] == "" || l.Live[n] == "" {
					continue
				}
				same := prev[i][n] == l.Live[n]
				if same != l.Marked[n] {
					t.Errorf("%s: the %s part is the same as before: %v; the same element: %v", where, n, same, l.Marked[n])
				}
				if n == "players" && same {
					kept[i]++
				} else if n == "players" {
					redrawn[i]++
				}
			}
			if taps >= 2 && prev[i]["help"] != "" && !l.HelpOpen {
				t.Errorf("%s: the rules' help, opened before the move, is closed", where)
			}
			if taps == 1 { // opened once the parts are a frame's
				p.tab.Run(t, chromedp.Click(`#live [data-keep="help"] > summary`, chromedp.ByQuery), chromedp.Evaluate(`scrollTo(0, 0)`, nil))
			}
			prev[i] = l.Live
		}
		tab := phones[w.Seats[0]].tab
		tab.WaitSeq(t, seq, sheetOffers, "the sheet")
		var pick string
		tab.Run(t, chromedp.Evaluate(keenSheetPick, &pick))
		if pick == "" {
			t.Fatalf("tap %d: nothing to tap on %s's sheet", taps, phones[w.Seats[0]].name)
		}
		if id, ok := strings.CutPrefix(pick, "map:"); ok {
			tapOnMap(t, tab, id, fmt.Sprintf("tap %d", taps))
			pick = id
		}
		tab.Tap(t, "#turn #sheet .choice-"+pick)
	}
	t.Logf("players' tables kept %v, drawn anew %v (Ana, Ben)", kept, redrawn)
	if min(kept[0], kept[1]) < 2 || min(redrawn[0], redrawn[1]) < 2 {
		t.Errorf("in 80 taps each phone should have kept its players' table twice and drawn it anew twice; kept %v, drawn anew %v", kept, redrawn)
	}
}
