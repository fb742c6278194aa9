package web_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/coldcash"
	"tableside/internal/testenv"
)

// hiddenTable is a Cold Cash game on its own server, with the host laptop,
// a TV and a joined phone for every player, all over HTTP.
type hiddenTable struct {
	phoneTable
	tv     *device
	others []int // the seats whose phones must not learn the hidden shares
	live   map[string]*stream
}

func newHiddenTable(t *testing.T, settings map[string]any, others []int, players ...string) *hiddenTable {
	t.Helper()
	app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
	// The same dice seeds on both tables: the seal on the next roll (its
	// commitment, on every screen) must not differ between the two games
	// for any reason but a hidden share.
	fixedDice(app)
	freezeClock(app) // the turn clock on every screen says the same times on both tables
	ht := &hiddenTable{phoneTable: phoneTable{app: app, host: hostDevice(t, app)}, tv: newDevice(t, app), others: others}
	ht.game = ht.host.createGameWith("coldcash", settings, players...)
	ht.seatPhones(t, len(players))
	// the live streams of the other screens, from the game as it is now
	seq := logLength(t, app, ht.game)
	g := fmt.Sprintf("/games/%d/live?after=%d", ht.game, seq)
	ht.live = map[string]*stream{"host's": ht.host.open(g, ""), "host's TV window": ht.host.open(g+"&as=public", ""), "TV's": ht.tv.open(g, "")}
	// The host's stream, opened without the gen of a page, first draws its
	// frame at this seq anew (seats changed hands since the server started:
	// genSeen). Taken here, or the twin whose stream had not sent it yet when
	// the first command came would skip it and differ by a frame.
	if got := viewSeq(t, ht.live["host's"].next(t, "view")); got != seq {
		t.Fatalf("the host's stream opened at seq %d; its first frame is at %d", seq, got)
	}
	for _, seat := range others {
		ht.live[fmt.Sprintf("seat %d's", seat)] = ht.phones[seat].open(g, "")
	}
	return ht
}

// hiddenTwin is two such tables that differ only in hidden shares (see the
// engine's twin test): every command goes to both, and every byte a screen
// other than the two holders' receives must be the same in both.
type hiddenTwin struct {
	t    *testing.T
	a, b *hiddenTable
	n    int
}

// screens are what the other screens load: the host's page and JSON view
// (its own and the TV window's), the TV's, and the non-holders' phones'.
func (tw *hiddenTwin) screens(ht *hiddenTable) map[string]string {
	tw.t.Helper()
	g := fmt.Sprintf("/games/%d", ht.game)
	out := map[string]string{}
	load := func(name string, d *device, path string, asJSON bool) {
		req, _ := http.NewRequest("GET", d.url(path), nil)
		if asJSON {
			req.Header.Set("Accept", "application/json")
		}
		resp, body := d.do(req, true)
		if resp.StatusCode != 200 {
			tw.t.Fatalf("%s GET %s: %d %.300s", name, path, resp.StatusCode, body)
		}
		out[name] = body
	}
	type screen struct {
		name string
		d    *device
		path string
	}
	list := []screen{{"host", ht.host, g}, {"host's TV window", ht.host, g + "?as=public"}, {"TV", ht.tv, g}, {"TV page", ht.tv, g + "/tv"}, {"host's TV page", ht.host, g + "/tv"}}
	for _, seat := range ht.others {
		list = append(list, screen{fmt.Sprintf("seat %d's phone", seat), ht.phones[seat], g})
	}
	for seat := range ht.phones { // the host's copy of every statement, the holders' included
		list = append(list, screen{fmt.Sprintf("host's statement of seat %d", seat), ht.host, fmt.Sprintf("%s/statements/%d", g, seat)})
	}
	for _, s := range list {
		load(s.name+" page", s.d, s.path, false)
		if !strings.HasSuffix(s.path, "/tv") && !strings.Contains(s.path, "/statements/") {
			load(s.name+" JSON", s.d, strings.Replace(s.path, g, g+"/view", 1), true)
		}
	}
	return out
}

