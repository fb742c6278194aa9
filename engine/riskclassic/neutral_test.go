package riskclassic

import (
	"strings"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
)

func TestNeutralStartArmiesSharedAmongRealPlayersWhoPlaceThemFirst(t *testing.T) {
	tb := newTable(t, 3, conquest.Settings{Neutrals: 1})
	tb.do(engine.Host, conquest.CmdStart, nil)
	// 4 players (the neutral counts): 30 armies each. The neutral is dealt
	// last: 10 territories, 1 army each; its other 20 go 6, 7, 7 or so.
	if n := tb.s.Count(3); n != 10 {
		t.Fatalf("the neutral holds %d territories; want 10", n)
	}
	sum := 0
	for p := range 3 {
		if x := tb.s.NeutralToPlace[p]; x != 6 && x != 7 {
			t.Fatalf("seat %d places %d neutral armies; want 6 or 7", p, x)
		}
		sum += tb.s.NeutralToPlace[p]
	}
	if sum != 20 || tb.s.Placer != 0 {
		t.Fatalf("neutral armies to place %d (want 20), first placer %d (want 0)", sum, tb.s.Placer)
	}
	var own int
	for t, o := range tb.s.Owner {
		if o == 0 {
			own = t
		}
	}
	tb.refused(0, conquest.CmdPlace, map[string]int{"territory": own}, "neutral-first")
	neutral := -1
	for t, o := range tb.s.Owner {
		if o == 3 {
			neutral = t
		}
	}
	// The neutral's share goes down one army at a time, in turn, too.
	tb.refused(0, conquest.CmdPlace, map[string]int{"territory": neutral, "count": 2}, "one-at-a-time")
	tb.do(0, conquest.CmdPlace, map[string]int{"territory": neutral})
	tb.refused(0, conquest.CmdPlace, map[string]int{"territory": neutral}, "not-your-turn")
	if tb.s.Placer != 1 {
		t.Fatalf("after seat 0's first neutral army the placer is %d; want 1", tb.s.Placer)
	}
	tb.placeAll()
	if got := armiesOf(tb.s, 3); got != 30 {
		t.Fatalf("the neutral has %d armies after set-up; want 30", got)
	}
	if tb.s.Turn != 0 || tb.s.Phase != conquest.PhaseReinforce {
		t.Fatalf("turn %d phase %s after set-up", tb.s.Turn, tb.s.Phase)
	}
}

