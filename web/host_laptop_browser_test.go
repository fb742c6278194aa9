package web_test

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

// hostLayoutJS measures the host screen as the laptop shows it, unscrolled:
// the map's box, the first move of the sheet's current step drawn live (not
// in a closed fold), the undo button, the join corner, the page's height,
// and whether the page scrolls sideways. Each box is [left, top, right,
// bottom]; null when the screen has none.
const hostLayoutJS = `(() => {
  scrollTo(0, 0);
  const box = el => { if (!el) return null; const r = el.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top), Math.round(r.right), Math.round(r.bottom)]; };
  const sheet = document.querySelector("#turn #sheet");
  const step = sheet && (sheet.querySelector('.sheet-step[data-step="' + sheet.getAttribute("data-step") + '"]') || sheet.querySelector(".sheet-step"));
  const first = step && [...step.querySelectorAll("form[data-move] button:not(.step-by), summary")].find(b => b.offsetParent !== null && !(b.closest("details:not([open])") && b.tagName !== "SUMMARY"));
  const corner = document.querySelector("#join-corner");
  return {w: innerWidth, h: innerHeight, page: document.documentElement.scrollHeight, wide: document.documentElement.scrollWidth > innerWidth,
    map: box(document.querySelector(".cc-map-wrap, .cq-map-wrap")), move: box(first), undo: box(document.querySelector(".undo-bar button")),
    corner: corner && corner.offsetParent !== null && corner.getBoundingClientRect().height > 0 ? box(corner) : null};
})()`

type hostLayout struct {
	W, H, Page int
	Wide       bool
	Map, Move  []int
	Undo       []int
	Corner     []int
}

func (l hostLayout) String() string {
	return fmt.Sprintf("%dx%d, page %d px high, map %v, sheet's first move %v, undo %v, join corner %v", l.W, l.H, l.Page, l.Map, l.Move, l.Undo, l.Corner)
}

// onScreen reports whether a box is wholly inside the first screen.
func (l hostLayout) onScreen(b []int) bool {
	return b != nil && b[0] >= 0 && b[1] >= 0 && b[2] <= l.W && b[3] <= l.H
}

// lateHostGame is a Cold Cash Risk board game late in play: Ana plays on
// the laptop, Ben and Dee on their phones, and the table waits for Ben's
// action, with three companies or more on the board.
func lateHostGame(t *testing.T) (*testenv.App, int64, *testenv.Tab) {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Seed: testenv.Seeds(roomSeed)})
	host := hostDevice(t, app)
	id := host.createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, "Ana", "Ben", "Dee")
	if code, body := host.postForm(fmt.Sprintf("/games/%d/seats/0/laptop", id), url.Values{"on": {"yes"}}); code != 200 {
		t.Fatalf("Ana plays on the laptop: %d %.300s", code, body)
	}
	join := joinURLFromQR(t, host, id)
	newDevice(t, app).join(join, id, 1)
	newDevice(t, app).join(join, id, 2)
	sp := &sheetPlay{t: t, app: app, id: id, rules: coldcash.Rules{}, seats: make([]*testenv.Tab, 3)}
	play := firstOfAny(coldcash.CmdOpen, coldcash.CmdFound, coldcash.CmdAbsorb, coldcash.CmdConsent, coldcash.CmdDefend,
		coldcash.CmdOccupy, coldcash.CmdDispose, coldcash.CmdPlace, coldcash.CmdHire, coldcash.CmdBuy, coldcash.CmdDividends,
		coldcash.CmdDraw, coldcash.CmdLeave, coldcash.CmdTakeoverEnd)
	sp.send(play, func(st engine.State) bool {
		s := st.(*coldcash.State)
		if s.Table == nil || s.Merger != nil || s.Table.Cycle < 6 || len(s.Table.Board.Active()) < 3 {
			return false
		}
		w, ok := coldcash.Rules{}.Waiting(s)
		return ok && s.Table.Step == coldcash.StepAction && s.Table.Phase != coldcash.PhaseEarnings && len(w.Seats) == 1 && w.Seats[0] == 1
	})
	tab := testenv.Laptop(t)
	app.MakeHost(t, tab)
	return app, id, tab
}

