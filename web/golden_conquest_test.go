package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"tableside/engine/conquest"
	"tableside/internal/testenv"
	"tableside/scoring"
	"tableside/tracker/scorelog"
)

// Golden games: each game kind played through the HTTP API from the first
// command to the final scores, with fixed dice (a fixed seed for every
// command, and the table's own typed results for battles), its final state
// and score-log row checked against numbers worked out by hand.

// fixedDice makes every command of the server roll from the same seed, so
// a golden game deals and shuffles the same way every time.
func fixedDice(app *testenv.App) {
	app.Tracker.Seed = func() [32]byte { return [32]byte{17} }
}

// scoreRow is the score log's row for a Tableside game, read through the
// HTTP export.
func scoreRow(t *testing.T, host *device, game int64) scoring.Play {
	t.Helper()
	var d scorelog.Dump
	if code := host.getJSON("/scores/export?format=json", &d); code != http.StatusOK {
		t.Fatalf("score export: %d", code)
	}
	for _, p := range d.Plays {
		if p.GameID == game {
			return p
		}
	}
	t.Fatalf("the score log has no row for game %d (%d plays)", game, len(d.Plays))
	return scoring.Play{}
}

// checkRow compares a score-log row with the expected players in seat
// order: name, score, rank, winner.
func checkRow(t *testing.T, p scoring.Play, game string, want ...scoring.Player) {
	t.Helper()
	if p.Game != game || len(p.Players) != len(want) {
		t.Fatalf("score row %q with %d players; want %q with %d", p.Game, len(p.Players), game, len(want))
	}
	for i, w := range want {
		g := p.Players[i]
		if g.Name != w.Name || g.Score == nil || *g.Score != *w.Score || g.Rank != w.Rank || g.Winner != w.Winner {
			t.Fatalf("score row player %d: %s %v rank %d winner %v; want %s %d rank %d winner %v",
				i, g.Name, g.Score, g.Rank, g.Winner, w.Name, *w.Score, w.Rank, w.Winner)
		}
	}
}

func row(name string, score, rank int, winner bool) scoring.Player {
	return scoring.Player{Name: name, Score: &score, Rank: rank, Winner: winner}
}

// conquestGame drives a RISK-family game over HTTP as the host.
type conquestGame struct {
	t    *testing.T
	app  *testenv.App // set by fixedConquest
	host *device
	id   int64
	n    int // commands sent, for idempotency keys
	// dice: playToTheWorld fights with typed dice (three 6s against 1s,
	// so seat 0 loses nothing) rather than typed losses.
	dice bool
}

// fixedConquest starts a server on fixed dice and a conquest game of kind
// (Ana and Ben) on its host laptop; dice: the game fights with typed dice.
func fixedConquest(t *testing.T, kind string, dice bool) *conquestGame {
	t.Helper()
	app := testenv.Start(t)
	fixedDice(app)
	host := hostDevice(t, app)
	return &conquestGame{t: t, app: app, host: host, id: host.createGame(kind, "Ana", "Ben"), dice: dice}
}

func (g *conquestGame) view() conquest.View {
	g.t.Helper()
	return gameView[conquest.View](g.t, g.host, g.id)
}

// gameView is the game's view as d's screen gets it (its /view JSON).
func gameView[V any](t *testing.T, d *device, game int64) V {
	t.Helper()
	return decoded[struct{ View V }](t, d, fmt.Sprintf("/games/%d/view", game)).View
}

// decoded is d's JSON answer at path, and fails the test on any answer
// but 200.
func decoded[V any](t *testing.T, d *device, path string) V {
	t.Helper()
	var v V
	if code := d.getJSON(path, &v); code != http.StatusOK {
		t.Fatalf("GET %s: %d", path, code)
	}
	return v
}

// anaHoldsTheWorld checks the end of a game Ana won: over, with her
// territories and armies, the game's page saying so, and the score log's
// row (points are territories held: Ana first and the winner, Ben 0 and
// second).
func (g *conquestGame) anaHoldsTheWorld(v conquest.View, title string, territories, armies int) {
	g.t.Helper()
	terr, arm := armiesOfSeat(v, 0)
	if v.Phase != conquest.PhaseOver || v.Winner != 0 || terr != territories || arm != armies {
		g.t.Fatalf("end: phase %s winner %d, Ana %d territories %d armies; want over, Ana, %d and %d", v.Phase, v.Winner, terr, arm, territories, armies)
	}
	saysOnce(g.t, g.host, fmt.Sprintf("/games/%d", g.id), "The game is over", "holds the world")
	checkRow(g.t, scoreRow(g.t, g.host, g.id), title, row("Ana", territories, 1, true), row("Ben", 0, 2, false))
}