// A full neutral turn with seeded dice: its set, its build shared and
// placed by the real players, a rampage to the last army, its card.
func TestNeutralRampagesUntilOneArmyIsLeft(t *testing.T) {
	tb := startedTable(t, 2, conquest.Settings{Neutrals: 1})
	const N = 2
	tb.board(0)
	tb.own(1, 3, continentNames(risk.Australia)...)
	tb.own(N, 10, "Ukraine")
	tb.own(N, 1, "Iceland", "Madagascar")
	tb.s.Hands[N] = []conquest.Card{card("Ukraine", risk.Infantry), card("Peru", risk.Infantry), card("Japan", risk.Infantry)}
	tb.s.Turn, tb.s.Phase, tb.s.Pool = 1, conquest.PhaseAttack, 0
	before := 0
	for _, a := range tb.s.Armies {
		before += a
	}
	tb.do(1, conquest.CmdEndTurn, nil)
	if tb.s.Phase != conquest.PhaseNeutral || tb.s.Turn != N {
		t.Fatalf("after seat 1's turn: phase %s turn %d; want the neutral's turn", tb.s.Phase, tb.s.Turn)
	}
	// 3 territories: 3 (minimum) + a set of 3 infantry 6 = 9, shared 4/5;
	// the set's Ukraine card puts 2 more on Ukraine at once.
	if tb.s.Build.Total != 9 || tb.s.Armies[id("Ukraine")] != 12 {
		t.Fatalf("neutral build %+v, Ukraine %d; want 9 and 12", tb.s.Build, tb.s.Armies[id("Ukraine")])
	}
	shares := tb.s.Shares.Each
	if shares[0]+shares[1] != 9 || shares[0] < 4 || shares[1] < 4 {
		t.Fatalf("shares %v; want 4 and 5", shares)
	}
	tb.refused(0, conquest.CmdPlace, map[string]int{"territory": id("Alaska")}, "neutral-territory")
	tb.do(0, conquest.CmdPlace, map[string]int{"territory": id("Ukraine"), "count": shares[0]})
	tb.do(1, conquest.CmdPlace, map[string]int{"territory": id("Ukraine"), "count": shares[1]})
	// Ukraine had 12 + 9 = 21 armies: it rampages.
	steps, lost := 0, 0
	var last conquest.RampageStep
	for _, e := range tb.evs {
		switch e.Type {
		case conquest.EvRampage:
			st := engine.Payload[conquest.RampageStep](e)
			steps++
			last = st
			k := len(st.Options)
			for i, f := range st.Faces {
				if (i < len(st.Faces)-1) != (f > k) || f < 1 || f > 6 {
					t.Fatalf("direction dice %v for %d options", st.Faces, k)
				}
			}
			if st.Target != st.Options[st.Faces[len(st.Faces)-1]-1] {
				t.Fatalf("step %+v attacked the wrong territory", st)
			}
		case conquest.EvBattle:
			b := engine.Payload[conquest.Battle](e)
			if b.Attacker != N || b.Mode != "rampage" {
				t.Fatalf("battle %+v is not the neutral's", b)
			}
			lost += b.AttLost + b.DefLost
		}
	}
	if steps < 2 {
		t.Fatalf("the rampage took %d steps; 21 armies against single armies should go further", steps)
	}
	// Move by move, the state keeps how each attack went, for the turn feed
	// and the phone that lost a territory.
	var battles []conquest.Battle
	var moves []int
	for _, e := range tb.evs {
		switch e.Type {
		case conquest.EvBattle:
			battles = append(battles, engine.Payload[conquest.Battle](e))
		case conquest.EvMoved:
			moves = append(moves, engine.Payload[struct{ Count int }](e).Count)
		}
	}
	if len(tb.s.Rampage) != steps || len(battles) != steps {
		t.Fatalf("%d rampage steps kept, %d battles; want %d of each", len(tb.s.Rampage), len(battles), steps)
	}
	for i, st := range tb.s.Rampage {
		b, r := battles[i], st.Result
		if r == nil || r.Defender != b.Defender || r.AttLost != b.AttLost || r.DefLost != b.DefLost || r.Conquered != b.Conquered {
			t.Fatalf("step %d keeps %+v; the battle was %+v", i+1, r, b)
		}
		if r.Conquered && (len(moves) == 0 || r.Moved != moves[0]) {
			t.Fatalf("step %d conquered but keeps %d moved in; moves %v", i+1, r.Moved, moves)
		}
		if r.Conquered {
			moves = moves[1:]
		}
	}
	// The feed tells every step; a phone whose territory was taken is told,
	// and no other phone is told of it.
	host := Rules{}.View(tb.s, engine.Viewer{Seat: engine.Host}).(conquest.View)
	if len(host.Feed) != steps || len(host.Told) != 0 {
		t.Fatalf("host feed %q told %q; want %d lines and nothing told", host.Feed, host.Told, steps)
	}
	taken := 0
	for _, st := range tb.s.Rampage {
		if !st.Result.Conquered || st.Result.Defender < 0 {
			continue
		}
		taken++
		name := risk.Classic().Name(risk.TerritoryID(st.Target))
		d := st.Result.Defender
		mine := Rules{}.View(tb.s, engine.Viewer{Seat: d}).(conquest.View)
		other := Rules{}.View(tb.s, engine.Viewer{Seat: 1 - d}).(conquest.View)
		if !strings.Contains(strings.Join(mine.Told, " "), "took "+name+" from you") || strings.Contains(strings.Join(other.Told, " "), name) {
			t.Fatalf("seat %d lost %s: told %q; the other seat told %q", d, name, mine.Told, other.Told)
		}
	}
	if taken == 0 {
		t.Fatal("the rampage took no real player's territory: nothing was checked")
	}
	after := 0
	for _, a := range tb.s.Armies {
		after += a
	}
	if after != before+9+2-lost {
		t.Fatalf("armies after %d; want %d + 9 + 2 - %d lost", after, before, lost)
	}
	// The group stopped: where it ended it has one army, or no opponent beside it.
	end := last.Target
	if tb.s.Owner[end] != N {
		end = last.From
	}
	opp := false
	for _, n := range risk.Classic().Neighbours(risk.TerritoryID(end)) {
		if tb.s.Owner[n] != N {
			opp = true
		}
	}
	if tb.s.Armies[end] != 1 && opp {
		t.Fatalf("the group stopped on %s with %d armies and opponents beside it", risk.Classic().Name(risk.TerritoryID(end)), tb.s.Armies[end])
	}
	if len(tb.s.Hands[N]) != 1 {
		t.Fatalf("the neutral holds %d cards after conquering; want 1 (the set traded, one drawn)", len(tb.s.Hands[N]))
	}
	if tb.s.Turn != 0 || tb.s.Phase != conquest.PhaseReinforce {
		t.Fatalf("after the neutral: turn %d phase %s; want seat 0 reinforcing", tb.s.Turn, tb.s.Phase)
	}
}

