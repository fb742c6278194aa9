package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/enginetest"
	"tableside/internal/testenv"
)

// teachCardJS reads a phone's first-game card as the player sees it: the
// page's seq, the "Now:" line and each "not now" line, in the order drawn.
const teachCardJS = `(() => {
  const live = document.querySelector("[data-live]");
  const box = document.querySelector("#turn [data-teach]");
  return {seq: live ? parseInt(live.getAttribute("data-seq") || "0", 10) : 0,
    now: box && box.querySelector("[data-teach-now]") ? box.querySelector("[data-teach-now]").textContent.trim() : "",
    notNow: box ? [...box.querySelectorAll(".teach-notnow li")].map(li => li.textContent.trim()) : []};
})()`

type teachCard struct {
	Seq    int64    `json:"seq"`
	Now    string   `json:"now"`
	NotNow []string `json:"notNow"`
}

// sendFromPageJS posts one command from the phone's own page, as its
// sheet's forms do (the seat is the page's cookie), and answers the
// status and the refusal's words (a request left unanswered for 20 s
// fails the test instead of hanging it).
const sendFromPageJS = `(async (path, body) => {
  try {
    const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json", "Accept": "application/json"}, body: body, signal: AbortSignal.timeout(20000)});
    const j = await r.json().catch(() => ({}));
    return {status: r.status, error: j.error || ""};
  } catch (e) {
    return {status: 0, error: "no answer: " + e.name};
  }
})`

// firstGameWeight picks the moves of a whole first game: everyday moves
// alike, a move that ends the step likelier, an attack now and then; the
// host's corrections, hiding shares and dropping a trade are left out.
func firstGameWeight(m engine.Move) int {
	switch {
	case m.Step == coldcash.SheetAdmin, m.Step == coldcash.SheetShares, m.Type == coldcash.CmdTradeReject, m.Type == coldcash.CmdEnd:
		return 0
	case m.Type == coldcash.CmdTakeover:
		return 2
	case m.Ends:
		return 6
	case m.Minor:
		return 1
	}
	return 3
}

