package web_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/runtime"
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
		})()`, &answers, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }),
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
