package web_test

import (
	"fmt"
	htmlpkg "html"
	"regexp"
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/riskclassic"
	"tableside/internal/testenv"
)

// The battle moment is one block (partials/moments.html) that RISK, Piecepack
// Conquers the World and Cold Cash Risk's hostile takeovers all draw: after
// a battle the TV and the host show the card (attacker and defender named,
// each side's dice apart in its colour with its name, the losses, taken or
// held, the chance before and after), and each seated phone the one line
// under its sheet, with the same faces and chances.
func TestBattleMomentIsTheSameBlockInEveryGameThatFights(t *testing.T) {
	for _, g := range []struct {
		name, kind string
		settings   map[string]any
		// fight plays the game to its first battle and says who fought.
		fight func(t *testing.T, app *testenv.App, host *device, id int64) (attacker, defender string)
	}{
		{"risk", "risk", nil, func(t *testing.T, app *testenv.App, host *device, id int64) (string, string) {
			return conquestFight(t, app, id, riskclassic.Rules{})
		}},
		{"pctw", "pctw", nil, func(t *testing.T, app *testenv.App, host *device, id int64) (string, string) {
			return conquestFight(t, app, id, pctw.Rules{})
		}},
		{"coldcash-board", "coldcash", map[string]any{"mode": "board", "deck": "table"}, func(t *testing.T, app *testenv.App, host *device, id int64) (string, string) {
			do := func(typ string, data map[string]any) {
				if code, body := host.command(id, typ, data, ""); code != 200 {
					t.Fatalf("%s %v: %d %s", typ, data, code, body)
				}
			}
			boardTakeoverOf(do)
			do("attack", map[string]any{"from": "venezuela", "to": "central-america", "momPop": 2})
			do("attack", map[string]any{"from": "venezuela", "to": "central-america", "attackerFaces": []int{6, 5}, "defenderFaces": []int{4, 3}})
			return "American (Ben)", "the Mom &amp; Pop"
		}},
	} {
		t.Run(g.name, func(t *testing.T) {
			t.Parallel()
			app := testenv.StartWith(t, testenv.Options{PhonesNotHost: true})
			host := hostDevice(t, app)
			id := host.createGameWith(g.kind, g.settings, "Ana", "Ben")
			join := joinURLFromQR(t, host, id)
			phone := newDevice(t, app)
			phone.join(join, id, 0)
			attacker, defender := g.fight(t, app, host, id)
			pages := map[string]string{}
			for name, get := range map[string]func() (int, string){
				"TV": func() (int, string) { return host.get(fmt.Sprintf("/games/%d/tv", id)) }, "host": func() (int, string) { return host.get(fmt.Sprintf("/games/%d", id)) },
				"phone": func() (int, string) { return phone.get(fmt.Sprintf("/games/%d", id)) },
			} {
				code, body := get()
				if code != 200 {
					t.Fatalf("%s page: %d", name, code)
				}
				pages[name] = body
			}
			for name, page := range pages {
				card := momentOf(page)
				if card == "" {
					t.Fatalf("the %s shows no battle moment after a battle", name)
				}
				want := `class="card moment battle-moment"`
				if name == "phone" {
					want = `class="moment-line battle-line"`
				}
				if !strings.Contains(card, want) {
					t.Errorf("the %s draws the battle as %.120q; want %s", name, card, want)
				}
				if strings.Count(page, `id="battle-moment"`) != 1 {
					t.Errorf("the %s draws the battle %d times; want once", name, strings.Count(page, `id="battle-moment"`))
				}
				for _, w := range []string{attacker, defender, " → ", "%"} {
					if !strings.Contains(card, w) {
						t.Errorf("the %s's battle moment lacks %q:\n%s", name, w, card)
					}
				}
				// Both sides' dice, each named for its side and painted in its colour.
				att := regexp.MustCompile(`<span class="die badge ([a-z0-9-]+)" role="img" aria-label="`+regexp.QuoteMeta(attacker)+` rolled [1-6]">[1-6]</span>`).FindAllStringSubmatch(card, -1)
				def := regexp.MustCompile(`<span class="die badge ([a-z0-9-]+)" role="img" aria-label="`+regexp.QuoteMeta(defender)+` rolled [1-6]">[1-6]</span>`).FindAllStringSubmatch(card, -1)
				if len(att) == 0 || len(def) == 0 || att[0][1] == def[0][1] {
					t.Errorf("the %s's dice: attacker %v, defender %v; want each side's dice apart, in two colours", name, att, def)
				}
				if !strings.Contains(card, "taken") && !strings.Contains(card, "held") {
					t.Errorf("the %s's battle moment says neither taken nor held:\n%s", name, card)
				}
				if !regexp.MustCompile(`(&lt;|&gt;)?\d+ % → (&lt;|&gt;)?\d+ %`).MatchString(card) {
					t.Errorf("the %s's battle moment lacks the chance before and after (\"36 %% → 71 %%\"):\n%s", name, card)
				}
			}
			// The TV, the host and the phone tell the same battle.
			if a, b, c := facesOf(pages["TV"]), facesOf(pages["host"]), facesOf(pages["phone"]); a != b || a != c {
				t.Errorf("the screens show different faces: TV %q, host %q, phone %q", a, b, c)
			}
		})
	}
}