// volatile are the parts of a page that differ between two servers
// whatever the game: the creation time and the per-page idempotency keys.
// (and each table's room code, drawn at random, not from anything secret).
// A play's BG Stats id is drawn at random and its date is the clock's: the
// twins' links differ there and nowhere else. Each server's own address
// differs too (the TV's "Rules on your phone" line names it).
//
// Each part is its own expression with a literal start, taken in turn: Go's
// regexp jumps between the occurrences of a literal prefix, but one
// alternation of them (or a leading \d) has no prefix and steps its
// automaton through every byte, at about 0.6 MB/s on a Cold Cash board page:
// that was 70 % of TestHiddenSharesReachNoOtherScreenOverHTTPInBoardMode's
// CPU, and the seven passes are about 60 times faster.
var volatile = volatileParts{
	regexp.MustCompile(`127\.0\.0\.1:\d+`),
	regexp.MustCompile(`"created":"[^"]*"`),
	regexp.MustCompile(`20\d\d-\d\d-\d\dT[0-9:.]+Z?`), // a timestamp of this century
	regexp.MustCompile(`id="room-code">[A-Z]{4}<`),
	regexp.MustCompile(`"Room":"[A-Z]{4}"`),
	regexp.MustCompile(`sourcePlayId%22%3A%22[0-9a-f]+%22`),
	regexp.MustCompile(`playDate%22%3A%22[^%]+%3A[0-9]+%3A[0-9]+%22`),
}

// volatileParts replaces every match of each expression, in turn.
type volatileParts []*regexp.Regexp

func (v volatileParts) ReplaceAllString(s, with string) string {
	for _, re := range v {
		s = re.ReplaceAllString(s, with)
	}
	return s
}

func (tw *hiddenTwin) same(when string) {
	tw.t.Helper()
	sa, sb := tw.screens(tw.a), tw.screens(tw.b)
	names := make([]string, 0, len(sa))
	for k := range sa {
		names = append(names, k)
	}
	slices.Sort(names)
	for _, k := range names {
		a, b := volatile.ReplaceAllString(sa[k], "T"), volatile.ReplaceAllString(sb[k], "T")
		if a != b {
			tw.t.Fatalf("%s: the %s differs between the two games:\n%s", when, k, firstDiffHTTP(a, b))
		}
	}
}

func firstDiffHTTP(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-200)
	return fmt.Sprintf("  a: …%s\n  b: …%s", a[from:min(len(a), i+100)], b[from:min(len(b), i+100)])
}

// send posts a command to both games as seat; both must answer alike
// (status and body), and the answer is returned.
func (tw *hiddenTwin) send(seat int, typ string, data map[string]any) (int, string) {
	tw.t.Helper()
	tw.n++
	idem := fmt.Sprintf("k%d", tw.n)
	ca, ba := tw.a.by(seat).command(tw.a.game, typ, data, idem)
	cb, bb := tw.b.by(seat).command(tw.b.game, typ, data, idem)
	if ca != cb || ba != bb {
		tw.t.Fatalf("%s %v by %d: the answers differ:\n  %d %s\n  %d %s", typ, data, seat, ca, ba, cb, bb)
	}
	return ca, ba
}

func (tw *hiddenTwin) step(seat int, typ string, data map[string]any) {
	tw.t.Helper()
	if code, body := tw.send(seat, typ, data); code != 200 {
		tw.t.Fatalf("%s %v by %d: %d %s", typ, data, seat, code, body)
	}
	when := fmt.Sprintf("after %s %v", typ, data)
	for name, st := range tw.a.live { // what each other screen's stream pushed
		ea, eb := st.next(tw.t, "view"), tw.b.live[name].next(tw.t, "view")
		if ea.ID != eb.ID || volatile.ReplaceAllString(ea.Data, "T") != volatile.ReplaceAllString(eb.Data, "T") {
			tw.t.Fatalf("%s: the %s live stream differs:\n%s", when, name, firstDiffHTTP(ea.ID+" "+ea.Data, eb.ID+" "+eb.Data))
		}
	}
	tw.same(when)
}

