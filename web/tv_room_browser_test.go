package web_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/cashcrash"
	"tableside/engine/coldcash"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/riskclassic"
	"tableside/engine/takeover"
	"tableside/internal/testenv"
)

// tvRoomMeasure measures a game's TV as the sofa sees it: whether the
// page scrolls; the main table's width on a TV without a map; the map's drawing (the viewBox's picture inside its svg
// box) and whether all of it is inside the screen and inside every box
// that clips it; the share of it that something else is drawn over (the
// topmost element at each of 60 x 30 points); its width; the smallest type
// of whose move it is, of the players' names and their cash or armies, of
// the companies' names and prices, of every word of the moment's card; and
// every word broken across two lines.
const tvRoomMeasure = `(() => {
  const svg = document.querySelector("#live svg.cq-map, #live svg.cc-map");
  const out = {scroll: document.documentElement.scrollHeight, inner: innerHeight, width: innerWidth, hasMap: !!document.querySelector(".tv-screen.tv-map"),
    map: 0, stage: 0, outside: "", covered: 0, over: [], sizes: {}, smallest: "", broken: []};
  // A TV without a map: its stage is the game's main table, the widest block drawn in the live region.
  if (!out.hasMap) document.querySelectorAll("#live > *, #live .card, #live table, #live .tk-grid").forEach(e => {
    if (e.getClientRects().length) out.stage = Math.max(out.stage, e.getBoundingClientRect().width);
  });
  if (out.hasMap && !svg) out.outside = "no map";
  if (svg) {
    const vb = svg.viewBox.baseVal, b = svg.getBoundingClientRect();
    const s = Math.min(b.width / vb.width, b.height / vb.height), w = vb.width * s, h = vb.height * s;
    const d = {left: b.left + (b.width - w) / 2, top: b.top + (b.height - h) / 2, width: w, height: h};
    d.right = d.left + w; d.bottom = d.top + h;
    out.map = w;
    if (d.left < -0.5 || d.top < -0.5 || d.right > innerWidth + 0.5 || d.bottom > innerHeight + 0.5) out.outside = "the screen";
    for (let e = svg.parentElement; e && e !== document.body; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === "contents" || (cs.overflowX === "visible" && cs.overflowY === "visible")) continue;
      const r = e.getBoundingClientRect();
      if (d.left < r.left - 0.5 || d.top < r.top - 0.5 || d.right > r.right + 0.5 || d.bottom > r.bottom + 0.5) out.outside = e.tagName.toLowerCase() + "." + String(e.className).split(" ")[0];
    }
    let n = 0, hidden = 0; const over = {};
    for (let i = 0; i < 60; i++) for (let j = 0; j < 30; j++) {
      const x = d.left + (i + 0.5) * w / 60, y = d.top + (j + 0.5) * h / 30;
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      n++;
      const top = document.elementFromPoint(x, y);
      if (top && (top === svg || svg.contains(top) || top.contains(svg))) continue;
      hidden++;
      const what = top ? top.tagName.toLowerCase() + (top.id ? "#" + top.id : "") + "." + String(top.className).split(" ")[0] : "nothing";
      over[what] = (over[what] || 0) + 1;
    }
    out.covered = n ? hidden / n : 1;
    out.over = Object.entries(over).map(([k, v]) => k + " x" + v);
  }
  // The smallest type of each kind that is drawn (a kind with nothing drawn is left out: the test knows which each
  // game's TV must draw).
  const min = (name, sel) => {
    let m = 0;
    document.querySelectorAll(sel).forEach(e => {
      if (!e.textContent.trim() || !e.getClientRects().length) return;
      const px = parseFloat(getComputedStyle(e).fontSize);
      if (!m || px < m) m = px;
    });
    if (m) out.sizes[name] = m;
  };
  min("whose move", "#turn .waiting, #turn .winner-screen .big-msg, #live > .status");
  min("player names", "#live .cq-players tbody td:first-child, #live #players tbody td:first-child, #live #final tbody td:first-child, #turn #winner .podium strong, " +
    "#live .seats li > span:first-child, #live .totals tbody td:first-child, #live #final-worth tbody td:first-child");
  min("cash or scores", "#live .cq-players tbody td.num, #live #players tbody td.cash, #live #final tbody td.num:last-child, #turn #winner .podium .pts, " +
    "#live .seats li > span:last-child, #live .totals tbody td.num, #live #final-worth tbody td.num:last-child");
  const cos = document.querySelector("#live #companies tbody tr");
  if (cos && cos.getClientRects().length) {
    min("company names", "#live #companies tbody td:first-child");
    min("prices", "#live #companies tbody td.num strong");
  }
  // The moment's card (a battle, a merger or takeover, a meeting, a challenge's reveal, the end): every word it draws, read from the sofa as
  // the names are. The BG Stats codes are for a phone held up to them, not read from the sofa: their captions are left out.
  document.querySelectorAll(".battle-moment, .coup-moment, #wizard, #turn > #winner, #reveal").forEach(card => {
    if (!card.getClientRects().length) return;
    const walk = document.createTreeWalker(card, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      const p = t.parentElement;
      if (!t.data.trim() || !p || !p.getClientRects().length || p.closest("svg, .visually-hidden, .bgstats-offer")) continue;
      const px = parseFloat(getComputedStyle(p).fontSize);
      if (!out.sizes["moment card"] || px < out.sizes["moment card"]) { out.sizes["moment card"] = px; out.smallest = t.data.trim().slice(0, 40); }
    }
  });
  // Takeover's companies are the stacks on its grid: the top coin names one, its worth is its price.
  min("company names", "#live .tk-grid .cell:not(.empty) .top");
  min("prices", "#live .tk-grid .cell:not(.empty) .worth");
  // A card or table that reaches past the screen's edge is cut off.
  out.cut = [];
  document.querySelectorAll(".tv-head, .tv-turn, #live > *, #live h2, #live table, #live .card, #turn > *, .tv-side > *").forEach(e => {
    const r = e.getBoundingClientRect();
    if (r.width && getComputedStyle(e).display !== "none" && (r.right > innerWidth + 1 || r.bottom > innerHeight + 1)) out.cut.push((e.id || e.tagName.toLowerCase()) + " right=" + Math.round(r.right) + " bottom=" + Math.round(r.bottom));
  });
  // The live region and its cards clip nothing of the standings or the board.
  document.querySelectorAll(".tv-live, .tv-live .card, .tv-live .cq-players, .tv-live .cc-side").forEach(e => {
    if (getComputedStyle(e).display === "none") return;
    const what = e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + "." + String(e.className).split(" ")[0];
    if (e.scrollHeight > e.clientHeight + 2) out.cut.push(what + " clips " + e.scrollHeight + ">" + e.clientHeight + " px high");
    if (e.scrollWidth > e.clientWidth + 2) out.cut.push(what + " clips " + e.scrollWidth + ">" + e.clientWidth + " px wide");
  });
  // The side column's cards: none drawn over another, none clipping its own rows (the ticker drops its oldest lines).
  const side = [...document.querySelectorAll("#live .cq-players, #live #players, #live #companies, #live #final, .tv-side > *, #turn > .next-game, #turn > .recap")]
    .filter(e => e.getClientRects().length && getComputedStyle(e).display !== "contents");
  side.forEach((e, i) => {
    const r = e.getBoundingClientRect(), name = e.id || e.className.split(" ")[0];
    if (e.id !== "feed" && e.scrollHeight > e.clientHeight + 1) out.cut.push(name + " clips its rows: " + e.scrollHeight + " of " + e.clientHeight + " px high");
    side.slice(i + 1).forEach(f => {
      const q = f.getBoundingClientRect();
      const over = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top), across = Math.min(r.right, q.right) - Math.max(r.left, q.left);
      if (over > 1 && across > 1) out.cut.push(name + " and " + (f.id || f.className.split(" ")[0]) + " overlap by " + Math.round(over) + " px");
    });
  });
  // The join corner: the room code, while seats are free.
  const room = document.querySelector("#join-corner #room-code");
  out.room = !!(room && room.getClientRects().length);
  // The moment's area holds its whole card: nothing clipped inside it.
  document.querySelectorAll(".battle-moment, .coup-moment, #wizard, #turn > #winner, #turn > .first-move, #reveal, #request, .tv-scorepad > .scroll").forEach(e => {
    if (!e.getClientRects().length) return;
    if (e.scrollHeight > e.clientHeight + 1 || e.scrollWidth > e.clientWidth + 1) out.cut.push((e.id || e.className.split(" ")[0]) + " clips its content: " + e.scrollHeight + " of " + e.clientHeight + " px high");
  });
  // The moment on show (its card's text), and the ticker's lines, each whole (two lines at most: tv.css).
  const moment = [...document.querySelectorAll(".battle-moment, .coup-moment, #wizard, #turn > #winner, #reveal")].find(e => e.getClientRects().length);
  out.moment = moment ? (moment.id || moment.className) + ": " + moment.innerText.replace(/\s+/g, " ").trim() : "";
  // The card's parts, in order (a merger's card is one block in both of Cold Cash Risk's modes).
  out.shape = moment ? [...moment.children].filter(e => e.getClientRects().length).map(e => e.tagName.toLowerCase() + (e.classList.length ? "." + e.classList[0] : "")).join(" ") : "";
  // The end's podium: every place, its name and score each wholly inside the screen and the card, and not drawn over.
  const card = document.querySelector("#turn > #winner");
  out.podium = [...document.querySelectorAll("#turn > #winner .podium li")].map(li => {
    const parts = [li.querySelector(".rank"), li.querySelector("strong"), li.querySelector(".pts")];
    const c = card.getBoundingClientRect();
    const seen = parts.every(e => {
      if (!e || !e.textContent.trim() || !e.getClientRects().length) return false;
      const r = e.getBoundingClientRect(), top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return r.left >= Math.max(0, c.left) - 0.5 && r.top >= Math.max(0, c.top) - 0.5 && r.right <= Math.min(innerWidth, c.right) + 0.5 &&
        r.bottom <= Math.min(innerHeight, c.bottom) + 0.5 && !!top && li.contains(top);
    });
    return {rank: parts[0] ? parts[0].textContent.trim() : "", name: parts[1] ? parts[1].textContent.trim() : "", pts: parts[2] ? parts[2].textContent.trim() : "", seen};
  });
  const recap = document.querySelector("#turn > #recap");
  out.recap = recap && recap.getClientRects().length ? recap.innerText.replace(/\s+/g, " ").trim() : "";
  out.ticker = [...document.querySelectorAll("#feed li")].filter(li => li.getClientRects().length && li.getBoundingClientRect().right <= innerWidth).map(li => li.innerText.trim());
  document.querySelectorAll("#feed li").forEach(li => {
    if (!li.getClientRects().length) return;
    const r = li.getBoundingClientRect(), box = li.parentElement.getBoundingClientRect();
    if (r.right <= innerWidth && r.bottom > box.bottom + 1) out.cut.push("ticker line cut at the bottom: " + li.innerText.trim());
    if (li.scrollWidth > li.clientWidth + 1 || li.scrollHeight > li.clientHeight + 1) out.cut.push("ticker line cut: " + li.textContent.trim());
  });
  // A word broken across two lines draws as two boxes.
  const walk = document.createTreeWalker(document.querySelector(".tv-screen"), NodeFilter.SHOW_TEXT);
  for (let t = walk.nextNode(); t; t = walk.nextNode()) {
    const p = t.parentElement;
    if (!p || !p.getClientRects().length || p.closest("svg, details:not([open]) > :not(summary), .visually-hidden")) continue;
    const re = /\S{2,}/g; let m;
    while ((m = re.exec(t.data))) {
      const r = document.createRange(); r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
      const lines = new Set([...r.getClientRects()].filter(x => x.width > 0).map(x => Math.round(x.top)));
      if (lines.size > 1) out.broken.push(m[0]);
    }
  }
  return out;
})()`

