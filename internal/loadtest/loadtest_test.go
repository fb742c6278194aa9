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
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, t.TempDir(), 0, pw) }()
	line, err := bufio.NewReader(pr).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, pr)
	base, token, _ := strings.Cut(strings.TrimSpace(line), " ")
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
	cancel()
	pw.Close()
	if err := <-done; err != nil {
		t.Errorf("server: %v", err)
	}
}
