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

// mapSignJS is what a Cold Cash Risk map says, territory by territory
// (its link, its classes but the sheet's pick mark, its words), read off
// a map element: the live page's own, or the one in this screen's page
// fetched anew from the server (the truth the live map must match).
const mapSignJS = `function mapSign(wrap) {
  if (!wrap) return "(no map)";
  return [...wrap.querySelectorAll("a.terr")].map(a => a.id + "|" + a.getAttribute("href") + "|" +
    (a.getAttribute("class") || "").replace(/\s*sheet-picked/, "") + "|" + a.textContent.replace(/\s+/g, " ").trim()).join("\n");
}`

// boardPhones is a Cold Cash Risk board game for Ana and Ben that the
// host laptop opened and then closed, played on two phones (360 x 740 and
// 390 x 844) by tapping their move sheets: the live board phones' test
// and their benchmark (BenchmarkLiveBoardPhones).
type boardPhones struct {
	t      testing.TB
	app    *testenv.App
	id     int64
	phones []*testenv.Tab // Ana's, Ben's
}

// openBoardPhones starts the game and opens both phones on its map; the
// phones live for life.
func openBoardPhones(t testing.TB, life time.Duration) *boardPhones {
	t.Helper()
	app, host, _ := hostLaptop(t)
	id := hostDevice(t, app).createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, "Ana", "Ben")
	host.Run(t, chromedp.Navigate(gameURL(app, id)))
	g := &boardPhones{t: t, app: app, id: id,
		phones: []*testenv.Tab{testenv.NewTabFor(t, 360, 740, true, life), testenv.NewTabFor(t, 390, 844, true, life)}}
	holdSeat(t, app, g.phones[0], id, "Ana")
	holdSeat(t, app, g.phones[1], id, "Ben")
	host.Tap(t, `#turn .choice-open`)
	host.Close()
	for _, p := range g.phones {
		p.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#live .cc-map-wrap`, chromedp.ByQuery))
	}
	return g
}

// state is the game's state and seq now, as the tracker holds them.
func (g *boardPhones) state() (*coldcash.State, int64) {
	var s coldcash.State
	var seq int64
	g.app.Tracker.State(context.Background(), g.id, func(st engine.State, q int64) { b, _ := json.Marshal(st); json.Unmarshal(b, &s); seq = q })
	return &s, seq
}

// drawn waits until the phone has drawn the frame of seq.
func (g *boardPhones) drawn(p *testenv.Tab, seq int64) {
	p.WaitSeq(g.t, seq, "", "the frame")
}

// next is the seat the table waits on before tap number taps, and the
// game's seq; a game over, or one that waits for nobody, fails the test.
func (g *boardPhones) next(taps int) (seat int, seq int64) {
	s, seq := g.state()
	w, ok := coldcash.Rules{}.Waiting(s)
	if s.Over || !ok || len(w.Seats) == 0 {
		g.t.Fatalf("tap %d: the table waits for nobody (%s)", taps, s.Where())
	}
	return w.Seats[0], seq
}

// tap taps the plain pick on the seat's move sheet once its phone has
// the frame of seq and a sheet, waits for the frame that follows, and
// says what it tapped.
func (g *boardPhones) tap(seat int, seq int64, taps int) string {
	tab := g.phones[seat]
	var pick string
	tab.WaitSeq(g.t, seq, sheetOffers, "the sheet")
	tab.Run(g.t, chromedp.Evaluate(plainSheetPick, &pick))
	if pick == "" {
		g.t.Fatalf("tap %d: nothing to tap on %s's sheet", taps, []string{"Ana", "Ben"}[seat])
	}
	tab.Tap(g.t, "#turn #sheet .choice-"+pick)
	return pick
}

type mapLook struct {
	Live   string   `json:"live"`   // the map on the screen
	Server string   `json:"server"` // the map in the page the server draws now
	Marked bool     `json:"marked"` // the map element is the one marked before the move
	Kept   []string `json:"kept"`   // the territories whose elements are the ones marked before the move
}

// tilesOf is a map's signs (mapSignJS) by territory.
func tilesOf(sign string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(sign, "\n") {
		id, _, _ := strings.Cut(line, "|")
		out[id] = line
	}
	return out
}