type tvRoom struct {
	Scroll, Inner, Width int
	HasMap               bool // the TV lays its screen out around a map (tv-map)
	Map                  float64
	Stage                float64 // without a map: the main table's width
	Outside              string
	Covered              float64
	Over                 []string
	Sizes                map[string]float64
	Smallest             string // the moment card's smallest text
	Broken               []string
	Cut                  []string
	Room                 bool
	Moment               string
	Shape                string // the moment card's parts: "h2 p.muted h3 table.payouts ..."
	Recap                string
	Ticker               []string
	Podium               []tvPlace // the end's podium, top to bottom
}

// tvPlace is one row of the end's podium as the TV draws it: seen when its
// rank, name and score are each inside the screen and the winner's card and
// nothing is drawn over them.
type tvPlace struct {
	Rank, Name, Pts string
	Seen            bool
}

// tvScreens are the two TVs of the room tests: 1080p and 720p.
var tvScreens = [][2]int{{1920, 1080}, {1280, 720}}

// roomTVs are the two TVs that watch a room test's game (tvScreens), one
// device each for the whole game, as in a room: each sample (checkRoom)
// takes them to the game's TV page afresh, and sends them away after it,
// so they do not redraw the moves between samples, leaving nothing in the
// page's session (the ticker's "seen"), so each sample's TV comes to the
// game as a new one would. A device costs a browser context and a renderer
// to open; a game's dozen samples opened two each.
type roomTVs struct {
	app     *testenv.App
	id      int64
	players []string // the seats' names, each on the end's podium
	tabs    []*testenv.Tab
	paired  bool // every tab holds the join code: each opens the TV's plain address
}

