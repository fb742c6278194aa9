package board

import (
	"reflect"
	"testing"
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
	_, _, err := Battle(g, b, tk, RoundInfo{Front: Front{"siam", "china"}, AttackDice: 1, DefendDice: 1, DefenderLoss: 1})
	refused(t, err, "attack-needs-two-teams")
	if snapshot(b) != before {
		t.Fatal("board changed")
	}
}

func TestTakeoverNeverIntoAnEmptyTerritory(t *testing.T) {
	b := lay(t, "siam=c1:4*")
	tk := startTK(t, b, "c1")
	_, _, err := Battle(g, b, tk, RoundInfo{Front: Front{"siam", "india"}, AttackDice: 3, DefendDice: 1, DefenderLoss: 1})
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

func TestTakeoverBattleChecksDiceAndLosses(t *testing.T) {
	b := lay(t, "siam=c1:3*", "china=c2:1*")
	tk := startTK(t, b, "c1")
	_, _, err := Battle(g, b, tk, RoundInfo{Front: Front{"siam", "china"}, AttackDice: 3, DefendDice: 1, DefenderLoss: 1})
	refused(t, err, "attack-dice")
	_, _, err = Battle(g, b, tk, RoundInfo{Front: Front{"siam", "china"}, AttackDice: 2, DefendDice: 2, DefenderLoss: 1})
	refused(t, err, "defend-dice")
	_, _, err = Battle(g, b, tk, RoundInfo{Front: Front{"siam", "china"}, AttackDice: 2, DefendDice: 1, DefenderLoss: 1, AttackerLoss: 1})
	refused(t, err, "battle-losses")
}

func TestTakeoverMomAndPopRollsDefenceAndMustFightOneRound(t *testing.T) {
	b := lay(t, "siam=c1:6*", "india=mp", "china=c2:1*")
	tk := startTK(t, b, "c1")
	// no round may be fought before the defence roll
	_, _, err := Battle(g, b, tk, RoundInfo{Front: Front{"siam", "india"}, AttackDice: 3, DefendDice: 1, DefenderLoss: 1})
	refused(t, err, "defence-roll-first")
	_, _, err = Announce(g, b, tk, Front{"siam", "india"}, 7)
	refused(t, err, "defence-die")
	b, tk, err = Announce(g, b, tk, Front{"siam", "india"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	holding(t, b, "india", Holding{Teams: 4})
	// the announced attack must be fought before anything else
	_, _, err = Battle(g, b, tk, RoundInfo{Front: Front{"siam", "china"}, AttackDice: 3, DefendDice: 1, DefenderLoss: 1})
	refused(t, err, "mom-and-pop-one-round")
	_, err = EndTakeover(g, b, tk)
	refused(t, err, "mom-and-pop-one-round")
	_, _, err = TakeoverMove(g, b, tk, Move{"siam", "siam", 1})
	refused(t, err, "mom-and-pop-one-round")
	_, _, err = Announce(g, b, tk, Front{"siam", "india"}, 2)
	refused(t, err, "defence-roll-once")
	// one round: both lose one
	b, tk, err = Battle(g, b, tk, RoundInfo{Front: Front{"siam", "india"}, AttackDice: 3, DefendDice: 2, AttackerLoss: 1, DefenderLoss: 1})
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
	b, tk, err := Battle(g, b, tk, RoundInfo{Front: Front{"siam", "india"}, AttackDice: 3, DefendDice: 1, DefenderLoss: 1})
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
	b, tk, err := Battle(g, b, tk, RoundInfo{Front: Front{"siam", "india"}, AttackDice: 3, DefendDice: 1, DefenderLoss: 1})
	if err != nil {
		t.Fatal(err)
	}
	b, tk, capt, err := Occupy(g, b, tk, 3)
	if err != nil || capt != nil {
		t.Fatal(capt, err)
	}
	b, tk, err = Battle(g, b, tk, RoundInfo{Front: Front{"siam", "china"}, AttackDice: 3, DefendDice: 1, DefenderLoss: 1})
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
