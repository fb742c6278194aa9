package app

import (
	"context"
	"log/slog"
	"time"
)

// startRun records this start of the server and keeps writing that it is
// up until the database closes (tracker.DB.KeepRunAlive), so the turn
// clock can leave out the time the server was down. A failure to write is
// logged: the clock then counts the gap, and nothing else suffers.
func (a *App) startRun(ctx context.Context, log *slog.Logger) {
	now := func() time.Time { return a.Tracker.Now() } // read late: tests set it
	run, err := a.DB.StartRun(ctx, now())
	if err != nil {
		log.Error("turn clock: record the server's start", "err", err)
		return
	}
	a.DB.KeepRunAlive(run, now, log)
}