// roomTVsLife bounds a room test's TVs: a whole game with its samples,
// which took 383 s under a loaded CI run; a hang still fails each step at
// testenv's step limit.
const roomTVsLife = 15 * time.Minute

// openRoomTVs opens the TVs for game id, played by players; they close when t ends.
func openRoomTVs(t *testing.T, app *testenv.App, id int64, players ...string) *roomTVs {
	t.Helper()
	tvs := &roomTVs{app: app, id: id, players: players}
	for _, sz := range tvScreens {
		tvs.tabs = append(tvs.tabs, testenv.NewTabFor(t, sz[0], sz[1], false, roomTVsLife))
	}
	return tvs
}

// checkRoom opens the game's TV at each size at its newest step, as TVs
// that are not the laptop (no host rights) but were paired with the join
// code (the room code and the QR shown while seats are free), and fails
// the test on a TV that scrolls, a map not wholly on the screen or covered
// by more than 2 % of it, a map under 45 % of the width, type under 28 px at
// 1080p (19 px at 720p) for whose move it is, the players' names and cash or
// armies, the companies' names and prices and every word of the moment's
// card (a battle, a merger, a takeover, a meeting, the end), a card cut at the screen's
// edge or a moment that clips its card, the room code missing while the
// game is on, a word broken across two lines, or any
// axe-core violation. With -screens it saves each TV as
// room-name-tvWIDTH.jpg. Each sample is a subtest.
func checkRoom(t *testing.T, tvs *roomTVs, name string) {
	t.Helper()
	checkRoomAs(t, tvs, name, "room-"+name)
}

