package board

import (
	"reflect"
	"testing"

	"tableside/engine/risk"
)

func startTK(t *testing.T, b Board, corp string) Takeover {
	t.Helper()
	tk, err := StartTakeover(b, corp)
	if err != nil {
		t.Fatal(err)
	}
	return tk
}

func TestTakeoverAttackFromOneTeamTerritoryRefused(t *testing.T) {
	b := lay(t, "siam=c1:1*", "china=c2:3*")
	tk := startTK(t, b, "c1")
	before := snapshot(b)
	_, _, err := Battle(g, b, tk, Losses{Front: Front{"siam", "china"}, LastDice: 1, DefenderLost: 1})
	refused(t, err, "attack-needs-two-teams")
	if snapshot(b) != before {
		t.Fatal("board changed")
	}
}

func TestTakeoverNeverIntoAnEmptyTerritory(t *testing.T) {
	b := lay(t, "siam=c1:4*")
	tk := startTK(t, b, "c1")
	_, _, err := Battle(g, b, tk, Losses{Front: Front{"siam", "india"}, LastDice: 3, DefenderLost: 1})
	refused(t, err, "no-empty-territory")
	_, _, err = Announce(g, b, tk, Front{"siam", "india"}, 3)
	refused(t, err, "no-empty-territory")
}

func TestTakeoverAttackRefusals(t *testing.T) {
	b := lay(t, "siam=c1:4*", "india=c1:2", "china=c2:3*", "peru=c3:2*")
	tk := startTK(t, b, "c1")
	cases := []struct {
		f    Front
		rule string
	}{
		{Front{"china", "siam"}, "attack-from-own"},
		{Front{"siam", "peru"}, "attack-bordering"},
		{Front{"siam", "india"}, "attack-other"},
		{Front{"siam", "narnia"}, "no-such-territory"},
	}
	for _, c := range cases {
		refused(t, tk.CheckAttack(g, b, c.f), c.rule)
	}
	_, err := StartTakeover(b, "c7")
	refused(t, err, "takeover-active-corporation")
}

func TestTakeoverBattleLossesMustFitTheTeams(t *testing.T) {
	b := lay(t, "siam=c1:3*", "china=c2:1*")
	tk := startTK(t, b, "c1")
	for _, l := range []Losses{
		{Front: Front{"siam", "china"}, DefenderLost: 2},
		{Front: Front{"siam", "china"}, AttackerLost: 3},
		{Front: Front{"siam", "china"}},
		{Front: Front{"siam", "china"}, AttackerLost: -1, DefenderLost: 1},
	} {
		_, _, err := Battle(g, b, tk, l)
		refused(t, err, "battle-losses")
	}
}

func TestTakeoverVirtualDiceRollsThroughTheDiceEngine(t *testing.T) {
	b := lay(t, "siam=c1:4*", "china=c2:2*")
	tk := startTK(t, b, "c1")
	// attacker rolls 6,6,1 (Intn 5,5,0); defender 5,5 (Intn 4,4): defender loses 2
	l, err := RollBattle(g, b, tk, Front{"siam", "china"}, risk.DiceRules{}, &seqDice{n: []int{5, 5, 0, 4, 4}}, 0, 0, false, 0)
	if err != nil {
		t.Fatal(err)
	}
	if l.DefenderLost != 2 || l.AttackerLost != 0 || l.LastDice != 3 || len(l.Rolls) != 1 || !reflect.DeepEqual(l.Rolls[0].Attacker, []int{6, 6, 1}) {
		t.Fatalf("losses %+v", l)
	}
	if len(b.Land) != 2 || b.Land["china"].Teams != 2 {
		t.Fatal("rolling changed the board")
	}
	nb, nt, err := Battle(g, b, tk, l)
	if err != nil {
		t.Fatal(err)
	}
	if nt.Conquest == nil || nt.Conquest.Min != 3 || nt.Conquest.Max != 3 {
		t.Fatalf("conquest %+v", nt.Conquest)
	}
	holding(t, nb, "china", Holding{Corp: "c2", Teams: 0})
	_, err = RollBattle(g, b, tk, Front{"siam", "china"}, risk.DiceRules{}, &seqDice{}, 4, 0, false, 0)
	refused(t, err, "attack-dice")
}

