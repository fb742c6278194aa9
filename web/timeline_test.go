package web_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"

	"tableside/internal/testclient"
)

// timelineTable is a Cold Cash game in bank mode with Ana, Ben and Cy on
// their phones, a TV, and a short history: two foundings, buys, Ben's
// hidden shares, an undo and a redo.
type timelineTable struct {
	*hiddenTable
}

func newTimelineTable(t *testing.T) *timelineTable {
	t.Helper()
	ht := newHiddenTable(t, map[string]any{"mode": "bank"}, nil, "Ana", "Ben", "Cy")
	tt := &timelineTable{ht}
	n := 0
	do := func(seat int, typ string, data map[string]any) {
		t.Helper()
		n++
		if code, body := ht.by(seat).command(ht.game, typ, data, fmt.Sprint("t", n)); code != http.StatusOK {
			t.Fatalf("%s %v: %d %s", typ, data, code, body)
		}
	}
	do(engine.Host, "found", map[string]any{"company": "c2", "seat": 0, "size": 6})      // 1: Luxor for Ana
	do(0, "buy", map[string]any{"company": "c2", "count": 3})                            // 2
	do(engine.Host, "turn", map[string]any{"seat": 1})                                   // 3
	do(1, "buy", map[string]any{"company": "c2", "count": 3})                            // 4
	if _, err := ht.app.Tracker.Undo(context.Background(), ht.game, 0, ""); err != nil { // 5: undo Ben's buy
		t.Fatal(err)
	}
	if _, err := ht.app.Tracker.Redo(context.Background(), ht.game, 0, ""); err != nil { // 6: redo it
		t.Fatal(err)
	}
	do(1, "hide", map[string]any{"company": "c2", "hidden": 2}) // 7
	return tt
}

// finish rings the closing bell: Luxor grows to 22 and the game ends.
func (tt *timelineTable) finish(t *testing.T) {
	t.Helper()
	for i, c := range []struct {
		typ  string
		data map[string]any
	}{{"size", map[string]any{"company": "c2", "size": 22}}, {"end", map[string]any{"reason": "closing-bell"}}} {
		if code, body := tt.host.command(tt.game, c.typ, c.data, fmt.Sprint("end", i)); code != http.StatusOK {
			t.Fatalf("%s: %d %s", c.typ, code, body)
		}
	}
}

func (tt *timelineTable) page(d *device, query string) (int, string) {
	return d.get(fmt.Sprintf("/games/%d/timeline%s", tt.game, query))
}

var stepLine = regexp.MustCompile(`<strong>After command (\d+) of (\d+):</strong> <span class="what">([^<]*)</span>`)

