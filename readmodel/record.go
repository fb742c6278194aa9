package readmodel

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"tableside/engine"
	"tableside/printables"
	"tableside/tracker"
)

// ErrNotOver is the answer for a record asked of a game still in play.
var ErrNotOver = errors.New("the record prints once the game is over")

// Record gathers a finished game's printed record from its engine:
// standings in the one order of a finished game (engine.Result.Podium),
// the main measure over the game, the moments (engine.Highlighter) and
// luck. Everything on it is public, as on the winner screen. The web's
// /games/N/record.pdf and `tableside print record` both print it.
func (r *Reader) Record(ctx context.Context, id int64) (printables.Record, error) {
	var rec printables.Record
	info, err := r.t.Info(ctx, id)
	if err != nil {
		return rec, err
	}
	luck := r.FinishedLuck(ctx, info) // read before the game's lock is taken
	first, err := r.t.FirstDice(ctx, id)
	if err != nil {
		return rec, err
	}
	err = r.t.SnapshotFor(ctx, id, engine.Viewer{Seat: engine.Host}, 0, func(f tracker.Frame) error {
		info, st := f.Info, f.State
		rules, ok := r.t.Rules(info.Kind)
		if !ok {
			return fmt.Errorf("game %d: no engine for %q", id, info.Kind)
		}
		res, over := rules.Result(st)
		if !over {
			return ErrNotOver
		}
		rec = printables.Record{Game: rules.Title(), Title: info.Name, When: playedWhen(info), Standings: recordRows(info, res)}
		if h, ok := rules.(engine.Highlighter); ok {
			rec.Highlights = h.Highlights(st)
		}
		if engine.RollsDice(rules) {
			rec.Dice = first
		}
		var moments []string
		rec.Luck, moments = luck.Record()
		rec.Highlights = append(rec.Highlights, moments...)
		return nil
	})
	if err != nil {
		return rec, err
	}
	rec.Chart = r.recordChart(ctx, id)
	return rec, nil
}

// recordRows is the result's podium as the record prints it.
func recordRows(info tracker.GameInfo, res engine.Result) []printables.RecordRow {
	var rows []printables.RecordRow
	for _, p := range res.Podium() {
		name := ""
		if p.Seat >= 0 && p.Seat < len(info.Setup.Seats) {
			name = info.Setup.Seats[p.Seat].Name
		}
		rows = append(rows, printables.RecordRow{Rank: p.Rank, Name: name, Winner: p.Winner,
			Score: engine.Thousands(p.Points), Breakdown: breakdownWords(p.Breakdown)})
	}
	return rows
}

// playedWhen says when a game was played: "20 November 2026, 20:05 to 23:10".
func playedWhen(info tracker.GameInfo) string {
	start := info.Created.Local()
	out := start.Format("2 January 2006, 15:04")
	if info.Finished != nil {
		end := info.Finished.Local()
		if end.YearDay() == start.YearDay() && end.Year() == start.Year() {
			out += " to " + end.Format("15:04")
		} else {
			out += " to " + end.Format("2 January 2006, 15:04")
		}
	}
	return out
}

// breakdownWords says a score's parts in a stable order: "bonuses 6,000 +
// cash 30,000".
func breakdownWords(parts map[string]int) string {
	labels := make([]string, 0, len(parts))
	for k := range parts {
		labels = append(labels, k)
	}
	slices.Sort(labels)
	out := make([]string, 0, len(labels))
	for _, k := range labels {
		out = append(out, k+" "+engine.Thousands(parts[k]))
	}
	return strings.Join(out, " + ")
}
