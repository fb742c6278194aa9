package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tableside/engine"
	"tableside/internal/testenv"
	"tableside/internal/testgames"
)

// testClock is a fake clock the test moves; the server reads it.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) at(d time.Duration) {
	c.mu.Lock()
	c.t = time.Date(2026, 11, 20, 19, 0, 0, 0, time.UTC).Add(d)
	c.mu.Unlock()
}

// clockTable is the Turns test game on a real server over HTTP: the host
// laptop, a TV, and Ana's and Ben's phones.
type clockTable struct {
	t *testing.T
	phoneTable
	clk           *testClock
	tv            *device
	path, tvPath  string
	anaAt, benAt  string
	clockFormPath string
}

func newClockTable(t *testing.T) *clockTable {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Games: []engine.Rules{testgames.Turns{}}})
	ct := &clockTable{t: t, phoneTable: phoneTable{app: app, host: hostDevice(t, app)}, clk: &testClock{}, tv: newDevice(t, app)}
	ct.clk.at(0)
	app.Tracker.Now = ct.clk.Now
	info, err := app.Tracker.Create(context.Background(), "turns", "Clock night", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	ct.game = info.ID
	ct.path = fmt.Sprintf("/games/%d", ct.game)
	ct.clockFormPath = ct.path + "/clock"
	ct.seatPhones(t, 2)
	return ct
}

// page is what d's screen of the game shows now (the TV its /tv page).
func (ct *clockTable) page(d *device, path string) string {
	ct.t.Helper()
	code, body := d.get(path)
	if code != http.StatusOK {
		ct.t.Fatalf("GET %s: %d %.300s", path, code, body)
	}
	return body
}

func (ct *clockTable) setClock(d *device, form url.Values) (int, string) {
	ct.t.Helper()
	return d.postForm(ct.clockFormPath, form)
}

func (ct *clockTable) answer(seat int) {
	ct.t.Helper()
	seatDo(ct.t, ct.app, ct.game, seat, testgames.CmdAnswer, "")
}

var clockSection = regexp.MustCompile(`(?s)<section class="clock" id="clock".*?</section>`)

// The scripted evening of the tracker's test, over HTTP: the soft limit
// nudges Ana's phone only, the host's pause is refused to a phone and
// changes nothing, and the end screen tells each player's thinking.
func TestTurnClockEndScreenSaysEachPlayersThinking(t *testing.T) {
	ct := newClockTable(t)
	ana, ben := ct.phones[0], ct.phones[1]
	ct.clk.at(10 * time.Second)
	if code, body := ct.setClock(ct.host, url.Values{"limit": {"60"}}); code != http.StatusOK || !strings.Contains(body, "Pause the clock") {
		t.Fatalf("the host sets a 1 min limit: %d %.300s", code, body)
	}
	before := logLength(t, ct.app, ct.game)
	for _, form := range []url.Values{{"paused": {"1"}}, {"limit": {"0"}}} {
		if code, _ := ct.setClock(ben, form); code != http.StatusForbidden {
			t.Fatalf("Ben's phone set the clock %v: %d; want 403", form, code)
		}
	}
	for _, form := range []url.Values{{"paused": {"yes"}}, {"limit": {"5"}}, {"limit": {"soon"}}, {"pause": {"1"}}, {}} {
		if code, body := ct.setClock(ct.host, form); code == http.StatusOK && !strings.Contains(body, `id="toast"`) || code >= 500 {
			t.Fatalf("the host's bad clock form %v: %d %.300s; want a refusal", form, code, body)
		}
	}
	if after := logLength(t, ct.app, ct.game); after != before {
		t.Fatalf("refused clock settings wrote to the log: %d -> %d", before, after)
	}

	// 70 s into Ana's first decision: past the limit.
	ct.clk.at(70 * time.Second)
	anaPage, benPage, tvPage := ct.page(ana, ct.path), ct.page(ben, ct.path), ct.page(ct.tv, ct.path+"/tv")
	if !strings.Contains(anaPage, `<p class="clock-nudge" id="clock-nudge" role="status">Time is up`) {
		t.Fatalf("Ana's phone, past the limit, shows no nudge:\n%s", clockSection.FindString(anaPage))
	}
	if strings.Contains(benPage, "clock-nudge") || strings.Contains(benPage, "clock-seats") {
		t.Fatalf("Ben's phone shows a nudge or the table's times:\n%s", clockSection.FindString(benPage))
	}
	tvClock := clockSection.FindString(tvPage)
	if text := textOf(tvClock); !strings.Contains(text, "Ana 1 min 10 s · thinking 1 min 10 s past the 1 min limit Ben 0 s") {
		t.Fatalf("the TV does not show Ana past the limit and Ben not thinking:\n%s", tvClock)
	}
	for seat := range 2 {
		if strings.Contains(tvPage, testgames.TurnsPrivate(seat)) {
			t.Fatalf("the TV carries seat %d's private word", seat)
		}
	}
	if rest := regexp.MustCompile(`<[^>]*>|Ana|Ben|\d+ (min|s)|thinking|past the|limit|Soft limit:|per decision, a nudge only\.|[\s·]`).ReplaceAllString(tvClock, ""); rest != "" {
		t.Fatalf("the TV's clock says more than names and times: %q", rest)
	}

	ct.clk.at(2 * time.Minute)
	ct.answer(0)
	ct.clk.at(3 * time.Minute)
	if code, body := ct.setClock(ct.host, url.Values{"paused": {"1"}}); code != http.StatusOK || !strings.Contains(body, "Resume the clock") || !strings.Contains(body, "Clock paused for a break") {
		t.Fatalf("the host pauses: %d\n%s", code, clockSection.FindString(body))
	}
	ct.clk.at(8 * time.Minute)
	if !strings.Contains(ct.page(ct.tv, ct.path+"/tv"), "Clock paused for a break (5 min so far)") {
		t.Fatal("the TV does not say the clock is paused")
	}
	if code, _ := ct.setClock(ct.host, url.Values{"paused": {"0"}}); code != http.StatusOK {
		t.Fatalf("the host resumes: %d", code)
	}
	ct.clk.at(10*time.Minute + 10*time.Second)
	ct.answer(1)
	ct.clk.at(11 * time.Minute)
	ct.answer(0)
	ct.clk.at(12*time.Minute + 30*time.Second)
	ct.answer(1)

	want := []string{
		"Ana thought 2 min 50 s, the longest single decision: 2 min, buy up to 3 shares",
		"Ben thought 5 min 30 s, the longest single decision: 3 min 10 s, the Festival merger",
	}
	for name, page := range map[string]string{"host": ct.page(ct.host, ct.path), "TV": ct.page(ct.tv, ct.path+"/tv"), "Ana's phone": ct.page(ana, ct.path)} {
		if !strings.Contains(page, `id="winner"`) {
			t.Fatalf("the %s shows no end screen", name)
		}
		for _, line := range want {
			if !strings.Contains(page, "<li>"+line+"</li>") {
				t.Errorf("the %s's end screen lacks %q", name, line)
			}
		}
		if strings.Contains(page, `id="clock"`) {
			t.Errorf("the %s still shows the running clock after the end", name)
		}
	}
}

// textOf is an HTML fragment's text, its spaces folded.
func textOf(html string) string {
	return strings.Join(strings.Fields(regexp.MustCompile(`<[^>]*>`).ReplaceAllString(html, " ")), " ")
}
