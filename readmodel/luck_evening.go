package readmodel

import (
	"context"

	"tableside/engine"
	"tableside/tracker"
)

// EveningFair is the goodness-of-fit of the evening's faces: every
// six-sided face the app's dice rolled in the games of the evening (a run
// of games each started within eveningGap of the one before).
type EveningFair struct {
	Words  string `json:"words"`  // "these 1,204 faces are as fair as dice get: p = 0.41"
	Games  int    `json:"games"`  // the evening's games
	Rolled int    `json:"rolled"` // of them, those that rolled the app's dice
	Gap    string `json:"gap"`    // the evening's definition in numbers: "6 h"
}

// EveningOf tests game id's evening; nil when fewer than two of its games
// rolled the app's dice (the game's own line says it all) or on a failure,
// which is logged: the evening's dice are a footnote, never a screen's fault.
func (r *Reader) EveningOf(ctx context.Context, id int64) *EveningFair {
	ev, err := eveningOf(ctx, r.t, id, r.sixes)
	if err != nil {
		r.log.Warn("the evening's dice", "game", id, "err", err)
		return nil
	}
	if ev.Rolled < 2 {
		return nil
	}
	return &EveningFair{Words: engine.FairDice(ev.Faces).Words(), Games: ev.Games, Rolled: ev.Rolled,
		Gap: tracker.Minutes(eveningGap)}
}

// sixes is a game's six-sided faces, read again only when its log has
// grown since (keyed on the log's last seq, as the readings are): the
// evening's dice are asked for on every dice page and luck card, and each
// game's log is read once per change, not on each request.
func (r *Reader) sixes(ctx context.Context, id int64) ([]int, error) {
	seq, err := r.t.LastSeq(ctx, id)
	if err != nil {
		return nil, err
	}
	if faces, ok := r.cache.sixesAt(id, seq); ok {
		return faces, nil
	}
	faces, seq, err := r.t.GameSixes(ctx, id)
	r.diceReads.Add(1)
	if err != nil {
		return nil, err
	}
	r.cache.putSixes(id, seq, faces)
	return faces, nil
}

// withEvening is a game's luck with its evening's dice: a copy, since the
// cached luck is shared and the evening changes with other games' rolls.
func (r *Reader) withEvening(ctx context.Context, v *Luck) *Luck {
	if v == nil || v.Fair == "" {
		return v
	}
	cp := *v
	cp.Evening = r.EveningOf(ctx, v.GameID)
	return &cp
}