// momentOf is the element with id battle-moment, as served.
func momentOf(page string) string {
	i := strings.Index(page, `id="battle-moment"`)
	if i < 0 {
		return ""
	}
	start := strings.LastIndex(page[:i], "<")
	end := strings.Index(page[i:], "</section>")
	if p := strings.Index(page[i:], "</p>\n"); strings.HasPrefix(page[start:], "<p") && p >= 0 {
		end = p
	}
	if end < 0 {
		return page[start:]
	}
	return page[start : i+end]
}

// facesOf is the faces a battle moment shows, in order.
func facesOf(page string) string {
	var b strings.Builder
	for _, m := range regexp.MustCompile(`rolled ([1-6])"`).FindAllStringSubmatch(momentOf(page), -1) {
		b.WriteString(m[1])
	}
	return b.String()
}

// conquestFight plays a RISK-family game by the moves its engine offers
// until the first battle is fought, and names its two sides.
func conquestFight(t *testing.T, app *testenv.App, id int64, rules engine.Rules) (string, string) {
	t.Helper()
	sp := &sheetPlay{t: t, app: app, id: id, rules: rules, seats: make([]*testenv.Tab, 2)}
	sp.send(firstOfAny(conquest.CmdAttack, conquest.CmdDefend), func(st engine.State) bool { return st.(*conquest.State).Last != nil })
	var att, def string
	sp.app.Tracker.State(t.Context(), id, func(st engine.State, _ int64) {
		s := st.(*conquest.State)
		att, def = s.Players[s.Last.Attacker].Name, s.Players[s.Last.Defender].Name
	})
	return htmlpkg.EscapeString(att), htmlpkg.EscapeString(def)
}

// boardTakeoverOf brings a board-mode game to Ben's American (3 teams in
// Venezuela) starting a hostile takeover beside the Mom & Pop in Central
// America (boardTakeover: the same for game 1).
func boardTakeoverOf(do func(typ string, data map[string]any)) {
	for _, c := range []struct {
		typ  string
		data map[string]any
	}{
		{"open", map[string]any{"first": []string{"siam", "peru"}}},
		{"place", map[string]any{"territory": "venezuela"}}, {"found", map[string]any{"company": "c3"}}, {"draw", nil},
		{"place", map[string]any{"territory": "central-america"}}, {"leave", nil}, {"draw", nil},
		{"skip", map[string]any{"company": "c3"}},
		{"place", map[string]any{"territory": "argentina"}}, {"leave", nil},
		{"takeover", map[string]any{"company": "c3"}},
	} {
		do(c.typ, c.data)
	}
}
