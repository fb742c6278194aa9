package engine

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// LuckTeller is implemented by games that resolve battles with recorded
// dice: it places every battle of a game against its exact odds, so the end
// screen, the score log and the print shop can say who the dice favoured.
// It reads the log the tracker keeps (the events in force, in order, from
// New(setup)), so nothing is added to a game's state.
type LuckTeller interface {
	Luck(setup Setup, events []Event) (Luck, error)
}

// RollsDice reports whether a game of r rolls the app's dice: the games
// that resolve battles with recorded dice (LuckTeller) are exactly those;
// a game that only shuffles and deals has no roll to seal.
func RollsDice(r Rules) bool {
	_, ok := r.(LuckTeller)
	return ok
}

// Luck is a game's dice, measured. docs/luck.md defines every number.
type Luck struct {
	// Unit names what the battles are fought with ("armies", "teams").
	Unit string `json:"unit"`
	// Players is one entry per seat, in seat order.
	Players []PlayerLuck `json:"players"`
	// Battles are in the order they were fought.
	Battles []BattleLuck `json:"battles"`
	// Luckiest is the battle whose ending was the rarest in its attacker's
	// favour, Unluckiest the rarest against its attacker (indexes into
	// Battles; -1 when there is none).
	Luckiest   int `json:"luckiest"`
	Unluckiest int `json:"unluckiest"`
}

// Side is one side of a battle: a seat, or a side no seat plays (a
// rampaging neutral, a Mom & Pop), whose Seat is -1.
type Side struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
}

// BattleLuck is one battle: the throws of one attack from one territory
// into another, until the territory fell, the attacker stopped, or it had
// only the army that stays home.
type BattleLuck struct {
	Attacker Side   `json:"attacker"`
	Defender Side   `json:"defender"`
	From     string `json:"from"`
	To       string `json:"to"`
	// Start and End are the armies on the board (the attacking territory's,
	// the defending one's) before the first throw and after the last.
	StartAttacker int  `json:"startAttacker"`
	StartDefender int  `json:"startDefender"`
	EndAttacker   int  `json:"endAttacker"`
	EndDefender   int  `json:"endDefender"`
	Conquered     bool `json:"conquered"`
	// Stopped: the attacker broke off with armies to spare. The battle is
	// measured as one that stops at the count the attacker stopped at.
	Stopped bool `json:"stopped,omitempty"`
	// Placed is false for a battle that has no exact odds to compare with
	// (see docs/luck.md); its throws still count in the luck index.
	Placed bool `json:"placed"`
	// P is the chance of exactly this ending; Percentile is the attacker's
	// (0-100, 50 is average); Tail is the chance of a result at least as
	// extreme in the Lucky side's favour, "a 1-in-OneIn result".
	P          float64 `json:"p"`
	Percentile float64 `json:"percentile"`
	Lucky      string  `json:"lucky,omitempty"` // "attacker", "defender" or "" (even)
	Tail       float64 `json:"tail"`
	OneIn      int     `json:"oneIn"`
	// ExpectedAttackerLosses and ExpectedDefenderLosses are the battle's
	// average losses by the exact odds (0 when not placed).
	ExpectedAttackerLosses float64     `json:"expectedAttackerLosses"`
	ExpectedDefenderLosses float64     `json:"expectedDefenderLosses"`
	Throws                 []ThrowLuck `json:"throws"`
}

// ThrowLuck is one throw of the dice: the losses it dealt and what that
// throw costs each side on average.
type ThrowLuck struct {
	AttackDice           int     `json:"attackDice"`
	DefendDice           int     `json:"defendDice"`
	AttackerLost         int     `json:"attackerLost"`
	DefenderLost         int     `json:"defenderLost"`
	ExpectedAttackerLost float64 `json:"expectedAttackerLost"`
	ExpectedDefenderLost float64 `json:"expectedDefenderLost"`
}

// AttackerLuck is expected minus actual losses for the attacker over the
// battle's throws (positive: the dice were kind to the attacker); the
// defender's is its negative, as every throw costs a fixed number of armies.
func (b BattleLuck) AttackerLuck() float64 {
	s := 0.0
	for _, t := range b.Throws {
		s += t.ExpectedAttackerLost - float64(t.AttackerLost)
	}
	return s
}

// PlayerLuck is one seat's dice over a game.
type PlayerLuck struct {
	Seat int    `json:"seat"`
	Name string `json:"name"`
	// Throws and Battles count those the seat was in, attacking or defending.
	Throws  int `json:"throws"`
	Battles int `json:"battles"`
	// Expected is the armies the seat's throws cost on average, Lost what
	// they did cost; Index = Expected - Lost (positive: lucky).
	Expected float64 `json:"expected"`
	Lost     int     `json:"lost"`
	Index    float64 `json:"index"`
	// MeanPercentile is the mean, over the seat's placed battles, of the
	// ending's percentile from the seat's side (50 is average); Placed
	// counts those battles.
	MeanPercentile float64 `json:"meanPercentile"`
	Placed         int     `json:"placed"`
}

