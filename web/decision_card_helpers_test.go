package web_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/internal/testenv"
)

// cardShape is what a page says of its decision cards, measured in the
// browser.
type cardShape struct {
	Cards    int      // .decision cards on the page (a move sheet's own card, of moves the table does not wait for, is none)
	Waiting  int      // "Waiting for ..." lines
	Top      float64  // the card's top, from the top of the page
	LiveTop  float64  // the game's live region's top
	Button   float64  // the top of the card's first control (a button, a box to tick or fill), in the viewport at scroll 0
	Viewport float64  // the viewport's height
	Types    []string // the command types of every form on the page outside the card
}

const measureCards = `(() => {
  window.scrollTo(0, 0);
  const card = document.querySelector("#turn .decision");
  const top = el => el ? el.getBoundingClientRect().top + window.scrollY : -1;
  const btn = card && card.querySelector("button, input:not([type=hidden]), select, summary");
  const types = [...document.querySelectorAll("form")].filter(f => !card || !card.contains(f))
    .flatMap(f => [...f.querySelectorAll("[name=type]")].map(e => e.value)).filter(v => v);
  return {Cards: document.querySelectorAll(".decision:not(.sheet-card)").length, Waiting: document.querySelectorAll("#turn .waiting").length,
    Top: top(card), LiveTop: top(document.querySelector("#live")), Button: btn ? btn.getBoundingClientRect().top : -1,
    Viewport: window.innerHeight, Types: types};
})()`

func measure(t *testing.T, s *screen) cardShape {
	t.Helper()
	var c cardShape
	s.tab.Run(t, chromedp.Evaluate(measureCards, &c))
	return c
}

// owesCard checks that s, the phone the table waits for, shows its
// decision (text) as one card, above the game, its first button on the
// first screen, and offers none of the decision's commands anywhere else.
func owesCard(t *testing.T, s *screen, text string, commands ...string) {
	t.Helper()
	s.tab.Run(t, testenv.WaitText(`#turn .decision`, text))
	c := measure(t, s)
	if c.Cards != 1 || c.Waiting != 0 {
		t.Fatalf("%s (%s): %d decision cards and %d waiting lines; want the one card", s.name, text, c.Cards, c.Waiting)
	}
	if c.Top < 0 || c.Top > c.LiveTop || c.Button < 0 || c.Button > c.Viewport {
		t.Fatalf("%s (%s): the card is at %.0f px (the game at %.0f), its first button at %.0f px of a %.0f px screen; want it on top",
			s.name, text, c.Top, c.LiveTop, c.Button, c.Viewport)
	}
	if cmd := firstOffered(c.Types, commands); cmd != "" {
		t.Fatalf("%s (%s): the page offers %q outside the decision card too (%v)", s.name, text, cmd, c.Types)
	}
	checkScreen(t, s.tab, "card-"+strings.ToLower(s.name)+"-"+strings.Join(strings.Fields(text)[:1], ""))
}

// waitsLine checks that s, a phone the table does not wait for, shows one
// line naming whom it waits for and offers none of the decision's commands.
func waitsLine(t *testing.T, s *screen, line string, commands ...string) {
	t.Helper()
	s.tab.Run(t, testenv.WaitText(`#turn .waiting`, line))
	c := measure(t, s)
	if c.Cards != 0 || c.Waiting != 1 {
		t.Fatalf("%s (%s): %d decision cards and %d waiting lines; want just the line", s.name, line, c.Cards, c.Waiting)
	}
	if cmd := firstOffered(c.Types, commands); cmd != "" {
		t.Fatalf("%s while %s: the page offers %q (%v)", s.name, strings.TrimSuffix(line, "."), cmd, c.Types)
	}
}

// firstOffered is the first of commands that the page offers (types, its
// forms' command types), or "" when it offers none of them.
func firstOffered(types, commands []string) string {
	for _, cmd := range commands {
		if slices.Contains(types, cmd) {
			return cmd
		}
	}
	return ""
}
