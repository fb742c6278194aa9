package web_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/riskclassic"
	"tableside/internal/conquestplay"
	"tableside/internal/enginetest"
	"tableside/internal/testenv"
)

// keenSheetPick chooses, among the moves on a phone's sheet, the one a keen
// player taps, and answers its id (the move button's choice- class): a
// trade, the defender's dice (2 where offered), the move in, the whole
// build (on a phone, its territory tapped on the map first: the pick is
// then "map:" and the move's id), an attack the sheet gives 60% or more, else the end of the attacks,
// then the end of the turn. Only what is drawn on the sheet is read.
const keenSheetPick = `(() => {
  const moves = [...document.querySelectorAll("#turn #sheet form[data-move]")].map(f => {
    const b = f.querySelector("button:not(.step-by)");
    const id = [...b.classList].find(c => c.startsWith("choice-")) || "";
    const ch = f.querySelector(".chance");
    return { type: f.querySelector("input[name=type]").value, id: id.slice(7), chance: ch ? parseFloat(ch.textContent.replace(/^[^0-9]*/, "")) : 0,
      folded: !!f.closest("details"), map: !!f.closest("details[data-map]:not([open])") };
  });
  const top = moves.filter(m => !m.folded);
  const first = t => top.find(m => m.type === t);
  const onMap = moves.find(m => m.type === "place" && m.map); // chosen on the map: "map:" and its id
  const pick = first("trade") || top.find(m => m.id === "defend-2") || first("defend") || first("move") || first("place") ||
    (onMap && { id: "map:" + onMap.id }) ||
    top.find(m => m.type === "attack" && m.chance >= 60) || first("endAttack") || first("endTurn") || top[0];
  return pick ? pick.id : "";
})()`

// playBySheet plays a conquest game on two phones by tapping only what the
// seat the table waits for finds on its sheet (keenSheetPick), until each
// player has begun turns turns; every tap must be accepted (testenv.Tap
// fails on a refusal) and bring the live update, after every change of
// step the new step's first move must be on the phone's screen (stepWatch),
// and every everyday move of the step (all but the folded ones) must be on
// the phone's first screen, unscrolled (sheetPlay.onFirstScreen): Ana's
// 360 x 740 phone and Ben's 390 x 844 one; each step's first screen on
// each passes checkScreen and axe-core, light and dark. It answers the
// taps made.
func playBySheet(t *testing.T, app *testenv.App, id int64, phones []*screen, turns int) int {
	t.Helper()
	ctx := context.Background()
	begun, last, taps := 0, -1, 0
	kinds, steps := map[string]int{}, newStepWatch()
	first := &sheetPlay{t: t} // keeps the deepest everyday move per screen
	shot := map[string]bool{}
	defer func() { t.Logf("taps by move: %v; deepest everyday move per screen: %v", kinds, first.deepest) }()
	for taps < 400 {
		var st *conquest.State
		var seq int64
		app.Tracker.State(ctx, id, func(s engine.State, q int64) { st, seq = s.(*conquest.State).Clone(), q })
		if st.Phase == conquest.PhaseOver {
			break
		}
		if st.Turn != last && st.Phase == conquest.PhaseReinforce {
			begun, last = begun+1, st.Turn
			if begun > turns*len(phones) {
				break
			}
		}
		w, ok := conquest.Waiting(st)
		if !ok || len(w.Seats) == 0 {
			t.Fatalf("tap %d: the table waits for nobody (phase %s)", taps, st.Phase)
		}
		tab := phones[w.Seats[0]].tab
		// The phone shows this very state before it is read.
		tab.WaitSeq(t, seq, sheetOffers, "the sheet")
		where := fmt.Sprintf("tap %d, %s's phone", taps, phones[w.Seats[0]].name)
		steps.check(t, tab, where)
		var f firstScreen
		tab.Run(t, chromedp.Evaluate(`scrollTo(0, 0)`, nil), chromedp.Evaluate(firstScreenJS, &f))
		step := strings.SplitN(f.Key, "|", 2)[0]
		if name := fmt.Sprintf("%s-%s-%d", t.Name(), step, f.H); !shot[name] {
			// Each step's first screen on each phone size: 44 px targets,
			// no sideways scroll, axe-core in light and dark.
			shot[name] = true
			checkScreen(t, tab, name)
			testenv.AxeLightAndDark(t, tab, name)
		}
		first.onFirstScreen(f, where)
		var pick string
		tab.Run(t, chromedp.Evaluate(keenSheetPick, &pick))
		if pick == "" {
			t.Fatalf("tap %d: %s's sheet offers nothing while the table waits for them (%s)", taps, phones[w.Seats[0]].name, w.Text)
		}
		if id, ok := strings.CutPrefix(pick, "map:"); ok {
			tapOnMap(t, tab, id, where)
			pick = id
		}
		tab.Tap(t, "#turn #sheet .choice-"+pick)
		taps++
		kinds[strings.SplitN(pick, "-", 2)[0]]++
	}
	steps.checked(t, "the sheet's play")
	if begun <= turns*len(phones) && taps >= 400 {
		t.Fatalf("after %d taps only %d turns had begun", taps, begun)
	}
	return taps
}