// A live frame keeps a board's map, the very element, when the move did
// not change it (a share bought, dividends paid), and when the move did (a
// card played, a company founded) it draws anew only the territories
// that changed, the map and every other territory staying the very
// elements: on both phones, the one that tapped and the other, the map on
// the screen is the server's map after every move. Redrawing an unchanged
// map cost a phone most of the CPU of a live update, and laying out a whole
// map again ten times a frame that kept it (issue 40).
func TestLiveFrameKeepsTheMapItDoesNotChangeAndRedrawsTheOneItDoes(t *testing.T) {
	t.Parallel()
	g := openBoardPhones(t, 240*time.Second)
	phones, state, drawn := g.phones, g.state, g.drawn
	look := func(p *testenv.Tab, mark int64) mapLook {
		var l mapLook
		p.Run(t, chromedp.Evaluate(fmt.Sprintf(`(async () => { %s
			const wrap = document.querySelector("#live .cc-map-wrap");
			%s
			return {live: mapSign(wrap), server: mapSign(fresh.querySelector("#live .cc-map-wrap")), marked: !!wrap && wrap.tsTestMark === %d,
				kept: wrap ? [...wrap.querySelectorAll("a.terr")].filter(a => a.tsTestMark === %d).map(a => a.id) : []};
		})()`, mapSignJS, serverPageJS, mark, mark), &l, testenv.AwaitPromise))
		return l
	}
	names := []string{"Ana", "Ben"}
	kept, redrawn := [2]int{}, [2]int{}
	for taps := 0; taps < 60 && (min(kept[0], kept[1]) < 2 || min(redrawn[0], redrawn[1]) < 2); taps++ {
		seat, seq := g.next(taps)
		var was [2]string
		for i, p := range phones {
			drawn(p, seq)
			l := look(p, -1)
			if l.Live != l.Server {
				t.Fatalf("tap %d: %s's map is not the server's before the move:\n%s\nwant\n%s", taps, names[i], l.Live, l.Server)
			}
			was[i] = l.Server
			p.Run(t, chromedp.Evaluate(fmt.Sprintf(`{ const w = document.querySelector("#live .cc-map-wrap"), m = %d;
				w.tsTestMark = m; w.querySelectorAll("a.terr").forEach(a => { a.tsTestMark = m; }); }`, seq), nil))
		}
		pick := g.tap(seat, seq, taps)
		_, now := state()
		for i, p := range phones {
			drawn(p, now)
			l := look(p, seq)
			where := fmt.Sprintf("tap %d (%s's %s), %s's phone", taps, names[seat], pick, names[i])
			switch {
			case l.Live != l.Server:
				t.Fatalf("%s: the map on the screen is not the server's:\n%s\nwant\n%s", where, l.Live, l.Server)
			case l.Server == was[i] && !l.Marked:
				t.Errorf("%s: the move left the map as it was, but the frame replaced it", where)
			case l.Server == was[i]:
				kept[i]++
			case !l.Marked:
				t.Errorf("%s: the move changed some territories, but the frame replaced the whole map", where)
			default:
				redrawn[i]++
				before, now, stayed := tilesOf(was[i]), tilesOf(l.Server), map[string]bool{}
				for _, id := range l.Kept {
					stayed[id] = true
				}
				for id, sign := range now {
					if same := before[id] == sign; same != stayed[id] {
						t.Errorf("%s: territory %s is %v the same, but its element is %v the one before (%q, was %q)", where, id, same, stayed[id], sign, before[id])
					}
				}
			}
		}
	}
	t.Logf("maps kept %v, redrawn %v (Ana, Ben)", kept, redrawn)
	// The screens as live frames left them (never reloaded): the map's
	// zoom buttons are on top of the map, where a thumb finds them, and
	// the screens fit.
	for i, p := range phones {
		var covered []string
		p.Run(t, chromedp.Evaluate(`[...document.querySelectorAll(".map-zoom-tools button")].filter(b => {
			const r = b.getBoundingClientRect();
			b.scrollIntoView({block: "center"});
			const q = b.getBoundingClientRect();
			return document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2) !== b;
		}).map(b => b.className)`, &covered))
		if len(covered) > 0 {
			t.Errorf("%s's map zoom buttons are covered: %v", names[i], covered)
		}
		if *screensDir != "" {
			var png []byte
			p.Run(t, chromedp.CaptureScreenshot(&png))
			os.WriteFile(filepath.Join(*screensDir, fmt.Sprintf("live-frames-map-phone%d.png", []int{360, 390}[i])), png, 0o644)
		}
		checkScreen(t, p, fmt.Sprintf("live-frames-mid-game-phone%d", []int{360, 390}[i]))
	}
	if min(kept[0], kept[1]) < 2 || min(redrawn[0], redrawn[1]) < 2 {
		t.Errorf("in 60 moves each phone should have seen 2 frames that kept its map and 2 that changed it; kept %v, redrawn %v", kept, redrawn)
	}
}