// checkRoomAs is checkRoom saving its screenshots as shot-tvWIDTH.jpg.
func checkRoomAs(t *testing.T, tvs *roomTVs, name, shot string) {
	t.Helper()
	t.Run(name, func(t *testing.T) {
		// The first sample pairs the TVs with the join code read off the
		// host's screen; they keep it, as a room's TV does, and open the
		// TV's own address from then on.
		addr := gameURL(tvs.app, tvs.id) + "/tv"
		if !tvs.paired {
			addr = roomTV(t, tvs.app, tvs.id)
			defer func() { tvs.paired = !t.Failed() }()
		}
		for i, sz := range tvScreens {
			w, h := sz[0], sz[1]
			at := fmt.Sprintf("%s at %dx%d", name, w, h)
			tab := tvs.tabs[i]
			func() {
				defer tab.Run(t, chromedp.Evaluate(`sessionStorage.clear()`, nil), chromedp.Navigate("about:blank"))
				tab.Run(t, chromedp.Navigate(addr), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
				measureRoom(t, tab, at, name, shot, w, h, tvs.players)
				// A battle's moment (and the bank's merger, under the
				// companies) again, laid out as a browser without anchor
				// positioning lays it (tv.js's no-anchor).
				if strings.HasSuffix(name, "-roll") || name == "coldcash-bank-merger" {
					tab.Run(t, chromedp.Evaluate(`document.querySelector(".tv-screen").classList.add("no-anchor"), dispatchEvent(new Event("resize"))`, nil))
					measureRoom(t, tab, at+" without anchor positioning", name+"-noanchor", shot+"-noanchor", w, h, tvs.players)
				}
			}()
		}
	})
}

// roomTV is the address that opens a game's TV paired with its join code
// (tv_join.go), so the TV shows the room code and the join QR while seats
// are free, as the room's TV does.
func roomTV(t *testing.T, app *testenv.App, id int64) string {
	t.Helper()
	u, err := url.Parse(joinURLFromQR(t, hostDevice(t, app), id))
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%s/games/%d/tv?k=%s", app.URL, id, url.QueryEscape(u.Query().Get("k")))
}

// measureRoom measures one TV (see checkRoom); at the end, every one of
// players must be on the podium, seen whole.
func measureRoom(t *testing.T, tab *testenv.Tab, at, name, shot string, w, h int, players []string) {
	t.Helper()
	var m tvRoom
	tab.Run(t, chromedp.Evaluate(tvRoomMeasure, &m))
	if m.Scroll > m.Inner {
		t.Errorf("%s: the TV scrolls: %d px of %d", at, m.Scroll, m.Inner)
	}
	if m.Outside != "" {
		t.Errorf("%s: the map's drawing is not wholly inside %s", at, m.Outside)
	}
	if m.HasMap && m.Covered > 0.02 {
		t.Errorf("%s: %.1f %% of the map is covered, by %v; want 2 %% at most", at, 100*m.Covered, m.Over)
	}
	if m.HasMap && m.Map < 0.45*float64(m.Width) {
		t.Errorf("%s: the map is %.0f px wide, %.0f %% of %d; want 45 %% or more", at, m.Map, 100*m.Map/float64(m.Width), m.Width)
	}
	if !m.HasMap && m.Stage < 0.45*float64(m.Width) {
		t.Errorf("%s: the main table is %.0f px wide, %.0f %% of %d; want 45 %% or more", at, m.Stage, 100*m.Stage/float64(m.Width), m.Width)
	}
	want := 28.0
	if h < 1080 {
		want = 19
	}
	for _, what := range tvMustDraw(name) {
		if _, ok := m.Sizes[what]; !ok {
			t.Errorf("%s: no %s drawn; want them in %.0f px type or more", at, what, want)
		}
	}
	for what, px := range m.Sizes {
		if px < want && what != "moment card" {
			t.Errorf("%s: %s are in %.1f px type; want %.0f px or more", at, what, px, want)
		}
	}
	if px, ok := m.Sizes["moment card"]; ok && px < want {
		t.Errorf("%s: the moment card's %q is in %.1f px type; want %.0f px or more", at, m.Smallest, px, want)
	}
	if len(m.Cut) > 0 {
		t.Errorf("%s: cut off at the screen's edge: %v", at, m.Cut)
	}
	// Every seat is free all game (the moves go straight to the tracker):
	// the room code shows until the end, and not after it.
	if over := strings.HasSuffix(name, "-end"); m.Room == over {
		t.Errorf("%s: the room code shown: %v; want it while the game is on", at, m.Room)
	}
	if len(m.Broken) > 0 {
		t.Errorf("%s: words broken across two lines: %q", at, m.Broken)
	}
	checkMoment(t, at, name, m)
	if strings.HasSuffix(name, "-end") {
		checkPodium(t, at, m.Podium, players)
	}
	testenv.Axe(t, tab, at)
	if len(m.Podium) > 0 {
		t.Logf("%s: podium %v", at, m.Podium)
	}
	if m.HasMap {
		t.Logf("%s: map %.0f px (%.0f %%), covered %.1f %%, type %v; moment %.80q; ticker %q", at, m.Map, 100*m.Map/float64(m.Width), 100*m.Covered, m.Sizes, m.Moment, m.Ticker)
	} else {
		t.Logf("%s: page %d px of %d, main table %.0f px, type %v; moment %.80q; ticker %q", at, m.Scroll, m.Inner, m.Stage, m.Sizes, m.Moment, m.Ticker)
	}
	if *screensDir != "" {
		var jpg []byte
		tab.Run(t, chromedp.FullScreenshot(&jpg, 70))
		if err := os.WriteFile(filepath.Join(*screensDir, fmt.Sprintf("%s-tv%d.jpg", shot, w)), jpg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkPodium fails an end whose podium leaves out a player, lists one
// twice, draws a place without its rank or score, or with any of them
// outside the screen or the winner's card or drawn over, or lists the
// places out of rank order (a tie shares its number: 1, 2, 2, 4).
func checkPodium(t *testing.T, at string, podium []tvPlace, players []string) {
	t.Helper()
	if len(players) == 0 {
		t.Fatalf("%s: the test did not say who plays (openRoomTVs)", at)
	}
	var names []string
	last := 0
	for i, p := range podium {
		names = append(names, p.Name)
		rank, err := strconv.Atoi(p.Rank)
		if err != nil || rank < last || rank > i+1 || (i == 0 && rank != 1) {
			t.Errorf("%s: place %d ranked %q after %d: want rank order, ties sharing a number", at, i+1, p.Rank, last)
		}
		last = rank
		if !p.Seen || p.Pts == "" {
			t.Errorf("%s: %s's place (rank %q, score %q) is not wholly drawn inside the screen and the card", at, p.Name, p.Rank, p.Pts)
		}
	}
	sorted, want := slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(players))
	if !slices.Equal(sorted, want) {
		t.Errorf("%s: the podium lists %q; want every player once: %q", at, names, players)
	}
}

// tvMustDraw is what a sample's TV must draw in sofa-sized type: whose move
// it is (the score pad has no turns until its end), every player's name and
// cash, worth or score, the companies' names and prices where the game
// has companies on show (Cold Cash Risk's bank once a company is founded,
// Takeover's stacks once the tiles are laid), and at a moment (a roll, a
// merger, a takeover, a meeting and its result, the end) every word of the
// moment's card.
func tvMustDraw(name string) []string {
	out := []string{"player names", "cash or scores"}
	if !strings.HasPrefix(name, "scorepad-") || strings.HasSuffix(name, "-end") {
		out = append(out, "whose move")
	}
	if (strings.HasPrefix(name, "coldcash-bank-") || strings.HasPrefix(name, "takeover-")) && !strings.HasSuffix(name, "-end") {
		out = append(out, "company names", "prices")
	}
	for _, m := range []string{"-roll", "-merger", "-takeover", "-coup", "-coup-result", "-end"} {
		if strings.HasSuffix(name, m) {
			out = append(out, "moment card")
		}
	}
	return out
}

// checkMoment fails a Cold Cash sample whose moment card does not tell its
// moment: a merger's card (the same in both modes), the takeover's
// headquarters falling, the meeting's votes, the coup's result; a meeting
// whose ticker does not lead with its call, then its result; a roll whose
// ticker carries no battle; and an end without the game in review (for
// Cold Cash: its biggest merger, every coup, the longest odds that held
// and the luck).
func checkMoment(t *testing.T, at, name string, m tvRoom) {
	t.Helper()
	want := map[string][]string{
		"coldcash-takeover":    {"headquarters", "halves every value"},
		"coldcash-coup":        {"coup-moment", "nominates", "for"},
		"coldcash-coup-result": {"coup-moment", "for", "against"},
		// Bank mode's meeting is the same moment.
		"coldcash-bank-coup":        {"coup-moment", "nominates", "for"},
		"coldcash-bank-coup-result": {"coup-moment", "for", "against"},
	}[name]
	for _, w := range want {
		if !strings.Contains(m.Moment, w) {
			t.Errorf("%s: the moment does not say %q: %q", at, w, m.Moment)
		}
	}
	// A merger's card is one block in both modes (cc-wizard): who absorbs
	// whom, the bonuses with their arithmetic, the disposal and the
	// answers as they come in, in the same parts in the same order.
	if name == "coldcash-merger" || name == "coldcash-bank-merger" {
		for _, w := range []string{"wizard: ", " absorbs ", "1. Bonuses", "majority", "2. Disposal", "Bank holds", "sell at", "for 1"} {
			if !strings.Contains(m.Moment, w) {
				t.Errorf("%s: the merger's card does not say %q: %q", at, w, m.Moment)
			}
		}
		if want := "h2 p.muted h3 table.payouts h3 p.supply"; !strings.HasPrefix(m.Shape, want) {
			t.Errorf("%s: the merger's card is drawn as %q; want the one card of both modes, %q", at, m.Shape, want)
		}
	}
	// The games with battles or highlights have a review to tell at the end.
	if strings.HasSuffix(name, "-end") && !strings.HasPrefix(name, "takeover") && !strings.HasPrefix(name, "cashcrash") && !strings.HasPrefix(name, "scorepad") {
		want := []string{"The game in review"}
		if name == "coldcash-end" {
			want = append(want, "Biggest merger", "A coup", "The longest odds that held", "Luck against the exact odds")
		}
		for _, w := range want {
			if !strings.Contains(m.Recap, w) {
				t.Errorf("%s: the recap does not say %q: %q", at, w, m.Recap)
			}
		}
	}
	if strings.HasSuffix(name, "coup-result") && !strings.Contains(m.Moment, "new CEO") && !strings.Contains(m.Moment, "stays CEO") {
		t.Errorf("%s: the coup's result is not told: %q", at, m.Moment)
	}
	// The ticker's newest line is the meeting's: its call while the vote
	// is on (the ballots are on the card), then its result.
	for suffix, says := range map[string][]string{"-coup": {"calls a stockholders' meeting"}, "-coup-result": {"elected CEO", "vote fails"}} {
		if strings.HasSuffix(name, suffix) && (len(m.Ticker) == 0 || !slices.ContainsFunc(says, func(s string) bool { return strings.Contains(m.Ticker[0], s) })) {
			t.Errorf("%s: the ticker's newest line is not the meeting's (%q): %q", at, says, m.Ticker)
		}
	}
	if strings.HasSuffix(name, "-roll") && !slices.ContainsFunc(m.Ticker, func(l string) bool { return strings.Contains(l, "attacked") || strings.Contains(l, "took") }) {
		t.Errorf("%s: the ticker carries no battle: %q", at, m.Ticker)
	}
}

// roomMoment names the moment a Cold Cash Risk board game is at that the
// samples have not seen yet: "" when it is at none the test looks at. A
// roll is any board with a battle on it (the TV shows the newest until the
// next): a takeover's attack may end the takeover at once.
func roomMoment(st engine.State, seen map[string]bool) string {
	s := st.(*coldcash.State)
	t := s.Table
	if t == nil || t.Phase == coldcash.PhaseOpening {
		return ""
	}
	at := []struct {
		name string
		is   bool
	}{
		{"takeover", s.Merger != nil && s.Merger.Hostile},
		{"coup", s.Meeting != nil && s.Meeting.Accepted && len(s.Meeting.Votes) > 0},
		{"coup-result", s.Coup != nil},
		{"merger", s.Merger != nil && !s.Merger.Hostile},
		{"roll", t.Last != nil},
		{"late", t.Cycle >= 4 && len(t.Board.Active()) >= 2},
		{"early", len(t.Board.Active()) >= 1},
	}
	for _, m := range at {
		if m.is && !seen[m.name] {
			return m.name
		}
	}
	return ""
}

// roomSeed is the start of the dice and deals of the room test's Cold Cash
// Risk game (testenv.Seeds): with it, the moves roomGame plays reach a roll,
// a merger and a hostile takeover of a headquarters, every run.
const roomSeed = 1

// roomGame plays a Cold Cash Risk board game through the real server by the
// moves the engine offers (companies grown, merged and taken over, until the
// closing bell), and calls sample at each moment roomMoment names, once
// each, while the game holds still there; it stops there when sample says
// the test has seen what it came for. It returns the moments seen.
func roomGame(t *testing.T, app *testenv.App, id int64, sample func(at string) (more bool)) map[string]bool {
	t.Helper()
	sp := &sheetPlay{t: t, app: app, id: id, rules: coldcash.Rules{}, seats: make([]*testenv.Tab, 3)}
	seen := map[string]bool{}
	// The bell rings once the late board, a roll, a takeover and a coup
	// were seen, or from cycle 10 whatever was. After the takeover, the
	// next player who may calls a stockholders' meeting, which every
	// stockholder answers.
	closing := false
	policy := func(ms []engine.Move) engine.Move {
		if seen["takeover"] && !seen["coup-result"] {
			if m, ok := moveOf(ms, coldcash.CmdMeeting); ok {
				return m
			}
		}
		if closing || seen["late"] && seen["roll"] && seen["takeover"] && seen["coup-result"] {
			if m, ok := moveOf(ms, coldcash.CmdDeclare); ok {
				return m
			}
		}
		if m, ok := hqBlitz(ms); ok {
			return m
		}
		// One friendly merger is enough: after it, companies that come to
		// touch are left side by side (a merger only when nothing else is
		// offered), so a takeover finds a headquarters to attack.
		if seen["merger"] {
			if m, ok := moveOf(ms, coldcash.CmdFound, coldcash.CmdAbsorb, coldcash.CmdPlace); ok {
				return m
			}
		}
		return firstOfAny(coldcash.CmdOpen, coldcash.CmdMerge, coldcash.CmdAbsorb, coldcash.CmdFound, coldcash.CmdConsent, coldcash.CmdDefend,
			coldcash.CmdAttack, coldcash.CmdOccupy, coldcash.CmdTakeover, coldcash.CmdDispose, coldcash.CmdPlace, coldcash.CmdHire,
			coldcash.CmdBuy, coldcash.CmdDividends, coldcash.CmdDraw, coldcash.CmdLeave, coldcash.CmdTakeoverEnd)(ms)
	}
	for {
		var at string
		sp.send(policy, func(st engine.State) bool {
			if t := st.(*coldcash.State).Table; t != nil && t.Cycle >= 10 {
				closing = true
			}
			at = roomMoment(st, seen)
			return at != ""
		})
		if _, over, _ := sp.now(); over {
			return seen
		}
		seen[at] = true
		if !sample(at) {
			return seen
		}
	}
}

// hqBlitz is a takeover's likeliest blitz, one on the way to the
// defender's headquarters first (the move's note gives that way's chance):
// the attack most likely to bring the headquarters' fall.
func hqBlitz(ms []engine.Move) (engine.Move, bool) {
	var best engine.Move
	score := func(m engine.Move) float64 {
		if m.Chance == nil {
			return -1
		}
		if m.Note != "" {
			return 1 + *m.Chance
		}
		return *m.Chance
	}
	for _, m := range ms {
		if m.Type == coldcash.CmdAttack && strings.HasPrefix(m.ID, "blitz-") && (best.Type == "" || score(m) > score(best)) {
			best = m
		}
	}
	return best, best.Type != ""
}

// A whole Cold Cash Risk board-mode game, its dice and deals fixed
// (roomSeed), watched by a 1080p and a 720p TV: at the early and the late
// board, a roll, a merger, a hostile takeover, a stockholders' meeting's vote
// and its result, and the end, each TV shows the
// whole map uncovered, at 45 % of its width or more, the names and numbers
// in sofa-sized type, the moment whole, no word broken, and passes axe-core.
func TestTVRoomColdCashBoardGame(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Seed: testenv.Seeds(roomSeed)})
	players := []string{"Ana", "Ben", "Cy"}
	id := hostDevice(t, app).createGameWith("coldcash", map[string]any{"mode": "board", "deck": "app"}, players...)
	tvs := openRoomTVs(t, app, id, players...)
	seen := roomGame(t, app, id, func(at string) bool {
		checkRoom(t, tvs, "coldcash-"+at)
		return true
	})
	checkRoom(t, tvs, "coldcash-end")
	checkWinnerMark(t, app, id, "coldcash")
	for _, w := range []string{"early", "roll", "merger", "takeover", "coup", "coup-result", "late"} {
		if !seen[w] {
			t.Errorf("the game never reached a %s moment: sampled %v", w, seen)
		}
	}
}

// The same for RISK and Piecepack Conquers the World, played to the end by
// the keen player: the early board, the first roll, the late board, the end.
func TestTVRoomRiskAndPCtWGames(t *testing.T) {
	for _, g := range []struct {
		kind  string
		rules engine.Rules
	}{{"risk", riskclassic.Rules{}}, {"pctw", pctw.Rules{}}} {
		t.Run(g.kind, func(t *testing.T) {
			t.Parallel()
			app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
			players := []string{"Ana", "Ben"}
			id := hostDevice(t, app).createGameWith(g.kind, nil, players...)
			sp := &sheetPlay{t: t, app: app, id: id, rules: g.rules, seats: make([]*testenv.Tab, 2)}
			tvs := openRoomTVs(t, app, id, players...)
			attack := firstOfAny(conquest.CmdAttack, conquest.CmdDefend, conquest.CmdMove, conquest.CmdPlace, conquest.CmdStart)
			sp.send(attack, func(st engine.State) bool {
				s := st.(*conquest.State)
				return s.Phase == conquest.PhaseReinforce || s.Phase == conquest.PhaseAttack
			})
			checkRoom(t, tvs, g.kind+"-early")
			sp.send(attack, func(st engine.State) bool { return st.(*conquest.State).Last != nil })
			checkRoom(t, tvs, g.kind+"-roll")
			sp.send(attack, func(st engine.State) bool { return st.(*conquest.State).Round >= 6 })
			if _, over, _ := sp.now(); !over {
				checkRoom(t, tvs, g.kind+"-late")
			}
			sp.send(attack, never)
			checkRoom(t, tvs, g.kind+"-end")
		})
	}
}

// The games without a map, each played through the real server by the
// moves its engine offers and watched by a 1080p and a 720p TV (checkRoom):
// early, late and at the end (and Cold Cash Risk's bank mode at a merger
// and a stockholders' meeting), each TV fits its screen without scrolling,
// says whose move it is, every player's name and cash, coins, cards or
// score, and every company's name and price (Takeover's stacks), in
// sofa-sized type, breaks no word and passes axe-core.
func TestTVRoomGamesWithoutAMap(t *testing.T) {
	for _, g := range []struct {
		name string
		play func(t *testing.T, app *testenv.App, id int64, sample func(string))
	}{
		{"coldcash-bank", playBankRoom},
		{"takeover", playTakeoverRoom},
		{"cashcrash", playCashCrashRoom},
		{"scorepad", playScorePadRoom},
	} {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true, Seed: testenv.Seeds(roomSeed)})
			players := map[string][]string{
				"coldcash-bank": {"Ana", "Ben", "Cy", "Dee", "Evangeline"},
				"takeover":      {"Ana", "Ben", "Cy", "Dee"},
				"cashcrash":     {"Ana", "Ben", "Cy", "Dee", "Evangeline"},
				"scorepad":      {"Ana", "Ben", "Cy", "Dee", "Evangeline", "Flo"},
			}[g.name]
			kind, _, _ := strings.Cut(g.name, "-")
			id := hostDevice(t, app).createGameWith(kind, nil, players...)
			tvs := openRoomTVs(t, app, id, players...)
			seen := map[string]bool{}
			g.play(t, app, id, func(at string) {
				seen[at] = true
				checkRoom(t, tvs, g.name+"-"+at)
			})
			checkRoom(t, tvs, g.name+"-end")
			checkWinnerMark(t, app, id, g.name)
			if g.name == "scorepad" {
				checkPodiumOnPhone(t, app, id, players)
			}
			for _, w := range []string{"early", "late"} {
				if !seen[w] {
					t.Errorf("%s never reached its %s sample: sampled %v", g.name, w, seen)
				}
			}
		})
	}
}