func (g *conquestGame) do(typ string, data any) {
	g.t.Helper()
	g.n++
	if code, body := g.host.command(g.id, typ, data, fmt.Sprint("g", g.n)); code != http.StatusOK {
		g.t.Fatalf("%s %v: %d %s", typ, data, code, body)
	}
}

// plan is how seat 0 takes every territory of seat 1 in one turn without
// losing an army: a breadth-first tree from seat 0's territories over seat
// 1's, each conquered from its parent; need is the armies a territory must
// hold (itself and everything conquered beyond it).
type plan struct {
	parent map[int]int
	order  []int
	need   map[int]int
}

func planConquest(v conquest.View) plan {
	p := plan{parent: map[int]int{}, need: map[int]int{}}
	seen := map[int]bool{}
	var queue, roots []int
	for _, t := range v.Territories {
		if t.Owner == 0 {
			queue, roots = append(queue, t.ID), append(roots, t.ID)
			seen[t.ID] = true
		}
	}
	for len(queue) > 0 {
		at := queue[0]
		queue = queue[1:]
		for _, n := range v.Territories[at].Neighbours {
			if !seen[n] && v.Territories[n].Owner == 1 {
				seen[n] = true
				p.parent[n] = at
				p.order = append(p.order, n)
				queue = append(queue, n)
			}
		}
	}
	for _, t := range roots {
		p.need[t] = 1
	}
	for _, t := range p.order {
		p.need[t] = 1
	}
	for i := len(p.order) - 1; i >= 0; i-- { // children before parents
		t := p.order[i]
		p.need[p.parent[t]] += p.need[t]
	}
	return p
}

// short is the territory of seat 0 furthest below its need (the lowest id
// on ties), or its first territory when none is short.
func (p plan) short(v conquest.View) (int, int) {
	best, gap := -1, 0
	for _, t := range v.Territories {
		if t.Owner == 0 && p.need[t.ID]-t.Armies > gap {
			best, gap = t.ID, p.need[t.ID]-t.Armies
		}
	}
	if best < 0 {
		for _, t := range v.Territories {
			if t.Owner == 0 {
				return t.ID, 0
			}
		}
	}
	return best, gap
}

// playToTheWorld sets up (claiming the lowest free territory when the game
// claims), places seat 0's start armies and build where the plan needs
// them and seat 1's on its first territory, then conquers every territory
// of seat 1 in seat 0's first turn with the table's typed losses (seat 1
// loses every army, seat 0 none).
func (g *conquestGame) playToTheWorld() conquest.View {
	g.t.Helper()
	v := g.view()
	for v.Phase == conquest.PhaseClaim {
		for _, t := range v.Territories {
			if t.Owner < 0 {
				g.do("place", map[string]int{"territory": t.ID})
				break
			}
		}
		v = g.view()
	}
	p := planConquest(v)
	for v.Phase == conquest.PhasePlace {
		at, _ := p.short(v)
		if v.Placer == 1 {
			for _, t := range v.Territories {
				if t.Owner == 1 {
					at = t.ID
					break
				}
			}
		}
		g.do("place", map[string]int{"territory": at})
		v = g.view()
	}
	if v.Phase != conquest.PhaseReinforce || v.Turn != 0 {
		g.t.Fatalf("after set-up: phase %s, turn %d; want seat 0 to reinforce", v.Phase, v.Turn)
	}
	for v.Pool > 0 {
		at, gap := p.short(v)
		g.do("place", map[string]int{"territory": at, "count": max(1, min(gap, v.Pool))})
		v = g.view()
	}
	if at, gap := p.short(v); gap > 0 {
		g.t.Fatalf("the plan is %d armies short on territory %d", gap, at)
	}
	for _, to := range p.order {
		if g.dice {
			for from := p.parent[to]; v.Territories[to].Owner != 0; v = g.view() {
				// No more dice than armies will move in: the move must be
				// at least the dice last rolled.
				a, d := min(3, v.Territories[from].Armies-1, p.need[to]), min(2, v.Territories[to].Armies)
				g.do("attack", map[string]any{"from": from, "to": to, "mode": "faces", "attFaces": "666"[:a], "defFaces": "11"[:d]})
			}
		} else {
			g.do("attack", map[string]any{"from": p.parent[to], "to": to, "mode": "losses", "attLost": 0, "defLost": v.Territories[to].Armies})
		}
		if v = g.view(); v.Pending != nil {
			g.do("move", map[string]int{"count": p.need[to]})
			v = g.view()
		}
	}
	return v
}

