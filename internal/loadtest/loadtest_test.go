package loadtest

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
	"time"
)

// A short run over a real server: every command reaches every screen, none
// twice, and every view matches its seq and holds only its own seat's line.
// (The full run and its timings are `make load`; here only correctness.)
func TestShortRunLosesAndDuplicatesNothing(t *testing.T) {
	ctx, base, token := serve(t)
	rep, err := Run(ctx, Config{Screens: 16, Rate: 40, Duration: 2 * time.Second, Seats: 3, Grace: 10 * time.Second}, base, token, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Commands != 80 || rep.Failed != 0 {
		t.Errorf("%d commands answered, %d failed; want 80, 0", rep.Commands, rep.Failed)
	}
	if rep.Lost != 0 || rep.Duplicated != 0 || rep.Inconsistent != 0 || rep.StreamErrors != 0 {
		t.Errorf("lost %d, duplicated %d, inconsistent %d, stream errors %d; want none", rep.Lost, rep.Duplicated, rep.Inconsistent, rep.StreamErrors)
	}
	if rep.ToEveryScreen.N != 80 {
		t.Errorf("%d commands reached every screen; want 80", rep.ToEveryScreen.N)
	}
}

// Several games at once: each command reaches every screen of its own game
// and no screen ever receives another game's view.
func TestSeveralGamesLeakNothingAcrossGames(t *testing.T) {
	ctx, base, token := serve(t)
	rep, err := Run(ctx, Config{Games: 4, Rate: 40, Duration: 2 * time.Second, Seats: 3, Grace: 10 * time.Second}, base, token, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Screens != 4*(3+2) {
		t.Errorf("%d screens open; want 4 games of 3 phones, a host and a TV", rep.Screens)
	}
	if rep.Commands != 80 || rep.Failed != 0 {
		t.Errorf("%d commands answered, %d failed; want 80, 0", rep.Commands, rep.Failed)
	}
	if rep.Leaks != 0 || rep.Lost != 0 || rep.Duplicated != 0 || rep.Inconsistent != 0 || rep.StreamErrors != 0 {
		t.Errorf("leaks %d, lost %d, duplicated %d, inconsistent %d, stream errors %d; want none", rep.Leaks, rep.Lost, rep.Duplicated, rep.Inconsistent, rep.StreamErrors)
	}
	if len(rep.PerGame) != 4 {
		t.Fatalf("figures for %d games; want 4", len(rep.PerGame))
	}
	for g, p := range rep.PerGame {
		if p.N != 20 {
			t.Errorf("game %d: %d commands reached every screen of it; want 20", g+1, p.N)
		}
	}
}

// Cold Cash Risk's load plays a board-mode game by offered moves only:
// every move sent is accepted, reaches every screen, none twice.
func TestColdCashRunPlaysOfferedMovesOnly(t *testing.T) {
	ctx, base, token := serve(t)
	rep, err := Run(ctx, Config{Game: GameColdCash, Screens: 12, Rate: 20, Duration: 3 * time.Second, Seats: 4, Grace: 10 * time.Second}, base, token, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Commands < 3 || rep.Failed != 0 {
		t.Errorf("%d moves answered, %d refused; want at least 3, none refused", rep.Commands, rep.Failed)
	}
	played := 0
	for _, n := range rep.Moves {
		played += n
	}
	if played != rep.Commands {
		t.Errorf("moves counted by type %v add up to %d; want %d", rep.Moves, played, rep.Commands)
	}
	if rep.Lost != 0 || rep.Duplicated != 0 || rep.Inconsistent != 0 || rep.StreamErrors != 0 || rep.Leaks != 0 {
		t.Errorf("lost %d, duplicated %d, inconsistent %d, stream errors %d, leaks %d; want none", rep.Lost, rep.Duplicated, rep.Inconsistent, rep.StreamErrors, rep.Leaks)
	}
	if rep.ToEveryScreen.N != rep.Commands {
		t.Errorf("%d moves reached every screen; want %d", rep.ToEveryScreen.N, rep.Commands)
	}
	if _, err := Run(ctx, Config{Game: GameColdCash, Screens: 4, Rate: 1, Duration: time.Second, Seats: 3}, base, token, io.Discard); err == nil || !strings.Contains(err.Error(), "4 to 6") {
		t.Errorf("a Cold Cash load for 3 seats: %v; want refused naming 4 to 6 seats", err)
	}
}

// serve starts the load's server as make load does, on a fresh data
// folder, and returns its address and host token; when the test ends the
// server is stopped and must have stopped cleanly.
func serve(t *testing.T) (ctx context.Context, base, token string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, t.TempDir(), 0, pw) }()
	t.Cleanup(func() {
		cancel()
		pw.Close()
		if err := <-done; err != nil {
			t.Errorf("server: %v", err)
		}
	})
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	base, token, _ = strings.Cut(strings.TrimSpace(line), " ")
	return ctx, base, token
}
