package enginetest

import (
	"math/rand/v2"
	"sort"
	"strings"

	"tableside/engine"
)

// AnyOffered picks one move offered to the viewers in st, as the long
// games of the benchmarks play: a kind of move first (each kind as likely
// as another), then one move of it, its numbers anywhere within their
// limits. Ending the game (a kind named "end", or "declare") is picked
// only when nothing else is offered. ok is false when nothing is.
func AnyOffered(r engine.Rules, st engine.State, viewers []engine.Viewer, rng *rand.Rand) (cmd engine.Command, ok bool) {
	byType := map[string][]Offer{}
	for _, v := range viewers {
		for _, m := range r.Moves(st, v).Moves {
			byType[m.Type] = append(byType[m.Type], Offer{Viewer: v, Move: m})
		}
	}
	var types []string
	for t := range byType {
		if !strings.Contains(t, "end") && t != "declare" {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		for t := range byType {
			types = append(types, t)
		}
	}
	if len(types) == 0 {
		return engine.Command{}, false
	}
	sort.Strings(types)
	of := byType[types[rng.IntN(len(types))]]
	o := of[rng.IntN(len(of))]
	values := map[string]int{}
	for _, f := range o.Move.Fields {
		if !f.Text && f.Max >= f.Min {
			values[f.Name] = f.Min + rng.IntN(f.Max-f.Min+1)
		}
	}
	return MoveCmd(o.Viewer, o.Move, values), true
}