func armiesOfSeat(v conquest.View, seat int) (territories, armies int) {
	for _, t := range v.Territories {
		if t.Owner == seat {
			territories++
			armies += t.Armies
		}
	}
	return
}

// Classic RISK, two players, from the deal to the world.
func TestGoldenGameRisk(t *testing.T) {
	t.Parallel()
	g := fixedConquest(t, "risk", false)
	g.do("start", nil)
	// The deal (fixed seed): 42 cards dealt round, 21 territories each, one
	// army on each. Two players: 40 start armies each (house table), so
	// each places 40 - 21 = 19 more, one at a time.
	v := g.view()
	if a, _ := armiesOfSeat(v, 0); a != 21 || v.Players[0].ToPlace != 19 || v.Players[1].ToPlace != 19 {
		t.Fatalf("after the deal Ana holds %d territories, %d and %d to place; want 21, 19, 19", a, v.Players[0].ToPlace, v.Players[1].ToPlace)
	}
	v = g.playToTheWorld()
	// Ana's first build: 21 territories / 3 = 7, and this deal gives her
	// no whole continent (checked below on the build's own lines), so her
	// armies are 40 + 7 = 47, none lost: the table typed only Ben's losses.
	// Ben's 40 are all gone; the game is over, Ana holds all 42.
	if v.Build == nil || v.Build.Total != 7 || len(v.Build.Lines) != 1 {
		t.Fatalf("Ana's build %+v; want 21 territories / 3 = 7 and nothing else", v.Build)
	}
	g.anaHoldsTheWorld(v, "RISK (club house rules)", 42, 47)
}

// Piecepack Conquers the World, two players, on the default map, from the
// claiming to the world.
func TestGoldenGamePCTW(t *testing.T) {
	t.Parallel()
	g := fixedConquest(t, "pctw", false)
	// The table gives each player 20 start armies (the rules' own 21 / 2 +
	// 6 = 16 would need two turns to take the world), then opens the claiming.
	g.do("configure", map[string]any{"startArmies": 20})
	g.do("start", nil)
	v := g.playToTheWorld()
	// Claiming the lowest free tile in turn from Ana: Ana the 11 even tiles
	// 0, 2, ..., 20, Ben the 10 odd ones; Ana places 20 - 11 = 9 more, Ben
	// 20 - 10 = 10. No suit is all Ana's (Suns 0-4, Moons 5-8, Crowns
	// 9-14, Arms 15-20 each hold an odd tile), so her build is 11 / 3 = 3,
	// and her armies at the end are 20 + 3 = 23 on all 21 tiles.
	if v.Build == nil || v.Build.Total != 3 {
		t.Fatalf("Ana's build %+v; want 3", v.Build)
	}
	g.anaHoldsTheWorld(v, "Piecepack Conquers the World", 21, 23)
}

// The score pad: three players, two rounds, then the host ends the game.
func TestGoldenGameScorePad(t *testing.T) {
	t.Parallel()
	app := testenv.Start(t)
	host := hostDevice(t, app)
	var info struct{ ID int64 }
	if code, body := host.postJSON("/games", map[string]any{"kind": "scorepad", "name": "Carcassonne", "players": []string{"Ana", "Ben", "Cy"}}, &info); code != http.StatusCreated {
		t.Fatalf("create: %d %s", code, body)
	}
	n := 0
	score := func(seat, points int) {
		n++
		if code, body := host.command(info.ID, "score", map[string]any{"seat": seat, "points": points}, fmt.Sprint("s", n)); code != http.StatusOK {
			t.Fatalf("score: %d %s", code, body)
		}
	}
	// Round 1: Ana 12, Ben 10, Cy 8. Round 2: Ana 7, Ben 15, Cy 9.
	// Totals: Ana 19, Ben 25, Cy 17: Ben wins, then Ana, then Cy.
	score(0, 12)
	score(1, 10)
	score(2, 8)
	score(0, 7)
	score(1, 15)
	score(2, 9)
	if code, body := host.command(info.ID, "finish", nil, "end"); code != http.StatusOK {
		t.Fatalf("finish: %d %s", code, body)
	}
	var v struct{ View struct{ Totals []int } }
	host.getJSON(fmt.Sprintf("/games/%d/view", info.ID), &v)
	if fmt.Sprint(v.View.Totals) != "[19 25 17]" {
		t.Fatalf("totals %v; want [19 25 17]", v.View.Totals)
	}
	saysOnce(t, host, fmt.Sprintf("/games/%d", info.ID), "The game is over")
	// A score pad is logged under the name the host gave the game.
	checkRow(t, scoreRow(t, host, info.ID), "Carcassonne", row("Ana", 19, 2, false), row("Ben", 25, 1, true), row("Cy", 17, 3, false))
}
