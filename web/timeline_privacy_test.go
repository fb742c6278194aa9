package web_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/web"
)

// twinTable is one game on its own server: the host laptop, a TV and a
// phone for each player.
type twinTable struct {
	phoneTable
	tv *device
}

func newTwinTable(t *testing.T, kind string, players ...string) *twinTable {
	t.Helper()
	return newTwinTableWith(t, kind, nil, players...)
}

// newTwinTableWith is newTwinTable with the game's settings.
func newTwinTableWith(t *testing.T, kind string, settings map[string]any, players ...string) *twinTable {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Limits: web.Limits{OddsPerSecond: 1000, OddsBurst: 1000, CostPerSecond: time.Hour, CostBurst: time.Hour}}) // every step of the log, at once
	fixedDice(app)
	tt := &twinTable{phoneTable: phoneTable{app: app, host: hostDevice(t, app)}, tv: newDevice(t, app)}
	tt.game = tt.host.createGameWith(kind, settings, players...)
	tt.seatPhones(t, len(players))
	return tt
}

// timelineTwin is two games that differ only in one seat's secret: every
// timeline page the other screens load, at every step, must be the same
// bytes in both.
type timelineTwin struct {
	t      *testing.T
	a, b   *twinTable
	holder int // the seat whose secret differs
	n      int
}

func (tw *timelineTwin) send(tt *twinTable, seat int, typ string, data any) {
	tw.t.Helper()
	tw.n++
	if code, body := tt.by(seat).command(tt.game, typ, data, fmt.Sprint("k", tw.n)); code != http.StatusOK {
		tw.t.Fatalf("%s %v by %d: %d %s", typ, data, seat, code, body)
	}
}

// both sends the same command to both games.
func (tw *timelineTwin) both(seat int, typ string, data any) {
	tw.t.Helper()
	tw.send(tw.a, seat, typ, data)
	tw.send(tw.b, seat, typ, data)
}

// secret sends the holder's secret choice: one way in a, another in b.
func (tw *timelineTwin) secret(typ string, inA, inB any) {
	tw.t.Helper()
	tw.send(tw.a, tw.holder, typ, inA)
	tw.send(tw.b, tw.holder, typ, inB)
}

var stepCount = regexp.MustCompile(`After command \d+ of (\d+):`)

// same loads every step's timeline page on the host, the TV, the host's TV
// window and every phone but the holder's, in both games, and requires the
// same bytes; the holder's own phone must see its secret differ somewhere.
func (tw *timelineTwin) same() {
	tw.t.Helper()
	_, last := tw.a.host.get(fmt.Sprintf("/games/%d/timeline", tw.a.game))
	m := stepCount.FindStringSubmatch(last)
	if m == nil {
		tw.t.Fatalf("no step line on the timeline: %.300s", last)
	}
	var n int
	fmt.Sscan(m[1], &n)
	type screen struct {
		name  string
		d     func(*twinTable) *device
		query string
	}
	screens := []screen{{"host", func(tt *twinTable) *device { return tt.host }, ""},
		{"host's TV window", func(tt *twinTable) *device { return tt.host }, "&as=public"},
		{"TV", func(tt *twinTable) *device { return tt.tv }, ""}}
	for seat := range tw.a.phones {
		if seat != tw.holder {
			screens = append(screens, screen{fmt.Sprintf("seat %d's phone", seat), func(tt *twinTable) *device { return tt.phones[seat] }, ""})
		}
	}
	holderDiffers := false
	for at := 0; at <= n; at++ {
		for _, sc := range screens {
			ca, pa := sc.d(tw.a).get(fmt.Sprintf("/games/%d/timeline?at=%d%s", tw.a.game, at, sc.query))
			cb, pb := sc.d(tw.b).get(fmt.Sprintf("/games/%d/timeline?at=%d%s", tw.b.game, at, sc.query))
			if ca != 200 || cb != 200 {
				tw.t.Fatalf("%s's timeline at %d: %d / %d", sc.name, at, ca, cb)
			}
			if a, b := volatile.ReplaceAllString(pa, "T"), volatile.ReplaceAllString(pb, "T"); a != b {
				tw.t.Fatalf("the %s's timeline at step %d differs between the two games:\n%s", sc.name, at, firstDiffHTTP(a, b))
			}
		}
		_, pa := tw.a.phones[tw.holder].get(fmt.Sprintf("/games/%d/timeline?at=%d", tw.a.game, at))
		_, pb := tw.b.phones[tw.holder].get(fmt.Sprintf("/games/%d/timeline?at=%d", tw.b.game, at))
		holderDiffers = holderDiffers || pa != pb
	}
	if !holderDiffers {
		tw.t.Fatal("the holder's own timeline never shows its secret: the twins do not differ, and the test proves nothing")
	}
}

