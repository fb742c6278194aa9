package app

import (
	"context"
	"log/slog"
	"time"

	"tableside/tracker"
)

// startRun records this start of the server and keeps writing that it is
// up (every tracker.AliveEvery, and once more at Close), so the turn clock
// can leave out the time the server was down. A failure to write is
// logged: the clock then counts the gap, and nothing else suffers.
func (a *App) startRun(ctx context.Context, log *slog.Logger) {
	now := func() time.Time { return a.Tracker.Now() } // read late: tests set it
	run, err := a.DB.StartRun(ctx, now())
	if err != nil {
		log.Error("turn clock: record the server's start", "err", err)
		a.stopAlive = func() {}
		return
	}
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		tick := time.NewTicker(tracker.AliveEvery)
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				if err := a.DB.Alive(context.Background(), run, now()); err != nil {
					log.Warn("turn clock: record the server up", "err", err)
				}
			}
		}
	}()
	a.stopAlive = func() {
		close(done)
		<-stopped
		if err := a.DB.Alive(context.Background(), run, now()); err != nil {
			log.Warn("turn clock: record the server's stop", "err", err)
		}
	}
}
