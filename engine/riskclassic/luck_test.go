package riskclassic_test

import (
	"encoding/json"
	"math"
	"testing"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/pctw"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
	"tableside/internal/enginetest"
)

// The game's engines tell their luck (checked at compile time here too).
var _ engine.LuckTeller = riskclassic.Rules{}

// A scripted game with typed dice, in RISK and in Piecepack Conquers the
// World: Ana's build goes on a territory beside one of Ben's holding 2, and
// she attacks it. Her first throw, three 1s against two 6s, costs her 2;
// her second, 6 5 4 against 3 2 (or 6 5 with only 3 left), takes the
// territory. A throw of 3 dice against 2 costs the attacker 7161/7776
// armies on average and the defender 8391/7776, so with two such throws
// Ana's luck index is 2 x 7161/7776 - 2 = -1230/7776 and Ben's
// +1230/7776. A battle typed as losses only has no dice and is left out.
func TestScriptedGameWithTypedDiceHasAKnownLuckIndex(t *testing.T) {
	for _, r := range []luckRules{riskclassic.Rules{}, pctw.Rules{}} {
		t.Run(r.Kind(), func(t *testing.T) { scriptedTypedDice(t, r) })
	}
}

type luckRules interface {
	engine.Rules
	engine.LuckTeller
}

func scriptedTypedDice(t *testing.T, r luckRules) {
	set, _ := json.Marshal(conquest.Settings{})
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: set}
	st, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*conquest.State)
	var log []engine.Event
	do := func(seat int, typ string, args any) {
		t.Helper()
		log = append(log, enginetest.Do(t, r, &s, enginetest.Cmd(seat, typ, args), enginetest.Seeded(5, 11))...)
	}
	do(engine.Host, conquest.CmdStart, map[string]bool{"random": true})
	if s.Phase != conquest.PhaseReinforce || s.Turn != 0 {
		t.Fatalf("phase %q turn %d after the start", s.Phase, s.Turn)
	}
	m := s.Map()
	from, to := -1, -1
	for f, o := range s.Owner {
		if o != 0 {
			continue
		}
		for _, n := range m.Neighbours(risk.TerritoryID(f)) {
			switch {
			case s.Owner[n] != 1:
			case s.Armies[n] == 2 && (from < 0 || s.Armies[f] > s.Armies[from]):
				from, to = f, int(n)
			}
		}
	}
	if from < 0 || to < 0 {
		t.Fatal("no front with 2 defenders in this deal")
	}
	do(0, conquest.CmdPlace, map[string]int{"territory": from, "count": s.Pool})
	n := s.Armies[from]
	if n < 5 {
		t.Fatalf("only %d armies to attack with", n)
	}
	// The second throw rolls as many dice as the 3 or more left may: 2 or 3.
	a2 := min(3, n-3)
	second := map[int]string{2: "6 5", 3: "6 5 4"}[a2]
	attack := func(att, def string) {
		do(0, conquest.CmdAttack, map[string]any{"from": from, "to": to, "mode": "faces", "attFaces": att, "defFaces": def})
	}
	attack("1 1 1", "6 6")
	attack(second, "3 2")
	if s.Owner[to] != 0 {
		t.Fatal("the territory did not fall")
	}
	if s.Pending != nil { // with one choice the armies moved in at once
		do(0, conquest.CmdMove, map[string]int{"count": s.Pending.Min})
	}

	l, err := r.Luck(setup, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Battles) != 1 {
		t.Fatalf("%d battles, want 1: %+v", len(l.Battles), l.Battles)
	}
	b := l.Battles[0]
	pl, _, err := risk.PlaceEnding(risk.Query{Attackers: n, Defenders: []risk.Defender{{Armies: 2}}}, risk.Armies{Attacker: n - 2})
	if err != nil {
		t.Fatal(err)
	}
	if b.Attacker.Name != "Ana" || b.Defender.Seat != 1 || b.To != m.Name(risk.TerritoryID(to)) || !b.Conquered || !b.Placed ||
		b.StartAttacker != n || b.EndAttacker != n-2 || b.P != pl.P || b.Percentile != pl.Percentile || len(b.Throws) != 2 {
		t.Errorf("battle %+v, want the placement %+v", b, pl)
	}
	// Each throw compares 2 dice: the defender's expected loss is 2 minus
	// the attacker's. 2 dice against 2 cost the attacker (420 + 2 x 581) /
	// 1296 on average.
	want := -(7161.0/7776 + map[int]float64{2: 1582.0 / 1296, 3: 7161.0 / 7776}[a2] - 2)
	if got := l.Players[0].Index; got > -want+1e-12 || got < -want-1e-12 {
		t.Errorf("Ana's luck index %.15g, want %.15g", got, -want)
	}
	if got := l.Players[1].Index; got > want+1e-12 || got < want-1e-12 {
		t.Errorf("Ben's luck index %.15g, want %.15g", got, want)
	}
	if l.Players[0].Lost != 2 || l.Players[1].Lost != 2 || l.Players[0].Throws != 2 || l.Players[0].Battles != 1 {
		t.Errorf("players %+v", l.Players)
	}
	if l.Players[0].MeanPercentile != pl.Percentile || l.Players[1].MeanPercentile != 100-pl.Percentile {
		t.Errorf("mean percentiles %v and %v, want %v and its mirror", l.Players[0].MeanPercentile, l.Players[1].MeanPercentile, pl.Percentile)
	}

	// A battle typed as losses only adds no battle and no throw.
	lf, lt := -1, -1
	for f, o := range s.Owner {
		if o != 0 || s.Armies[f] < 2 || lf >= 0 {
			continue
		}
		for _, nb := range m.Neighbours(risk.TerritoryID(f)) {
			if s.Owner[nb] == 1 {
				lf, lt = f, int(nb)
				break
			}
		}
	}
	if lf < 0 {
		t.Fatal("no second front for the battle typed as losses")
	}
	do(0, conquest.CmdAttack, map[string]any{"from": lf, "to": lt, "mode": "losses", "attLost": 1})
	l2, err := r.Luck(setup, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(l2.Battles) != 1 || l2.Players[0].Throws != 2 {
		t.Errorf("a battle typed as losses was measured: %+v", l2)
	}
}