// probe is a command both games must refuse in the same words (422), as a
// form post and as JSON, with nothing written to either log.
func (tw *hiddenTwin) probe(seat int, typ string, data map[string]any) {
	tw.t.Helper()
	seqA, seqB := logLength(tw.t, tw.a.app, tw.a.game), logLength(tw.t, tw.b.app, tw.b.game)
	if code, body := tw.send(seat, typ, data); code != http.StatusUnprocessableEntity {
		tw.t.Fatalf("%s %v by %d: %d %s; want 422", typ, data, seat, code, body)
	}
	form := map[string][]string{"type": {typ}}
	for k, v := range data {
		form["d."+k] = []string{fmt.Sprint(v)}
	}
	ca, pa := tw.a.by(seat).postForm(fmt.Sprintf("/games/%d/commands", tw.a.game), form)
	cb, pb := tw.b.by(seat).postForm(fmt.Sprintf("/games/%d/commands", tw.b.game), form)
	// A refused form comes back to the game page with the refusal as its toast.
	if ca != http.StatusOK || ca != cb || toastOf(pa) == "" {
		tw.t.Fatalf("%s %v by %d as a form: %d / %d, toast %q", typ, data, seat, ca, cb, toastOf(pa))
	}
	if a, b := volatile.ReplaceAllString(pa, "T"), volatile.ReplaceAllString(pb, "T"); a != b {
		tw.t.Fatalf("%s %v by %d: the refusal page differs:\n%s", typ, data, seat, firstDiffHTTP(a, b))
	}
	if logLength(tw.t, tw.a.app, tw.a.game) != seqA || logLength(tw.t, tw.b.app, tw.b.game) != seqB {
		tw.t.Fatalf("%s %v: a refused command was written", typ, data)
	}
}

// logLength is how many events a game's log holds.
func logLength(t *testing.T, app *testenv.App, game int64) int64 {
	t.Helper()
	var seq int64
	if err := app.Tracker.State(context.Background(), game, func(_ engine.State, s int64) { seq = s }); err != nil {
		t.Fatal(err)
	}
	return seq
}

// moveHidden shifts one hidden share of a company from one holder to another
// in game b's running state only (test surgery: see the engine's twin).
func (tw *hiddenTwin) moveHidden(co string, from, to int) {
	tw.t.Helper()
	err := tw.b.app.Tracker.State(context.Background(), tw.b.game, func(st engine.State, _ int64) {
		s := st.(*coldcash.State)
		i := slices.Index(s.Book.Companies, co)
		s.Book.Shares[from+1][i]--
		s.Book.Shares[to+1][i]++
		s.Hidden[from][i]--
		s.Hidden[to][i]++
		if err := s.Book.Verify(); err != nil {
			tw.t.Fatal(err)
		}
	})
	if err != nil {
		tw.t.Fatal(err)
	}
}

