package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/internal/testenv"
)

// In the laptop's browser the undo form names its command and app.js gives
// it a key; the form sent twice (a double tap, a resent post) undoes once
// and the second answer is a repeat.
func TestBrowserUndoFormSentTwiceUndoesOnce(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	ctx := context.Background()
	info, err := app.Tracker.Create(ctx, "scorepad", "Friday", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	for i, data := range []string{`{"seat":0,"points":5}`, `{"seat":1,"points":12}`} {
		if _, err := app.Tracker.Do(ctx, info.ID, engine.Command{Type: "score", Seat: engine.Host, Data: []byte(data)}, fmt.Sprint("k", i)); err != nil {
			t.Fatal(err)
		}
	}
	tab := testenv.Laptop(t)
	tab.RecordNetwork(t)
	var cmd, key, answers, label string
	tab.Run(t,
		chromedp.Navigate(fmt.Sprintf("%s/games/%d", app.URL, info.ID)),
		chromedp.WaitVisible(`.undo-bar button`, chromedp.ByQuery),
		chromedp.Text(`.undo-bar button`, &label, chromedp.ByQuery),
		chromedp.Value(`.undo-bar form input[name=cmd]`, &cmd, chromedp.ByQuery),
		chromedp.Value(`.undo-bar form input[name=idem]`, &key, chromedp.ByQuery),
		chromedp.Evaluate(`(async () => {
			const f = document.querySelector(".undo-bar form");
			const send = () => fetch(f.action, {method: "POST", body: new URLSearchParams(new FormData(f)), headers: {"Accept": "application/json"}});
			const a = await send(), b = await send();
			return [a.status, await a.text(), b.status, await b.text()].join(" | ");
		})()`, &answers, testenv.AwaitPromise),
	)
	if !strings.Contains(label, "Ben scored 12") || cmd != "2" || len(key) != 32 {
		t.Fatalf("undo form: label %q, cmd %q, key %q; want Ben's 12, command 2 and a key from app.js", label, cmd, key)
	}
	if strings.Count(answers, "200 |") != 2 || strings.Count(answers, `"repeat":false`) != 1 || strings.Count(answers, `"repeat":true`) != 1 {
		t.Fatalf("the form sent twice: %s; want one undo and one repeat", answers)
	}
	v, _, err := app.Tracker.View(ctx, info.ID, engine.Viewer{Seat: engine.Host})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(v); !strings.Contains(got, "[5 0]") {
		t.Fatalf("after the double send the totals are %s; want Ana 5, Ben 0 (one undo)", got)
	}
	tab.AssertLocalOnly(t, app.URL)
}

// Undo by request, with the host laptop and Ana's and Ben's phones: Ana's
// phone asks to undo her own last move, the host's screen shows who asks
// and what, and declines, then (asked again) approves with one tap; Ana's
// phone hears each answer live; the feed tells who asked and that the host
// approved. A request that something happened after is void: the host's
// stale tap is refused and changes nothing. Ben's phone never sees any of
// Ana's requests, and never gets the button for a move that is not his.
func TestBrowserPhoneAsksTheHostToUndoItsOwnMove(t *testing.T) {
	t.Parallel()
	app, hostTab, host := hostLaptop(t)
	host.watch(t)
	ctx := context.Background()
	id := hostDevice(t, app).createGame("scorepad", "Ana", "Ben")
	hostTab.Run(t, chromedp.Navigate(gameURL(app, id)))
	ana, ben := joinTwoPhones(t, app, id)
	score := func(seat, points int) {
		t.Helper()
		data := fmt.Sprintf(`{"seat":%d,"points":%d}`, seat, points)
		if _, err := app.Tracker.Do(ctx, id, engine.Command{Type: "score", Seat: seat, Data: []byte(data)}, ""); err != nil {
			t.Fatal(err)
		}
	}
	total := func() string {
		v, _, err := app.Tracker.View(ctx, id, engine.Viewer{Seat: engine.Host})
		if err != nil {
			t.Fatal(err)
		}
		return fmt.Sprint(v)
	}
	score(0, 7)
	ana.tab.Run(t, testenv.WaitText(`#turn`, "Ask the host to undo: Ana scored 7"))
	if strings.Contains(html(t, ben.tab), "ask-undo") {
		t.Fatal("Ben's phone offers to undo Ana's move")
	}

	// Ask, decline.
	ana.tab.Submit(t, `#ask-undo`, 200)
	ana.tab.Run(t, testenv.WaitText(`#turn`, "You asked the host to undo: Ana scored 7. Waiting for the host."))
	hostTab.Run(t, testenv.WaitText(`#ask-undo`, "Ana asks to undo: Ana scored 7"))
	hostTab.Submit(t, `#ask-decline`, 200)
	ana.tab.Run(t, testenv.WaitText(`#feed`, "The host said no: Ana scored 7"))
	ana.tab.Run(t, testenv.WaitText(`#ask-said-no`, "The host said no: Ana scored 7"))
	hostTab.Run(t, testenv.WaitText(`#feed`, "You declined Ana's undo request: Ana scored 7"))
	if !strings.Contains(total(), "[7 0]") {
		t.Fatalf("after a decline the totals are %s; want Ana's 7 kept", total())
	}

	// A new move, asked about and approved: undone.
	score(0, 5)
	ana.tab.Run(t, testenv.WaitText(`#turn`, "Ask the host to undo: Ana scored 5"))
	ana.tab.Submit(t, `#ask-undo`, 200)
	hostTab.Run(t, testenv.WaitText(`#ask-undo`, "Ana asks to undo: Ana scored 5"))
	hostTab.Submit(t, `#ask-approve`, 200)
	ana.tab.Run(t, testenv.WaitText(`#feed`, "The host approved your undo request: it is undone"))
	hostTab.Run(t, testenv.WaitText(`#feed`, "You approved Ana's undo request"))
	hostTab.Run(t, testenv.WaitText(`#feed`, "Undone: Ana scored 5"))
	hostTab.Run(t, testenv.WaitText(`#feed`, "Ana asked to undo: Ana scored 5"))
	if !strings.Contains(total(), "[7 0]") {
		t.Fatalf("after the approval the totals are %s; want Ana's 5 undone", total())
	}

	// A stale request: Ana scores and asks, Ben scores before the host
	// answers; the host's tap (on the screen drawn before) is refused.
	score(0, 3)
	ana.tab.Run(t, testenv.WaitText(`#turn`, "Ask the host to undo: Ana scored 3"))
	ana.tab.Submit(t, `#ask-undo`, 200)
	hostTab.Run(t, testenv.WaitText(`#ask-undo`, "Ana asks to undo: Ana scored 3"))
	var action string
	hostTab.Run(t, chromedp.AttributeValue(`#ask-undo form`, "action", &action, nil, chromedp.ByQuery))
	score(1, 5)
	hostTab.Run(t, testenv.WaitText(`#feed`, "Ben scored 5"))
	var answer string
	hostTab.Run(t, chromedp.Evaluate(fmt.Sprintf(`(async () => {
		const r = await fetch(%q, {method: "POST", headers: {"Accept": "application/json"}});
		return r.status + " " + await r.text();
	})()`, action), &answer, testenv.AwaitPromise))
	if !strings.HasPrefix(answer, "409 ") || !strings.Contains(answer, "That request no longer stands: something else happened since it was made.") {
		t.Fatalf("a stale approval: %s", answer)
	}
	if !strings.Contains(total(), "[10 5]") || strings.Contains(html(t, hostTab), `id="ask-undo"`) {
		t.Fatalf("after the stale approval the totals are %s (want 3 and 5), or the host still shows the request", total())
	}
	// Privacy: Ben's phone got none of Ana's requests or answers.
	ben.keeps(t, "throughout", "asks to undo", "asked to undo", "asked the host", "undo request", "said no", "Ask the host to undo: Ana")
	ben.received(t, "throughout", "You scored 5") // Ben's screen heard the table live all along
	ana.received(t, "throughout", "Ask the host to undo: Ana scored 3")
	host.received(t, "throughout", "asks to undo: Ana scored 3")
	for _, tab := range []*testenv.Tab{hostTab, ana.tab, ben.tab} {
		tab.AssertLocalOnly(t, app.URL)
	}
}

// The request routes refuse bad input in the table's words and change
// nothing: no move named, a non-number, the host or a spectator asking, a
// move that is not the phone's own, an answer to no request, an unknown
// query.
func TestUndoRequestRoutesRefuseBadInput(t *testing.T) {
	t.Parallel()
	app, host, ana, ben := hostAndTwoPhones(t)
	game, join := anaAtAScorePad(t, host, ana)
	ben.join(join, game, 1)
	if code, body := ana.command(game, "score", map[string]int{"seat": 0, "points": 4}, "s1"); code != 200 {
		t.Fatalf("score: %d %s", code, body)
	}
	seq := func() int64 {
		_, s, err := app.Tracker.View(context.Background(), game, engine.Viewer{Seat: engine.Host})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := seq()
	path := fmt.Sprintf("/games/%d/undo-requests", game)
	cases := []struct {
		who  *device
		path string
		form map[string]string
		code int
		want string
	}{
		{ana, path, map[string]string{}, 400, "does not say which move"},
		{ana, path, map[string]string{"cmd": "one"}, 400, `a number, not \"one\"`},
		{ben, path, map[string]string{"cmd": "1"}, 422, "only your own last move"},
		{ana, path, map[string]string{"cmd": "9"}, 422, "There is no move 9 in this game."},
		{host, path, map[string]string{"cmd": "1"}, 400, "Only a player's phone asks"},
		{host, path + "/1/approve", nil, 409, "no longer stands"},
		{host, path + "/x/decline", nil, 400, `a number, not \"x\"`},
		{host, path + "/1/approve?now=1", nil, 400, `takes no \"now\"`},
		{ana, path + "/1/approve", nil, 403, ""},
	}
	for _, c := range cases {
		form := url.Values{}
		for k, v := range c.form {
			form.Set(k, v)
		}
		req, _ := http.NewRequest("POST", c.who.url(c.path), strings.NewReader(form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", "application/json")
		resp, body := c.who.do(req, true)
		code := resp.StatusCode
		if code != c.code || !strings.Contains(body, c.want) {
			t.Errorf("%s %v: %d %.300s; want %d with %q", c.path, c.form, code, body, c.code, c.want)
		}
	}
	if after := seq(); after != before {
		t.Fatalf("refused requests moved the log from %d to %d", before, after)
	}
}
