package scorelog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"tableside/engine"
	"tableside/scoring"
	"tableside/tracker"
)

// Recorder returns the function the wiring sets as the tracker's OnStatus:
// a game that finishes lands in the score log by itself (seats become people
// by name, ranks follow the points, breakdowns are kept), and a game an undo
// reopens is taken out again. Failures are logged, never raised: the table's
// game goes on whatever happens to its score log.
func Recorder(s *Store, tr *tracker.Tracker) func(context.Context, tracker.GameInfo, *engine.Result) {
	return func(ctx context.Context, info tracker.GameInfo, res *engine.Result) {
		var err error
		if res == nil {
			err = s.Unrecord(ctx, info.ID)
		} else {
			title := info.Kind
			if r, ok := tr.Rules(info.Kind); ok {
				title = r.Title()
			}
			_, err = s.Record(ctx, info, title, *res)
		}
		if err != nil {
			tr.Log.Error("score log", "game", info.ID, "err", err)
		}
	}
}

// PlayFromGame turns a finished Tableside game into a play. title is the
// game's title; a score pad (any game) is logged under the name the host gave
// the game, since that is where the table writes what it played.
func PlayFromGame(info tracker.GameInfo, title string, res engine.Result) scoring.Play {
	game := title
	notes := ""
	if info.Kind == "scorepad" && info.Name != "" {
		game = info.Name
	} else if info.Name != "" && info.Name != title {
		notes = info.Name
	}
	end := info.Created
	if info.Finished != nil {
		end = *info.Finished
	}
	local := end.In(time.Local)
	p := scoring.Play{
		Game: game, Date: local.Format(scoring.DateLayout), Time: local.Format(scoring.TimeLayout),
		Minutes: minutesBetween(info.Created, end), Scoring: resultScoring(res),
		Notes: notes, GameID: info.ID,
	}
	for _, sc := range res.Scores {
		pl := scoring.Player{Winner: sc.Winner, Breakdown: sc.Breakdown, Start: res.Start != nil && *res.Start == sc.Seat}
		if sc.Seat >= 0 && sc.Seat < len(info.Setup.Seats) {
			seat := info.Setup.Seats[sc.Seat]
			pl.Name, pl.Colour = seat.Name, seat.Colour
		}
		v := sc.Points
		pl.Score = &v
		p.Players = append(p.Players, pl)
	}
	return p
}

// minutesBetween is a play's length in whole minutes, rounded up, at least 1.
func minutesBetween(a, b time.Time) int {
	d := b.Sub(a)
	if d <= 0 {
		return 0
	}
	m := int((d + time.Minute - 1) / time.Minute)
	return min(m, scoring.MaxMinutes)
}

// resultScoring is the result's own direction: the engine says whether the
// lowest points win (engine.Result.LowWins); nothing is guessed from the
// scores.
func resultScoring(res engine.Result) scoring.Scoring {
	if res.LowWins {
		return scoring.Low
	}
	return scoring.High
}

// Record writes a finished game's play. A game recorded before (finished,
// reopened and finished again, or recorded twice) has its play replaced,
// keeping the play's key, place and notes someone may have added.
func (s *Store) Record(ctx context.Context, info tracker.GameInfo, title string, res engine.Result) (scoring.Play, error) {
	p := PlayFromGame(info, title, res)
	if err := scoring.Normalize(&p); err != nil {
		return scoring.Play{}, fmt.Errorf("record game %d: %w", info.ID, err)
	}
	err := s.tx(ctx, func(tx *sql.Tx) error {
		var key, place, notes string
		err := tx.QueryRowContext(ctx, `SELECT key, place, notes FROM plays WHERE game_id = ?`, info.ID).Scan(&key, &place, &notes)
		switch {
		case err == nil:
			p.Key, p.Place = key, place
			if notes != "" {
				p.Notes = notes
			}
			if _, err := tx.ExecContext(ctx, `DELETE FROM plays WHERE game_id = ?`, info.ID); err != nil {
				return err
			}
		case errors.Is(err, sql.ErrNoRows):
			p.Key = newKey()
		default:
			return err
		}
		return insertPlay(ctx, tx, &p, nil)
	})
	if err != nil {
		return scoring.Play{}, fmt.Errorf("record game %d: %w", info.ID, err)
	}
	return s.Play(ctx, p.Key)
}

// Unrecord takes a reopened game's play out of the log. It is derived from
// the game's log, so it is simply removed; finishing the game again records
// it anew.
func (s *Store) Unrecord(ctx context.Context, gameID int64) error {
	if _, err := s.db.ExecContext(ctx, `DELETE FROM plays WHERE game_id = ?`, gameID); err != nil {
		return fmt.Errorf("unrecord game %d: %w", gameID, err)
	}
	return nil
}

// Backfill records every finished game that has no play yet (a game that
// finished before the score log was wired in): the log is derived from the
// games and can always be rebuilt. It returns how many plays it added.
func (s *Store) Backfill(ctx context.Context, tr *tracker.Tracker) (int, error) {
	ids, err := s.unrecorded(ctx, tr)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, id := range ids {
		g, err := tr.Info(ctx, id)
		if err != nil {
			return n, fmt.Errorf("backfill game %d: %w", id, err)
		}
		rules, ok := tr.Rules(g.Kind)
		if !ok {
			continue
		}
		var res engine.Result
		var done bool
		if err := tr.State(ctx, g.ID, func(st engine.State, _ int64) { res, done = rules.Result(st) }); err != nil {
			if de := new(tracker.DamagedError); errors.As(err, &de) {
				continue // named on /healthz; the other games are still recorded
			}
			return n, fmt.Errorf("backfill game %d: %w", g.ID, err)
		}
		if !done {
			continue
		}
		if _, err := s.Record(ctx, g, rules.Title(), res); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// unrecorded lists the finished games with no play in the log: the
// tracker, which keeps the games, says which are finished; the log says
// which it holds. Backfill runs at every start, and usually finds none.
func (s *Store) unrecorded(ctx context.Context, tr *tracker.Tracker) ([]int64, error) {
	games, err := tr.Games(ctx)
	if err != nil {
		return nil, fmt.Errorf("backfill: %w", err)
	}
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT game_id FROM plays WHERE game_id IS NOT NULL`)
	if err != nil {
		return nil, fmt.Errorf("backfill: %w", err)
	}
	defer rows.Close()
	recorded := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("backfill: %w", err)
		}
		recorded[id] = true
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("backfill: %w", err)
	}
	var ids []int64
	for _, g := range games {
		if g.Status == tracker.StatusFinished && !recorded[g.ID] {
			ids = append(ids, g.ID)
		}
	}
	slices.Sort(ids)
	return ids, nil
}
