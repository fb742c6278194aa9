package web_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

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
			app, hostTab, _ := hostLaptop(t)
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
			if g.says != "" {
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