// playBankRoom plays Cold Cash Risk's bank mode as the host plays it for
// the table: each turn founds a company (up to six), buys three shares and
// ends; then a merger, answered holder by holder; then more turns, a
// stockholders' meeting and its result, and the short game's end.
func playBankRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	sp := &sheetPlay{t: t, app: app, id: id, rules: coldcash.Rules{}}
	stage := "early" // then "merge", "late", "end"
	founded := false
	policy := func(ms []engine.Move) engine.Move {
		var buys []engine.Move
		for _, m := range ms {
			switch {
			case m.Type == coldcash.CmdDispose,
				stage == "merge" && strings.HasPrefix(m.ID, "merge-"),
				stage == "end" && m.ID == "end-short":
				if stage == "merge" {
					stage = "late"
				}
				return m
			case m.Type == coldcash.CmdBuy && strings.HasSuffix(m.ID, "-3"):
				buys = append(buys, m)
			}
		}
		// Each turn buys three of a company in turn, so every player comes
		// to hold several.
		if len(buys) > 0 {
			return buys[len(ms)%len(buys)]
		}
		// One company founded a turn, until six are.
		if m, ok := moveOf(ms, coldcash.CmdFound); ok && !founded {
			founded = true
			return m
		}
		if m, ok := moveOf(ms, coldcash.CmdTurn); ok {
			founded = false
			return m
		}
		return ms[0]
	}
	sp.send(policy, func(st engine.State) bool { return st.(*coldcash.State).TurnNo >= 5 })
	sample("early")
	stage = "merge"
	sp.send(policy, func(st engine.State) bool { return st.(*coldcash.State).Merger != nil })
	sample("merger")
	sp.send(policy, func(st engine.State) bool {
		s := st.(*coldcash.State)
		return s.Merger == nil && s.TurnNo >= 16
	})
	sample("late")
	// A stockholders' meeting: the first player on turn who may call one
	// nominates themself; every vote is cast for.
	stage = "coup"
	coup := func(ms []engine.Move) engine.Move {
		for _, m := range ms {
			if m.Type == coldcash.CmdMeeting && strings.HasSuffix(m.ID, fmt.Sprintf("-%d", m.Seat)) || strings.HasPrefix(m.ID, "vote-for-") {
				return m
			}
		}
		return policy(ms)
	}
	sp.send(coup, func(st engine.State) bool {
		m := st.(*coldcash.State).Meeting
		return m != nil && m.Accepted && len(m.Votes) > 0
	})
	sample("coup")
	sp.send(coup, func(st engine.State) bool { return st.(*coldcash.State).Coup != nil })
	sample("coup-result")
	stage = "end"
	sp.send(policy, never)
}

