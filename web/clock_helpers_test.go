package web_test

import (
	"time"

	"tableside/internal/testenv"
)

// freezeClock stops the tracker's clock at one moment, for tests that
// compare the pages of two games byte for byte: the turn clock on every
// screen then says the same times in both (the clock's own tests move a
// fake clock instead).
func freezeClock(app *testenv.App) {
	at := time.Date(2026, 11, 20, 20, 0, 0, 0, time.UTC)
	app.Tracker.Now = func() time.Time { return at }
}