// Two games that differ only in how many hidden Luxor shares Ben and Cy
// hold: the host, the TV and the other phones load the same bytes at every
// step, refusals included, through a merger that waits for Ben; Ben's own
// phone still counts all of his.
func TestHiddenSharesReachNoOtherScreenOverHTTP(t *testing.T) {
	t.Parallel()
	const host, ana, ben, cy, dee = engine.Host, 0, 1, 2, 3
	for _, hidden := range []string{coldcash.HiddenCount, coldcash.HiddenIgnore} {
		t.Run(hidden, func(t *testing.T) {
			set := map[string]any{"hiddenAtMerger": hidden}
			tw := &hiddenTwin{t: t, a: newHiddenTable(t, set, []int{ana, dee}, "Ana", "Ben", "Cy", "Dee"), b: newHiddenTable(t, set, []int{ana, dee}, "Ana", "Ben", "Cy", "Dee")}
			tw.step(host, "found", map[string]any{"company": "c2", "seat": ana, "size": 6})
			tw.step(host, "found", map[string]any{"company": "c6", "seat": dee, "size": 9})
			// Ana (7) and Dee (6) hold Luxor's bonuses whatever Ben and Cy hide.
			for _, b := range []struct{ seat, n int }{{ana, 3}, {ben, 3}, {cy, 2}, {dee, 3}, {ana, 3}, {dee, 2}} {
				tw.step(host, "turn", map[string]any{"seat": b.seat})
				tw.step(b.seat, "buy", map[string]any{"company": "c2", "count": b.n})
			}
			tw.step(ben, "hide", map[string]any{"company": "c2", "hidden": 2})
			tw.step(cy, "hide", map[string]any{"company": "c2", "hidden": 2})
			tw.moveHidden("c2", cy, ben) // b: Ben 4 Luxor (3 hidden), Cy 1 (hidden)
			tw.same("after the hidden shares moved")

			tw.step(host, "turn", map[string]any{"seat": ben})
			for n := 2; n <= 5; n++ {
				tw.probe(host, "sell", map[string]any{"seat": ben, "company": "c2", "count": n})
				tw.probe(host, "sell", map[string]any{"seat": cy, "company": "c2", "count": n - 1})
			}
			tw.probe(ana, "sell", map[string]any{"seat": ben, "company": "c2", "count": 1})
			tw.step(host, "dividends", map[string]any{"company": "c2"})
			tw.step(host, "merge", map[string]any{"survivor": "c6", "defunct": "c2", "maker": ana})
			tw.step(ana, "dispose", map[string]any{"choice": "sell-all"})
			// Ben owes: every other screen reads his one shown share.
			tw.probe(host, "sell", map[string]any{"seat": dee, "company": "c6", "count": 1})
			tw.probe(dee, "dispose", map[string]any{"choice": "sell-all"})
			for _, n := range []int{0, 2, 3, 4} {
				tw.probe(host, "dispose", map[string]any{"keep": n})
			}
			for i, ht := range []*hiddenTable{tw.a, tw.b} {
				held := []int{3, 4}[i]
				_, own := ht.phones[ben].get(fmt.Sprintf("/games/%d", ht.game))
				if !strings.Contains(own, fmt.Sprintf("keep, sell or trade %d Luxor", held)) {
					t.Fatalf("Ben's own phone does not count his %d Luxor", held)
				}
				for name, body := range tw.screens(ht) {
					for _, leak := range []string{fmt.Sprintf("trade %d Luxor", held), fmt.Sprintf("holds %d Luxor", held), fmt.Sprintf(`"waitingHeld":%d`, held)} {
						if strings.Contains(body, leak) {
							t.Fatalf("the %s shows %q", name, leak)
						}
					}
				}
				var v struct {
					Waiting struct{ Text string } `json:"waiting"`
					View    struct {
						Waiting string `json:"waiting"`
					} `json:"view"`
				}
				if code := ht.tv.getJSON(fmt.Sprintf("/games/%d/view", ht.game), &v); code != 200 || v.View.Waiting != "Waiting for Ben: keep, sell or trade 1 Luxor." || v.Waiting.Text != "keep, sell or trade 1 Luxor" {
					t.Fatalf("the TV's waiting line: %d %+v", code, v)
				}
			}
			// Ben keeps all, the host answers for Cy: kept hidden shares stay hidden.
			tw.step(ben, "dispose", map[string]any{"choice": "keep-all"})
			tw.step(host, "dispose", map[string]any{"sell": 0})
			tw.step(dee, "dispose", map[string]any{"choice": "sell-all"})
			tw.step(host, "end", map[string]any{"reason": "short"})
		})
	}
}

