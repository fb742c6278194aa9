package web_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/coldcash"
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
		tab.Run(t, chromedp.Poll(fmt.Sprintf(`parseInt((document.querySelector("[data-live]") || {getAttribute: () => "0"}).getAttribute("data-seq") || "0", 10) >= %d && !!document.querySelector("#turn [data-teach-now]")`, seq),
			nil, chromedp.WithPollingTimeout(time.Until(deadline))))
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