func TestTakeoverBlitzRollsUntilTheTerritoryFalls(t *testing.T) {
	b := lay(t, "siam=c1:6*", "china=c2:3*")
	tk := startTK(t, b, "c1")
	// first roll: attacker 6,6,6 against 1,1; second: 6,6,6 against 1.
	l, err := RollBattle(g, b, tk, Front{"siam", "china"}, risk.DiceRules{}, &seqDice{n: []int{5, 5, 5, 0, 0, 5, 5, 5, 0}}, 0, 0, true, 0)
	if err != nil {
		t.Fatal(err)
	}
	if l.DefenderLost != 3 || l.AttackerLost != 0 || len(l.Rolls) != 2 {
		t.Fatalf("blitz %+v", l)
	}
}

func TestTakeoverRealDiceFacesOrTypedLosses(t *testing.T) {
	b := lay(t, "siam=c1:4*", "china=c2:3*")
	tk := startTK(t, b, "c1")
	l, err := FacesBattle(g, b, tk, Front{"siam", "china"}, risk.DiceRules{}, []int{5, 2, 2}, []int{5, 1})
	if err != nil || l.AttackerLost != 1 || l.DefenderLost != 1 {
		t.Fatalf("faces %+v err %v", l, err)
	}
	_, err = FacesBattle(g, b, tk, Front{"siam", "china"}, risk.DiceRules{}, []int{7}, []int{1})
	refused(t, err, "die-face")
	l, err = TypedBattle(g, b, tk, Front{"siam", "china"}, risk.DiceRules{}, 1, 3)
	if err != nil {
		t.Fatal(err)
	}
	nb, nt, err := Battle(g, b, tk, l)
	if err != nil || nt.Conquest == nil || nt.Conquest.Min != 1 || nt.Conquest.Max != 2 {
		t.Fatalf("conquest %+v err %v", nt.Conquest, err)
	}
	holding(t, nb, "siam", Holding{Corp: "c1", Teams: 3})
	_, err = TypedBattle(g, b, tk, Front{"siam", "china"}, risk.DiceRules{}, 3, 3)
	if err == nil {
		t.Fatal("both sides ran out together")
	}
}

