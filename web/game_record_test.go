package web_test

import (
	"strings"
	"testing"

	"tableside/internal/testenv"

	"tableside/internal/testclient"
)

// A finished game's record prints from its page, on A4 and Letter, with
// the standings in rank order; a game still running has none yet.
func TestGameRecordPrintsOnceTheGameIsOver(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	id := host.createGame("scorepad", "Ana", "Ben")
	for _, s := range []struct{ seat, points int }{{0, 7}, {1, 12}, {0, 2}} {
		if code, body := host.command(id, "score", map[string]int{"seat": s.seat, "points": s.points}, ""); code != 200 {
			t.Fatalf("score: %d %s", code, body)
		}
	}
	path := "/games/" + itoa(id) + "/record.pdf"
	if code, body := host.get(path); code != 409 || !strings.Contains(body, "once the game is over") {
		t.Fatalf("a running game's record: %d %s", code, body)
	}
	if code, body := host.command(id, "finish", nil, ""); code != 200 {
		t.Fatalf("finish: %d %s", code, body)
	}
	for _, paper := range []string{"a4", "letter"} {
		code, body := host.get(path + "?paper=" + paper)
		if code != 200 || !strings.HasPrefix(body, "%PDF") {
			t.Fatalf("%s record: %d %.200s", paper, code, body)
		}
		text := testclient.PDFLayout(t, []byte(body))
		ben, ana := strings.Index(text, "Ben (winner)"), strings.Index(text, "Ana")
		if ben < 0 || ana < ben || !strings.Contains(text, "Score pad (any game): Test night") {
			t.Fatalf("%s record text:\n%s", paper, text)
		}
	}
	if code, body := host.get(path + "?paper=a3"); code != 400 || !strings.Contains(body, "a3") {
		t.Fatalf("an unknown paper: %d %.300s", code, body)
	}
}
