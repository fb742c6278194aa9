package web

import (
	"syscall"
	"testing"
	"time"
)

// BenchmarkCommandTo200Screens is make load's work per command without
// the network: one command (written, with its probe) and its change drawn
// for 200 screens of 8 viewers through the hub. Besides the time per
// command it reports the process's CPU per command (user and system, from
// the kernel: GC and SQLite included), which a busy machine disturbs less
// than the clock on the wall.
//
//	go test -run '^$' -bench CommandTo200Screens -benchmem ./web/
func BenchmarkCommandTo200Screens(b *testing.B) {
	s, game, conns := fanoutServer(b, 200)
	b.ReportAllocs()
	start := cpuNow()
	n := 0
	for i := 0; b.Loop(); i++ {
		add(b, s, game, i)
		awaitWake(b, conns)
		for _, c := range conns {
			if _, err := s.hub.frame(game, c.viewer); err != nil {
				b.Fatal(err)
			}
		}
		n++
	}
	b.ReportMetric(float64((cpuNow()-start).Microseconds())/float64(n), "cpu-µs/op")
}

// cpuNow is the CPU the process has used so far.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
