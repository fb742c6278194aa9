package conquest

import (
	"encoding/json"
	"fmt"

	"tableside/engine"
	"tableside/engine/risk"
)

// teacher is the conquest games' part of first-game mode (engine.Teach),
// RISK's and PCtW's alike: what to do now, what each everyday choice does
// from this state's numbers (the exact chances), and the attack or trade
// that is missing now.
type teacher struct {
	v *Variant
	s *State
}

// Now says the step in a line, with its numbers.
func (t teacher) Now(seat int, sh engine.Sheet) string {
	s := t.s
	count := func(typ string) int {
		n := 0
		for _, m := range sh.Moves {
			if m.Type == typ && !m.Minor {
				n++
			}
		}
		return n
	}
	switch sh.Step {
	case StepClaim:
		return fmt.Sprintf("claim one of the %d empty territories (tap it on the map or below)", count(CmdPlace))
	case StepStart:
		if seat < len(s.NeutralToPlace) && s.NeutralToPlace[seat] > 0 {
			return fmt.Sprintf("place %d start %s of a neutral player on its territories", s.NeutralToPlace[seat], armiesWord(s.NeutralToPlace[seat]))
		}
		if seat < len(s.ToPlace) {
			return fmt.Sprintf("put a start army on one of your %d territories: %d left to place", count(CmdPlace), s.ToPlace[seat])
		}
	case StepPlace:
		return fmt.Sprintf("place your %d new %s on any of your %d territories", s.Pool, armiesWord(s.Pool), count(CmdPlace))
	case StepTrade:
		return fmt.Sprintf("trade a set of your %d cards for armies before you place", len(s.Hands[seat]))
	case StepAttack:
		n := count(CmdAttack)
		if n == 0 {
			return "no attack is open to you: stop attacking"
		}
		return fmt.Sprintf("attack one of %d enemy neighbours, or stop; each attack shows its chance", n)
	case StepMove:
		if pd := s.Pending; pd != nil {
			return fmt.Sprintf("you took %s: move %d to %d armies in from %s", s.m.Name(riskID(pd.To)), pd.Min, pd.Max, s.m.Name(riskID(pd.From)))
		}
	case StepFortify:
		return fmt.Sprintf("move armies from one of your territories into a neighbouring one of yours (%d ways; it ends your turn), or end your turn as it is", count(CmdFortify))
	case StepDefend:
		if d := s.Defence; d != nil {
			return fmt.Sprintf("%s attacks %s (%d armies) from %s (%d): choose how many dice defend it", s.name(d.Attacker), s.m.Name(riskID(d.To)), s.Armies[d.To], s.m.Name(riskID(d.From)), s.Armies[d.From])
		}
	case StepNeutral:
		if seat < len(s.ToPlace) {
			return fmt.Sprintf("place your share of the neutral's build, %d %s, on its territories", s.ToPlace[seat], armiesWord(s.ToPlace[seat]))
		}
	}
	return ""
}

// Does says what an everyday move does for the seat: a battle's exact
// chance, a trade's armies, how many armies move in.
func (t teacher) Does(seat int, m engine.Move) string {
	if m.Minor {
		return ""
	}
	switch m.Type {
	case CmdAttack:
		if m.Chance != nil {
			return fmt.Sprintf("%s chance to take %s if you fight on to the end; you choose when to stop", risk.Percent(*m.Chance), m.To)
		}
	case CmdDefend:
		if m.Chance != nil {
			return fmt.Sprintf("%s chance that %s holds", risk.Percent(*m.Chance), m.To)
		}
	case CmdTrade:
		return m.Note
	case CmdMove:
		if len(m.Fields) > 0 {
			f := m.Fields[0]
			return fmt.Sprintf("between %d and %d armies go into %s; the rest stay in %s", f.Min, f.Max, m.To, m.From)
		}
	}
	return ""
}

// Absent names the attack and the trade the sheet lacks, each as the
// command the player would send, so the game's refusal says why.
func (t teacher) Absent(seat int, sh engine.Sheet) []engine.Absent {
	s := t.s
	offered := map[string]bool{}
	for _, m := range sh.Moves {
		offered[m.Type] = true
	}
	var out []engine.Absent
	try := func(label, typ string, data map[string]any) {
		raw, _ := json.Marshal(data)
		out = append(out, engine.Absent{Move: label, Try: engine.Command{Type: typ, Seat: seat, Data: raw}})
	}
	if s.Turn != seat || (s.Phase != PhaseReinforce && s.Phase != PhaseAttack) || s.Pending != nil || s.Defence != nil {
		return nil
	}
	if !offered[CmdAttack] {
		if from, to, ok := t.strongestAttack(seat); ok {
			try(fmt.Sprintf("Attack %s from %s", s.m.Name(riskID(to)), s.m.Name(riskID(from))), CmdAttack, map[string]any{"from": from, "to": to})
		}
	}
	if hand := s.Hands[seat]; !offered[CmdTrade] && len(hand) >= 3 {
		try("Trade cards", CmdTrade, map[string]any{"cards": []int{hand[0].ID, hand[1].ID, hand[2].ID}})
	}
	return out
}

// strongestAttack is the attack a player would try first: from its
// territory with the most armies into an enemy neighbour.
func (t teacher) strongestAttack(seat int) (from, to int, ok bool) {
	s := t.s
	best := -1
	for a, o := range s.Owner {
		if o != seat {
			continue
		}
		for _, nb := range s.m.Neighbours(riskID(a)) {
			if n := int(nb); s.Owner[n] != seat && s.Armies[a] > best {
				best, from, to, ok = s.Armies[a], a, n, true
			}
		}
	}
	return from, to, ok
}
