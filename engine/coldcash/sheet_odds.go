package coldcash

import (
	"fmt"
	"sort"

	"tableside/engine"
	"tableside/engine/coldcash/board"
	"tableside/engine/risk"
)

// The odds a takeover's sheet shows beside the chance of the battle
// itself: for the attacker, the chance of reaching the defender's
// headquarters from the territory attacked (a hostile takeover is won at
// the tower); for the defending CEO, the chance of holding with 1 die and
// with 2. Both come from engine/risk's exact odds, never from a simulation.

// hqPath is the cheapest way through the defender's own land from the
// territory attacked to its tower: the territories, in the order they
// would be attacked, the one attacked first. Fewest defending teams wins;
// ties go to fewer territories, then to the alphabet, so the path is the
// same on every screen. Nil when to holds no corporation or no tower.
func hqPath(g *board.Geography, b board.Board, to string) []string {
	corp := b.Owner(to)
	hq, ok := b.Towers[corp]
	if corp == "" || !ok {
		return nil
	}
	type node struct {
		cost int
		path []string
	}
	best := map[string]node{to: {b.Land[to].Teams, []string{to}}}
	open := []string{to}
	for len(open) > 0 {
		sort.Slice(open, func(i, j int) bool {
			a, c := best[open[i]], best[open[j]]
			if a.cost != c.cost {
				return a.cost < c.cost
			}
			if len(a.path) != len(c.path) {
				return len(a.path) < len(c.path)
			}
			return open[i] < open[j]
		})
		at := open[0]
		open = open[1:]
		if at == hq {
			return best[at].path
		}
		for _, n := range g.Neighbours(at) {
			if b.Owner(n) != corp {
				continue
			}
			cost := best[at].cost + b.Land[n].Teams
			if old, seen := best[n]; seen && old.cost <= cost {
				continue
			}
			best[n] = node{cost, append(append([]string{}, best[at].path...), n)}
			open = append(open, n)
		}
	}
	return nil
}

// hqNote says the chance of fighting from "from" all the way to the
// defender's tower along hqPath, each territory taken with one team left
// behind; "" when the territory attacked is the tower itself (the battle's
// own chance says it) or there is no tower to reach.
func hqNote(g *board.Geography, b board.Board, from, to string) string {
	path := hqPath(g, b, to)
	if len(path) < 2 {
		return ""
	}
	var defs []risk.Defender
	for _, t := range path {
		defs = append(defs, risk.Defender{Armies: b.Land[t].Teams})
	}
	o, err := risk.Compute(risk.Query{Attackers: b.Land[from].Teams, Defenders: defs})
	if err != nil {
		return ""
	}
	hq := path[len(path)-1]
	return fmt.Sprintf("HQ %s %s in %d %s", g.Name(hq), risk.Percent(o.Win), len(path), engine.Plural(len(path), "battle", "battles"))
}

// holdNote says the defending CEO's chance with n dice against the attack
// waiting: for a blitz, the chance the territory holds to the end; for one
// roll, the chance it stands after the roll and the chance it loses no
// team at all.
func holdNote(attackers, defenders int, d Defence, n int) string {
	if d.Blitz {
		o, err := risk.Compute(risk.Query{Attackers: attackers, Defenders: []risk.Defender{{Armies: defenders}}, Stop: d.Stop, Dice: risk.DiceRules{DefenderDice: n}})
		if err != nil {
			return ""
		}
		return "holds to the end " + risk.Percent(1-o.Win)
	}
	att := d.Dice
	if att == 0 {
		att = risk.AttackDice(attackers)
	}
	r, err := risk.OneRoll(att, min(n, defenders))
	if err != nil {
		return ""
	}
	// Ways[j]: the attacker loses j, the defender the other Compared-j.
	var taken, none int64
	for j, w := range r.Ways {
		if r.Compared-j >= defenders {
			taken += w
		}
		if j == r.Compared {
			none += w
		}
	}
	return fmt.Sprintf("holds this roll %s · loses no team %s", risk.Percent(1-float64(taken)/float64(r.Of)), risk.Percent(float64(none)/float64(r.Of)))
}
