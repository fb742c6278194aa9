package web_test

import (
	"net/http"
	"strings"
	"testing"

	"tableside/engine/conquest"
	"tableside/internal/testenv"
)

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