// measureHost opens the host screen at w x h and measures it.
func measureHost(t *testing.T, app *testenv.App, id int64, tab *testenv.Tab, w, h int) hostLayout {
	t.Helper()
	var l hostLayout
	tab.Run(t, chromedp.EmulateViewport(int64(w), int64(h)), chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	tab.WaitFor(t, `!document.querySelector(".cc-map-wrap:not([data-opened]), .cq-map-wrap:not([data-opened])")`, "the map to open at its working zoom")
	tab.Run(t, chromedp.Evaluate(hostLayoutJS, &l))
	return l
}

// checkHostTable measures a game's host screen at 1366 x 768 and 1920 x
// 1080 and fails the test, with the positions it measured, unless it is
// the table UX.md draws: the map on the left with its top in the first
// screen, the sheet's first control, undo and (while seats are free, when
// corner) the join corner wholly in the first screen, no sideways scroll,
// axe-core clean in light and dark; and at 1100 px one column, the sheet
// above the map. Each size's screen is kept as name-host-WxH.
func checkHostTable(t *testing.T, app *testenv.App, id int64, tab *testenv.Tab, name string, corner bool) {
	t.Helper()
	for _, size := range [][2]int{{1366, 768}, {1920, 1080}} {
		l := measureHost(t, app, id, tab, size[0], size[1])
		t.Logf("%s host at %s", name, l)
		shot := fmt.Sprintf("%s-host-%dx%d", name, size[0], size[1])
		checkScreen(t, tab, shot)
		var problems []string
		if l.Wide {
			problems = append(problems, "the page scrolls sideways")
		}
		if l.Map == nil || l.Map[1] < 0 || l.Map[1] > l.H-200 {
			problems = append(problems, "the map's top is not in the first screen")
		}
		if !l.onScreen(l.Move) {
			problems = append(problems, "the sheet's first move is not wholly in the first screen")
		}
		if !l.onScreen(l.Undo) {
			problems = append(problems, "undo is not wholly in the first screen")
		}
		if corner && !l.onScreen(l.Corner) {
			problems = append(problems, "seats are free, but the join corner (room code and QR) is not wholly in the first screen")
		}
		if !corner && l.Corner != nil {
			problems = append(problems, "every seat is taken, but the join corner shows")
		}
		if l.Map != nil && l.Move != nil && l.Map[2] > l.Move[0] {
			problems = append(problems, "the map and the sheet are not side by side (map left, sheet right)")
		}
		if len(problems) > 0 {
			t.Errorf("%s: %s\n  (%s)", shot, strings.Join(problems, "; "), l)
		}
		testenv.AxeLightAndDark(t, tab, shot)
	}
	l := measureHost(t, app, id, tab, 1100, 800)
	t.Logf("%s host at %s", name, l)
	if l.Map == nil || l.Move == nil || l.Move[3] > l.Map[1] {
		t.Errorf("%s: at 1100 px the host should be one column, the sheet above the map: %s", name, l)
	}
}

// hostConquestGame is a RISK-family game in play on the host: Ana, Ben
// and Cy, the start armies placed at random; Ben on his phone, Ana's and
// Cy's seats free, so the join corner shows.
func hostConquestGame(t *testing.T, kind string) (*testenv.App, int64, *testenv.Tab) {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Seed: testenv.Seeds(roomSeed)})
	host := hostDevice(t, app)
	id := host.createGame(kind, "Ana", "Ben", "Cy")
	newDevice(t, app).join(joinURLFromQR(t, host, id), id, 1)
	if code, body := host.command(id, "start", map[string]bool{"random": true}, "start"); code != 200 {
		t.Fatalf("start %s: %d %.300s", kind, code, body)
	}
	tab := testenv.Laptop(t)
	app.MakeHost(t, tab)
	return app, id, tab
}

// RISK and PCtW on the host laptop are the same table as Cold Cash: map
// left, the step and its sheet right, the join corner in the first screen
// while seats are free.
func TestHostLaptopTwoColumnsInRiskAndPCtW(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"risk", "pctw"} {
		app, id, tab := hostConquestGame(t, kind)
		checkHostTable(t, app, id, tab, kind, true)
	}
}