// A Takeover hand (which coins are stock) is its seat's secret: Ana keeps
// the 4 of Suns as stock in one game and the 3 of Suns in the other, and
// every timeline page of the host, the TV and Ben's phone, at every step,
// chart included, is the same bytes in both; Ana's own differs (her worth,
// once a merge makes the choice matter).
func TestTimelineCarriesNoOtherSeatsTakeoverHand(t *testing.T) {
	t.Parallel()
	tw := &timelineTwin{t: t, a: newTwinTable(t, "takeover", "Ana", "Ben"), b: newTwinTable(t, "takeover", "Ana", "Ben"), holder: 0}
	tw.takeoverAnasStockDiffers()
	// Ana's 4 of Suns absorbs the 3 of Suns: her worth now depends on which
	// of the two she keeps as stock (5 for the 4 on a stack of two, or 4 in
	// cash), and only her phone may know.
	tw.both(0, "merge", map[string]any{"from": "E1", "to": "D1"})
	tw.same()
}

// Which cards a Cash or Crash player stakes is secret until a challenge:
// Ana stakes cards 1 and 2 in one game, 3 and 4 in the other; the other
// screens' timelines are the same bytes at every step.
func TestTimelineCarriesNoOtherSeatsCashOrCrashStake(t *testing.T) {
	t.Parallel()
	tw := &timelineTwin{t: t, a: newTwinTable(t, "cashcrash", "Ana", "Ben"), b: newTwinTable(t, "cashcrash", "Ana", "Ben"), holder: 0}
	tw.both(engine.Host, "configure", map[string]any{"cards": []string{"G", "G", "O", "O", "W", "W", "GO", "OW", "GW", "GOW"}})
	tw.both(engine.Host, "start", map[string]int{"first": 0})
	tw.secret("stake", map[string]any{"cards": []int{1, 2}}, map[string]any{"cards": []int{3, 4}})
	tw.both(1, "stake", map[string]any{"cards": []int{1, 2}})
	tw.both(0, "bid", map[string]any{"qty": 1, "goods": "O"})
	tw.same()
}

// figures are a page's worth charts (SVG and legend, not the note, which
// says whose line is whole).
var figures = regexp.MustCompile(`(?s)<svg class="chart worth".*?</svg>|<ul class="worth-legend">.*?</ul>`)

// Cold Cash Risk's hidden shares stay out of every other screen's chart:
// Ben hides 2 of his Luxor. (A log cannot differ from another only in a
// hidden count: what a seat bought is public, so the hidden count is what
// the other screens cannot see of the visible one; the byte-for-byte twins
// of the running state are in coldcash_privacy_test.go.) Here Ana's phone
// and the host draw the chart the TV draws, byte for byte, at every step,
// with Ben at cash plus his one visible share; Ben's own phone counts all
// three.
func TestTimelineChartKeepsColdCashHiddenSharesOffOtherScreens(t *testing.T) {
	t.Parallel()
	tt := newTimelineTable(t)
	for at := 0; at <= 7; at++ {
		q := fmt.Sprintf("?at=%d", at)
		_, tv := tt.page(tt.tv, q)
		want := strings.Join(figures.FindAllString(tv, -1), "\n")
		if !strings.Contains(want, "<svg") {
			t.Fatalf("no chart on the TV's timeline at %d", at)
		}
		for name, d := range map[string]*device{"host": tt.host, "Ana's phone": tt.phones[0], "Cy's phone": tt.phones[2]} {
			_, page := tt.page(d, q)
			if got := strings.Join(figures.FindAllString(page, -1), "\n"); got != want {
				t.Fatalf("at %d the %s's chart differs from the public one:\n%s", at, name, firstDiffHTTP(got, want))
			}
		}
	}
	// After step 7 Luxor (size 6, cheap) is at $600: Ben paid $1,800 for 3
	// and hid 2, so the table sees $6,000 - $1,800 + $600 = $4,800 and his
	// phone all three shares, $4,200 + $1,800 = $6,000.
	_, tv := tt.page(tt.tv, "?at=7")
	_, ben := tt.page(tt.phones[1], "?at=7")
	if !strings.Contains(tv, "Ben <strong>$4,800</strong>") || !strings.Contains(tv, "Ben: $6,000 at command 0, $4,800 at command 7") {
		t.Fatalf("the TV's legend does not read Ben at $4,800 (cash and the visible share): %s", strings.Join(figures.FindAllString(tv, -1), "\n"))
	}
	if !strings.Contains(ben, "Ben <strong>$6,000</strong>") || !strings.Contains(ben, "Ben: $6,000 at command 0, $6,000 at command 7") {
		t.Fatalf("Ben's own legend does not count his hidden shares: %s", strings.Join(figures.FindAllString(ben, -1), "\n"))
	}
}

// takeoverAnasStockDiffers lays and drafts both Takeover games alike, then
// Ana keeps the 4 of Suns as stock in a and the 3 of Suns in b (her
// secret); Ben keeps the 5 of Suns in both.
func (tw *timelineTwin) takeoverAnasStockDiffers() {
	tiles := suitRows()
	tw.both(engine.Host, "lay", map[string]any{"tiles": tiles, "first": 0})
	for _, c := range tiles {
		tw.both(engine.Host, "draft", map[string]string{"coin": c})
	}
	tw.secret("conceal", map[string]any{"stock": []string{"S4"}}, map[string]any{"stock": []string{"S3"}})
	tw.both(1, "conceal", map[string]any{"stock": []string{"S5"}})
}