// TallyLuck sums battles per seat and finds the luckiest and unluckiest
// battle. seats are the table's seats in seat order.
func TallyLuck(unit string, seats []Seat, battles []BattleLuck) Luck {
	l := Luck{Unit: unit, Players: make([]PlayerLuck, len(seats)), Battles: battles, Luckiest: -1, Unluckiest: -1}
	if l.Battles == nil {
		l.Battles = []BattleLuck{}
	}
	pct := make([]float64, len(seats))
	for i, s := range seats {
		l.Players[i] = PlayerLuck{Seat: i, Name: s.Name}
	}
	in := func(seat int) *PlayerLuck {
		if seat < 0 || seat >= len(l.Players) {
			return nil
		}
		return &l.Players[seat]
	}
	for _, b := range battles {
		if b.Attacker.Seat >= 0 && b.Attacker.Seat == b.Defender.Seat {
			continue // one CEO's corporations fighting: the seat's luck nets to nothing
		}
		for _, side := range []struct {
			p        *PlayerLuck
			attacker bool
		}{{in(b.Attacker.Seat), true}, {in(b.Defender.Seat), false}} {
			p := side.p
			if p == nil {
				continue
			}
			p.Battles++
			for _, t := range b.Throws {
				p.Throws++
				if side.attacker {
					p.Expected += t.ExpectedAttackerLost
					p.Lost += t.AttackerLost
				} else {
					p.Expected += t.ExpectedDefenderLost
					p.Lost += t.DefenderLost
				}
			}
			if b.Placed {
				p.Placed++
				if side.attacker {
					pct[p.Seat] += b.Percentile
				} else {
					pct[p.Seat] += 100 - b.Percentile
				}
			}
		}
	}
	for i := range l.Players {
		p := &l.Players[i]
		p.Index = p.Expected - float64(p.Lost)
		if p.Placed > 0 {
			p.MeanPercentile = pct[i] / float64(p.Placed)
		}
	}
	l.Luckiest = rarest(battles, "attacker")
	l.Unluckiest = rarest(battles, "defender")
	return l
}

// rarest is the placed battle with the smallest tail in lucky's favour.
func rarest(battles []BattleLuck, lucky string) int {
	best := -1
	for i, b := range battles {
		if !b.Placed || b.Lucky != lucky {
			continue
		}
		if best < 0 || cmp.Less(b.Tail, battles[best].Tail) {
			best = i
		}
	}
	return best
}

// Ending says how a battle ended, for people: "Ben held with 5 left",
// "Ana took it with 4 armies left", "Ana stopped with 3 armies; Ben held
// with 2 left".
func (b BattleLuck) Ending(unit string) string {
	switch {
	case b.Conquered:
		return fmt.Sprintf("%s took it with %d %s left", b.Attacker.Name, b.EndAttacker, unitFor(b.EndAttacker, unit))
	case b.Stopped:
		return fmt.Sprintf("%s stopped with %d %s, %s still holding with %d", b.Attacker.Name, b.EndAttacker, unitFor(b.EndAttacker, unit), b.Defender.Name, b.EndDefender)
	}
	return fmt.Sprintf("%s held with %d left", b.Defender.Name, b.EndDefender)
}

// Words tells a battle for people, its start included so that a conquest
// can read as unlucky: "Ana's attack on Peru (9 against 6): Ben held with
// 5 left, a 1-in-40 result".
func (b BattleLuck) Words(unit string) string {
	s := fmt.Sprintf("%s's attack on %s (%d against %d): %s", b.Attacker.Name, b.To, b.StartAttacker, b.StartDefender, b.Ending(unit))
	if b.Placed {
		s += ", " + OneInWords(b.OneIn) + " result"
	}
	return s
}

// OneInWords says a rarity: "a 1-in-40", "an everyday" for a result at
// least as likely as not, and past a million no long string of digits.
func OneInWords(n int) string {
	switch {
	case n <= 1:
		return "an everyday"
	case n > 1_000_000:
		return "a rarer than 1-in-a-million"
	}
	return "a " + OneIn(n)
}

// OneIn writes a rarity with thousands separated: "1-in-1,250".
func OneIn(n int) string { return "1-in-" + Thousands(n) }

// unitOne is a luck unit's word for one ("army" for "armies").
var unitOne = map[string]string{"armies": "army", "teams": "team"}

// unitFor is the unit's word for a count of n.
func unitFor(n int, unit string) string {
	if one, ok := unitOne[unit]; ok {
		return Plural(n, one, unit)
	}
	return unit
}

// SignedTenths writes a luck index for people: "+2.3", "-0.7", "0.0".
func SignedTenths(x float64) string {
	r := math.Round(x*10) / 10
	if r == 0 {
		return "0.0"
	}
	return fmt.Sprintf("%+.1f", r)
}

// ByLuck lists the players from the luckiest (highest index) down.
func (l Luck) ByLuck() []PlayerLuck {
	out := slices.Clone(l.Players)
	slices.SortStableFunc(out, func(a, b PlayerLuck) int { return cmp.Compare(b.Index, a.Index) })
	return out
}