// The host laptop is a table: from 1200 px wide the map is on the left and
// the step and its move sheet on the right, the map's top, the sheet's
// first move, undo and the join corner all in the first screen, late in a
// Cold Cash Risk board game; under 1200 px it is one column.
func TestHostLaptopTwoColumnsLateInAColdCashGame(t *testing.T) {
	t.Parallel()
	app, id, tab := lateHostGame(t)
	checkHostTable(t, app, id, tab, "coldcash-late", false) // every seat taken: no join corner
}

// answerForJS lists the moves of the host's sheet a tap sends at once (a
// button not inside a closed disclosure) and each phone seat's fold with
// how many of its moves sit behind a question.
const answerForJS = `(() => {
  const live = [...document.querySelectorAll("#turn #sheet form[data-move] button:not(.step-by)")]
    .filter(b => !b.closest("details:not([open])") && b.offsetParent !== null).map(b => b.textContent.trim());
  const folds = [...document.querySelectorAll("#turn #sheet details.answer-for")].map(d => ({
    name: d.querySelector("summary").textContent.trim(), open: d.open,
    moves: d.querySelectorAll("form[data-move]").length, asked: d.querySelectorAll("details.sheet-confirm form[data-move]").length,
    rows: d.querySelectorAll(".sheet-row").length, rowMoves: d.querySelectorAll(".sheet-row form[data-move]").length}));
  return {live: live, folds: folds};
})()`

type answerFolds struct {
	Live  []string
	Folds []struct {
		Name           string
		Open           bool
		Moves, Asked   int
		Rows, RowMoves int
	}
}

// On the host, a phone player's move is reachable only through that seat's
// "Answer for a player" fold and the move's question: one mis-tap on the
// laptop never decides for someone who has a phone. A seat that plays on
// the laptop keeps its moves as live buttons.
func TestHostAnswersForAPhonePlayerOnlyThroughItsFold(t *testing.T) {
	t.Parallel()
	app, id, tab := lateHostGame(t)
	measureHost(t, app, id, tab, 1366, 768)
	var f answerFolds
	tab.Run(t, chromedp.Evaluate(answerForJS, &f))
	if len(f.Live) > 0 {
		t.Errorf("while the table waits for Ben (on his phone), the host's sheet offers %q as buttons sent by one tap", f.Live)
	}
	if len(f.Folds) != 1 || !strings.HasPrefix(f.Folds[0].Name, "Answer for a player: Ben") || f.Folds[0].Open || f.Folds[0].Moves == 0 {
		t.Fatalf("the host's sheet should fold Ben's moves, closed, under \"Answer for a player: Ben\"; it has %+v", f.Folds)
	}
	// The fold is the one way: the laptop card offers no "Show Ben's hand".
	var card string
	tab.Run(t, chromedp.Text(`#laptop-hand`, &card, chromedp.ByQuery))
	if strings.Contains(card, "Ben's hand") {
		t.Errorf("the laptop card offers Ben's hand while his phone holds his seat: %q", card)
	}
	// The fold's moves are fetched when it opens; each asks first.
	fold := `#turn #sheet details.answer-for`
	tab.Run(t, chromedp.Click(fold+` > summary`, chromedp.ByQuery))
	tab.WaitFor(t, `!!document.querySelector("#turn #sheet details.answer-for form[data-move]")`, "Ben's fold's moves to be fetched")
	tab.Run(t, chromedp.Evaluate(answerForJS, &f))
	if f.Folds[0].Asked != f.Folds[0].Moves || f.Folds[0].Moves == 0 {
		t.Fatalf("every move in Ben's fold should ask first: %d of %d do", f.Folds[0].Asked, f.Folds[0].Moves)
	}
	// Ben's buys are a row per company, as on his phone (the sheet's own
	// lines), not a line per move.
	if f.Folds[0].Rows == 0 || f.Folds[0].RowMoves <= f.Folds[0].Rows {
		t.Errorf("Ben's fold should draw his buys a row per company: %d rows holding %d of its %d moves", f.Folds[0].Rows, f.Folds[0].RowMoves, f.Folds[0].Moves)
	}
	checkScreen(t, tab, "coldcash-late-host-answer-fold-1366x768")
	draw := fold + ` .choice-draw`
	var hidden bool
	tab.Run(t, chromedp.Evaluate(`!!document.querySelector(`+jsString(draw)+`).closest("details.sheet-confirm:not([open])")`, &hidden))
	if !hidden {
		t.Fatal("Ben's \"Take a card\" is a button on the host before its question is opened")
	}
	seq := seqOf(app, id)
	tab.Run(t, chromedp.Click(`#turn #sheet details.sheet-confirm:has(.choice-draw) > summary`, chromedp.ByQuery),
		testenv.WaitText(`#turn #sheet details.sheet-confirm[open] .confirm-q`, "Answer for Ben?"))
	tab.Tap(t, draw)
	tab.WaitSeq(t, seq+1, "", "the frame after Ben's card")

	// Ana plays on the laptop: when the table waits for her, her moves are
	// the host's buttons, with no fold and no question.
	sp := &sheetPlay{t: t, app: app, id: id, rules: coldcash.Rules{}, seats: make([]*testenv.Tab, 3)}
	sp.send(firstOfAny(coldcash.CmdDraw, coldcash.CmdDividends, coldcash.CmdHire, coldcash.CmdPlace, coldcash.CmdLeave, coldcash.CmdFound, coldcash.CmdAbsorb), func(st engine.State) bool {
		s := st.(*coldcash.State)
		w, ok := coldcash.Rules{}.Waiting(s)
		return ok && s.Merger == nil && len(w.Seats) == 1 && w.Seats[0] == 0
	})
	measureHost(t, app, id, tab, 1366, 768)
	tab.Run(t, chromedp.Evaluate(answerForJS, &f))
	if len(f.Live) == 0 || len(f.Folds) > 0 {
		t.Errorf("while the table waits for Ana (on the laptop), her moves should be the host's buttons: live %q, folds %+v", f.Live, f.Folds)
	}
}