// tapOnMap taps, on a phone's map, the territory of the folded move id
// (its data-places' first), as a player chooses where to place: the sheet
// narrows to that territory's moves, its fold opened, and the move must
// then be inside the phone's screen as the page stands.
func tapOnMap(t *testing.T, tab *testenv.Tab, id, where string) {
	t.Helper()
	var ok bool
	tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`(() => {
	  const key = document.querySelector("#turn #sheet .choice-%s").closest("form").dataset.places.split("|")[1];
	  const spot = [...document.querySelectorAll("#live [data-territory]")].find(e =>
	    [e.getAttribute("data-territory"), e.getAttribute("data-name")].some(v => v && v.trim().toLowerCase() === key));
	  if (!spot) return false;
	  spot.setAttribute("data-map-pick", "");
	  return true; })()`, id), &ok))
	if !ok {
		t.Fatalf("the move %s's territory is not on the phone's map", id)
	}
	sel := "#turn #sheet .choice-" + id
	tab.Run(t, chromedp.Click(`#live [data-map-pick]`, chromedp.ByQuery))
	tab.WaitFor(t, fmt.Sprintf(`(() => { const b = document.querySelector(%q); return !!b && b.offsetParent !== null && !b.closest("details:not([open])"); })()`, sel),
		fmt.Sprintf("%s: the move %s shown after the map tap", where, id))
	var at []int
	tab.Run(t, chromedp.Evaluate(fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect();
	  return [Math.round(r.top), Math.round(r.bottom), innerHeight, Math.round(scrollY)]; })()`, sel), &at))
	if at[0] < 0 || at[1] > at[2] {
		t.Fatalf("%s: after the map tap the move %s sits at y %d..%d of a %d px screen (page scrolled %d px)", where, id, at[0], at[1], at[2], at[3])
	}
}

// sheetGame starts a game of kind on the laptop with the sheet's one tap
// (every army placed at random) and seats Ana on a 360 x 740 phone and Ben
// on a 390 x 844 one. With ready, the game is first played through the
// tracker (keenPlay) until ready says so, before the phones open it; a
// game that ends first is set aside for a new one.
func sheetGame(t *testing.T, kind string, ready func(*conquest.State) bool) (*testenv.App, int64, []*screen) {
	t.Helper()
	app, hostTab, _ := hostLaptop(t)
	var id int64
	for try := 1; ; try++ {
		id = createConquest(t, app, kind, conquest.Settings{})
		hostTab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#sheet .choice-start-random`, chromedp.ByQuery))
		hostTab.Tap(t, `#sheet .choice-start-random`)
		if ready == nil {
			break
		}
		// Nothing reads the laptop while the tracker plays: on a blank page
		// it does not redraw the big board at every move.
		hostTab.Away(t)
		began := time.Now()
		if s := keenPlay(t, app, id, uint64(try), ready); s.Phase != conquest.PhaseOver {
			t.Logf("%s: played through the tracker to round %d in %v (try %d)", kind, s.Round, time.Since(began).Round(time.Millisecond), try)
			hostTab.Run(t, chromedp.Navigate(gameURL(app, id)), chromedp.WaitVisible(`#live`, chromedp.ByQuery))
			break
		}
		if try == 3 {
			t.Fatalf("%s: three games ended before they were ready", kind)
		}
	}
	hostTab.Close() // the game is played on the phones: the host's board need not redraw every tap
	ana, ben := &screen{name: "Ana", tab: testenv.NewTab(t, 360, 740, true)}, &screen{name: "Ben", tab: testenv.NewTab(t, 390, 844, true)}
	for _, p := range []*screen{ana, ben} {
		seatPhone(t, app, p.tab, id, p.name)
		p.tab.Run(t, chromedp.WaitVisible(`#live`, chromedp.ByQuery))
	}
	return app, id, []*screen{ana, ben}
}

