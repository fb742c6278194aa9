package readmodel

import (
	"context"
	"fmt"
	"slices"
	"time"

	"tableside/tracker"
)

// eveningGap is the longest pause between the starts of two games of one
// evening: an evening is a run of games, each started no more than six
// hours after the one before it. It holds a long evening that runs past
// midnight (which "the same day" would cut in two), and a table that meets
// again the next day starts a new evening.
const eveningGap = 6 * time.Hour

// eveningDice is what the app's dice rolled over one game's evening.
type eveningDice struct {
	Games  int   // games of the evening (this one included)
	Rolled int   // of them, games that rolled the app's six-sided dice
	Faces  []int // every six-sided face they rolled, game by game
}

// eveningOf gathers every six-sided face the app's dice rolled in the games
// of game id's evening (undone commands too, each seed's faces once:
// tracker.Sixes), each game's as sixes reads them (Tracker.GameSixes,
// or the reader's cache of it at its log's last seq): no game is replayed.
func eveningOf(ctx context.Context, t *tracker.Tracker, id int64, sixes func(ctx context.Context, id int64) ([]int, error)) (eveningDice, error) {
	gs, err := t.Games(ctx)
	if err != nil {
		return eveningDice{}, fmt.Errorf("the evening's dice: %w", err)
	}
	var ev eveningDice
	for _, g := range evening(gs, id) {
		ev.Games++
		faces, err := sixes(ctx, g.ID)
		if err != nil {
			return eveningDice{}, fmt.Errorf("the evening's dice: %w", err)
		}
		if len(faces) > 0 {
			ev.Rolled++
		}
		ev.Faces = append(ev.Faces, faces...)
	}
	return ev, nil
}

// evening is the games of game id's evening, oldest first: the run of
// games around it each started within eveningGap of the one before.
func evening(gs []tracker.GameInfo, id int64) []tracker.GameInfo {
	gs = slices.Clone(gs)
	slices.SortStableFunc(gs, func(a, b tracker.GameInfo) int { return a.Created.Compare(b.Created) })
	start := 0
	for i, g := range gs {
		if i > 0 && g.Created.Sub(gs[i-1].Created) > eveningGap {
			start = i
		}
		if g.ID != id {
			continue
		}
		end := i + 1
		for end < len(gs) && gs[end].Created.Sub(gs[end-1].Created) <= eveningGap {
			end++
		}
		return gs[start:end]
	}
	return nil
}
