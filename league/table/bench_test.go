package table_test

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tableside/scoring"
)

// A club night on one hub: 20 tables push 1,000 plays in all (one play per
// push, as games end) while 200 readers load the standings, each again
// 100 ms after its last page came. The hub rebuilds the standings at most
// once a second while tables push, as `tableside hub` does by default. No play may be
// lost; the standings' p50 and p99 are reported (docs/league.md quotes them).
// Run: go test ./league/table -run '^$' -bench LeagueLoad -benchtime 1x
func BenchmarkLeagueLoadTwentyTablesTwoHundredReaders(b *testing.B) {
	ctx := context.Background()
	for range b.N {
		b.StopTimer()
		made := time.Now()
		th := startHubWith(b, nil, time.Second) // as `tableside hub` runs
		tables := make([]*testTable, 20)
		names := make([]string, 40)
		for i := range names {
			names[i] = fmt.Sprintf("Player %02d", i)
		}
		rng := rand.New(rand.NewPCG(1, 2))
		for i := range tables {
			tables[i] = newTable(b)
			// The hub takes a few pairings a second (guessing codes is
			// slow by design): pair as a club would, one after another.
			for {
				err := tables[i].Sync.Pair(ctx, th.URL, th.NewCode(b), fmt.Sprintf("Table %d", i))
				if err == nil {
					break
				}
				if !strings.Contains(err.Error(), "Too many pairing attempts") {
					b.Fatal(err)
				}
				time.Sleep(time.Second)
			}
			tables[i].Sync.Batch = 1
			tables[i].Sync.Client.Timeout = 60 * time.Second // the table's own default is 15 s
			for range 50 {
				p := rng.Perm(len(names))
				n := 2 + rng.IntN(3)
				pl := make([]scoring.Player, n)
				for j := range pl {
					s := rng.IntN(100)
					pl[j] = scoring.Player{Name: names[p[j]], Score: &s}
				}
				if _, err := tables[i].Scores.Add(ctx, scoring.Play{Game: []string{"Azul", "Carcassonne", "RISK"}[rng.IntN(3)], Date: "2026-11-20", Scoring: scoring.High, Players: pl}); err != nil {
					b.Fatal(err)
				}
			}
		}
		if os.Getenv("LEAGUE_BENCH_PROGRESS") != "" {
			fmt.Fprintf(os.Stderr, "20 tables with 1,000 plays made in %s\n", time.Since(made).Round(time.Millisecond))
		}
		b.StartTimer()
		lat, reads, pushTime := runLoad(b, th, tables)
		b.StopTimer()
		if n := len(th.Plays(b)); n != 1000 {
			b.Fatalf("%d plays on the hub, want 1000", n)
		}
		for _, tt := range tables {
			if w := tt.Status(b).Waiting; w != 0 {
				b.Fatalf("a table still has %d plays waiting", w)
			}
		}
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "standings-p50-ms")
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "standings-p99-ms")
		b.ReportMetric(float64(reads), "standings-reads")
		b.ReportMetric(pushTime.Seconds(), "push-1000-s")
		b.StartTimer()
	}
}

// runLoad pushes every table's plays at once while 200 readers load the
// standings until the pushes are done; it returns each read's time.
func runLoad(b *testing.B, th *testHub, tables []*testTable) ([]time.Duration, int64, time.Duration) {
	ctx := context.Background()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200, MaxConnsPerHost: 200}}
	var done atomic.Bool
	var reads atomic.Int64
	var mu sync.Mutex
	var lat []time.Duration
	var readers sync.WaitGroup
	for range 200 {
		readers.Add(1)
		go func() {
			defer readers.Done()
			var mine []time.Duration
			for !done.Load() {
				t0 := time.Now()
				resp, err := client.Get(th.URL + "/")
				if err != nil {
					b.Error(err)
					return
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusOK {
					b.Errorf("standings: %d", resp.StatusCode)
					return
				}
				mine = append(mine, time.Since(t0))
				reads.Add(1)
				time.Sleep(100 * time.Millisecond) // a person reloading, not a loop: up to 2,000 loads a second from 200

			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		}()
	}
	start := time.Now()
	if os.Getenv("LEAGUE_BENCH_PROGRESS") != "" {
		go func() {
			for !done.Load() {
				time.Sleep(10 * time.Second)
				ps, _ := th.Store.Plays(context.Background())
				fmt.Fprintf(os.Stderr, "%s: %d plays on the hub, %d reads\n", time.Since(start).Round(time.Second), len(ps), reads.Load())
			}
		}()
	}
	var pushers sync.WaitGroup
	var retries atomic.Int64
	for _, tt := range tables {
		pushers.Add(1)
		go func() {
			defer pushers.Done()
			// As the table's own loop does: again after a failure, until
			// nothing waits (a push timed out on the loaded hub is re-sent).
			for tt.Sync.Sync(ctx) != nil || tt.Status(b).Waiting > 0 {
				retries.Add(1)
				time.Sleep(100 * time.Millisecond)
			}
		}()
	}
	pushers.Wait()
	pushTime := time.Since(start)
	done.Store(true)
	readers.Wait()
	b.ReportMetric(float64(retries.Load()), "push-retries")
	return lat, reads.Load(), pushTime
}
