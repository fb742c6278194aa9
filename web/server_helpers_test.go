package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"testing"

	"tableside/engine"
	"tableside/internal/trackertest"
	"tableside/readmodel"
	"tableside/seating"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// quietServer is a server over a fresh database that runs games, built as
// app.New builds it, with its log discarded; cfg gives the rest of its
// Config (hosts, loopback).
func quietServer(tb testing.TB, cfg Config, games ...engine.Rules) *Server {
	tb.Helper()
	tr := trackertest.New(tb, games...)
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	tr.Log = log
	cfg.Tracker, cfg.Log, cfg.Reader, cfg.Scores, cfg.Seats = tr, log, readmodel.New(tr, log), scorelog.New(tr.DB()), seating.New(tr)
	return New(cfg)
}

// sameDeals makes every game tr starts deal and roll the same way each
// run, so a benchmark's sizes compare across changes.
func sameDeals(tr *tracker.Tracker) {
	var seeds byte
	tr.Seed = func() [32]byte { seeds++; return [32]byte{seeds} }
}

// createGame starts a game of kind named name for seats, with settings
// (JSON, or empty for the game's own), and returns its id.
func createGame(tb testing.TB, s *Server, kind, name, settings string, seats ...string) int64 {
	tb.Helper()
	setup := engine.Setup{}
	for _, n := range seats {
		setup.Seats = append(setup.Seats, engine.Seat{Name: n})
	}
	if settings != "" {
		setup.Settings = json.RawMessage(settings)
	}
	info, err := s.tracker.Create(context.Background(), kind, name, setup)
	if err != nil {
		tb.Fatal(err)
	}
	return info.ID
}
