package engine

import (
	"math"
	"testing"
)

func battle(att, def Side, to string, pct, tail float64, lucky string, throws ...ThrowLuck) BattleLuck {
	return BattleLuck{Attacker: att, Defender: def, To: to, Placed: true, Percentile: pct, Tail: tail, Lucky: lucky,
		OneIn: int(math.Round(1 / tail)), Throws: throws, StartAttacker: 9, StartDefender: 6, EndAttacker: 1, EndDefender: 5}
}

// Each seat's index sums expected minus actual losses over every throw it
// was in, attacking or defending; its mean percentile is from its own
// side (a defender's is 100 minus the attacker's); a neutral counts for no
// seat; the luckiest and unluckiest battles are the rarest endings for and
// against their attackers.
func TestTallyLuckSumsEachSeatsThrowsFromItsOwnSide(t *testing.T) {
	ana, ben, neutral := Side{Seat: 0, Name: "Ana"}, Side{Seat: 1, Name: "Ben"}, Side{Seat: -1, Name: "Neutral"}
	th := ThrowLuck{AttackDice: 3, DefendDice: 2, AttackerLost: 2, ExpectedAttackerLost: 7161.0 / 7776, ExpectedDefenderLost: 8391.0 / 7776}
	bs := []BattleLuck{
		battle(ana, ben, "Peru", 2, 1.0/40, "defender", th),
		battle(ben, ana, "Brazil", 70, 0.4, "attacker", th, th),
		battle(neutral, ana, "Chile", 95, 1.0/12, "attacker", th),
		battle(ana, neutral, "Iceland", 60, 0.3, "attacker"),
	}
	bs[3].Placed = false
	l := TallyLuck("armies", []Seat{{Name: "Ana"}, {Name: "Ben"}}, bs)
	a, b := l.Players[0], l.Players[1]
	// Ana: attacker in Peru (lost 2), defender in Brazil twice and Chile (lost 0).
	wantA := (7161.0/7776 - 2) + 3*8391.0/7776
	if math.Abs(a.Index-wantA) > 1e-12 || a.Lost != 2 || a.Throws != 4 || a.Battles != 4 || a.Placed != 3 {
		t.Errorf("Ana %+v, want index %v", a, wantA)
	}
	if want := (2.0 + 30 + 5) / 3; math.Abs(a.MeanPercentile-want) > 1e-12 {
		t.Errorf("Ana's mean percentile %v, want %v", a.MeanPercentile, want)
	}
	wantB := 8391.0/7776 + 2*(7161.0/7776-2)
	if math.Abs(b.Index-wantB) > 1e-12 || b.Lost != 4 || b.Battles != 2 || math.Abs(b.MeanPercentile-(98.0+70)/2) > 1e-12 {
		t.Errorf("Ben %+v, want index %v", b, wantB)
	}
	if l.Luckiest != 2 || l.Unluckiest != 0 {
		t.Errorf("luckiest %d, unluckiest %d; want Chile (2) and Peru (0)", l.Luckiest, l.Unluckiest)
	}
	if got, want := bs[0].Words(l.Unit), "Ana's attack on Peru (9 against 6): Ben held with 5 left, a 1-in-40 result"; got != want {
		t.Errorf("words %q, want %q", got, want)
	}
	if by := l.ByLuck(); by[0].Name != "Ana" {
		t.Errorf("luckiest first: %+v", by)
	}
}

// One CEO's corporations fighting each other count for nobody.
func TestABattleBetweenOneSeatsSidesCountsForNobody(t *testing.T) {
	ana := Side{Seat: 0, Name: "Ana"}
	l := TallyLuck("teams", []Seat{{Name: "Ana"}}, []BattleLuck{battle(ana, ana, "Peru", 10, 0.1, "defender", ThrowLuck{AttackerLost: 1, ExpectedAttackerLost: 0.4})})
	if p := l.Players[0]; p.Battles != 0 || p.Throws != 0 || p.Index != 0 {
		t.Errorf("%+v", p)
	}
}

func TestEndingsAndNumbersInWords(t *testing.T) {
	b := BattleLuck{Attacker: Side{Name: "Ana"}, Defender: Side{Name: "Ben"}, To: "Peru", EndAttacker: 1, EndDefender: 0, Conquered: true}
	if got := b.Ending("armies"); got != "Ana took it with 1 army left" {
		t.Errorf("%q", got)
	}
	b = BattleLuck{Attacker: Side{Name: "Ana"}, Defender: Side{Name: "the Mom & Pop"}, EndAttacker: 3, EndDefender: 2, Stopped: true}
	if got := b.Ending("teams"); got != "Ana stopped with 3 teams, the Mom & Pop still holding with 2" {
		t.Errorf("%q", got)
	}
	for x, want := range map[float64]string{2.345: "+2.3", -0.04: "0.0", -1.25: "-1.3", 0: "0.0"} {
		if got := SignedTenths(x); got != want {
			t.Errorf("SignedTenths(%v) = %q, want %q", x, got, want)
		}
	}
	if OneInWords(1) != "an everyday" || OneInWords(1250) != "a 1-in-1,250" || OneInWords(465_523_289_674) != "a rarer than 1-in-a-million" {
		t.Errorf("%q %q %q", OneInWords(1), OneInWords(1250), OneInWords(465_523_289_674))
	}
}
