package scorelog

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"tableside/engine"
	"tableside/scoring"
)

// The host's tidying of people: two names that are one person become one
// (merge), and a name nobody plays under any more goes (delete). Both count
// deleted plays as plays: a deleted play can be restored, and must still name
// someone who exists when it is.

// MergePerson makes every play of person from a play of person into, then
// removes from. into keeps its name and colour. A play that names both is
// refused rather than guessed at: a play cannot list one person twice, and
// which of the two results is the real one is for the host to say (by
// correcting that play first). It returns the person merged into.
func (s *Store) MergePerson(ctx context.Context, from, into int64) (scoring.Person, error) {
	if from == into {
		return scoring.Person{}, engine.Refuse("person-merge-self", "Pick another player to merge into: a player cannot be merged into themselves.")
	}
	a, err := s.Person(ctx, from)
	if err != nil {
		return scoring.Person{}, err
	}
	b, err := s.Person(ctx, into)
	if err != nil {
		return scoring.Person{}, err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		both, err := playsWithBoth(ctx, tx, from, into)
		if err != nil {
			return err
		}
		if len(both) > 0 {
			which := "those plays"
			if len(both) == 1 {
				which = "that play"
			}
			return engine.Refuse("person-merge-both", "%s and %s both played in %s; a play cannot name one player twice. Correct %s first, then merge.",
				a.Name, b.Name, listPlays(both), which)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE play_players SET person_id = ? WHERE person_id = ?`, into, from); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM people WHERE id = ?`, from)
		return err
	})
	if err != nil {
		if engine.IsRefusal(err) {
			return scoring.Person{}, err
		}
		return scoring.Person{}, fmt.Errorf("merge person %d into %d: %w", from, into, err)
	}
	return b, nil
}

// DeletePerson removes a person who is in no play. A person in plays is
// refused with how many, and pointed to merging instead: deleting them would
// take their results out of plays other people remember.
func (s *Store) DeletePerson(ctx context.Context, id int64) error {
	p, err := s.Person(ctx, id)
	if err != nil {
		return err
	}
	err = s.tx(ctx, func(tx *sql.Tx) error {
		var n, deleted int
		if err := tx.QueryRowContext(ctx, `SELECT count(*), coalesce(sum(pl.deleted IS NOT NULL), 0)
			FROM play_players pp JOIN plays pl ON pl.id = pp.play_id WHERE pp.person_id = ?`, id).Scan(&n, &deleted); err != nil {
			return err
		}
		if n > 0 {
			what := fmt.Sprintf("%d play", n)
			if n != 1 {
				what += "s"
			}
			if deleted > 0 {
				what += fmt.Sprintf(" (%d of them deleted, which can be restored)", deleted)
			}
			return engine.Refuse("person-in-plays", "%s is in %s, so cannot be deleted. Merge %s into another player instead.", p.Name, what, p.Name)
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM people WHERE id = ?`, id)
		return err
	})
	if err != nil {
		if engine.IsRefusal(err) {
			return err
		}
		return fmt.Errorf("delete person %d: %w", id, err)
	}
	return nil
}

// PlayCount counts the plays naming a person, deleted ones included.
func (s *Store) PlayCount(ctx context.Context, id int64) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT count(*) FROM play_players WHERE person_id = ?`, id).Scan(&n); err != nil {
		return 0, fmt.Errorf("count plays of person %d: %w", id, err)
	}
	return n, nil
}

// playsWithBoth lists "Game on date" for each play naming both people.
func playsWithBoth(ctx context.Context, q querier, a, b int64) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT pl.game, pl.date FROM plays pl
		WHERE EXISTS (SELECT 1 FROM play_players WHERE play_id = pl.id AND person_id = ?)
		  AND EXISTS (SELECT 1 FROM play_players WHERE play_id = pl.id AND person_id = ?)
		ORDER BY pl.date, pl.time, pl.id`, a, b)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var game, date string
		if err := rows.Scan(&game, &date); err != nil {
			return nil, err
		}
		out = append(out, game+" on "+date)
	}
	return out, rows.Err()
}

// listPlays names up to three plays and counts the rest.
func listPlays(ps []string) string {
	if len(ps) == 1 {
		return ps[0]
	}
	shown := ps[:min(3, len(ps))]
	s := fmt.Sprintf("%d plays (%s", len(ps), strings.Join(shown, ", "))
	if len(ps) > len(shown) {
		s += ", …"
	}
	return s + ")"
}