func TestTakeoverMomAndPopRollsDefenceAndMustFightOneRound(t *testing.T) {
	b := lay(t, "siam=c1:6*", "india=mp", "china=c2:1*")
	tk := startTK(t, b, "c1")
	// no round may be fought before the defence roll
	_, _, err := Battle(g, b, tk, Losses{Front: Front{"siam", "india"}, LastDice: 3, DefenderLost: 1})
	refused(t, err, "defence-roll-first")
	_, _, err = Announce(g, b, tk, Front{"siam", "india"}, 7)
	refused(t, err, "defence-die")
	b, tk, err = Announce(g, b, tk, Front{"siam", "india"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	holding(t, b, "india", Holding{Teams: 4})
	// the announced attack must be fought before anything else
	_, _, err = Battle(g, b, tk, Losses{Front: Front{"siam", "china"}, LastDice: 3, DefenderLost: 1})
	refused(t, err, "mom-and-pop-one-round")
	_, err = EndTakeover(g, b, tk)
	refused(t, err, "mom-and-pop-one-round")
	_, _, err = TakeoverMove(g, b, tk, Move{"siam", "siam", 1})
	refused(t, err, "mom-and-pop-one-round")
	_, _, err = Announce(g, b, tk, Front{"siam", "india"}, 2)
	refused(t, err, "defence-roll-once")
	// one round: both lose one
	b, tk, err = Battle(g, b, tk, Losses{Front: Front{"siam", "india"}, LastDice: 3, AttackerLost: 1, DefenderLost: 1})
	if err != nil {
		t.Fatal(err)
	}
	holding(t, b, "india", Holding{Teams: 3})
	holding(t, b, "siam", Holding{Corp: "c1", Teams: 5})
	// now the attacker may turn elsewhere, and the Mom & Pop keeps its 3 this turn
	if err := tk.CheckAttack(g, b, Front{"siam", "china"}); err != nil {
		t.Fatal(err)
	}
	if NeedsDefence(b, "india") {
		t.Fatal("a Mom & Pop that rolled this turn rolls again")
	}
	// leftover Mom & Pop teams vanish at the end of the turn
	end, err := EndTakeover(g, b, tk)
	if err != nil {
		t.Fatal(err)
	}
	holding(t, end, "india", Holding{})
	if !NeedsDefence(end, "india") {
		t.Fatal("next turn the Mom & Pop must roll again")
	}
}

func TestTakeoverConquestMovesTeamsIn(t *testing.T) {
	b := lay(t, "siam=c1:5*", "india=mp", "china=c2:1*")
	tk := startTK(t, b, "c1")
	b, tk, _ = Announce(g, b, tk, Front{"siam", "india"}, 1)
	b, tk, err := Battle(g, b, tk, Losses{Front: Front{"siam", "india"}, LastDice: 3, DefenderLost: 1})
	if err != nil {
		t.Fatal(err)
	}
	if tk.Conquest == nil || tk.Conquest.Min != 3 || tk.Conquest.Max != 4 {
		t.Fatalf("conquest %+v", tk.Conquest)
	}
	refused(t, tk.CheckAttack(g, b, Front{"siam", "china"}), "move-in-first")
	_, _, _, err = Occupy(g, b, tk, 2)
	refused(t, err, "occupy-count")
	b, tk, capt, err := Occupy(g, b, tk, 3)
	if err != nil || capt != nil {
		t.Fatalf("capture %v err %v", capt, err)
	}
	holding(t, b, "india", Holding{Corp: "c1", Teams: 3})
	holding(t, b, "siam", Holding{Corp: "c1", Teams: 2})
	_, _, _, err = Occupy(g, b, tk, 1)
	refused(t, err, "nothing-to-occupy")
}

func TestTakeoverTowerCaptureTakesCorporationOver(t *testing.T) {
	// c2 holds China (tower), Mongolia, India and Middle East. c1 first takes
	// India (lost this turn: not counted), then the tower in China. c2's
	// defeated size is Mongolia, Middle East and China: 3.
	b := lay(t, "siam=c1:9*", "china=c2:1*", "mongolia=c2:2", "india=c2:1", "middle-east=c2:4")
	tk := startTK(t, b, "c1")
	b, tk, err := Battle(g, b, tk, Losses{Front: Front{"siam", "india"}, LastDice: 3, DefenderLost: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, tk, capt, err := Occupy(g, b, tk, 3)
	if err != nil || capt != nil {
		t.Fatal(capt, err)
	}
	b, tk, err = Battle(g, b, tk, Losses{Front: Front{"siam", "china"}, LastDice: 3, DefenderLost: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, tk, capt, err = Occupy(g, b, tk, 4)
	if err != nil || capt == nil {
		t.Fatalf("capture %v err %v", capt, err)
	}
	if capt.Defeated != "c2" || capt.At != "china" || capt.Size.Size != 3 || capt.Size.Territories != 3 {
		t.Fatalf("capture %+v", capt)
	}
	if b.InPlay("c2") {
		t.Fatal("the defeated tower is still on the map")
	}
	holding(t, b, "mongolia", Holding{Corp: "c1", Teams: 2})
	holding(t, b, "middle-east", Holding{Corp: "c1", Teams: 4})
	holding(t, b, "china", Holding{Corp: "c1", Teams: 4})
	holding(t, b, "siam", Holding{Corp: "c1", Teams: 2})
	if !reflect.DeepEqual(tk.Lost, []string{"india", "china"}) || len(tk.Captures) != 1 {
		t.Fatalf("takeover %+v", tk)
	}
}

func TestTakeoverOneFreeMoveEndsAttacksAndStaysOnOwnLand(t *testing.T) {
	b := lay(t, "siam=c1:4*", "india=c1:1", "china=c2:2*", "mongolia=c1:1")
	tk := startTK(t, b, "c1")
	// Siam to Mongolia only through China, another corporation's land
	_, _, err := TakeoverMove(g, b, tk, Move{"siam", "mongolia", 1})
	refused(t, err, "connected-own-land")
	b, tk, err = TakeoverMove(g, b, tk, Move{"siam", "india", 2})
	if err != nil {
		t.Fatal(err)
	}
	holding(t, b, "india", Holding{Corp: "c1", Teams: 3})
	_, _, err = TakeoverMove(g, b, tk, Move{"india", "siam", 1})
	refused(t, err, "one-free-move")
	refused(t, tk.CheckAttack(g, b, Front{"india", "china"}), "attacks-before-free-move")
	if _, err := EndTakeover(g, b, tk); err != nil {
		t.Fatal(err)
	}
}
