package conquest

import "tableside/engine"

// Faces lists the faces of the dice a battle event shows, both sides, for
// engine.FaceTeller: a check of an exported log holds them to the seed its
// command revealed. Typed faces are shown too; their command reveals no
// seed, so nothing is checked against them.
func Faces(e engine.Event) []int {
	if e.Type != EvBattle {
		return nil
	}
	var out []int
	for _, r := range engine.Payload[battleEv](e).Rolls {
		out = append(out, r.Attacker...)
		out = append(out, r.Defender...)
	}
	return out
}
