package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// BenchmarkColdStart measures the time from starting the binary to its
// first answered /healthz, over an existing database, and the process's
// resident memory once idle.
func BenchmarkColdStart(b *testing.B) {
	bin := buildBinary(b)
	db := filepath.Join(b.TempDir(), "cold.db")
	first := startServer(b, bin, db) // creates and migrates the database
	first.cmd.Process.Kill()
	first.cmd.Wait()

	var total time.Duration
	var rss int
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		srv := startServer(b, bin, db)
		for {
			resp, err := http.Get(srv.url + "/healthz")
			if err == nil {
				resp.Body.Close()
				if resp.StatusCode == http.StatusOK {
					break
				}
			}
			time.Sleep(time.Millisecond)
		}
		total += time.Since(start)
		if i == b.N-1 {
			b.StopTimer()
			time.Sleep(time.Second) // idle
			rss = residentKB(srv.cmd.Process.Pid)
			b.StartTimer()
		}
		srv.cmd.Process.Kill()
		srv.cmd.Wait()
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/start")
	b.ReportMetric(float64(rss)/1024, "idle-RSS-MB")
}

// residentKB reads a process's resident set size from /proc.
func residentKB(pid int) int {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return -1
	}
	for _, line := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return n
		}
	}
	return -1
}
