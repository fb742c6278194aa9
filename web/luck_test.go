package web_test

import (
	"context"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tableside/engine/conquest"

	"tableside/internal/testclient"
)

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
