package store

import (
	"context"
	"fmt"

	"tableside/league"
)

// Migrate copies every row of from into the empty store to, then reads to
// back and compares the count and checksum of every table. It returns both
// sides' sums (for the report) and an error naming any table that differs.
func Migrate(ctx context.Context, from, to league.Store) (want, have map[string]league.Sum, err error) {
	d, err := from.Dump(ctx)
	if err != nil {
		return nil, nil, err
	}
	if err := to.Restore(ctx, d); err != nil {
		return nil, nil, fmt.Errorf("migrate: %w", err)
	}
	got, err := to.Dump(ctx)
	if err != nil {
		return nil, nil, err
	}
	want, have = d.Sums(), got.Sums()
	return want, have, league.SameSums(want, have)
}
