package testgames

import (
	"encoding/json"
	"fmt"
	"sort"

	"tableside/engine"
	"tableside/engine/conquest"
	"tableside/engine/risk"
	"tableside/engine/riskclassic"
)

// MovingRisk is classic RISK answering engine.Mover the simplest honest
// way, for the screens' tests of the move sheet before the real engines
// answer it: every placement and every attack the rules name is tried
// through RISK's own Decide and offered only if accepted. It keeps the
// kind "risk", so a test server that runs it draws RISK's own map.
type MovingRisk struct{ riskclassic.Rules }

// noDice rolls nothing: Decide only checks here, it never keeps the roll.
type noDice struct{}

func (noDice) Roll(int) int { return 1 }
func (noDice) Intn(int) int { return 0 }

// Moves lists the defender's dice while an attack waits for them, else the
// seat's placements (phase place and reinforce) and its attacks (each with
// its exact chance, the three likeliest first, the rest folded), and ending
// the attacks.
func (r MovingRisk) Moves(st engine.State, v engine.Viewer) engine.Sheet {
	s, ok := st.(*conquest.State)
	if !ok || v.Seat < 0 {
		return engine.Sheet{}
	}
	m := risk.Classic()
	name := func(t int) string { return m.Name(risk.TerritoryID(t)) }
	accepted := func(typ string, data any) (json.RawMessage, bool) {
		b, _ := json.Marshal(data)
		_, err := r.Decide(st, engine.Command{Type: typ, Seat: v.Seat, Data: b}, noDice{})
		return b, err == nil
	}
	sh := engine.Sheet{Step: s.Phase}
	// The defender of a pending attack chooses its dice: the most first.
	for n := 2; n >= 1; n-- {
		if b, ok := accepted(conquest.CmdDefend, map[string]int{"dice": n}); ok {
			sh.Step, sh.Text = "defend", "Defend with 1 or 2 dice"
			sh.Moves = append(sh.Moves, engine.Move{Choice: engine.Choice{Label: fmt.Sprintf("Defend with %d dice", n), Type: conquest.CmdDefend, Data: b,
				ID: fmt.Sprintf("defend-%d", n)}, Step: "defend", Seat: v.Seat})
		}
	}
	if len(sh.Moves) > 0 {
		return sh
	}
	for t := range s.Owner {
		if b, ok := accepted(conquest.CmdPlace, map[string]int{"territory": t}); ok {
			sh.Step, sh.Text, sh.Hint = "place", "Place an army", "Tap one of your territories on the map"
			sh.Moves = append(sh.Moves, engine.Move{Choice: engine.Choice{Label: "Place on " + name(t), Type: conquest.CmdPlace, Data: b,
				ID: fmt.Sprintf("place-%d", t)}, Step: "place", Seat: v.Seat, To: name(t), Concerns: []string{name(t)}})
		}
	}
	var attacks []engine.Move
	for from := range s.Owner {
		for _, n := range m.Neighbours(risk.TerritoryID(from)) {
			to := int(n)
			b, ok := accepted(conquest.CmdAttack, map[string]int{"from": from, "to": to})
			if !ok {
				continue
			}
			odds, err := risk.Compute(risk.Query{Attackers: s.Armies[from], Defenders: []risk.Defender{{Armies: s.Armies[to]}}})
			if err != nil {
				continue
			}
			attacks = append(attacks, engine.Move{Choice: engine.Choice{Label: name(from) + " → " + name(to), Type: conquest.CmdAttack, Data: b,
				ID: fmt.Sprintf("attack-%d-%d", from, to)}, Step: "attack", Seat: v.Seat, From: name(from), To: name(to),
				Concerns: []string{name(from), name(to)}, Chance: engine.Chance(odds.Win)})
		}
	}
	sort.SliceStable(attacks, func(i, j int) bool { return *attacks[i].Chance > *attacks[j].Chance })
	for i := range attacks {
		attacks[i].Minor = i >= 3
	}
	if len(attacks) > 0 && len(sh.Moves) == 0 {
		sh.Step, sh.Text = "attack", "Attack, or end the attacks"
	}
	sh.Moves = append(sh.Moves, attacks...)
	if b, ok := accepted(conquest.CmdEndAttack, map[string]int{}); ok && len(attacks) > 0 {
		sh.Moves = append(sh.Moves, engine.Move{Choice: engine.Choice{Label: "End the attacks", Type: conquest.CmdEndAttack, Data: b,
			ID: "end-attack"}, Step: "attack", Seat: v.Seat, Ends: true})
	}
	return sh
}
