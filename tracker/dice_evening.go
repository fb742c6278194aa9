package tracker

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"
)

// EveningGap is the longest pause between the starts of two games of one
// evening: an evening is a run of games, each started no more than six
// hours after the one before it. It holds a long evening that runs past
// midnight (which "the same day" would cut in two), and a table that meets
// again the next day starts a new evening.
const EveningGap = 6 * time.Hour

// EveningDice is what the app's dice rolled over one game's evening.
type EveningDice struct {
	Games  int   // games of the evening (this one included)
	Rolled int   // of them, games that rolled the app's six-sided dice
	Faces  []int // every six-sided face they rolled, game by game
}

// Sixes reads a game's six-sided faces: those of the log up to seq.
type Sixes func(ctx context.Context, id int64) ([]int, error)

// EveningOf gathers every six-sided face the app's dice rolled in the games
// of game id's evening (undone commands too, each seed's faces once:
// SixesOnce), each game's as sixes reads them (GameSixes, or a cache of it:
// readmodel keeps each game's at its log's last seq): no game is replayed.
func (t *Tracker) EveningOf(ctx context.Context, id int64, sixes Sixes) (EveningDice, error) {
	gs, err := t.db.games(ctx)
	if err != nil {
		return EveningDice{}, fmt.Errorf("the evening's dice: %w", err)
	}
	var ev EveningDice
	for _, g := range evening(gs, id) {
		ev.Games++
		faces, err := sixes(ctx, g.ID)
		if err != nil {
			return EveningDice{}, fmt.Errorf("the evening's dice: %w", err)
		}
		if len(faces) > 0 {
			ev.Rolled++
		}
		ev.Faces = append(ev.Faces, faces...)
	}
	return ev, nil
}

// GameSixes is the six-sided faces of every reveal in game id's log up to
// seq, the log's last record when asked: a cache keyed on seq holds them
// for as long as the log does not grow.
func (t *Tracker) GameSixes(ctx context.Context, id int64) (faces []int, seq int64, err error) {
	if seq, err = t.LastSeq(ctx, id); err != nil {
		return nil, 0, err
	}
	faces, err = t.db.sixes(ctx, id, seq)
	return faces, seq, err
}

// evening is the games of game id's evening, oldest first: the run of
// games around it each started within EveningGap of the one before.
func evening(gs []GameInfo, id int64) []GameInfo {
	gs = slices.Clone(gs)
	slices.SortStableFunc(gs, func(a, b GameInfo) int { return a.Created.Compare(b.Created) })
	start := 0
	for i, g := range gs {
		if i > 0 && g.Created.Sub(gs[i-1].Created) > EveningGap {
			start = i
		}
		if g.ID != id {
			continue
		}
		end := i + 1
		for end < len(gs) && gs[end].Created.Sub(gs[end-1].Created) <= EveningGap {
			end++
		}
		return gs[start:end]
	}
	return nil
}

// sixes is the six-sided faces of every reveal in a game's log up to seq.
func (d *DB) sixes(ctx context.Context, id, seq int64) ([]int, error) {
	var once SixesOnce
	rows, err := d.QueryContext(ctx, `SELECT dice FROM events WHERE game_id = ? AND seq <= ? AND dice IS NOT NULL ORDER BY seq`, id, seq)
	if err != nil {
		return nil, fmt.Errorf("dice of game %d: %w", id, err)
	}
	defer rows.Close()
	for rows.Next() {
		var raw string
		if err := rows.Scan(&raw); err != nil {
			return nil, fmt.Errorf("dice of game %d: %w", id, err)
		}
		var rv DiceReveal
		if err := json.Unmarshal([]byte(raw), &rv); err != nil {
			return nil, fmt.Errorf("dice of game %d: %w", id, err)
		}
		once.Add(rv)
	}
	return once.Faces, rows.Err()
}
