package conquest

import (
	"fmt"

	"tableside/engine"
	"tableside/engine/risk"
)

// advance begins the next turn once one has ended (or set-up is done): a real
// player's build, or a neutral's turn.
func (x *sim) advance() {
	s := x.s
	if s.Phase != "" {
		return
	}
	if len(s.Real()) == 0 {
		x.emit(EvOver, overEv{Winner: -1})
		return
	}
	p := s.Turn
	if s.Players[p].Neutral {
		x.neutralTurn(p)
		return
	}
	x.emit(EvTurnBegan, turnBeganEv{Player: p, Build: BuildFor(x.v, s, p)})
}

// MinBuild is the fewest armies the territory build gives.
const MinBuild = 3

// BasicBuild is the armies for holding territories: a third of them,
// rounded down, and never fewer than MinBuild (classic RISK, the house rules
// and Piecepack Conquers the World unless the table turns it off). Printed
// sheets ask this function too.
func BasicBuild(territories int) int { return max(MinBuild, territories/3) }

// BuildFor is player p's reinforcement at the start of a turn, every number
// explained (cards come on top when traded).
func BuildFor(v *Variant, s *State, p int) Build {
	var b Build
	n := s.Count(p)
	if v.Basic == nil || v.Basic(s.Settings) {
		if n/3 < MinBuild {
			b.add(fmt.Sprintf("%d %s / 3 = %d, raised to the minimum of %d", n, engine.Plural(n, "territory", "territories"), n/3, MinBuild), BasicBuild(n))
		} else {
			b.add(fmt.Sprintf("%d territories / 3 (fractions dropped)", n), BasicBuild(n))
		}
	}
	for _, c := range s.m.ContinentsHeld(func(t risk.TerritoryID) bool { return s.Owner[t] == p }) {
		ct, _ := s.m.Continent(c)
		b.add(fmt.Sprintf("holds all of %s", ct.Name), ct.Bonus)
	}
	if v.Extra != nil {
		v.Extra(s, p, &b)
	}
	return b
}

// neutralTurn begins a rampaging neutral's turn: it trades a set if it has
// one, counts its build, and shares the build among the real players.
func (x *sim) neutralTurn(n int) {
	s := x.s
	var setLine *Line
	if ids, ok := FindSet(x.v, s.Hands[n], s.Sets); ok {
		var cards []Card
		for _, c := range s.Hands[n] {
			if containsInt(ids, c.ID) {
				cards = append(cards, c)
			}
		}
		ev := x.tradeEv(n, cards)
		x.emit(EvTraded, ev)
		setLine = &Line{Why: ev.Why, Armies: ev.Value}
	}
	b := BuildFor(x.v, s, n)
	if setLine != nil {
		b.add(setLine.Why, setLine.Armies)
	}
	each, rolls := x.divide(b.Total, s.Real())
	x.emit(EvNeutralTurn, neutralTurnEv{Neutral: n, Build: b, Shares: Shares{Neutral: n, Each: each, Rolls: rolls}})
	if b.Total == 0 {
		x.neutralRest()
	}
}

// neutralRest plays the rest of a neutral's turn once its build is placed:
// every group of 8 or more armies rampages, then it draws a card if it
// conquered anything, and the turn passes.
func (x *sim) neutralRest() {
	s := x.s
	n := s.Turn
	var groups []int
	for t, o := range s.Owner {
		if o == n && s.Armies[t] >= RampageAt {
			groups = append(groups, t)
		}
	}
	for _, g := range groups {
		if s.Owner[g] != n || s.Armies[g] < RampageAt {
			continue
		}
		x.rampage(n, g)
		if s.Phase == PhaseOver {
			return
		}
	}
	x.endTurn(n)
}

// RampageAt is the size of a neutral group that rampages.
const RampageAt = 8

// rampage drives one group: number the adjacent opposing territories, roll
// for the direction, attack to the end, move all but one in, and go on from
// there until the group is down to one army or has no opponent beside it.
func (x *sim) rampage(n, at int) {
	s := x.s
	for s.Armies[at] > 1 {
		var opts []int
		for _, t := range s.m.Neighbours(riskID(at)) {
			if s.Owner[t] != n {
				opts = append(opts, int(t))
			}
		}
		if len(opts) == 0 {
			return
		}
		step := RampageStep{Neutral: n, From: at, Options: opts, Armies: s.Armies[at]}
		for {
			f := x.d.Roll(max(6, len(opts)))
			step.Faces = append(step.Faces, f)
			if f <= len(opts) {
				step.Target = opts[f-1]
				break
			}
		}
		x.emit(EvRampage, step)
		to := step.Target
		arm := risk.Armies{Attacker: s.Armies[at], Defender: s.Armies[to]}
		bl, err := risk.DiceRules{}.BlitzDice(x.d, arm, 1)
		if err != nil {
			panic(err) // two armies or more on each side: checked above
		}
		x.fight(Battle{Attacker: n, Defender: s.Owner[to], From: at, To: to, Mode: "rampage", Rolls: bl.Rolls,
			AttLost: arm.Attacker - bl.End.Attacker, DefLost: arm.Defender - bl.End.Defender, Conquered: bl.Conquered}, 1)
		if s.Phase == PhaseOver || !bl.Conquered {
			return
		}
		if s.Pending != nil {
			x.emit(EvMoved, moveEv{From: at, To: to, Count: s.Pending.Max})
		}
		at = to
	}
}
