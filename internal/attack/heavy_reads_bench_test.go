package attack

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tableside/engine"
	"tableside/games"
	"tableside/internal/enginetest"
	"tableside/tracker"
)

// bigColdCash writes a bank-mode Cold Cash game of n commands (buys and
// sales, sizes, dividends, turns) into a new database at path, through the
// real tracker and engines, and returns its id.
func bigColdCash(b *testing.B, path string, n int) int64 {
	b.Helper()
	db, err := tracker.OpenDB(path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	tr := tracker.New(db, games.All()...)
	ctx := context.Background()
	info, err := tr.Create(ctx, "coldcash", "Marathon", engine.Setup{Seats: []engine.Seat{{Name: "Ana"}, {Name: "Ben"}, {Name: "Cy"}},
		Settings: json.RawMessage(`{"mode":"bank"}`)})
	if err != nil {
		b.Fatal(err)
	}
	do := func(typ, data string) {
		if _, err := tr.Do(ctx, info.ID, engine.Command{Type: typ, Seat: engine.Host, Data: json.RawMessage(data)}, ""); err != nil {
			b.Fatalf("%s %s: %v", typ, data, err)
		}
	}
	enginetest.BankMarket(do, n)
	return info.ID
}

// hostTimes sends the host's commands to a small game and draws its page,
// rounds times each, and returns the median of each in milliseconds.
func hostTimes(b *testing.B, s *Server, game int64, rounds int) (cmd, view float64) {
	b.Helper()
	var cs, vs []float64
	for i := range rounds {
		t0 := time.Now()
		if code, body := s.Host.Command(game, "score", map[string]int{"seat": i % 2, "points": 1}, ""); code != 200 {
			b.Fatalf("host command: %d %.200s", code, body)
		}
		cs = append(cs, ms(time.Since(t0)))
		t0 = time.Now()
		if code, _ := s.Host.Get(fmt.Sprintf("/games/%d", game)); code != 200 {
			b.Fatalf("host view: %d", code)
		}
		vs = append(vs, ms(time.Since(t0)))
		time.Sleep(20 * time.Millisecond)
	}
	return median(cs), median(vs)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func median(xs []float64) float64 {
	slices.Sort(xs)
	return xs[len(xs)/2]
}

// BenchmarkHostUnderHeavyReads is the host's median command and page time
// on a small game, quiet and then while one phone (seated in a Cold Cash
// game of TABLESIDE_BIG_GAME commands, 50,000 by default) asks as fast as
// it can for timeline steps, its own statement and the print shop's
// certificates, with 4 requests in flight. It reports both medians, and how
// many of the phone's requests were answered and refused. Run it alone:
// go test ./internal/attack -run X -bench HostUnderHeavyReads -benchtime 1x
func BenchmarkHostUnderHeavyReads(b *testing.B) {
	n := 50000
	if v, err := strconv.Atoi(os.Getenv("TABLESIDE_BIG_GAME")); err == nil {
		n = v
	}
	dir, err := os.MkdirTemp("/dev/shm", "tableside-bench-") // fsync is free there: the game is made in seconds
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { os.RemoveAll(dir) })
	path := filepath.Join(dir, "big.db")
	big := int64(1)
	if keep := os.Getenv("TABLESIDE_BIG_DB"); keep != "" { // the same game for a before and an after run
		if _, err := os.Stat(keep); err != nil {
			bigColdCash(b, keep, n)
		}
		copyFile(b, keep, path)
	} else {
		t0 := time.Now()
		big = bigColdCash(b, path, n)
		b.Logf("made a %d-command game in %s", n, time.Since(t0).Round(time.Millisecond))
	}
	for b.Loop() {
		s := StartOn(b, path)
		small := s.CreateGame("scorepad", "Ana", "Ben")
		phone := s.Phone(b, big, 0)
		qc, qv := hostTimes(b, s, small, 40)

		ctx, stop := context.WithCancel(context.Background())
		var answered, refused, other atomic.Int64
		var wg sync.WaitGroup
		paths := []string{fmt.Sprintf("/games/%d/statements/0", big), "/print/pdf?sheet=certificates&paper=letter"}
		for w := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; ctx.Err() == nil; i++ {
					p := fmt.Sprintf("/games/%d/timeline?at=%d", big, rand.IntN(n))
					if i%3 == 1 {
						p = paths[(i+w)%2]
					}
					resp, _ := phone.Do(phone.Request(http.MethodGet, p, nil))
					switch resp.StatusCode {
					case 200:
						answered.Add(1)
					case http.StatusTooManyRequests:
						refused.Add(1)
					default:
						other.Add(1)
					}
				}
			}()
		}
		time.Sleep(2 * time.Second)
		lc, lv := hostTimes(b, s, small, 40)
		stop()
		wg.Wait()
		b.ReportMetric(qc, "quiet-cmd-ms")
		b.ReportMetric(qv, "quiet-view-ms")
		b.ReportMetric(lc, "hammered-cmd-ms")
		b.ReportMetric(lv, "hammered-view-ms")
		b.ReportMetric(float64(answered.Load()), "phone-answered")
		b.ReportMetric(float64(refused.Load()), "phone-refused")
		if other.Load() > 0 {
			b.Fatalf("%d of the phone's requests got neither an answer nor a refusal", other.Load())
		}
		s.stop()
	}
}

func copyFile(b *testing.B, from, to string) {
	b.Helper()
	data, err := os.ReadFile(from)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(to, data, 0o600); err != nil {
		b.Fatal(err)
	}
}