// keenPlay plays a two-seat conquest game through the tracker, as its
// phones would send the moves: the keen test player (conquestplay.Keen)
// picks among the moves offered to the seats (else to the host), until
// done says so or the game is over. It answers the state it stopped at.
func keenPlay(t *testing.T, app *testenv.App, id int64, seed uint64, done func(*conquest.State) bool) *conquest.State {
	t.Helper()
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(1, 10+seed))
	for step := 0; step < 3000; step++ {
		var cmd engine.Command
		var end *conquest.State
		app.Tracker.State(ctx, id, func(st engine.State, _ int64) { // read under the tracker's lock
			s := st.(*conquest.State)
			if s.Phase == conquest.PhaseOver || done(s) {
				end = s.Clone()
				return
			}
			rules, _ := app.Tracker.Rules(s.Kind)
			var offers []enginetest.Offer
			for _, v := range []engine.Viewer{{Seat: 0}, {Seat: 1}, {Seat: engine.Host}} {
				if len(offers) > 0 && v.Seat == engine.Host {
					break
				}
				for _, m := range rules.(engine.Mover).Moves(s, v).Moves {
					offers = append(offers, enginetest.Offer{Viewer: v, Move: m})
				}
			}
			if len(offers) == 0 {
				t.Fatalf("step %d: nobody is offered a move (phase %s)", step, s.Phase)
			}
			o, values := conquestplay.Keen(&s)(rng, offers)
			cmd = enginetest.MoveCmd(o.Viewer, o.Move, values)
		})
		if end != nil {
			return end
		}
		if _, err := app.Tracker.Do(ctx, id, cmd, ""); err != nil {
			t.Fatalf("step %d: the offered %s was refused: %v", step, cmd.Type, err)
		}
	}
	t.Fatal("the game is not over after 3000 moves")
	return nil
}

// lateTurn is a game many turns in, at the start of a build whose player
// is offered a trade of cards, each player still holding a fifth of the
// map or more: armies have piled up and the lists of what happened are
// long.
func lateTurn(s *conquest.State) bool {
	if s.Phase != conquest.PhaseReinforce || s.Round < 3 || s.Traded > 0 {
		return false
	}
	own := make([]int, len(s.Players))
	for _, o := range s.Owner {
		if o >= 0 && o < len(own) {
			own[o]++
		}
	}
	if min(own[0], own[1])*5 < len(s.Owner) {
		return false
	}
	rules := map[string]engine.Rules{"risk": riskclassic.Rules{}, "pctw": pctw.Rules{}}[s.Kind]
	for _, m := range rules.(engine.Mover).Moves(s, engine.Viewer{Seat: s.Turn}).Moves {
		if m.Step == conquest.StepTrade {
			return true
		}
	}
	return false
}

// Classic RISK played on two phones by tapping only what each sheet
// offers: builds, attacks, defences, moves in, ends of the attacks and of
// the turn, two turns each, every tap accepted.
func TestBrowserRiskTurnsPlayedTappingOnlyTheSheet(t *testing.T) {
	t.Parallel()
	app, id, phones := sheetGame(t, "risk", nil)
	n := playBySheet(t, app, id, phones, 2)
	t.Logf("RISK: two turns each in %d taps, every one accepted", n)
}

// Piecepack Conquers the World played the same way: two turns each on two
// phones, tapping only the sheets' moves, every tap accepted.
func TestBrowserPCTWTurnsPlayedTappingOnlyTheSheet(t *testing.T) {
	t.Parallel()
	app, id, phones := sheetGame(t, "pctw", nil)
	n := playBySheet(t, app, id, phones, 2)
	t.Logf("PCtW: two turns each in %d taps, every one accepted", n)
}

// Late in a game the sheet still fits: RISK and PCtW are played through
// the tracker by offered moves alone to a build many turns in, cards in
// hand to trade, big armies and long lists of what happened, then the
// phones play two turns each by their sheets alone, with every check of
// the early turns (playBySheet): every everyday move on the first screen,
// unscrolled, the next step's first move in view, 44 px, axe-core.
func TestBrowserConquestLateTurnsPlayedTappingOnlyTheSheet(t *testing.T) {
	t.Parallel()
	for _, kind := range []string{"risk", "pctw"} {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			app, id, phones := sheetGame(t, kind, lateTurn)
			n := playBySheet(t, app, id, phones, 2)
			t.Logf("%s late: two turns each in %d taps, every one accepted", kind, n)
		})
	}
}
