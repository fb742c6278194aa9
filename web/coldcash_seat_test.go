package web

import (
	"context"
	"encoding/json"
	htmlpkg "html"
	"path/filepath"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/tracker"
)

// A seat's phone page: my cash big on top, my hidden shares (mine only),
// and the decision I owe as a card with the shortcuts. Phones join through
// the seat resolver; here the page is rendered for the seat directly.
func TestSeatPageShowsMyCashMyHiddenSharesAndTheDecisionIOwe(t *testing.T) {
	t.Parallel()
	db, err := tracker.OpenDB(filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tr := tracker.New(db, coldcash.Rules{})
	ctx := context.Background()
	info, err := tr.Create(ctx, "coldcash", "Phones", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}})
	if err != nil {
		t.Fatal(err)
	}
	do := func(seat int, typ string, data map[string]any) {
		raw, _ := json.Marshal(data)
		if _, err := tr.Do(ctx, info.ID, engine.Command{Type: typ, Seat: seat, Data: raw}, ""); err != nil {
			t.Fatalf("%s: %v", typ, err)
		}
	}
	do(engine.Host, "found", map[string]any{"company": "c6", "seat": 0, "size": 8})
	do(engine.Host, "found", map[string]any{"company": "c5", "seat": 1, "size": 6})
	do(1, "hide", map[string]any{"company": "c5", "hidden": 1})
	render := func(seat int) string {
		v := engine.Viewer{Seat: seat}
		view, seq, _ := tr.View(ctx, info.ID, v)
		gi, _ := tr.Info(ctx, info.ID)
		p := gamePage{Info: gi, Viewer: v, View: view, Seq: seq}
		p.answer()
		html, err := sharedViews().fragment("game_coldcash", "live", page{Data: p})
		if err != nil {
			t.Fatal(err)
		}
		return html
	}
	ben := render(1)
	for _, want := range []string{`id="my-statement"`, "0 visible · 1 hidden"} {
		if !strings.Contains(ben, want) {
			t.Errorf("Ben's phone lacks %q", want)
		}
	}
	// Ben's cash is said once: above his sheet (the turn bar's standing),
	// not again in his own card, which keeps his worth and his shares.
	view, _, _ := tr.View(ctx, info.ID, engine.Viewer{Seat: 1})
	gi, _ := tr.Info(ctx, info.ID)
	barPage := gamePage{Info: gi, Viewer: engine.Viewer{Seat: 1}, View: view, Standing: screensOfView(view).standing(view)}
	barPage.answer()
	bar, err := sharedViews().fragment("game", "turn", barPage)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(bar, `id="standing"`) || !strings.Contains(bar, "<strong>$6,000</strong>") {
		t.Errorf("Ben's turn bar does not show his cash $6,000 above the sheet:\n%s", bar)
	}
	me, _, _ := strings.Cut(ben[strings.Index(ben, `id="me"`):], "</section>")
	if strings.Contains(me, "$6,000") {
		t.Errorf("Ben's own card repeats his cash $6,000:\n%s", me)
	}
	if ana := render(0); strings.Contains(ana, "1 hidden") || strings.Contains(ana, `title="Festival">F</span>×1`) {
		t.Errorf("Ana's phone shows Ben's hidden share")
	}
	if ana := render(0); !strings.Contains(ana, `title="Imperial">I</span>×1`) {
		t.Errorf("Ana's phone does not show her visible Imperial share")
	}
	do(engine.Host, "merge", map[string]any{"survivor": "c6", "defunct": "c5", "maker": 0})
	// The decision is shown once, as the card at the top of Ben's phone (the
	// turn bar), and never again in his live region.
	turn := func(seat int) string {
		var html string
		err := tr.SnapshotFor(ctx, info.ID, engine.Viewer{Seat: engine.Host}, 0, func(f tracker.Frame) error {
			gi, st := f.Info, f.State
			w, _ := coldcash.Rules{}.Waiting(st)
			v := engine.Viewer{Seat: seat}
			moves := coldcash.Rules{}.Moves(st, v)
			p := gamePage{Info: gi, Viewer: v, Waiting: &w, WaitingFor: gi.Setup.Seats[w.Seats[0]].Name, Sheet: sheetFor(moves, v, gi.ID, nil)}
			p.answer()
			if p.Mine && moves.Ask != "" {
				w.Text = moves.Ask
			}
			var err error
			html, err = sharedViews().fragment("game", "turn", p)
			html = htmlpkg.UnescapeString(html)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return html
	}
	ben = turn(1)
	for _, want := range []string{"Your move", "keep, sell or trade 1 Festival", "choice-sell-all", "+$700", "choice-keep-all", `name="d.sell"`, "keep the rest", `max="1"`} {
		if !strings.Contains(ben, want) {
			t.Errorf("Ben's decision card during the merger lacks %q:\n%s", want, ben)
		}
	}
	if live := render(1); strings.Contains(live, "choice-sell-all") || strings.Contains(live, "keep, sell or trade") {
		t.Error("Ben's phone shows his decision twice (the card and the live region)")
	}
	if ana := turn(0) + render(0); strings.Contains(ana, "choice-sell-all") || !strings.Contains(ana, "Ben</strong>: keep, sell or trade their Festival shares") {
		t.Errorf("Ana's phone offers Ben's decision, or does not say whom the table waits for:\n%s", ana)
	}
}