// The timeline steps through the log: it opens at the last command, says
// what each step was in words (undo and redo included), steps back and
// forward by links and the slider's GET form, and names a step that does
// not exist.
func TestTimelineStepsThroughTheLogOverHTTP(t *testing.T) {
	t.Parallel()
	tt := newTimelineTable(t)
	code, body := tt.page(tt.host, "")
	if code != 200 {
		t.Fatalf("timeline: %d %.300s", code, body)
	}
	m := stepLine.FindStringSubmatch(body)
	if m == nil || m[1] != "7" || m[2] != "7" || m[3] != "Ben changed hidden Luxor shares" {
		t.Fatalf("the timeline opens at %q; want command 7 of 7, Ben's hiding", m)
	}
	want := map[int]string{0: "the game as it was set up", 1: "Ana founded Luxor (size 6)", 4: "Ben bought 3 Luxor ($1,800)",
		5: "Undo: Ben bought 3 Luxor ($1,800)", 6: "Redo: Ben bought 3 Luxor ($1,800)"}
	for at, what := range want {
		code, body := tt.page(tt.host, fmt.Sprintf("?at=%d", at))
		m := stepLine.FindStringSubmatch(body)
		if code != 200 || m == nil || m[1] != fmt.Sprint(at) || m[3] != what {
			t.Fatalf("?at=%d: %d, step line %q; want %q", at, code, m, what)
		}
	}
	// Back and forward are links to the neighbours; the ends have none.
	_, body = tt.page(tt.host, "?at=3")
	for id, at := range map[string]int{"tl-first": 0, "tl-back": 2, "tl-forward": 4, "tl-last": 7} {
		if !strings.Contains(body, fmt.Sprintf(`id="%s" href="/games/%d/timeline?at=%d"`, id, tt.game, at)) {
			t.Fatalf("at 3 the %s link does not lead to %d", id, at)
		}
	}
	if _, body := tt.page(tt.host, "?at=0"); strings.Contains(body, `id="tl-back"`) || !strings.Contains(body, `id="tl-forward"`) {
		t.Fatal("the first step offers Back, or no Forward")
	}
	if _, body := tt.page(tt.host, "?at=7"); strings.Contains(body, `id="tl-forward"`) || !strings.Contains(body, `id="tl-back"`) {
		t.Fatal("the last step offers Forward, or no Back")
	}
	// The slider's form sends at= by GET; its range runs over every step.
	if !strings.Contains(body, `<form class="slider" method="get" action="/games/`+itoa(tt.game)+`/timeline">`) ||
		!strings.Contains(body, `type="range" id="tl-at" name="at" min="0" max="7" value="3"`) {
		t.Fatal("no slider form over steps 0 to 7 at 3")
	}
	// The table as it was: after step 1 Ana has one free Luxor share and
	// $6,000; after step 2 she has bought 3 more for $1,800.
	_, one := tt.page(tt.host, "?at=1")
	_, two := tt.page(tt.host, "?at=2")
	if !strings.Contains(one, "$6,000") || !strings.Contains(two, "$4,200") || strings.Contains(one, "$4,200") {
		t.Fatal("the table shown is not the table after each step")
	}
	// Nothing to press in the past: the table sits in an inert box.
	if !strings.Contains(two, `<div class="past-table" inert>`) {
		t.Fatal("the past table is not inert")
	}
	for _, bad := range []struct{ q, msg string }{{"?at=x", "not a whole number"}, {"?at=8", "There is no step 8"}, {"?at=-1", "There is no step -1"}} {
		code, body := tt.page(tt.host, bad.q)
		if code != http.StatusBadRequest || !strings.Contains(body, bad.msg) {
			t.Fatalf("%s: %d %.200s; want 400 saying %q", bad.q, code, body, bad.msg)
		}
	}
	if code, _ := tt.host.get("/games/999/timeline"); code != http.StatusNotFound {
		t.Fatalf("a game that does not exist: %d", code)
	}
}

// A finished game's worth chart is on its end screen and on its play's page
// in the score log, each with a link to the timeline, drawn for whoever
// looks: the TV and Ana's phone draw the same chart (Ben's hidden shares
// counted only while they were visible), Ben's own phone his whole line.
func TestFinishedGameChartsOnTheEndScreenAndTheScoreLog(t *testing.T) {
	t.Parallel()
	tt := newTimelineTable(t)
	tt.finish(t)
	charts := func(page string) string { return strings.Join(figures.FindAllString(page, -1), "\n") }
	_, end := tt.host.get(fmt.Sprintf("/games/%d", tt.game))
	if !strings.Contains(end, `id="winner"`) || !strings.Contains(end, `<svg class="chart worth"`) ||
		!strings.Contains(end, fmt.Sprintf(`href="/games/%d/timeline" id="winner-timeline"`, tt.game)) {
		t.Fatal("the end screen has no worth chart, or no link to the timeline")
	}
	play := scoreRow(t, tt.host, tt.game)
	path := "/scores/plays/" + play.Key
	_, tv := tt.tv.get(path)
	_, ana := tt.phones[0].get(path)
	_, ben := tt.phones[1].get(path)
	if !strings.Contains(tv, `<svg class="chart worth"`) || !strings.Contains(tv, fmt.Sprintf(`<a href="/games/%d/timeline">`, tt.game)) {
		t.Fatalf("the play's page has no chart or no timeline link: %.500s", tv)
	}
	if charts(tv) != charts(ana) {
		t.Fatalf("Ana's phone draws another chart than the TV:\n%s", firstDiffHTTP(charts(ana), charts(tv)))
	}
	if charts(tv) == charts(ben) {
		t.Fatal("Ben's own phone draws the public chart: his hidden shares are not in his own line")
	}
	// The end screens agree with the play's page, viewer by viewer.
	_, tvEnd := tt.tv.get(fmt.Sprintf("/games/%d", tt.game))
	_, benEnd := tt.phones[1].get(fmt.Sprintf("/games/%d", tt.game))
	if charts(tvEnd) != charts(tv) || charts(benEnd) != charts(ben) {
		t.Fatal("the end screen's chart and the play page's differ for the same viewer")
	}
	// Charts follow the log: undoing the end reopens the game (no chart),
	// redoing it draws the two more steps (the charts are kept by log length).
	if !strings.Contains(charts(tvEnd), ">command 9</text>") {
		t.Fatalf("the end chart does not run to command 9: %s", charts(tvEnd))
	}
	ctx := context.Background()
	if _, err := tt.app.Tracker.Undo(ctx, tt.game, 0, ""); err != nil {
		t.Fatal(err)
	}
	if _, page := tt.tv.get(fmt.Sprintf("/games/%d", tt.game)); strings.Contains(page, `<svg class="chart worth"`) {
		t.Fatal("a game reopened by an undo still shows the end screen's chart")
	}
	if _, err := tt.app.Tracker.Redo(ctx, tt.game, 0, ""); err != nil {
		t.Fatal(err)
	}
	if _, page := tt.tv.get(fmt.Sprintf("/games/%d", tt.game)); !strings.Contains(charts(page), ">command 11</text>") {
		t.Fatalf("after the redo the end chart does not run to command 11: %s", charts(page))
	}
}

