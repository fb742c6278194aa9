package web_test

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"tableside/engine/conquest"
	"tableside/internal/testclient"
	"tableside/internal/testenv"
)

// The end of a game is a winner screen on every device, live: the podium in
// rank order, every score with its breakdown, "You win!" on the winner's
// phone, and on the laptop "Play again with the same players", which opens
// a new game with the same seats.
func TestBrowserEveryScreenShowsTheWinnerAndTheHostPlaysAgain(t *testing.T) {
	t.Parallel()
	tb := newScreenTable(t, "scorepad", nil)
	host := hostDevice(t, tb.app)
	for _, s := range []struct{ seat, points int }{{0, 7}, {1, 12}, {0, 2}} {
		if code, body := host.command(tb.id, "score", map[string]int{"seat": s.seat, "points": s.points}, ""); code != 200 {
			t.Fatalf("score: %d %s", code, body)
		}
	}
	for _, p := range tb.phones {
		p.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	tb.host.Run(t, chromedp.Navigate(gameURL(tb.app, tb.id)))
	tb.host.Run(t, chromedp.Click(`#sheet .sheet-confirm:has(.choice-finish) > summary`, chromedp.ByQuery))
	tb.host.Tap(t, `#sheet .choice-finish`)
	for i, tab := range append([]*testenv.Tab{tb.host}, tb.phones...) {
		var podium string
		line := "Ben wins!"
		if i == 2 { // Ben's own phone
			line = "You win!"
		}
		tab.Run(t, testenv.WaitText(`#win-line`, line), chromedp.Text(`#winner .podium`, &podium, chromedp.ByQuery))
		if i, j := strings.Index(podium, "Ben"), strings.Index(podium, "Ana"); i < 0 || j < i || !strings.Contains(podium, "12") {
			t.Fatalf("podium %q: want Ben (12) above Ana (9)", podium)
		}
	}
	waitGone(t, tb.phones[0], `#sheet`) // nothing left to write, without a reload
	checkScreen(t, tb.phones[0], "winner-phone360")
	var n int
	tb.phones[1].Run(t, chromedp.Evaluate(`document.querySelectorAll("#play-again").length`, &n))
	if n != 0 {
		t.Fatal("a phone is offered to start the next game")
	}
	tb.host.Submit(t, `#play-again`, 200)
	var loc, seats string
	tb.host.Run(t, chromedp.Location(&loc), chromedp.Text(`#phones`, &seats, chromedp.ByQuery))
	if strings.HasSuffix(loc, gameURL(tb.app, tb.id)) || !strings.Contains(seats, "Ana") || !strings.Contains(seats, "Ben") {
		t.Fatalf("play again opened %s with seats %q", loc, seats)
	}
}

// A RISK game fought with typed dice ends with a "Luck" section on the
// winner screen: each player's luck in armies (Ana, whose dice never lost,
// above 0; Ben below), how their battles went out of 100, and the luckiest
// battle in words. The score log's page for the play shows the same, and
// the printed record carries each player's luck and the luckiest battle.
func TestWinnerScreenAndPlayPageShowEachPlayersLuck(t *testing.T) {
	t.Parallel()
	g := fixedConquest(t, "risk", true)
	app, host := g.app, g.host
	g.do("start", nil)
	if v := g.playToTheWorld(); v.Phase != conquest.PhaseOver || v.Winner != 0 {
		t.Fatalf("phase %s winner %d; want Ana to win", v.Phase, v.Winner)
	}
	code, page := host.get(gameURL(app, g.id)[len(app.URL):])
	if code != http.StatusOK {
		t.Fatalf("game page: %d", code)
	}
	checkLuck(t, "winner screen", page)
	if !strings.Contains(page, `id="winner"`) || strings.Index(page, `id="luck"`) < strings.Index(page, `id="winner"`) {
		t.Error("the luck section is not on the winner card")
	}
	key := scoreRow(t, host, g.id).Key
	code, play := host.get("/scores/plays/" + key)
	if code != http.StatusOK {
		t.Fatalf("play page: %d", code)
	}
	checkLuck(t, "play page", play)
	// The printed record: each player's luck, and the luckiest battle
	// among the evening's moments.
	code, pdf := host.get("/games/" + itoa(g.id) + "/record.pdf?paper=a4")
	if code != http.StatusOK {
		t.Fatalf("record: %d %.200s", code, pdf)
	}
	text := testclient.PDFLayout(t, []byte(pdf))
	if !strings.Contains(text, "Luck with the dice") || !regexp.MustCompile(`Ana\s+\+[0-9.]+ armies\s+\d+\s+better than \d+ in 100`).MatchString(text) ||
		!regexp.MustCompile(`Ben\s+-[0-9.]+ armies`).MatchString(text) || !strings.Contains(text, "Luckiest battle: Ana's attack on") {
		t.Errorf("record text:\n%s", text)
	}
	// The league is told the same luck in one line (the reader's, the one
	// luck computation), with the game's kind.
	kind, line := app.Server.Reader().LeagueFacts(context.Background(), g.id)
	if kind != "risk" || !regexp.MustCompile(`^Luckiest Ana \(\+[0-9.]+ armies\), unluckiest Ben \(-[0-9.]+ armies\), over \d+ battles$`).MatchString(line) {
		t.Errorf("league facts: %q, %q; want risk and Ana luckiest, Ben unluckiest", kind, line)
	}
	if kind, line := app.Server.Reader().LeagueFacts(context.Background(), 1<<40); kind != "" || line != "" {
		t.Errorf("league facts of no game: %q, %q; want nothing", kind, line)
	}
	// A game still being played shows no luck yet.
	other := &conquestGame{t: t, host: host, id: host.createGame("risk", "Cy", "Dee")}
	other.do("start", nil)
	if _, p := host.get(gameURL(app, other.id)[len(app.URL):]); strings.Contains(p, `id="luck"`) {
		t.Error("a game in play shows its luck")
	}
}

var luckRow = regexp.MustCompile(`(?s)<li class="luck-player[^"]*"><span class="luck-name">(Ana|Ben)</span>\s*<strong class="luck-index">((?:&#43;|-)?[0-9.]+)</strong> armies\s*<span class="luck-why muted small">lost (\d+), ([0-9.]+) expected · \d+ battles?, better than (\d+) in 100</span>`)

func checkLuck(t *testing.T, where, page string) {
	t.Helper()
	if !strings.Contains(page, `id="luck"`) {
		t.Fatalf("%s: no luck section", where)
	}
	rows := luckRow.FindAllStringSubmatch(page, -1)
	if len(rows) != 2 || rows[0][1] != "Ana" || rows[1][1] != "Ben" {
		t.Fatalf("%s: luck rows %q; want Ana then Ben", where, rows)
	}
	ana, ben := rows[0], rows[1]
	if !strings.HasPrefix(ana[2], "&#43;") || ana[3] != "0" || !strings.HasPrefix(ben[2], "-") || ben[3] == "0" {
		t.Errorf("%s: Ana %q, Ben %q: want Ana lucky with nothing lost, Ben unlucky", where, ana[0], ben[0])
	}
	if pct, _ := strconv.Atoi(ana[5]); pct <= 50 {
		t.Errorf("%s: Ana's battles went %s of 100; every throw was her best", where, ana[5])
	}
	if !regexp.MustCompile(`id="luckiest"><span class="muted">Luckiest battle:</span> Ana&#39;s attack on [^:]+ \(\d+ against \d+\): Ana took it with \d+ armies left, (a 1-in-[0-9,]+|a rarer than 1-in-a-million) result\.`).MatchString(page) {
		t.Errorf("%s: no luckiest battle in words", where)
	}
}

// On a 390 px phone the winner screen's luck fits the screen (nothing
// scrolls sideways, the explanation's tap target is thumb-sized), shows
// both players, and one tap opens how luck is measured.
func TestBrowserLuckOnTheWinnerScreenFitsAPhone(t *testing.T) {
	t.Parallel()
	g := fixedConquest(t, "risk", true)
	app := g.app
	g.do("start", nil)
	g.playToTheWorld()
	phone := testenv.Phone(t)
	phone.RecordNetwork(t)
	var table, luckiest string
	phone.Run(t, chromedp.Navigate(gameURL(app, g.id)), chromedp.WaitVisible(`#luck`, chromedp.ByQuery),
		chromedp.Text(`#luck .luck-list`, &table, chromedp.ByQuery), chromedp.Text(`#luckiest`, &luckiest, chromedp.ByQuery))
	if !strings.Contains(table, "Ana") || !strings.Contains(table, "Ben") || !strings.Contains(table, "+") || !strings.Contains(luckiest, "Ana's attack on") {
		t.Fatalf("luck table %q, luckiest %q", table, luckiest)
	}
	checkScreen(t, phone, "winner-luck-phone390")
	var why string
	phone.Run(t, chromedp.Click(`#luck details summary`, chromedp.ByQuery), chromedp.WaitVisible(`#luck details p`, chromedp.ByQuery),
		chromedp.Text(`#luck details p`, &why, chromedp.ByQuery))
	if !strings.Contains(why, "on average minus what they did cost") {
		t.Errorf("explanation %q", why)
	}
	phone.AssertLocalOnly(t, app.URL)
}

// The end screen of a finished game (its charts, luck and turn clock) is
// made from one read and one replay of the log, however many screens ask:
// the host's, the TV's, the printed record and the score log's page of the
// play take it from the one reading, kept until the log grows.
func TestEndScreenReadsAndReplaysTheLogOnce(t *testing.T) {
	t.Parallel()
	g := fixedConquest(t, "risk", true)
	first, host := g.app, g.host
	g.do("start", nil)
	if v := g.playToTheWorld(); v.Phase != conquest.PhaseOver {
		t.Fatalf("phase %s; want the game over", v.Phase)
	}
	key := scoreRow(t, host, g.id).Key
	// A new server over the same database has read no log yet.
	first.Stop()
	app := testenv.StartWith(t, testenv.Options{DBPath: first.DBPath})
	host = hostDevice(t, app)
	if reads, replays := app.Server.Reader().Counts(); reads != 0 || replays != 0 {
		t.Fatalf("a fresh server read %d logs and replayed %d", reads, replays)
	}
	path := "/games/" + itoa(g.id)
	for _, p := range []string{path, path + "?as=public", path + "/tv", path + "/record.pdf?paper=a4", "/scores/plays/" + key, path} {
		code, body := host.get(p)
		if code != http.StatusOK {
			t.Fatalf("%s: %d %.200s", p, code, body)
		}
		if p == path && (!strings.Contains(body, `id="luck"`) || !strings.Contains(body, "<svg")) {
			t.Fatalf("%s lacks the luck or the charts", p)
		}
	}
	if reads, replays := app.Server.Reader().Counts(); reads != 1 || replays != 1 {
		t.Errorf("the end screens read the log %d times and replayed it %d times; want once each", reads, replays)
	}
}