// The same in board mode: the map, the operating cycle and a friendly
// merger that waits for Cy, who holds hidden Tower shares only.
func TestHiddenSharesReachNoOtherScreenOverHTTPInBoardMode(t *testing.T) {
	t.Parallel()
	const host, ana, ben, cy = engine.Host, 0, 1, 2
	type M = map[string]any
	for _, hidden := range []string{coldcash.HiddenCount, coldcash.HiddenIgnore} {
		t.Run(hidden, func(t *testing.T) {
			set := M{"mode": "board", "deck": "table", "hiddenAtMerger": hidden}
			tw := &hiddenTwin{t: t, a: newHiddenTable(t, set, []int{ana}, "Ana", "Ben", "Cy"), b: newHiddenTable(t, set, []int{ana}, "Ana", "Ben", "Cy")}
			tw.step(host, "open", M{"first": []string{"siam", "alaska", "peru"}}) // Ben, Cy, Ana
			tw.step(host, "place", M{"territory": "kamchatka"})
			tw.step(host, "found", M{"company": "c1"})
			tw.step(ben, "buy", M{"company": "c1", "count": 2})
			tw.step(ben, "draw", nil)
			tw.step(host, "place", M{"territory": "venezuela"})
			tw.step(host, "found", M{"company": "c3"})
			tw.step(cy, "buy", M{"company": "c1", "count": 2})
			tw.step(ben, "hide", M{"company": "c1", "hidden": 2})
			tw.step(cy, "hide", M{"company": "c1", "hidden": 2})
			tw.moveHidden("c1", cy, ben) // b: Ben 4 Tower (3 hidden), Cy 1 (hidden)
			tw.same("after the hidden shares moved")
			for n := 1; n <= 3; n++ {
				tw.probe(host, "sell", M{"company": "c1", "count": n})
			}
			tw.probe(host, "meeting", M{"company": "c1", "nominee": cy})
			tw.step(cy, "draw", nil)
			tw.step(host, "place", M{"territory": "india"})
			tw.step(host, "leave", nil)
			tw.step(ana, "buy", M{"company": "c3", "count": 1})
			tw.step(ana, "draw", nil)
			tw.step(ben, "hire", M{"company": "c1", "place": M{}})
			tw.step(cy, "dividends", M{"company": "c3"})
			tw.step(host, "place", M{"territory": "china"})
			tw.step(host, "found", M{"company": "c2"})
			for n := 2; n <= 5; n++ {
				tw.probe(host, "sell", M{"company": "c1", "count": n})
			}
			tw.step(host, "draw", nil)
			tw.step(host, "place", M{"territory": "mongolia"})
			tw.step(host, "merge", M{"companies": []string{"c1", "c2"}})
			tw.step(ben, "consent", M{"company": "c1", "agree": true})
			if hidden == coldcash.HiddenCount {
				return // hidden shares count for the bonuses: the payout shows them
			}
			tw.step(ben, "consent", M{"company": "c2", "agree": true})
			tw.probe(host, "draw", nil)
			tw.probe(ana, "dispose", M{"choice": "sell-all"})
			for n := 1; n <= 3; n++ {
				tw.probe(host, "dispose", M{"keep": n})
			}
			for i, ht := range []*hiddenTable{tw.a, tw.b} {
				held := []int{2, 1}[i]
				_, own := ht.phones[cy].get(fmt.Sprintf("/games/%d", ht.game))
				if !strings.Contains(own, fmt.Sprintf("keep, sell or trade %d Tower", held)) {
					t.Fatalf("Cy's own phone does not count her %d Tower", held)
				}
				_, page := ht.tv.get(fmt.Sprintf("/games/%d", ht.game))
				if !strings.Contains(page, "keep, sell or trade their Tower shares") {
					t.Fatal("the TV does not show what the table waits for")
				}
			}
			tw.step(cy, "dispose", M{"choice": "keep-all"})
			tw.step(ben, "dispose", M{"choice": "keep-all"})
			tw.step(host, "draw", nil)
		})
	}
}