// playTakeoverRoom deals Takeover's tiles, drafts, chooses stock and cash,
// and merges until no merge is left: early is the first merges, late the
// board after eight.
func playTakeoverRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	sp := &sheetPlay{t: t, app: app, id: id, rules: takeover.Rules{}, seats: make([]*testenv.Tab, 4)}
	play := firstOfAny(takeover.CmdDeal, takeover.CmdDraft, takeover.CmdConceal, takeover.CmdMerge, takeover.CmdPass)
	sp.send(play, func(st engine.State) bool { return st.(*takeover.State).Merges >= 1 })
	sample("early")
	sp.send(play, func(st engine.State) bool { return st.(*takeover.State).Merges >= 8 })
	sample("late")
	sp.send(play, never)
}

// playCashCrashRoom plays Cash or Crash: the host starts, each player
// stakes and bids, and the bid is challenged at once: early is the first
// round's bidding, late a round after the third reveal.
func playCashCrashRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	sp := &sheetPlay{t: t, app: app, id: id, rules: cashcrash.Rules{}, seats: make([]*testenv.Tab, 5)}
	bids := 0
	play := func(ms []engine.Move) engine.Move {
		// Three bids a round, then SELL!: a ladder to show.
		if bids >= 3 {
			if m, ok := moveOf(ms, cashcrash.CmdSell); ok {
				bids = 0
				return m
			}
		}
		m := firstOfAny(cashcrash.CmdStart, cashcrash.CmdStake, cashcrash.CmdAccept, cashcrash.CmdBid, cashcrash.CmdSell)(ms)
		if m.Type == cashcrash.CmdBid {
			bids++
		}
		return m
	}
	sp.send(play, func(st engine.State) bool { return st.(*cashcrash.State).Bid != nil })
	sample("early")
	sp.send(play, func(st engine.State) bool {
		s := st.(*cashcrash.State)
		return s.Round >= 4 && s.Bid != nil && len(s.Ladder) >= 2
	})
	sample("late")
	sp.send(play, never)
}

