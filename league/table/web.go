package table

import (
	"context"

	"tableside/league"
)

// LeagueLine is the host's status line (web.LeagueLink).
func (s *Syncer) LeagueLine(ctx context.Context) (string, bool, error) {
	st, err := s.Status(ctx)
	if err != nil {
		return "", false, err
	}
	return st.Line(), st.Paired, nil
}

// PairLeague pairs the table (web.LeagueLink).
func (s *Syncer) PairLeague(ctx context.Context, hub, code, name string) error {
	return s.Pair(ctx, hub, code, name)
}

// RepairLeague pairs the table again with a new code (web.LeagueLink).
func (s *Syncer) RepairLeague(ctx context.Context, hub, code, name string) error {
	return s.Repair(ctx, hub, code, name)
}

// UnpairLeague ends the table's link (web.LeagueLink).
func (s *Syncer) UnpairLeague(ctx context.Context) error { return s.Unpair(ctx) }

// LeagueSetAside lists the plays the league refused (web.LeagueLink).
func (s *Syncer) LeagueSetAside(ctx context.Context) ([]league.SetAside, error) {
	return s.SetAside(ctx)
}

// ResendLeaguePlay queues a set-aside play again (web.LeagueLink).
func (s *Syncer) ResendLeaguePlay(ctx context.Context, key string) error { return s.Resend(ctx, key) }

// DropLeaguePlay leaves a set-aside play out of the league (web.LeagueLink).
func (s *Syncer) DropLeaguePlay(ctx context.Context, key string) error { return s.Drop(ctx, key) }
