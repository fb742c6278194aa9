package web_test

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"tableside/internal/testenv"
)

// feedOf is a page's feed section ("" when it has none).
var feedSection = regexp.MustCompile(`(?s)<section id="feed"[^>]*>(.*?)</section>`)

func feedOf(page string) string {
	if m := feedSection.FindStringSubmatch(page); m != nil {
		return m[1]
	}
	return ""
}

// The TV's ticker carries the money moves and the battles, one line each,
// newest first: not the founding and the turns the host's feed tells.
func TestTheTVTickerCarriesMoneyMovesAndBattles(t *testing.T) {
	t.Parallel()
	app := testenv.StartWith(t, testenv.Options{})
	host := hostDevice(t, app)
	id := host.createGameWith("coldcash", map[string]any{"mode": "bank"}, "Ana", "Ben")
	for _, c := range []struct{ typ, data string }{
		{"found", `{"company":"c3","seat":1,"size":2}`},
		{"buy", `{"seat":0,"company":"c3","count":1}`},
		{"turn", `{"seat":1}`},
		{"buy", `{"seat":1,"company":"c3","count":2}`},
	} {
		if code, body := host.command(id, c.typ, json.RawMessage(c.data), ""); code >= 300 {
			t.Fatalf("%s %s: %d %s", c.typ, c.data, code, body)
		}
	}
	_, hostPage := host.get(fmt.Sprintf("/games/%d", id))
	if f := feedOf(hostPage); !strings.Contains(f, "founded") {
		t.Errorf("the host's feed does not tell the founding: %s", f)
	}
	_, tv := newDevice(t, app).get(fmt.Sprintf("/games/%d/tv", id))
	f := feedOf(tv)
	ben, ana := strings.Index(f, "Ben bought 2"), strings.Index(f, "Ana bought 1")
	if ben < 0 || ana < 0 || ben > ana {
		t.Errorf("the TV's ticker does not carry both buys, newest first: %s", f)
	}
	if strings.Contains(f, "founded") || strings.Contains(f, "turn") {
		t.Errorf("the TV's ticker carries a line that moved no money: %s", f)
	}
}