// playScorePadRoom writes each player's score round by round: early after
// two rounds, late after twelve, then the host ends the game.
func playScorePadRoom(t *testing.T, app *testenv.App, id int64, sample func(string)) {
	host := hostDevice(t, app)
	round := func(r int) {
		for seat := range 6 {
			if code, body := host.command(id, "score", map[string]any{"seat": seat, "points": (r*7+seat*5)%23 + 1}, fmt.Sprintf("r%d-%d", r, seat)); code != 200 {
				t.Fatalf("round %d, seat %d: %d %s", r, seat, code, body)
			}
		}
	}
	for r := range 12 {
		round(r)
		switch r {
		case 1:
			sample("early")
		case 11:
			sample("late")
		}
	}
	if code, body := host.command(id, "finish", nil, "finish"); code != 200 {
		t.Fatalf("finish: %d %s", code, body)
	}
}

// checkWinnerMark fails an ended Takeover, Cash or Crash or Cold Cash Risk
// (either mode) whose winner is marked by anything but the drawn trophy and
// a word (an emoji draws an empty box where no emoji font is installed, and
// a star of its own is a second mark): Takeover's final worth and Cold
// Cash's final scores mark the winner's row "Winner", Cash or Crash's last
// reveal says who "wins!".
func checkWinnerMark(t *testing.T, app *testenv.App, id int64, name string) {
	t.Helper()
	mark := `<span class="winner-mark"><svg class="trophy"`
	want := map[string]string{"takeover": mark, "coldcash-bank": mark, "coldcash": mark, "cashcrash": `<p class="big-msg"><svg class="trophy"`}[name]
	if want == "" {
		return
	}
	_, page := hostDevice(t, app).get(fmt.Sprintf("/games/%d", id))
	if !strings.Contains(page, want) || (want == mark && !strings.Contains(page, "</svg> Winner</span>")) || strings.Contains(page, "★") {
		t.Errorf("%s's end does not mark the winner with the drawn trophy and a word (%s)", name, want)
	}
}