// The printed record of a finished game carries its chart: the main
// measure over the game as the public saw it, each player named.
func TestGameRecordPrintsTheWorthChart(t *testing.T) {
	t.Parallel()
	tt := newTimelineTable(t)
	tt.finish(t)
	code, body := tt.host.get(fmt.Sprintf("/games/%d/record.pdf?paper=a4", tt.game))
	if code != 200 || !strings.HasPrefix(body, "%PDF") {
		t.Fatalf("record: %d %.200s", code, body)
	}
	text := testclient.PDFLayout(t, []byte(body))
	if !strings.Contains(text, "Net worth ($) over the game") || !strings.Contains(text, "9 commands, from the first to the last") {
		t.Fatalf("the record has no net worth chart over 9 commands:\n%s", text)
	}
}

var toldList = regexp.MustCompile(`(?s)<ul class="list feed-list told" id="step-told">(.*?)</ul>`)

// told is the step's feed lines as the page shows them, "" for none.
func (tt *timelineTable) told(t *testing.T, d *device, at int) string {
	t.Helper()
	code, body := tt.page(d, fmt.Sprintf("?at=%d", at))
	if code != http.StatusOK {
		t.Fatalf("?at=%d: %d", at, code)
	}
	if m := toldList.FindStringSubmatch(body); m != nil {
		return m[1]
	}
	return ""
}

// Each step says what it told the viewer, as the live feed did: Ana's
// phone her own payment, the host the table's line, Ben's hidden count
// only on Ben's phone.
func TestTimelineStepTellsEachViewerTheirOwnLines(t *testing.T) {
	t.Parallel()
	tt := newTimelineTable(t)
	if s := tt.told(t, tt.by(0), 2); !strings.Contains(s, "-$1,800 bought 3 Luxor at $600") {
		t.Fatalf("Ana's step 2: %q", s)
	}
	if s := tt.told(t, tt.host, 2); !strings.Contains(s, "Ana bought 3 Luxor for $1,800.") || strings.Contains(s, "at $600") {
		t.Fatalf("the host's step 2: %q", s)
	}
	if s := tt.told(t, tt.by(1), 2); s != "" {
		t.Fatalf("Ben's phone reads Ana's step 2: %q", s)
	}
	if s := tt.told(t, tt.by(1), 7); !strings.Contains(s, "You now hide 2 of your 3 Luxor shares") {
		t.Fatalf("Ben's step 7: %q", s)
	}
	for _, d := range []*device{tt.host, tt.tv, tt.by(0), tt.by(2)} {
		if s := tt.told(t, d, 7); strings.Contains(s, "hide 2") {
			t.Fatalf("another screen reads Ben's hidden count: %q", s)
		}
	}
}
