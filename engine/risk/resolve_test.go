package risk

import (
	"math"
	"math/rand/v2"
	"testing"

	"tableside/engine"
)

// fixedDice returns the given faces in turn: a table's real dice, replayed.
type fixedDice struct{ faces []int }

func (f *fixedDice) Roll(sides int) int {
	if len(f.faces) == 0 {
		panic("out of faces")
	}
	x := f.faces[0]
	f.faces = f.faces[1:]
	return x
}
func (f *fixedDice) Intn(n int) int { return f.Roll(n) - 1 }

// countingDice cycles through faces deterministically, for long blitzes.
type countingDice struct{ n int }

func (c *countingDice) Roll(sides int) int { c.n = (c.n*7 + 3) % 101; return c.n%sides + 1 }
func (c *countingDice) Intn(n int) int     { return c.Roll(n) - 1 }

func TestRollUsesAsManyDiceAsTheArmiesAllow(t *testing.T) {
	r, err := DiceRules{}.RollDice(&fixedDice{[]int{6, 2, 4, 5, 4}}, Armies{Attacker: 10, Defender: 7}, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	// 6-4-2 against 5-4: 6 beats 5, 4 ties 4 (defender).
	if len(r.Attacker) != 3 || len(r.Defender) != 2 || r.Attacker[0] != 6 || r.AttackerLost != 1 || r.DefenderLost != 1 || r.After != (Armies{9, 6}) {
		t.Fatalf("roll %+v", r)
	}
	r, err = DiceRules{}.RollDice(&fixedDice{[]int{3, 3}}, Armies{Attacker: 2, Defender: 5}, 0, 1)
	if err != nil || len(r.Attacker) != 1 || len(r.Defender) != 1 || r.AttackerLost != 1 {
		t.Fatalf("2 on the board rolls one die: %+v %v", r, err)
	}
	if _, err := (DiceRules{}).RollDice(&fixedDice{}, Armies{Attacker: 3, Defender: 5}, 3, 0); !engine.IsRefusal(err) {
		t.Errorf("3 dice from 3 armies must be refused, got %v", err)
	}
	if _, err := (DiceRules{}).RollDice(&fixedDice{}, Armies{Attacker: 1, Defender: 5}, 0, 0); !engine.IsRefusal(err) {
		t.Errorf("1 army cannot attack, got %v", err)
	}
}

func TestResolveTypedFaces(t *testing.T) {
	r, err := DiceRules{}.ResolveFaces(Armies{Attacker: 5, Defender: 2}, []int{1, 6, 6}, []int{6, 5})
	if err != nil || r.AttackerLost != 1 || r.DefenderLost != 1 {
		t.Fatalf("6-6-1 against 6-5: %+v %v", r, err)
	}
	for _, c := range []struct{ att, def []int }{
		{[]int{7}, []int{1}}, {[]int{0}, []int{1}}, {[]int{1, 2, 3, 4}, []int{1}}, {[]int{1}, []int{1, 2, 3}}, {nil, []int{1}},
	} {
		if _, err := (DiceRules{}).ResolveFaces(Armies{Attacker: 9, Defender: 9}, c.att, c.def); !engine.IsRefusal(err) {
			t.Errorf("faces %v against %v must be refused, got %v", c.att, c.def, err)
		}
	}
	if _, err := (DiceRules{DefenderDice: 3}).ResolveFaces(Armies{Attacker: 9, Defender: 9}, []int{1, 2, 3}, []int{1, 2, 3}); err != nil {
		t.Errorf("three defence dice under the house rule: %v", err)
	}
}

func TestTypedLossesMustFitTheBattle(t *testing.T) {
	a, err := DiceRules{}.ApplyLosses(Armies{Attacker: 10, Defender: 7}, 3, 7)
	if err != nil || a != (Armies{7, 0}) {
		t.Fatalf("10 v 7 losing 3 and 7: %+v %v", a, err)
	}
	for _, l := range [][2]int{{0, 0}, {-1, 2}, {10, 0}, {2, 8}, {9, 7}} {
		if _, err := (DiceRules{}).ApplyLosses(Armies{Attacker: 10, Defender: 7}, l[0], l[1]); !engine.IsRefusal(err) {
			t.Errorf("losses %v must be refused, got %v", l, err)
		}
	}
}

func TestBlitzRollsToTheEndListingEveryRoll(t *testing.T) {
	b, err := DiceRules{}.BlitzDice(&countingDice{}, Armies{Attacker: 30, Defender: 25}, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !b.End.Over() || b.Stopped {
		t.Fatalf("blitz ended at %+v, stopped %v", b.End, b.Stopped)
	}
	at := b.Start
	for i, r := range b.Rolls {
		if r.After.Attacker != at.Attacker-r.AttackerLost || r.After.Defender != at.Defender-r.DefenderLost {
			t.Fatalf("roll %d does not follow from %+v: %+v", i, at, r)
		}
		if len(r.Attacker) != AttackDice(at.Attacker) || len(r.Defender) != min(2, at.Defender) {
			t.Fatalf("roll %d used %d and %d dice at %+v", i, len(r.Attacker), len(r.Defender), at)
		}
		at = r.After
	}
	if at != b.End || b.Conquered != (at.Defender == 0) {
		t.Fatalf("end %+v, last roll %+v", b.End, at)
	}
}

func TestBlitzStopsAtTheStopCount(t *testing.T) {
	// Every roll the defender wins: 6s against the attacker's 1s.
	faces := []int{}
	for range 10 {
		faces = append(faces, 1, 1, 1, 6, 6)
	}
	b, err := DiceRules{}.BlitzDice(&fixedDice{faces}, Armies{Attacker: 10, Defender: 4}, 5)
	if err != nil {
		t.Fatal(err)
	}
	if b.End.Attacker != 4 || !b.Stopped || b.Conquered || len(b.Rolls) != 3 {
		t.Fatalf("want a stop after 3 rolls (10, 8, 6, then 4: at or below 5): %+v", b)
	}
	if _, err := (DiceRules{}).BlitzDice(&fixedDice{}, Armies{Attacker: 5, Defender: 4}, 5); !engine.IsRefusal(err) {
		t.Errorf("stopping at 5 with 5 must be refused: %v", err)
	}
}

// A Mom & Pop's count is one die; one round is fought even when the stop
// count would not roll at all.
func TestBlitzMomPopRollsTheCountThenFightsAtLeastOneRound(t *testing.T) {
	// Count 5; then 3 attack dice (1,1,1) against 2 (6,6): the attacker loses 2.
	b, err := DiceRules{}.BlitzMomPop(&fixedDice{[]int{5, 1, 1, 1, 6, 6}}, 4, 4)
	if err != nil {
		t.Fatal(err)
	}
	if b.Start != (Armies{4, 5}) || len(b.Rolls) != 1 || b.End != (Armies{2, 5}) || !b.Stopped {
		t.Fatalf("Mom & Pop blitz %+v", b)
	}
}

// pcg is a seeded source for tests: the same rolls every run.
type pcg struct{ r *rand.Rand }

func (p pcg) Roll(sides int) int { return p.r.IntN(sides) + 1 }
func (p pcg) Intn(n int) int     { return p.r.IntN(n) }

// The resolver and the odds engine agree: many virtual blitzes end as often
// as the exact odds say (seeded, so the test always sees the same rolls).
func TestBlitzFrequenciesMatchTheExactOdds(t *testing.T) {
	dice := pcg{rand.New(rand.NewPCG(1, 2))}
	const n = 20000
	for _, c := range []struct {
		a    Armies
		stop int
	}{{Armies{6, 4}, 0}, {Armies{12, 9}, 4}} {
		o, err := Compute(Query{Attackers: c.a.Attacker, Defenders: []Defender{{Armies: c.a.Defender}}, Stop: c.stop})
		if err != nil {
			t.Fatal(err)
		}
		won := 0
		for range n {
			b, err := DiceRules{}.BlitzDice(dice, c.a, c.stop)
			if err != nil {
				t.Fatal(err)
			}
			if b.Conquered {
				won++
			}
		}
		freq := float64(won) / n
		sigma := math.Sqrt(o.Win * (1 - o.Win) / n)
		if math.Abs(freq-o.Win) > 5*sigma {
			t.Errorf("%+v stop %d: blitz won %.4f of the time, exact odds %.4f (5 sigma = %.4f)", c.a, c.stop, freq, o.Win, 5*sigma)
		}
	}
}
