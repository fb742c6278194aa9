package conquest

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
)

// Steps of a turn, as a move sheet names them (engine.Move.Step).
const (
	StepSetup   = "setup"
	StepClaim   = "claim"
	StepStart   = "start" // start armies, after the claim (or the deal)
	StepPlace   = "place"
	StepTrade   = "trade"
	StepAttack  = "attack"
	StepMove    = "move"
	StepFortify = "fortify"
	StepDefend  = "defend"
	StepNeutral = "neutral"
)

// Moves answers, for viewer who, every move Decide would accept from it now
// (engine.Mover): the host's start; claiming and placing start armies; the
// turn player's trades, placements (a Field of 1 to the armies left), every
// attack with its exact chance, the move into a conquest, the end of the
// attacks, the fortifying move and the end of the turn; the real players'
// shares of a neutral's build; the defender's dice with the chance of
// holding. The host gets the moves of the seat it may act for (each marked
// with that seat); the public none. Typed real dice (faces, losses) and a
// blitz that stops early are forms, not listed.
func Moves(v *Variant, st engine.State, who engine.Viewer) engine.Sheet {
	s := st.(*State)
	sh := engine.Sheet{Moves: []engine.Move{}}
	if w, ok := Waiting(s); ok {
		sh.Text = w.Text
	}
	if who.Seat == engine.Public || who.Past || s.Phase == PhaseOver {
		return sh
	}
	b := &moveBuilder{v: v, s: s, who: who}
	b.build()
	sh.Step, sh.Hint, sh.Moves = b.step, b.hint, b.moves
	if sh.Moves == nil {
		sh.Moves = []engine.Move{}
	}
	s.markDecision(&sh, who.Seat)
	if s.Settings.FirstGame {
		engine.Teach(teacher{v: v, s: s}, v.decide, s, who.Seat, &sh)
	}
	return sh
}

// moveBuilder collects one viewer's moves.
type moveBuilder struct {
	v     *Variant
	s     *State
	who   engine.Viewer
	step  string
	hint  string
	moves []engine.Move
}

// may reports whether the viewer acts for seat p now (its phone, or the host).
func (b *moveBuilder) may(p int) bool { return b.who.IsHost() || b.who.Seat == p }

func (b *moveBuilder) build() {
	s := b.s
	if s.Defence != nil {
		b.defence()
		return
	}
	switch s.Phase {
	case PhaseSetup:
		if b.who.IsHost() {
			b.step = StepSetup
			b.add(engine.Move{Step: StepSetup, Seat: engine.Host}, "start-random", "Start: deal and place every army at random", CmdStart, map[string]any{"random": true})
			label := "Start: deal the territories; we place the armies ourselves"
			if !b.v.Deal {
				label = "Start: shuffle the cards and claim the territories in turn"
			}
			b.add(engine.Move{Step: StepSetup, Seat: engine.Host}, "start", label, CmdStart, nil)
		}
	case PhaseClaim:
		b.claim()
	case PhasePlace:
		b.startArmies()
	case PhaseReinforce, PhaseAttack:
		b.turn()
	case PhaseFortify:
		if b.may(s.Turn) {
			b.step = StepFortify
			b.fortifyMoves(false)
			b.endTurn()
		}
	case PhaseNeutral:
		b.neutralShares()
	}
}

// add appends a move with its command; data is nil or an object made here.
func (b *moveBuilder) add(m engine.Move, id, label, typ string, data map[string]any, fields ...engine.Field) {
	m.ID, m.Label, m.Type, m.Fields = id, label, typ, fields
	if data != nil {
		m.Data, _ = json.Marshal(data)
	}
	b.moves = append(b.moves, m)
}

// onMap marks the move just added as one chosen on the map, folded on a
// phone under group (engine.Move.Map).
func (b *moveBuilder) onMap(group string) {
	m := &b.moves[len(b.moves)-1]
	m.Map, m.Group = true, group
}

// seesHand reports whether the viewer may see seat p's cards, and so trade
// them: p's own phone, or the host at a table that shows the hand of the
// player on turn on the laptop (Settings.LaptopHands). A trade's label
// names the cards, so the host is offered none otherwise.
func (b *moveBuilder) seesHand(p int) bool {
	return b.who.Seat == p || b.who.IsHost() && b.s.Settings.LaptopHands
}

// tn names a territory with its armies: "Alaska (5)".
func (b *moveBuilder) tn(t int) string {
	return fmt.Sprintf("%s (%d)", b.s.m.Name(riskID(t)), b.s.Armies[t])
}

func (b *moveBuilder) name(t int) string { return b.s.m.Name(riskID(t)) }