// checkPodiumOnPhone opens a finished game's end on a 360 x 740 phone
// (the host's, as a second host device) and fails it when the podium does
// not list every one of players with each row wholly inside the screen's
// width and nothing in it clipped: six rows read as well as two. With
// -screens it keeps the phone's end (the score pad's rounds table beside
// it scrolls sideways by design: endFits would fail it).
func checkPodiumOnPhone(t *testing.T, app *testenv.App, id int64, players []string) {
	t.Helper()
	tab := testenv.NewTab(t, 360, 740, true)
	app.MakeHost(t, tab)
	tab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#winner .podium`, chromedp.ByQuery))
	var names []string
	tab.Run(t, chromedp.Evaluate(`[...document.querySelectorAll("#winner .podium li")].filter(li => {
	  const r = li.getBoundingClientRect();
	  return r.width && r.left >= 0 && r.right <= document.documentElement.clientWidth + 0.5 &&
	    [li, ...li.children].every(e => e.scrollWidth <= e.clientWidth + 1 || getComputedStyle(e).display === "inline");
	}).map(li => li.querySelector("strong").textContent.trim())`, &names))
	if !slices.Equal(slices.Sorted(slices.Values(names)), slices.Sorted(slices.Values(players))) {
		t.Errorf("the phone's podium shows %q whole; want every player: %q", names, players)
	}
	if *screensDir != "" {
		var jpg []byte
		tab.Run(t, chromedp.Evaluate(`document.querySelector("#winner").scrollIntoView()`, nil), chromedp.CaptureScreenshot(&jpg))
		if err := os.WriteFile(filepath.Join(*screensDir, "end-scorepad-phone360.png"), jpg, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Every game's TV screen, at its first steps, fills a 1920 x 1080 and a
// 1280 x 720 screen with no scrolling, the board (or main table) at least
// 45 % of its width, and whose move it is in type readable from three
// metres: the room tests' measure (checkRoomAs), which holds the map, the
// type, the cards and axe-core too. Screenshots keep the names
// kind-tvWIDTH.jpg.
func TestTVScreenOfEveryGameFillsTheScreenWithoutScrolling(t *testing.T) {
	for _, g := range []struct {
		name, kind string
		settings   map[string]any
		play       []string // the host's commands before the TV is looked at: "type {data}"
		// says is what the TV's Companies card reads (Cold Cash Risk):
		// never an empty card, before the first company too.
		says string
	}{
		{"coldcash-bank", "coldcash", nil, []string{`found {"company":"c2","seat":0,"size":6}`, `buy {"seat":0,"company":"c2","count":3}`,
			`turn`, `found {"company":"c6","seat":1,"size":9}`, `buy {"seat":1,"company":"c6","count":2}`, `turn`}, "Luxor"},
		{"coldcash-board", "coldcash", map[string]any{"mode": "board", "deck": "app"}, nil, "No company founded yet."},
		{"risk", "risk", nil, nil, ""}, // riskAtWar: a battle fought
		{"pctw", "pctw", nil, []string{`start`}, ""},
		{"takeover", "takeover", nil, []string{`deal`}, ""},
		{"cashcrash", "cashcrash", nil, nil, ""},
		{"scorepad", "scorepad", nil, []string{`score {"seat":0,"points":12}`, `score {"seat":1,"points":9}`, `score {"seat":2,"points":15}`}, ""},
	} {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
			var id int64
			if g.kind == "risk" {
				var must func(string, any)
				var from, to int
				id, must, from, to = riskAtWar(t, app)
				must("attack", map[string]any{"from": from, "to": to, "mode": "roll"})
				must("defend", map[string]int{"dice": 2})
			} else {
				host := hostDevice(t, app)
				id = host.createGameWith(g.kind, g.settings, "Ana", "Ben", "Cy")
				for i, c := range g.play {
					typ, data, _ := strings.Cut(c, " ")
					var args any
					if data != "" {
						args = json.RawMessage(data)
					}
					if code, body := host.command(id, typ, args, fmt.Sprint("tv", i)); code != 200 {
						t.Fatalf("%s: %d %s", c, code, body)
					}
				}
			}
			checkRoomAs(t, openRoomTVs(t, app, id), g.name+"-first", g.name)
			if g.says != "" { // read on the host's laptop, opened only for it
				hostTab := testenv.Laptop(t)
				app.MakeHost(t, hostTab)
				var card string
				hostTab.Run(t, chromedp.Navigate(roomTV(t, app, id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery),
					chromedp.Evaluate(`document.querySelector("#live #companies").innerText`, &card))
				if !strings.Contains(card, g.says) || strings.Contains(g.says, "No company") != strings.Contains(card, "No company") {
					t.Errorf("%s: the TV's Companies card reads %q; want it to say %q", g.name, card, g.says)
				}
			}
		})
	}
}
