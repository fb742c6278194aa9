package web

import "tableside/engine/coldcash"

// takeoverMoment is a hostile takeover as every screen tells it: who takes
// over whom and, on the board, the attack that brought the headquarters
// down. Its bonuses (halved) and each holder's choice as it comes in are
// the merger's card (cc-wizard), the same in bank and board mode; this is
// what a takeover adds to it. The TV draws it large in the moment's area,
// the host beside the map, a phone as one line under its move sheet
// (partials/moments.html).
type takeoverMoment struct {
	Survivor, Defunct coldcash.CompanyView
	// HQ is the territory of the headquarters that fell, and Battle the
	// attack that took it ("" and nil in bank mode, where the takeover is
	// typed, or when the log holds no roll of it).
	HQ     string
	Battle *battleMoment
}

// takeoverOf is the hostile takeover a view's game is settling, or nil.
func takeoverOf(view any) *takeoverMoment {
	v, ok := view.(coldcash.View)
	if !ok || v.Merger == nil || !v.Merger.Hostile {
		return nil
	}
	m := &takeoverMoment{Survivor: v.Merger.Survivor, Defunct: v.Merger.Defunct}
	if t := v.Table; t != nil && t.Last != nil && t.Last.Taken && t.Last.Defender == m.Defunct.ID {
		m.HQ = territoryName(t, t.Last.To)
		m.Battle = coldcashBattle(v)
	}
	return m
}
