package conquest

// The placing moves: claiming, start armies and a neutral's shared build.

import (
	"fmt"

	"tableside/engine"
)

// claim offers the claimer (or the host for it) each empty territory.
func (b *moveBuilder) claim() {
	s := b.s
	p := s.Placer
	if !b.may(p) {
		return
	}
	b.step, b.hint = StepClaim, "Tap an empty territory"
	for t, o := range s.Owner {
		if o < 0 {
			b.add(engine.Move{Step: StepClaim, Seat: p, To: b.name(t), Concerns: []string{b.name(t)}},
				fmt.Sprintf("claim-%d", t), "Claim "+b.name(t), CmdPlace, map[string]any{"territory": t})
		}
	}
}

// startArmies are the placer's start armies: a neutral's first, then its own.
func (b *moveBuilder) startArmies() {
	s := b.s
	p := s.Placer
	if p < 0 || p >= len(s.Players) || !b.may(p) {
		return
	}
	b.step, b.hint = StepStart, "Tap a territory to place on"
	most := s.placeMost()
	for t, o := range s.Owner {
		left := 0
		switch {
		case s.NeutralToPlace[p] > 0:
			if o < 0 || !s.Players[o].Neutral || (s.NeutralLeft != nil && s.NeutralLeft[o] <= 0) {
				continue
			}
			left = s.NeutralToPlace[p]
			if s.NeutralLeft != nil {
				left = min(left, s.NeutralLeft[o])
			}
		case o == p:
			left = s.ToPlace[p]
		default:
			continue
		}
		b.place(StepStart, p, t, min(left, most), nil)
	}
}

// place offers armies on territory t for seat p: one tap for a single army,
// else a Field from 1 to most, starting at all of them.
func (b *moveBuilder) place(step string, p, t, most int, extra map[string]any) {
	if most < 1 {
		return
	}
	data := map[string]any{"territory": t}
	for k, v := range extra {
		data[k] = v
	}
	m := engine.Move{Step: step, Seat: p, To: b.name(t), Concerns: []string{b.name(t)}}
	id := fmt.Sprintf("place-%d", t)
	if _, ok := extra["seat"]; ok {
		id = fmt.Sprintf("place-%d-for-%d", t, p)
	}
	who := ""
	if _, ok := extra["seat"]; ok {
		who = b.s.name(p) + ": "
	}
	if most == 1 {
		b.add(m, id, who+"Place 1 army on "+b.tn(t), CmdPlace, data)
		return
	}
	b.add(m, id, who+"Place on "+b.tn(t), CmdPlace, data,
		engine.Field{Name: "count", Label: "Armies", Min: 1, Max: most, Value: most})
}

// neutralShares are the real players' shares of a neutral's build, placed
// on its territories: each seat its own; the host any seat's, naming it.
func (b *moveBuilder) neutralShares() {
	s := b.s
	for _, q := range s.Real() {
		if s.ToPlace[q] <= 0 || !b.may(q) {
			continue
		}
		b.step, b.hint = StepNeutral, "Tap one of the neutral's territories"
		var extra map[string]any
		if b.who.IsHost() {
			extra = map[string]any{"seat": q}
		}
		for t, o := range s.Owner {
			if o == s.Turn {
				b.place(StepNeutral, q, t, s.ToPlace[q], extra)
			}
		}
	}
}
