// Command loadtest measures Tableside's live screens under load: it starts a
// real server in a child process over loopback, opens many live screens on
// one game, sends commands at a steady rate, and reports how long each
// change took to reach every screen, whether any was lost or duplicated, and
// the server's memory per connected screen. It bounds itself in time and
// count and stops by itself.
//
//	go run ./cmd/loadtest [--screens 200] [--rate 200] [--duration 60s] [--seats 6] [--json]
//	go run ./cmd/loadtest --games 50 --rate 100 [--duration 60s]   (a club night: each game
//	                      watched by 6 phones, a host and a TV; the rate is spread over the games)
//	go run ./cmd/loadtest --game coldcash [--seats 4..6]   (Cold Cash Risk in board mode,
//	                      played by offered moves only, each move once the screens show the last)
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"tableside/internal/loadtest"
)

func main() {
	screens := flag.Int("screens", 200, "live screens to keep open (one game)")
	nGames := flag.Int("games", 0, "run this many games at once, each watched by every seat's phone, a host and a TV (--screens is then ignored)")
	rate := flag.Int("rate", 200, "commands per second")
	duration := flag.Duration("duration", time.Minute, "how long to send commands")
	seats := flag.Int("seats", 6, "players in the game (screens are spread over the seats, the public view and the host)")
	game := flag.String("game", loadtest.GameTally, "what the table plays: tally (one add a command) or coldcash (Cold Cash Risk in board mode, 4 to 6 seats, offered moves only, at most --rate moves a second)")
	asJSON := flag.Bool("json", false, "print the report as JSON")
	gap := flag.Duration("live-gap", 0, "the server's least time between two messages to one screen (0: its default; negative: none)")
	child := flag.String("serve-child", "", "internal: run the server under test over a database in this folder")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if *child != "" {
		if err := loadtest.Serve(ctx, *child, *gap, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "loadtest server:", err)
			os.Exit(1)
		}
		return
	}
	if err := run(ctx, loadtest.Config{Games: *nGames, Screens: *screens, Rate: *rate, Duration: *duration, Seats: *seats, Game: *game}, *gap, *asJSON); err != nil {
		fmt.Fprintln(os.Stderr, "loadtest:", err)
		os.Exit(1)
	}
}

// run starts the server as a child process (so its memory is its own),
// drives it, and prints the report.
func run(ctx context.Context, cfg loadtest.Config, gap time.Duration, asJSON bool) error {
	if cfg.Rate <= 0 || cfg.Screens <= 0 && cfg.Games == 0 || cfg.Games < 0 || cfg.Seats <= 0 || cfg.Duration < time.Second {
		return errors.New("screens (or games), rate and seats must be positive and the duration at least 1s")
	}
	// The whole run is bounded: sending, catching up, setting up and reporting.
	ctx, cancel := context.WithTimeout(ctx, cfg.Duration+2*time.Minute)
	defer cancel()
	dir, err := os.MkdirTemp("", "tableside-load-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	self, err := os.Executable()
	if err != nil {
		return err
	}
	srv := exec.CommandContext(ctx, self, "--serve-child", dir, "--live-gap", gap.String())
	srv.Stderr = os.Stderr
	out, err := srv.StdoutPipe()
	if err != nil {
		return err
	}
	if err := srv.Start(); err != nil {
		return fmt.Errorf("start server: %w", err)
	}
	stopped := false
	stopServer := func() {
		if !stopped {
			stopped = true
			srv.Process.Signal(os.Interrupt) // our own child, by its pid
			srv.Wait()
		}
	}
	defer stopServer()
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		return fmt.Errorf("server did not start: %w", err)
	}
	base, token, ok := strings.Cut(strings.TrimSpace(line), " ")
	if !ok {
		return fmt.Errorf("server said %q", line)
	}
	fmt.Fprintf(os.Stderr, "server %s (pid %d)\n", base, srv.Process.Pid)
	rep, err := loadtest.Run(ctx, cfg, base, token, os.Stderr)
	if err != nil {
		return err
	}
	stopServer()
	// CPU time of each side: the server, and this load generator, which
	// shares the machine's cores with it.
	if st := srv.ProcessState; st != nil {
		rep.ServerCPU = st.UserTime() + st.SystemTime()
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		rep.LoadCPU = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	if asJSON {
		enc := json.NewEncoder(os.Stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	rep.Print(os.Stdout)
	return nil
}
