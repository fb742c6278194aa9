package risk

import (
	"testing"

	"tableside/engine"
)

func throw(t *testing.T, dr DiceRules, a Armies, att, def []int) Roll {
	t.Helper()
	r, err := dr.ResolveFaces(a, att, def)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var ana, ben = engine.Side{Seat: 0, Name: "Ana"}, engine.Side{Seat: 1, Name: "Ben"}

// Throws on one front that follow each other make one battle, measured
// from the armies before the first to those after the last; another front
// starts another battle.
func TestConsecutiveThrowsOnOneFrontAreOneBattle(t *testing.T) {
	var dr DiceRules
	r1 := throw(t, dr, Armies{Attacker: 4, Defender: 2}, []int{6, 5, 1}, []int{6, 6}) // attacker loses 2
	r2 := throw(t, dr, r1.After, []int{6}, []int{1, 1})                               // 2 v 2: one die against two
	var bs Battles
	bs.Add(ana, ben, "Brazil", "Peru", []Roll{r1})
	bs.Add(ana, ben, "Brazil", "Peru", []Roll{r2})
	r3 := throw(t, dr, Armies{Attacker: 3, Defender: 1}, []int{1, 1}, []int{2})
	bs.Add(ana, ben, "Brazil", "Venezuela", []Roll{r3})
	got := bs.Done()
	if len(got) != 2 {
		t.Fatalf("%d battles, want 2: %+v", len(got), got)
	}
	b := got[0]
	if b.StartAttacker != 4 || b.StartDefender != 2 || b.EndAttacker != 2 || b.EndDefender != 1 || len(b.Throws) != 2 {
		t.Fatalf("first battle %+v", b)
	}
	// 4 v 2 stopped at 2 with the defender holding 1.
	pl, o, err := PlaceEnding(Query{Attackers: 4, Defenders: []Defender{{Armies: 2}}, Stop: 2}, Armies{Attacker: 2, Defender: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !b.Placed || !b.Stopped || b.P != pl.P || b.Percentile != pl.Percentile || b.OneIn != pl.OneIn || b.ExpectedAttackerLosses != o.ExpectedAttackerLosses {
		t.Errorf("battle %+v, want placement %+v", b, pl)
	}
	want := (7161.0/7776 - 2) + (161.0 / 216)
	near(t, "attacker luck", b.AttackerLuck(), want)
	if c := got[1]; c.To != "Venezuela" || c.Conquered || !c.Stopped || !c.Placed || c.Lucky != SideDefender {
		t.Errorf("second battle %+v", c)
	}
}

// A throw that does not start where the last one left the board (armies
// were placed in between) begins a new battle, and so does a battle the
// table typed as losses only.
func TestAGapBetweenThrowsStartsANewBattle(t *testing.T) {
	var dr DiceRules
	r1 := throw(t, dr, Armies{Attacker: 6, Defender: 3}, []int{1, 1, 1}, []int{6, 6})
	r2 := throw(t, dr, Armies{Attacker: 7, Defender: 3}, []int{6, 6, 6}, []int{1, 1})
	var bs Battles
	bs.Add(ana, ben, "A", "B", []Roll{r1})
	bs.Add(ana, ben, "A", "B", []Roll{r2})
	bs.Add(ana, ben, "A", "B", nil)
	bs.Add(ana, ben, "A", "B", []Roll{throw(t, dr, Armies{Attacker: 7, Defender: 1}, []int{6, 6, 6}, []int{1})})
	if got := bs.Done(); len(got) != 3 {
		t.Fatalf("%d battles, want 3", len(got))
	}
}

// One throw that cost the attacker nothing, then a stop: a battle stopping
// at that count would never have rolled, so the throw itself is the battle.
// Three 6s against two 1s is the best of 3 v 2's three endings (2,890 of
// 7,776 throws).
func TestAStopAfterAFreeThrowIsMeasuredAsThatThrow(t *testing.T) {
	r := throw(t, DiceRules{}, Armies{Attacker: 4, Defender: 3}, []int{6, 6, 6}, []int{1, 1})
	b := MeasureThrows([]Roll{r})
	if !b.Placed || !b.Stopped || b.Lucky != SideAttacker {
		t.Fatalf("%+v", b)
	}
	near(t, "P", b.P, 2890.0/7776)
	near(t, "tail", b.Tail, 2890.0/7776)
	near(t, "percentile", b.Percentile, 100*(1-2890.0/2/7776))
	// Two such throws in a row have no battle to compare with.
	f1 := throw(t, DiceRules{}, Armies{Attacker: 5, Defender: 5}, []int{6, 6, 6}, []int{1, 1})
	f2 := throw(t, DiceRules{}, f1.After, []int{6, 6, 6}, []int{1, 1})
	b2 := MeasureThrows([]Roll{f1, f2})
	if b2.Placed || len(b2.Throws) != 2 || !b2.Stopped || b2.EndDefender != 1 {
		t.Errorf("two free throws: %+v", b2)
	}
}

// A defender that rolled one die whenever it could have rolled two is
// measured as a one-die defence.
func TestADefenderWhoChoseOneDieIsMeasuredWithOneDie(t *testing.T) {
	one := DiceRules{DefenderDice: 1}
	r := throw(t, one, Armies{Attacker: 5, Defender: 3}, []int{6, 6, 6}, []int{6})
	r2 := throw(t, one, r.After, []int{5, 5, 5}, []int{6})
	b := MeasureThrows([]Roll{r, r2})
	pl, _, err := PlaceEnding(Query{Attackers: 5, Defenders: []Defender{{Armies: 3}}, Dice: one, Stop: 3}, r2.After)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Placed || b.P != pl.P || b.Percentile != pl.Percentile {
		t.Errorf("battle %+v, want %+v", b, pl)
	}
	if got := chosenDice([]Roll{throw(t, DiceRules{}, Armies{Attacker: 5, Defender: 3}, []int{6}, []int{1, 1})}); got.DefenderMax() != 2 {
		t.Errorf("two dice defended: rules %+v", got)
	}
}