// A whole board-mode game of Cold Cash Risk in first-game mode, on a
// 360 x 740 phone (Ana) and a 390 x 844 one (Ben). The moves go through
// the tracker as the seats' phones send them; at every move, every seat's
// sheet teaches (the engine's), and each card a phone has not shown
// before is read off that phone: its "Now:" line and its "not now" lines
// are the engine's, and each "not now" move is sent from that phone as
// the exact command it names and refused in the same words, the game's
// seq unchanged. Early and late, axe finds nothing on the taught card and
// no tap target is under 44 px.
func TestBrowserColdCashFirstGameEveryCardTeaches(t *testing.T) {
	t.Parallel()
	app, host, _ := hostLaptop(t)
	id := hostDevice(t, app).createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app", "ending": "short", "firstGame": true}, "Ana", "Ben")
	host.Run(t, chromedp.Navigate(gameURL(app, id)))
	// A whole game outlives a device's usual 4 minutes under a loaded CI.
	phones := []*testenv.Tab{testenv.NewTabFor(t, 360, 740, true, 15*time.Minute), testenv.NewTabFor(t, 390, 844, true, 15*time.Minute)}
	holdSeat(t, app, phones[0], id, "Ana")
	holdSeat(t, app, phones[1], id, "Ben")
	host.Tap(t, `#turn .choice-open`)
	host.Close() // the game is played on the phones: the host's board need not redraw every move
	for _, p := range phones {
		p.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(42, 7))
	cmdPath := fmt.Sprintf("/games/%d/commands", id)
	last := []string{"", ""}
	cards, refusals, moves := 0, 0, 0
	steps := map[string]int{}
	looked := map[string]bool{}
	start := time.Now()
	defer func() {
		t.Logf("%d moves, %d cards read off the phones (by step %v), %d not-now moves sent and refused, in %s", moves, cards, steps, refusals, time.Since(start).Round(time.Second))
	}()
	for ; ; moves++ {
		if moves == 2000 {
			t.Fatal("the game is not over after 2000 moves")
		}
		var seq int64
		var over bool
		var sheets [2]engine.Sheet
		var actor engine.Viewer
		var offers []engine.Move
		app.Tracker.State(ctx, id, func(st engine.State, q int64) { // the game's own state: read under the tracker's lock
			s := st.(*coldcash.State)
			seq, over = q, s.Over
			if over {
				return
			}
			for seat := range sheets {
				sheets[seat] = coldcash.Rules{}.Moves(s, engine.Viewer{Seat: seat})
			}
			actor = engine.Viewer{Seat: engine.Host}
			if w, ok := (coldcash.Rules{}).Waiting(s); ok && len(w.Seats) > 0 {
				actor.Seat = w.Seats[0]
			}
			offers = coldcash.Rules{}.Moves(s, actor).Moves
		})
		if over {
			break
		}
		for seat, sh := range sheets {
			if len(sh.Moves) == 0 {
				continue
			}
			where := fmt.Sprintf("move %d, %s's %q card", moves, []string{"Ana", "Ben"}[seat], sh.Step)
			if sh.Teach == nil || !strings.HasPrefix(sh.Teach.Now, "Now: ") || len(sh.Teach.Now) < 12 {
				t.Fatalf("%s teaches %+v", where, sh.Teach)
			}
			key, _ := json.Marshal(sh.Teach)
			if string(key) == last[seat] {
				continue // the same card as this phone's last: read once
			}
			last[seat] = string(key)
			cards++
			steps[sh.Step]++
			readCard(t, phones[seat], seq, sh.Teach, where)
			// Each phone's action card is looked at once early and once late
			// in the game (the phase is part of the key, so the early look
			// does not stand for the late one).
			phase := map[bool]string{true: "early", false: "late"}[moves < 40]
			if look := fmt.Sprintf("%s-%d-%s", sh.Step, seat, phase); (moves < 40 || moves > 150) && !looked[look] && sh.Step == coldcash.StepAction {
				looked[look] = true
				checkScreen(t, phones[seat], fmt.Sprintf("coldcash-firstgame-%s-%d-phone%d", sh.Step, moves, []int{360, 390}[seat]))
				testenv.Axe(t, phones[seat], where)
			}
			for _, a := range sh.Teach.NotNow {
				var got struct {
					Status int    `json:"status"`
					Error  string `json:"error"`
				}
				body, _ := json.Marshal(map[string]any{"type": a.Try.Type, "data": a.Try.Data})
				call := fmt.Sprintf("(%s)(%q, %q)", sendFromPageJS, cmdPath, body)
				phones[seat].Run(t, chromedp.Evaluate(call, &got, testenv.AwaitPromise))
				var after int64
				app.Tracker.State(ctx, id, func(_ engine.State, q int64) { after = q })
				if got.Status != 422 || got.Error != a.Why || after != seq {
					t.Fatalf("%s: not now %q (%s %s) says %q; sent from the phone it answered %d %q and the game went from seq %d to %d",
						where, a.Move, a.Try.Type, a.Try.Data, a.Why, got.Status, got.Error, seq, after)
				}
				refusals++
			}
		}
		m := pickWeighted(rng, offers, firstGameWeight)
		if m == nil {
			t.Fatalf("move %d: %d, awaited, is offered nothing to play", moves, actor.Seat)
		}
		if _, err := app.Tracker.Do(ctx, id, enginetest.MoveCmd(actor, *m, nil), ""); err != nil {
			t.Fatalf("move %d: the offered %q was refused: %v", moves, m.Label, err)
		}
	}
	for _, want := range []string{coldcash.StepPlace, coldcash.StepOutcome, coldcash.StepAction, coldcash.SheetEarnings} {
		if steps[want] == 0 {
			t.Errorf("the phones never showed a %q card: %v", want, steps)
		}
	}
	late := 0
	for k := range looked {
		if strings.HasSuffix(k, "-late") {
			late++
		}
	}
	if refusals == 0 || len(looked)-late < 2 || (moves > 200 && late < 2) {
		t.Errorf("%d not-now moves sent; cards looked at with axe: %v (want each phone's action card early, and late in a game past 200 moves)", refusals, looked)
	}
}

// readCard waits until tab shows the game at seq and checks that its
// first-game card says what the engine's teaching says.
func readCard(t *testing.T, tab *testenv.Tab, seq int64, want *engine.Teaching, where string) {
	t.Helper()
	var c teachCard
	deadline := time.Now().Add(20 * time.Second)
	for {
		tab.Run(t, chromedp.Evaluate(teachCardJS, &c))
		if c.Seq >= seq && c.Now != "" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the phone shows seq %d and %q, waiting for seq %d's card", where, c.Seq, c.Now, seq)
		}
		tab.WaitSeq(t, seq, `!!document.querySelector("#turn [data-teach-now]")`, where+": the card")
	}
	var notNow []string
	for _, a := range want.NotNow {
		notNow = append(notNow, a.Move+": "+a.Why)
	}
	if c.Now != want.Now || strings.Join(c.NotNow, "\n") != strings.Join(notNow, "\n") {
		t.Fatalf("%s: the phone says %q, not now %q; the engine teaches %q, not now %q", where, c.Now, c.NotNow, want.Now, notNow)
	}
}

// pickWeighted picks one of ms at random by weight; nil when none weighs.
func pickWeighted(rng *rand.Rand, ms []engine.Move, weight func(engine.Move) int) *engine.Move {
	total := 0
	for _, m := range ms {
		total += weight(m)
	}
	if total == 0 {
		return nil
	}
	n := rng.IntN(total)
	for i := range ms {
		if n -= weight(ms[i]); n < 0 {
			return &ms[i]
		}
	}
	return nil
}