// A blitz with the app's dice that waits for the defender's choice is one
// battle, measured with the one die the defender chose, and every throw's
// losses are counted for both sides.
func TestABlitzAfterTheDefendersChoiceIsOneBattle(t *testing.T) {
	r := riskclassic.Rules{}
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}}
	st, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*conquest.State)
	var log []engine.Event
	dice := enginetest.Seeded(9, 2)
	do := func(seat int, typ string, args any) {
		t.Helper()
		log = append(log, enginetest.Do(t, r, &s, enginetest.Cmd(seat, typ, args), dice)...)
	}
	do(engine.Host, conquest.CmdStart, map[string]bool{"random": true})
	from, to := -1, -1
	for f, o := range s.Owner {
		for _, n := range s.Map().Neighbours(risk.TerritoryID(f)) {
			if o == 0 && s.Owner[n] == 1 && s.Armies[n] >= 2 && from < 0 {
				from, to = f, int(n)
			}
		}
	}
	do(0, conquest.CmdPlace, map[string]int{"territory": from, "count": s.Pool})
	do(0, conquest.CmdAttack, map[string]any{"from": from, "to": to, "mode": "blitz"})
	if s.Defence == nil {
		t.Fatal("the blitz did not wait for the defender")
	}
	do(1, conquest.CmdDefend, map[string]int{"dice": 1})
	l, err := r.Luck(setup, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Battles) != 1 {
		t.Fatalf("%d battles", len(l.Battles))
	}
	b := l.Battles[0]
	q := risk.Query{Attackers: b.StartAttacker, Defenders: []risk.Defender{{Armies: b.StartDefender}}, Dice: risk.DiceRules{DefenderDice: 1}}
	if b.Stopped {
		q.Stop = b.EndAttacker
	}
	pl, _, err := risk.PlaceEnding(q, risk.Armies{Attacker: b.EndAttacker, Defender: b.EndDefender})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Placed || b.P != pl.P || b.Percentile != pl.Percentile {
		t.Errorf("battle %+v, want %+v", b, pl)
	}
	var att, def int
	for _, th := range b.Throws {
		if th.DefendDice != 1 {
			t.Errorf("throw %+v: the defender chose one die", th)
		}
		att += th.AttackerLost
		def += th.DefenderLost
	}
	if att != b.StartAttacker-b.EndAttacker || def != b.StartDefender-b.EndDefender || l.Players[0].Lost != att || l.Players[1].Lost != def {
		t.Errorf("losses %d and %d over the throws; battle %+v; players %+v", att, def, b, l.Players)
	}
	if sum := l.Players[0].Index + l.Players[1].Index; sum > 1e-9 || sum < -1e-9 {
		t.Errorf("every throw costs a fixed number of armies, so the two sides' luck sums to 0, not %v", sum)
	}
}