// turn is the turn player's reinforcement and attack: the move into a
// conquest when one waits, the forced trades, else trades, placements,
// attacks and the ways to stop.
func (b *moveBuilder) turn() {
	s := b.s
	p := s.Turn
	if !b.may(p) {
		return
	}
	if pd := s.Pending; pd != nil {
		b.step, b.hint = StepMove, "Choose how many armies move in"
		b.add(engine.Move{Step: StepMove, Seat: p, From: b.name(pd.From), To: b.name(pd.To), Concerns: []string{b.name(pd.From), b.name(pd.To)}},
			"move", "Move into "+b.name(pd.To), CmdMove, nil,
			engine.Field{Name: "count", Label: "Armies", Min: pd.Min, Max: pd.Max, Value: pd.Max})
		return
	}
	forced := s.MustTrade || (s.Phase == PhaseReinforce && len(s.Hands[p]) >= 5)
	if (s.Phase == PhaseReinforce || s.MustTrade) && s.SecondSetAllowed(b.v) && b.seesHand(p) {
		b.trades(p, forced)
	}
	if forced {
		return
	}
	if s.Pool > 0 {
		b.step, b.hint = StepPlace, fmt.Sprintf("Tap one of your territories to place %d %s", s.Pool, armiesWord(s.Pool))
		for t, o := range s.Owner {
			if o == p {
				b.place(StepPlace, p, t, s.Pool, nil)
				b.onMap(GroupPlaceByName)
			}
		}
		return
	}
	b.step, b.hint = StepAttack, "Tap a territory to attack from or to"
	b.attacks(p)
	b.endAttack()
	if b.v.Fortify(s.Settings) {
		b.fortifyMoves(true)
		b.endTurn()
	}
}

// trades lists every set the turn player's hand could trade now: the one
// worth the most in view, the others folded under "More trades" (a hand of
// five holds several sets, each a long line naming three cards, and on a
// phone they pushed the map off the first screen).
func (b *moveBuilder) trades(p int, forced bool) {
	s := b.s
	if forced {
		b.step, b.hint = StepTrade, "Trade a set first"
	}
	hints := sets(b.v, s, s.Hands[p])
	best := 0
	for i, h := range hints {
		if h.Value > hints[best].Value {
			best = i
		}
	}
	for i, h := range hints {
		var labels []string
		var concerns []string
		for _, id := range h.Cards {
			for _, c := range s.Hands[p] {
				if c.ID == id {
					labels = append(labels, c.Label)
					if c.Territory >= 0 {
						concerns = append(concerns, b.name(c.Territory))
					}
				}
			}
		}
		m := engine.Move{Step: StepTrade, Seat: p, Concerns: concerns}
		if i != best {
			m.Minor, m.Group = true, GroupMoreTrades
		}
		b.add(m, fmt.Sprintf("trade-%d-%d-%d", h.Cards[0], h.Cards[1], h.Cards[2]),
			fmt.Sprintf("Trade %s, %s, %s", labels[0], labels[1], labels[2]), CmdTrade, map[string]any{"cards": h.Cards})
		b.moves[len(b.moves)-1].Note = fmt.Sprintf("+%d armies (%s)", h.Value, h.Why)
	}
}

// endAttack stops the attacks: on to fortifying, or the end of the turn
// where the variant has no fortifying move.
func (b *moveBuilder) endAttack() {
	s := b.s
	label := "Stop attacking: end the turn"
	if b.v.Fortify(s.Settings) {
		label = "Stop attacking: go on to fortify"
	}
	b.add(engine.Move{Step: StepAttack, Seat: s.Turn, Ends: true}, "end-attack", label, CmdEndAttack, nil)
}

func (b *moveBuilder) endTurn() {
	s := b.s
	label := "End the turn without fortifying"
	if s.Phase != PhaseFortify {
		label = "Stop attacking and end the turn (no fortifying)"
	}
	m := engine.Move{Step: StepFortify, Seat: s.Turn, Ends: true, Minor: s.Phase != PhaseFortify}
	if m.Minor {
		m.Group = GroupFortifyNow
	}
	b.add(m, "end-turn", label, CmdEndTurn, nil)
}

// fortifyMoves is the one fortifying move between neighbouring own
// territories, any number from 1 to all but one army; it ends the turn
// (and, sent during the attacks, ends them too: its label says so).
func (b *moveBuilder) fortifyMoves(duringAttack bool) {
	s := b.s
	p := s.Turn
	for t, o := range s.Owner {
		if o != p || s.Armies[t] < 2 {
			continue
		}
		for _, n := range s.m.Neighbours(riskID(t)) {
			if s.Owner[n] != p {
				continue
			}
			label := fmt.Sprintf("Fortify %s from %s", b.tn(int(n)), b.tn(t))
			if duringAttack {
				label = fmt.Sprintf("Stop attacking, fortify %s from %s", b.tn(int(n)), b.tn(t))
			}
			m := engine.Move{Step: StepFortify, Seat: p, From: b.name(t), To: b.name(int(n)), Concerns: []string{b.name(t), b.name(int(n))}, Ends: true, Minor: duringAttack}
			if duringAttack {
				m.Group = GroupFortifyNow
			}
			b.add(m, fmt.Sprintf("fortify-%d-%d", t, n), label, CmdFortify, map[string]any{"from": t, "to": int(n)},
				engine.Field{Name: "count", Label: "Armies", Min: 1, Max: s.Armies[t] - 1, Value: s.Armies[t] - 1})
			if !duringAttack {
				b.onMap(GroupFortifyByName)
			}
		}
	}
}
