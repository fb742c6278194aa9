package table

import (
	"context"
	"fmt"
	"time"
)

// Status is what the host's page says of the league.
type Status struct {
	Paired   bool
	Hub      string
	Waiting  int       // plays (versions) not yet on the hub
	Aside    int       // plays the league refused, kept out until fixed or dropped
	LastSent time.Time // the newest version the hub took; zero when none
	Err      string    // the last push's failure, "" once one succeeds
	NextTry  time.Time
}

// Status reads the queue.
func (s *Syncer) Status(ctx context.Context) (Status, error) {
	l, ok, err := s.Link(ctx)
	if err != nil || !ok {
		return Status{}, err
	}
	st := Status{Paired: true, Hub: l.Hub}
	var last string
	err = s.db.QueryRowContext(ctx, `SELECT (SELECT count(*) FROM league_plays WHERE sent IS NULL AND refused IS NULL),
		(SELECT count(*) FROM league_plays WHERE refused IS NOT NULL AND dropped IS NULL), coalesce((SELECT max(sent) FROM league_plays), '')`).Scan(&st.Waiting, &st.Aside, &last)
	if err != nil {
		return st, fmt.Errorf("league status: %w", err)
	}
	st.LastSent, _ = time.Parse(time.RFC3339, last)
	s.mu.Lock()
	st.Err, st.NextTry = s.last.err, s.last.nextTry
	s.mu.Unlock()
	return st, nil
}

// Line is the status in one sentence for the host ("3 plays waiting for
// the league").
func (st Status) Line() string {
	if !st.Paired {
		return "This table is not in a league."
	}
	went := ""
	if !st.LastSent.IsZero() {
		went = " Last sent " + st.LastSent.Local().Format("Mon 2 Jan 15:04") + "."
	}
	aside := ""
	switch {
	case st.Aside == 1:
		aside = " 1 play is set aside: the league refused it (below)."
	case st.Aside > 1:
		aside = fmt.Sprintf(" %d plays are set aside: the league refused them (below).", st.Aside)
	}
	if st.Waiting == 0 && st.Aside == 0 {
		return "Every play is on the league at " + st.Hub + "." + went
	}
	if st.Waiting == 0 {
		return "Every other play is on the league at " + st.Hub + "." + aside + went
	}
	s := fmt.Sprintf("%d plays waiting for the league at %s.", st.Waiting, st.Hub)
	if st.Waiting == 1 {
		s = fmt.Sprintf("1 play waiting for the league at %s.", st.Hub)
	}
	if st.Err != "" {
		s += " " + st.Err + "."
		if !st.NextTry.IsZero() {
			s += " Next try " + st.NextTry.Local().Format("15:04:05") + "."
		}
	}
	return s + aside + went
}