// A rampaging neutral is a side no seat plays: its attack counts for the
// player it attacked only, and the battle names it.
func TestARampagingNeutralsAttackCountsForTheDefenderOnly(t *testing.T) {
	r := riskclassic.Rules{}
	set, _ := json.Marshal(conquest.Settings{Neutrals: 1})
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}}, Settings: set}
	st, err := r.New(setup)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*conquest.State)
	log := enginetest.Do(t, r, &s, enginetest.Cmd(engine.Host, conquest.CmdStart, map[string]bool{"random": true}), enginetest.Seeded(2, 3))
	m := s.Map()
	from, to := -1, -1
	for f, o := range s.Owner {
		for _, n := range m.Neighbours(risk.TerritoryID(f)) {
			if o == 2 && s.Owner[n] == 0 && from < 0 {
				from, to = f, int(n)
			}
		}
	}
	if from < 0 {
		t.Fatal("the neutral borders none of Ana's territories in this deal")
	}
	// The neutral's group of 8 throws three 6s against Ana's two 1s; the
	// event is written as the engine's rampage writes it.
	roll, err := risk.DiceRules{}.ResolveFaces(risk.Armies{Attacker: 8, Defender: 2}, []int{6, 6, 6}, []int{1, 1})
	if err != nil {
		t.Fatal(err)
	}
	b := conquest.Battle{Attacker: 2, Defender: 0, From: from, To: to, Mode: "rampage", Rolls: []risk.Roll{roll}, DefLost: 2, Conquered: true}
	log = append(log, engine.NewEvent(conquest.EvRampage, conquest.RampageStep{Neutral: 2, From: from, Options: []int{to}, Faces: []int{1}, Target: to, Armies: 8}),
		engine.NewEvent(conquest.EvBattle, struct {
			conquest.Battle
			MinMove int `json:"minMove"`
		}{b, 1}))
	l, err := r.Luck(setup, log)
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Battles) != 1 || l.Battles[0].Attacker != (engine.Side{Seat: -1, Name: "Neutral"}) || l.Battles[0].Defender.Seat != 0 {
		t.Fatalf("battles %+v", l.Battles)
	}
	if len(l.Players) != 2 || l.Players[0].Throws != 1 || l.Players[0].Lost != 2 || l.Players[1].Throws != 0 {
		t.Errorf("players %+v: the throw counts for Ana alone", l.Players)
	}
	if want := 8391.0/7776 - 2; math.Abs(l.Players[0].Index-want) > 1e-12 {
		t.Errorf("Ana's index %v, want %v", l.Players[0].Index, want)
	}
}

// longGame plays a four-player game with the app's dice: each turn places
// its build on its strongest territory beside an enemy, blitzes from there
// as long as it can, moves everything in, and ends; until someone holds
// the world or turns run out. It returns the setup and the whole log.
func longGame(tb testing.TB, turns int) (engine.Setup, []engine.Event) {
	r := riskclassic.Rules{}
	set, _ := json.Marshal(conquest.Settings{DefendMost: true})
	setup := engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}, {Name: "Dee"}}, Settings: set}
	st, err := r.New(setup)
	if err != nil {
		tb.Fatal(err)
	}
	s := st.(*conquest.State)
	dice := enginetest.Seeded(3, 4)
	var log []engine.Event
	do := func(seat int, typ string, args any) {
		log = append(log, enginetest.Do(tb, r, &s, enginetest.Cmd(seat, typ, args), dice)...)
	}
	do(engine.Host, conquest.CmdStart, map[string]bool{"random": true})
	m := s.Map()
	front := func(p int) (int, int) {
		best, to := -1, -1
		for f, o := range s.Owner {
			if o != p || (best >= 0 && s.Armies[f] <= s.Armies[best]) {
				continue
			}
			for _, n := range m.Neighbours(risk.TerritoryID(f)) {
				if s.Owner[n] != p {
					best, to = f, int(n)
					break
				}
			}
		}
		return best, to
	}
	for range turns {
		if s.Phase == conquest.PhaseOver {
			break
		}
		p := s.Turn
		for len(s.Hands[p]) >= 5 || s.MustTrade {
			ids, ok := conquest.FindSet(riskclassic.Variant, s.Hands[p], s.Sets)
			if !ok {
				break
			}
			do(p, conquest.CmdTrade, map[string][]int{"cards": ids})
		}
		if f, _ := front(p); s.Pool > 0 {
			do(p, conquest.CmdPlace, map[string]int{"territory": f, "count": s.Pool})
		}
		for s.Phase != conquest.PhaseOver {
			f, to := front(p)
			if f < 0 || s.Armies[f] < 3 {
				break
			}
			do(p, conquest.CmdAttack, map[string]any{"from": f, "to": to, "mode": "blitz"})
			if s.Pending != nil {
				do(p, conquest.CmdMove, map[string]int{"count": s.Pending.Max})
			}
		}
		if s.Phase != conquest.PhaseOver {
			do(p, conquest.CmdEndTurn, nil)
		}
	}
	return setup, log
}

// BenchmarkLuckOfALongGame measures a whole game's battles, as the end
// screen does once per change of a finished game.
func BenchmarkLuckOfALongGame(b *testing.B) {
	setup, log := longGame(b, 200)
	l, err := riskclassic.Rules{}.Luck(setup, log)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(log)), "events")
	b.ReportMetric(float64(len(l.Battles)), "battles")
	b.ResetTimer()
	for range b.N {
		if _, err := (riskclassic.Rules{}).Luck(setup, log); err != nil {
			b.Fatal(err)
		}
	}
}
