package table

import "context"

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
