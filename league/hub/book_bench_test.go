package hub

import (
	"fmt"
	"testing"
	"time"

	"tableside/league"
)

// The book's own share of a first read after a push, at the hub pages
// benchmark's league (100,000 plays of two among 200 players, 100 a day),
// without the database: bringing the book up to date, its snapshot and the
// public front page drawn. league/table's BenchmarkHubPages measures the
// same over HTTP and PostgreSQL; this one is for profiling.
// Run: go test ./league/hub -run '^$' -bench BookAfterPush -cpuprofile cpu.out
func BenchmarkBookAfterPush(b *testing.B) {
	const plays = 100_000
	day := func(d int) string { return time.Date(2024, 1, 1+d, 0, 0, 0, 0, time.UTC).Format(time.DateOnly) }
	play := func(g int, date string) league.StoredPlay {
		sa, sb := g%50, (g*3)%50
		ra, rb := 1, 2
		if sa < sb {
			ra, rb = 2, 1
		}
		return league.StoredPlay{Ref: int64(g), TableID: fmt.Sprintf("%016x", g%10+1), Play: league.Play{ID: fmt.Sprint("p", g), Version: 1,
			Title: fmt.Sprint("Game ", g%12), Date: date, Time: "19:30", Minutes: 40, Scoring: "high",
			Players: []league.Player{{LeagueID: int64(g%200 + 1), Name: fmt.Sprintf("Player %03d", g%200+1), Score: &sa, Rank: ra, Winner: ra == 1},
				{LeagueID: int64((g*7+3)%200 + 1), Name: fmt.Sprintf("Player %03d", (g*7+3)%200+1), Score: &sb, Rank: rb, Winner: rb == 1}}}}
	}
	all := make([]league.StoredPlay, plays)
	for g := 1; g <= plays; g++ {
		all[g-1] = play(g, day(g/100))
	}
	h := &Hub{views: mustViews()}
	for _, when := range []struct{ name, date string }{{"new", "2026-11-28"}, {"late", "2026-09-01"}} {
		b.Run(when.name, func(b *testing.B) {
			bk := newBook().apply(league.Delta{Full: true, Changes: 1, Plays: all})
			cc := bk.snapshot(nil, cached{})
			seq := plays
			for b.Loop() {
				seq++
				bk = bk.apply(league.Delta{Changes: cc.gen + 1, Plays: []league.StoredPlay{play(seq, when.date)}})
				cc = bk.snapshot(nil, cached{})
				if _, err := h.draw("standings", "Standings", false, cc.standings); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
