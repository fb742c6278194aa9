// Package loadtest measures the live machinery under a table's worst day:
// many screens watching one game while commands pour in. Serve runs the
// server under test (in its own process, so its memory can be measured
// apart from the load generator's); Run drives it and reports.
package loadtest

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"tableside/app"
	"tableside/engine"
	"tableside/internal/testgames"
	"tableside/web"
)

// ServerMem is the server process's memory at one moment, after a GC.
type ServerMem struct {
	HeapInuse  uint64 `json:"heapInuse"`
	StackInuse uint64 `json:"stackInuse"`
	RSS        uint64 `json:"rss"`
	Goroutines int    `json:"goroutines"`
}

// Serve runs a Tableside server over a fresh database in dir, with every
// game plus the Tally load game, phones not treated as host. It prints one
// line, "URL HOSTTOKEN", to out, and serves until ctx ends. It also answers
// /loadtest/mem with its own memory, for the report.
func Serve(ctx context.Context, dir string, liveGap time.Duration, out io.Writer) error {
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	// Wired as serve is (the score log's recorder included). All the load's
	// phones and screens come from 127.0.0.1, so the per-address join limit
	// and the caps on connections and live streams per address are lifted;
	// commands come from the host, which is never limited.
	a, err := app.New(ctx, app.Config{DBPath: filepath.Join(dir, "load.db"), Log: log, Games: []engine.Rules{testgames.Tally{}},
		NoLoopbackHost: true, LiveGap: liveGap,
		Limits: web.Limits{JoinPerSecond: 1000, JoinBurst: 1000, ConnsPerAddr: -1, StreamsPerAddr: -1, MaxConns: -1, MaxStreams: -1}})
	if err != nil {
		return err
	}
	defer a.Close()
	srv := a.Server
	srv.Echo().GET("/loadtest/mem", func(c echo.Context) error { return c.JSON(http.StatusOK, readMem()) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	// TABLESIDE_LOAD_CPUPROFILE=FILE profiles the server under load.
	if path := os.Getenv("TABLESIDE_LOAD_CPUPROFILE"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	fmt.Fprintf(out, "http://%s %s\n", ln.Addr(), srv.HostToken())
	return srv.Serve(ctx, ln)
}

func readMem() ServerMem {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	m := ServerMem{HeapInuse: ms.HeapInuse, StackInuse: ms.StackInuse, Goroutines: runtime.NumGoroutine()}
	if f, err := os.Open("/proc/self/status"); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
				kb, _ := strconv.ParseUint(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
				m.RSS = kb * 1024
			}
		}
	}
	return m
}
