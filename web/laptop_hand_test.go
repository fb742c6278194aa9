package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
)

// laptopCall posts a form to one of the laptop's routes as d, as laptop.js
// does (a fetch asking for JSON).
func laptopCall(d *device, path string, form url.Values) (int, string) {
	d.t.Helper()
	req, _ := http.NewRequest("POST", d.url(path), strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, body := d.do(req, true)
	return resp.StatusCode, body
}

// laptopPanelOf is the host's "plays on the laptop" card as laptop.js
// fetches it.
func laptopPanelOf(d *device, game int64) string {
	d.t.Helper()
	req, _ := http.NewRequest("GET", d.url(fmt.Sprintf("/games/%d/laptop", game)), nil)
	req.Header.Set("Accept", "application/json")
	resp, body := d.do(req, true)
	if resp.StatusCode != http.StatusOK {
		d.t.Fatalf("laptop panel: %d %s", resp.StatusCode, body)
	}
	return body
}

// countdown is the open hand's seconds left, which differ between twins by
// when they were asked, not by any secret.
// The turn clock's seconds differ the same way.
var countdown = regexp.MustCompile(`data-left=\\?"\d+\\?"|laptop-secs\\?"(?:>|\\u003e)\d+|"left":\d+|(?s)<section class="clock".*?</section>|\\u003csection class=\\"clock\\".*?\\u003c/section\\u003e|\b\d+ s\b`)

// laptopBytes is everything the host's laptop is served for a game now:
// the game page, its live view (the message the live stream sends) and the
// laptop card, with what differs by the clock alone masked.
func laptopBytes(tt *twinTable) map[string]string {
	tt.host.t.Helper()
	_, page := tt.host.get(fmt.Sprintf("/games/%d", tt.game))
	_, view := tt.host.get(fmt.Sprintf("/games/%d/view", tt.game))
	out := map[string]string{"page": page, "live view": view, "laptop card": laptopPanelOf(tt.host, tt.game)}
	for k, v := range out {
		out[k] = countdown.ReplaceAllString(volatile.ReplaceAllString(v, "T"), "N")
	}
	return out
}

// laptopSame requires every byte served to the two twins' laptops to be
// the same; laptopDiffers requires the laptop card to differ (the open
// hand's own secret reaches it: the positive control).
func (tw *timelineTwin) laptopSame(when string) {
	tw.t.Helper()
	a, b := laptopBytes(tw.a), laptopBytes(tw.b)
	for k := range a {
		if a[k] != b[k] {
			tw.t.Fatalf("%s: the laptop's %s differs between the twins, so it carries a seat's secret:\n%s", when, k, firstDiffHTTP(a[k], b[k]))
		}
	}
}

func (tw *timelineTwin) laptopDiffers(when string) {
	tw.t.Helper()
	if a, b := laptopBytes(tw.a), laptopBytes(tw.b); a["laptop card"] == b["laptop card"] {
		tw.t.Fatalf("%s: the open hand's card is the same in both twins; the test proves nothing", when)
	}
}

// laptopBoth posts the same laptop form to both twins and requires code.
func (tw *timelineTwin) laptopBoth(path string, form url.Values, code int) {
	tw.t.Helper()
	for _, tt := range []*twinTable{tw.a, tw.b} {
		if got, body := laptopCall(tt.host, fmt.Sprintf("/games/%d%s", tt.game, path), form); got != code {
			tw.t.Fatalf("POST %s: %d %s; want %d", path, got, body, code)
		}
	}
}

// laptopMove sends a move as seat from both twins' laptops, as sheet.js
// sends a move of the open hand's sheet, and requires code.
func (tw *timelineTwin) laptopMove(seat int, typ, idem string, code int) {
	tw.t.Helper()
	tw.laptopMoveWith(seat, typ, nil, idem, code)
}

// laptopMoveWith is laptopMove with the move's data.
func (tw *timelineTwin) laptopMoveWith(seat int, typ string, data any, idem string, code int) {
	tw.t.Helper()
	cmd := map[string]any{"type": typ, "idem": idem}
	if data != nil {
		cmd["data"] = data
	}
	for _, tt := range []*twinTable{tw.a, tw.b} {
		if got, body := tt.host.postJSON(fmt.Sprintf("/games/%d/laptop/%d/commands", tt.game, seat), cmd, nil); got != code {
			tw.t.Fatalf("%s as seat %d from the laptop: %d %s; want %d", typ, seat, got, body, code)
		}
	}
}

// phonesLeave sends the seats' phones away in both twins (the host's
// Kick): the laptop may play a seat no phone holds, with a confirmation,
// while a seat a phone holds is answered for only through the host's sheet.
func (tw *timelineTwin) phonesLeave(seats ...int) {
	tw.t.Helper()
	for _, tt := range []*twinTable{tw.a, tw.b} {
		kick(tw.t, tt, seats...)
	}
}

// kick sends the seats' phones away from a table (the host's Kick).
func kick(t *testing.T, tt *twinTable, seats ...int) {
	t.Helper()
	for _, seat := range seats {
		if code, body := tt.host.postForm(fmt.Sprintf("/games/%d/seats/%d/kick", tt.game, seat), url.Values{}); code != http.StatusOK {
			t.Fatalf("kick seat %d's phone: %d %.300s", seat, code, body)
		}
	}
}

// The laptop shows a seat's hidden hand only while it is open for that
// seat: two Takeover games differ only in which coin Ana keeps as stock
// (the 4 of Suns or the 3). Until her hand is opened, and again once her
// move passed to Ben and the hand closed itself, every byte the laptop is
// served (the page, its live view, the laptop card) is the same in both
// games; with Ben's hand open it still is. Only while Ana's own hand is
// open does her choice reach the laptop.
func TestLaptopShowsOnlyTheOpenSeatsHandAndForgetsItWhenTheMovePasses(t *testing.T) {
	t.Parallel()
	tw := &timelineTwin{t: t, a: newTwinTable(t, "takeover", "Ana", "Ben"), b: newTwinTable(t, "takeover", "Ana", "Ben"), holder: 0}
	tw.takeoverAnasStockDiffers()
	tw.phonesLeave(0, 1) // they play on the laptop from here
	tw.laptopSame("Ana's move, no hand open")
	// Ben's hand does not open on Ana's move; Ana's opens only when confirmed.
	tw.laptopBoth("/laptop/1/open", url.Values{"confirm": {"yes"}}, http.StatusUnprocessableEntity)
	tw.laptopBoth("/laptop/0/open", nil, http.StatusUnprocessableEntity)
	tw.laptopSame("after the refused openings")
	tw.laptopBoth("/laptop/0/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
	tw.laptopDiffers("Ana's hand open")
	// Ana passes from the laptop: the move is Ben's, and her hand is gone.
	tw.laptopMove(0, "pass", "p1", http.StatusOK)
	tw.laptopSame("Ben's move after Ana's hand closed")
	tw.laptopMove(0, "pass", "p2", http.StatusUnprocessableEntity)
	tw.laptopBoth("/laptop/1/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
	if card := laptopPanelOf(tw.a.host, tw.a.game); !strings.Contains(card, "Ben&#39;s hand") && !strings.Contains(card, "Ben's hand") {
		t.Fatalf("Ben's hand is not open on the laptop: %.600s", card)
	}
	tw.laptopSame("Ben's hand open")
	tw.laptopBoth("/laptop/hide", nil, http.StatusOK)
	tw.laptopSame("Ben's hand hidden")
}

// takeoverInPlay is a Takeover game through its draft and concealment,
// each player's phone seated: Ana (seat 0) is on turn.
func takeoverInPlay(t *testing.T) *twinTable {
	t.Helper()
	tt := newTwinTable(t, "takeover", "Ana", "Ben")
	tiles := suitRows()
	send := func(d *device, typ string, data any, idem string) {
		t.Helper()
		if code, body := d.command(tt.game, typ, data, idem); code != http.StatusOK {
			t.Fatalf("%s: %d %s", typ, code, body)
		}
	}
	send(tt.host, "lay", map[string]any{"tiles": tiles, "first": 0}, "lay")
	for _, c := range tiles {
		send(tt.host, "draft", map[string]string{"coin": c}, "d"+c)
	}
	send(tt.phones[0], "conceal", map[string]any{"stock": []string{"S4"}}, "c0")
	send(tt.phones[1], "conceal", map[string]any{"stock": []string{"S5"}}, "c1")
	return tt
}

// A phone cannot use the laptop's routes: Ben's phone cannot open Ana's
// hand, read the laptop's card, send a move as Ana through it (even while
// the host has her hand open) or set who plays on the laptop. Each is
// refused (403), and the game's log, the open hand and the setting stay
// as they were.
func TestPhoneCannotOpenAnotherSeatsHandThroughTheLaptop(t *testing.T) {
	t.Parallel()
	tt := takeoverInPlay(t)
	ben := tt.phones[1]
	before := logLength(t, tt.app, tt.game)
	path := func(p string) string { return fmt.Sprintf("/games/%d%s", tt.game, p) }
	refused := func(when string, code int, body string) {
		t.Helper()
		if code != http.StatusForbidden {
			t.Fatalf("%s: %d %s; want 403", when, code, body)
		}
		if strings.Contains(body, "S4") || strings.Contains(body, "Coins:") {
			t.Fatalf("%s: the refusal carries Ana's hand: %s", when, body)
		}
	}
	code, body := laptopCall(ben, path("/laptop/0/open"), url.Values{"confirm": {"yes"}})
	refused("Ben's phone opens Ana's hand", code, body)
	req, _ := http.NewRequest("GET", ben.url(path("/laptop")), nil)
	req.Header.Set("Accept", "application/json")
	resp, body := ben.do(req, true)
	refused("Ben's phone reads the laptop's card", resp.StatusCode, body)
	code, body = laptopCall(ben, path("/seats/0/laptop"), url.Values{"on": {"yes"}})
	refused("Ben's phone sets Ana to play on the laptop", code, body)
	if card := laptopPanelOf(tt.host, tt.game); strings.Contains(card, "data-open") || strings.Contains(card, "laptop-seat-off") {
		t.Fatalf("a phone's refused request opened a hand or set a seat: %.500s", card)
	}
	// With Ana's hand open on the laptop (her phone sent away: the laptop
	// plays her seat), Ben's phone still cannot move as Ana.
	kick(t, tt, 0)
	if code, body := laptopCall(tt.host, path("/laptop/0/open"), url.Values{"confirm": {"yes"}}); code != http.StatusOK {
		t.Fatalf("the host opens Ana's hand: %d %s", code, body)
	}
	code, body = ben.postJSON(path("/laptop/0/commands"), map[string]any{"type": "pass", "idem": "b1"}, nil)
	refused("Ben's phone passes as Ana", code, body)
	if after := logLength(t, tt.app, tt.game); after != before {
		t.Fatalf("the log went from %d to %d events after refused requests", before, after)
	}
	if _, page := ben.get(path("")); strings.Contains(page, "laptop-hand") || strings.Contains(page, "Coins: ") {
		t.Fatal("Ben's phone's page carries the laptop's card")
	}
}

// A card in a Piecepack Conquers the World hand reaches the laptop only
// while its holder's hand is open: two games differ only in the deck's
// order, so the card Ana earns by her conquest differs. On her next turn
// her hand, opened on the laptop, shows it (the two laptops differ); she
// places and ends her turn from the laptop, and from then on (her hand
// closed itself, then Ben's open) every byte the laptop is served is the
// same in both games.
func TestLaptopShowsACardOnlyWhileItsHoldersHandIsOpen(t *testing.T) {
	t.Parallel()
	tw := &timelineTwin{t: t, a: newTwinTable(t, "pctw", "Ana", "Ben"), b: newTwinTable(t, "pctw", "Ana", "Ben"), holder: 0}
	tw.b.app.Tracker.Seed = func() [32]byte { return [32]byte{91} } // another deck order; every battle below is typed
	// They play on the laptop.
	tw.phonesLeave(0, 1)
	tw.pctwAnaConquersOnce()
	tw.reinforce(-1)
	tw.both(engine.Host, "endTurn", nil)
	tw.laptopSame("Ana's turn with her card, no hand open")
	tw.laptopBoth("/laptop/0/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
	tw.laptopDiffers("Ana's hand open with her card")
	v := tw.conquestView()
	at := -1
	for _, tr := range v.Territories {
		if at < 0 && tr.Owner == 0 {
			at = tr.ID
		}
	}
	tw.laptopMoveWith(0, "place", map[string]int{"territory": at, "count": v.Pool}, "l1", http.StatusOK)
	tw.laptopDiffers("Ana's hand still open after her placement")
	tw.laptopMoveWith(0, "endTurn", nil, "l2", http.StatusOK)
	tw.laptopSame("Ben's turn, Ana's hand closed itself")
	tw.laptopBoth("/laptop/1/open", url.Values{"confirm": {"yes"}}, http.StatusOK)
	tw.laptopSame("Ben's hand open")
}

// On the laptop, a seat a phone holds is answered for one way only: its
// fold on the host's sheet ("Answer for a player: Ana"). The laptop card
// offers no "Show Ana's hand" for it, and opening her hand or sending a
// move as her through the card's route is refused, saying why and where
// to answer instead; nothing is sent. With her phone sent away, the card
// offers her hand (a seat with no phone, behind a confirmation), and her
// moves are the sheet's own buttons; a phone that claims her seat while
// her hand is open closes it, and the move sent from it is refused.
func TestLaptopAnswersForAPhonesSeatOnlyThroughTheSheetsFold(t *testing.T) {
	t.Parallel()
	tt := takeoverInPlay(t) // Ana's move, on her phone
	path := func(p string) string { return fmt.Sprintf("/games/%d%s", tt.game, p) }
	offers := func(seat int) bool {
		return strings.Contains(laptopPanelOf(tt.host, tt.game), fmt.Sprintf(`laptop-open\" data-seat=\"%d\"`, seat))
	}
	folded := func() bool {
		_, page := tt.host.get(path(""))
		return strings.Contains(page, `data-fold="Answer for a player: Ana"`)
	}
	onPhone := func(when string, code int, body string) {
		t.Helper()
		if code != http.StatusUnprocessableEntity || !strings.Contains(body, "Ana plays on a phone") || !strings.Contains(body, "Answer for a player: Ana") {
			t.Fatalf("%s: %d %.400s; want 422 naming Ana's phone and her fold on the sheet", when, code, body)
		}
	}
	if offers(0) || !folded() {
		t.Fatalf("Ana's phone holds her seat: the laptop card offers her hand (%v) or the sheet does not fold her moves (%v)", offers(0), folded())
	}
	before := logLength(t, tt.app, tt.game)
	code, body := laptopCall(tt.host, path("/laptop/0/open"), url.Values{"confirm": {"yes"}})
	onPhone("the host opens the hand of Ana, on her phone", code, body)
	code, body = tt.host.postJSON(path("/laptop/0/commands"), map[string]any{"type": "pass", "idem": "l1"}, nil)
	onPhone("the host passes for Ana through the laptop card", code, body)
	if after := logLength(t, tt.app, tt.game); after != before {
		t.Fatalf("refused requests moved the log from %d to %d events", before, after)
	}

	// Her phone sent away, the laptop plays her seat: the card offers her
	// hand and the sheet has no fold for her.
	kick(t, tt, 0)
	if !offers(0) || folded() {
		t.Fatalf("Ana's phone was sent away: the card should offer her hand (%v) and the sheet not fold her moves (%v)", offers(0), folded())
	}
	if code, body := laptopCall(tt.host, path("/laptop/0/open"), url.Values{"confirm": {"yes"}}); code != http.StatusOK {
		t.Fatalf("the host opens Ana's hand: %d %.300s", code, body)
	}
	// A phone claims her seat while her hand is open: the hand closes and
	// a move sent from it is refused.
	newDevice(t, tt.app).join(joinURLFromQR(t, tt.host, tt.game), tt.game, 0)
	code, body = tt.host.postJSON(path("/laptop/0/commands"), map[string]any{"type": "pass", "idem": "l2"}, nil)
	onPhone("a move from Ana's hand, opened before her phone claimed her seat", code, body)
	if card := laptopPanelOf(tt.host, tt.game); strings.Contains(card, "data-open") || offers(0) {
		t.Fatalf("Ana's phone holds her seat again: the laptop card still shows or offers her hand: %.500s", card)
	}
	if after := logLength(t, tt.app, tt.game); after != before {
		t.Fatalf("refused requests moved the log from %d to %d events", before, after)
	}
}