// seqOf reads a game's seq.
func seqOf(app *testenv.App, id int64) (seq int64) {
	app.Tracker.State(context.Background(), id, func(_ engine.State, n int64) { seq = n })
	return seq
}

// A phone that claims a seat while the host's screen is open folds that
// seat's moves under "Answer for a player" on the host's sheet at once,
// with no move made (the host's frame is drawn again when the seats phones
// hold change, at the same seq); sent away (Kick), the seat's moves are
// the host's buttons again.
func TestHostSheetFoldsASeatTheMomentAPhoneClaimsIt(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	host := hostDevice(t, app)
	id := host.createGame("scorepad", "Ana", "Ben")
	tab := testenv.Laptop(t)
	app.MakeHost(t, tab)
	tab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#turn #sheet`, chromedp.ByQuery))
	live := func(f answerFolds, label string) bool {
		return slices.ContainsFunc(f.Live, func(s string) bool { return strings.HasPrefix(s, label) })
	}
	var f answerFolds
	tab.Run(t, chromedp.Evaluate(answerForJS, &f))
	if !live(f, "Write Ben's score") || len(f.Folds) > 0 {
		t.Fatalf("before any phone joins, Ben's score is the host's button: live %q, folds %+v", f.Live, f.Folds)
	}
	seq := seqOf(app, id)
	newDevice(t, app).join(joinURLFromQR(t, host, id), id, 1)
	tab.WaitFor(t, `!!document.querySelector("#turn #sheet details.answer-for")`, "Ben's move folded under \"Answer for a player\" once his phone joined")
	tab.Run(t, chromedp.Evaluate(answerForJS, &f))
	if live(f, "Write Ben's score") || !live(f, "Write Ana's score") || len(f.Folds) != 1 || f.Folds[0].Name != "Answer for a player: Ben (1)" {
		t.Errorf("Ben's phone claimed his seat: the host's sheet should fold his move and keep Ana's: live %q, folds %+v", f.Live, f.Folds)
	}
	if now := seqOf(app, id); now != seq {
		t.Fatalf("the game moved from seq %d to %d: the sheet should change with no move made", seq, now)
	}
	if code, body := host.postForm(fmt.Sprintf("/games/%d/seats/1/kick", id), url.Values{}); code != 200 {
		t.Fatalf("kick Ben's phone: %d %.300s", code, body)
	}
	tab.WaitFor(t, `!document.querySelector("#turn #sheet details.answer-for")`, "the \"Answer for a player\" fold to go once Ben's phone was sent away")
	tab.Run(t, chromedp.Evaluate(answerForJS, &f))
	if !live(f, "Write Ben's score") {
		t.Errorf("Ben's phone was sent away: his score should be the host's button again: live %q, folds %+v", f.Live, f.Folds)
	}
}