// A rampage that takes a real player's last territory eliminates them and
// hands their cards to the neutral.
func TestRampageEliminatesAndTakesTheCards(t *testing.T) {
	tb := startedTable(t, 3, conquest.Settings{Neutrals: 1})
	const N = 3
	tb.board(0)
	tb.own(1, 1, "Brazil")
	tb.own(2, 1, "East Africa")
	tb.own(N, 20, "Madagascar")
	tb.own(N, 1, "South Africa")
	tb.s.Hands[2] = []conquest.Card{card("Peru", risk.Cavalry)}
	tb.s.Turn, tb.s.Phase, tb.s.Pool = 2, conquest.PhaseAttack, 0
	tb.do(2, conquest.CmdEndTurn, nil)
	for _, p := range []int{0, 1, 2} {
		if n := tb.s.ToPlace[p]; n > 0 {
			tb.do(engine.Host, conquest.CmdPlace, map[string]int{"territory": id("South Africa"), "count": n, "seat": p})
		}
	}
	var first conquest.RampageStep
	for _, e := range tb.evs {
		if e.Type == conquest.EvRampage {
			first = engine.Payload[conquest.RampageStep](e)
			break
		}
	}
	if len(first.Options) != 1 || first.Options[0] != id("East Africa") || first.Target != id("East Africa") {
		t.Fatalf("first rampage step %+v; want East Africa, the only opposing neighbour, as option 1", first)
	}
	if !tb.s.Players[2].Out {
		t.Fatal("seat 2 lost its last territory but is not out")
	}
	// Seat 2's card went to the neutral, which also drew one for conquering.
	if len(tb.s.Hands[N]) != 2 || len(tb.s.Hands[2]) != 0 {
		t.Fatalf("hands after the elimination: neutral %d, seat 2 %d; want 2 and 0", len(tb.s.Hands[N]), len(tb.s.Hands[2]))
	}
	if tb.s.Turn != 0 {
		t.Fatalf("turn %d after the neutral; want seat 0", tb.s.Turn)
	}
}

// Two neutrals both play after the real players, in order.
func TestTwoNeutralsPlayLast(t *testing.T) {
	tb := startedTable(t, 2, conquest.Settings{Neutrals: 2})
	var order []int
	for range 5 {
		order = append(order, tb.s.Turn)
		switch tb.s.Phase {
		case conquest.PhaseNeutral:
			for p := range 2 {
				if n := tb.s.ToPlace[p]; n > 0 {
					for t, o := range tb.s.Owner {
						if o == tb.s.Turn {
							tb.do(p, conquest.CmdPlace, map[string]int{"territory": t, "count": n})
							break
						}
					}
				}
			}
		default:
			for t, o := range tb.s.Owner {
				if o == tb.s.Turn {
					tb.do(tb.s.Turn, conquest.CmdPlace, map[string]int{"territory": t, "count": tb.s.Pool})
					break
				}
			}
			tb.do(tb.s.Turn, conquest.CmdEndTurn, nil)
		}
	}
	want := []int{0, 1, 2, 3, 0}
	for i := range want {
		if order[i] != want[i] {
			t.Fatalf("turn order %v; want %v", order, want)
		}
	}
	if tb.s.Players[2].Name != "Neutral 1" || tb.s.Players[3].Name != "Neutral 2" {
		t.Fatalf("neutrals named %q and %q", tb.s.Players[2].Name, tb.s.Players[3].Name)
	}
}

// Two neutrals with two players: four players, 30 start armies each. Each
// neutral keeps its own 30: its dealt territories take one army each and
// the rest of its own armies go only on its own territories, never on the
// other neutral's.
func TestEachNeutralGetsItsOwnStartArmiesOnItsOwnTerritories(t *testing.T) {
	tb := newTable(t, 2, conquest.Settings{Neutrals: 2})
	tb.do(engine.Host, conquest.CmdStart, nil)
	// Dealt round from seat 0: 42 = 11 + 11 + 10 + 10, so each neutral has
	// 10 territories and 30 - 10 = 20 armies still to place; the real
	// players share 40, 20 each.
	for _, n := range []int{2, 3} {
		if c, left := tb.s.Count(n), tb.s.NeutralLeft[n]; c != 10 || left != 20 {
			t.Fatalf("%s: %d territories, %d armies left; want 10 and 20", tb.s.Players[n].Name, c, left)
		}
	}
	if a, b := tb.s.NeutralToPlace[0], tb.s.NeutralToPlace[1]; a != 20 || b != 20 {
		t.Fatalf("neutral armies the players place: %d and %d; want 20 each", a, b)
	}
	var n1, n2 int
	for t, o := range tb.s.Owner {
		switch o {
		case 2:
			n1 = t
		case 3:
			n2 = t
		}
	}
	// Both players pile Neutral 1's armies onto one of its territories
	// until its 20 are placed; the 21st is refused.
	for range 20 {
		tb.do(tb.s.Placer, conquest.CmdPlace, map[string]int{"territory": n1})
	}
	tb.refused(tb.s.Placer, conquest.CmdPlace, map[string]int{"territory": n1}, "neutral-own-armies")
	tb.do(tb.s.Placer, conquest.CmdPlace, map[string]int{"territory": n2})
	tb.placeAll()
	if a1, a2 := armiesOf(tb.s, 2), armiesOf(tb.s, 3); a1 != 30 || a2 != 30 {
		t.Fatalf("after set-up Neutral 1 has %d armies and Neutral 2 %d; want 30 each", a1, a2)
	}
	if a0, a1 := armiesOf(tb.s, 0), armiesOf(tb.s, 1); a0 != 30 || a1 != 30 {
		t.Fatalf("after set-up the players have %d and %d armies; want 30 each", a0, a1)
	}
}
