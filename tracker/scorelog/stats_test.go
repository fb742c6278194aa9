package scorelog

import (
	"context"
	"math"
	"slices"
	"testing"

	"tableside/scoring"
)

// statsLog is a small history whose statistics are worked out by hand in
// the tests below.
//
//	1  01-01 Catan  high   Ana 10  Ben 8  Cy 6     Ana wins
//	2  01-02 Catan  high   Ana 7   Ben 9           Ben wins
//	3  01-03 Golf   low    Ana 30  Ben 35          Ana wins
//	4  01-04 Catan  high   Ana 12  Cy 12           Ana and Cy win (tie)
//	5  01-05 Pandemic win/lose: Ana won, Ben won
//	6  01-06 Catan  high   Ben 11  Cy 4            Ben wins
//	7  01-07 Golf   low    Ana 28  Cy 26           Cy wins
func statsLog(t *testing.T) (*Store, []scoring.Play, map[string]scoring.Person) {
	s, _ := openStore(t)
	add := func(game, date string, sc scoring.Scoring, players ...scoring.Player) {
		mustAdd(t, s, scoring.Play{Game: game, Date: "2026-" + date, Scoring: sc, Players: players})
	}
	add("Catan", "01-01", scoring.High, pp("Ana", 10), pp("Ben", 8), pp("Cy", 6))
	add("Catan", "01-02", scoring.High, pp("Ana", 7), pp("Ben", 9))
	add("Golf", "01-03", scoring.Low, pp("Ana", 30), pp("Ben", 35))
	add("Catan", "01-04", scoring.High, pp("Ana", 12), pp("Cy", 12))
	add("Pandemic", "01-05", scoring.WinLose, scoring.Player{Name: "Ana", Winner: true}, scoring.Player{Name: "Ben", Winner: true})
	add("Catan", "01-06", scoring.High, pp("Ben", 11), pp("Cy", 4))
	add("Golf", "01-07", scoring.Low, pp("Ana", 28), pp("Cy", 26))
	ctx := context.Background()
	plays, err := s.Plays(ctx, scoring.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	people, err := s.People(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]scoring.Person{}
	for _, p := range people {
		byName[p.Name] = p
	}
	return s, plays, byName
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestPlayerStatsByHand(t *testing.T) {
	_, plays, people := statsLog(t)
	cases := []struct {
		name                       string
		plays, wins                int
		rate                       float64
		longest, current           int
		games                      []string
		firstPlays, firstWins      int
		firstAverage               float64
		firstBest, firstScoredGame int
	}{
		// Ana: W L W W W L. Catan 10, 7, 12: average 29/3, best 12.
		{"Ana", 6, 4, 4.0 / 6, 3, 0, []string{"Catan", "Golf", "Pandemic"}, 3, 2, 29.0 / 3, 12, 3},
		// Ben: L W L W W. Catan 8, 9, 11: average 28/3, best 11.
		{"Ben", 5, 3, 3.0 / 5, 2, 2, []string{"Catan", "Golf", "Pandemic"}, 3, 2, 28.0 / 3, 11, 3},
		// Cy: L W L W. Catan 6, 12, 4: average 22/3, best 12.
		{"Cy", 4, 2, 2.0 / 4, 1, 1, []string{"Catan", "Golf"}, 3, 1, 22.0 / 3, 12, 3},
	}
	for _, c := range cases {
		st := scoring.PlayerStatsOf(people[c.name], plays)
		if st.Plays != c.plays || st.Wins != c.wins || !near(st.WinRate, c.rate) {
			t.Errorf("%s: %d plays, %d wins, rate %.4f; want %d, %d, %.4f", c.name, st.Plays, st.Wins, st.WinRate, c.plays, c.wins, c.rate)
		}
		if st.LongestStreak != c.longest || st.CurrentStreak != c.current {
			t.Errorf("%s: streaks longest %d current %d; want %d and %d", c.name, st.LongestStreak, st.CurrentStreak, c.longest, c.current)
		}
		var games []string
		for _, g := range st.Games {
			games = append(games, g.Game)
		}
		if !slices.Equal(games, c.games) {
			t.Errorf("%s: games %v, want %v", c.name, games, c.games)
		}
		g := st.Games[0]
		if g.Plays != c.firstPlays || g.Wins != c.firstWins || !near(g.Average, c.firstAverage) || g.Best != c.firstBest || g.Scored != c.firstScoredGame {
			t.Errorf("%s at Catan: %+v; want %d plays, %d wins, average %.4f, best %d", c.name, g, c.firstPlays, c.firstWins, c.firstAverage, c.firstBest)
		}
	}
	// Golf is lowest-wins: Ana's best is her lowest, 28; her average (30+28)/2.
	ana := scoring.PlayerStatsOf(people["Ana"], plays)
	if golf := ana.Games[1]; golf.Best != 28 || !near(golf.Average, 29) || golf.Scoring != scoring.Low {
		t.Errorf("Ana at Golf: %+v; want best 28 (the lowest), average 29", golf)
	}
	if pan := ana.Games[2]; pan.Scored != 0 || pan.Wins != 1 {
		t.Errorf("Ana at Pandemic: %+v; want 1 win and no scores", pan)
	}
}

func TestGameStatsAndLeaderboardsByHand(t *testing.T) {
	_, plays, _ := statsLog(t)
	gs := scoring.GameStatsOf(plays)
	var order []string
	for _, g := range gs {
		order = append(order, g.Game)
	}
	if !slices.Equal(order, []string{"Catan", "Golf", "Pandemic"}) {
		t.Fatalf("games %v, want the most played first", order)
	}
	catan, golf, pandemic := gs[0], gs[1], gs[2]
	if catan.Plays != 4 || catan.Record == nil || catan.Record.Score != 12 || catan.Record.Name != "Ana" || catan.Record.Date != "2026-01-04" {
		t.Errorf("Catan: %d plays, record %+v; want 4 plays, record 12 by Ana (Cy only equalled it)", catan.Plays, catan.Record)
	}
	if !slices.Equal(catan.MostWins, []string{"Ana", "Ben"}) || catan.TopWins != 2 {
		t.Errorf("Catan most wins %v (%d), want Ana and Ben with 2", catan.MostWins, catan.TopWins)
	}
	board := func(g scoring.GameStats) []string {
		var b []string
		for _, r := range g.Leaderboard {
			b = append(b, r.Name)
		}
		return b
	}
	if got := board(catan); !slices.Equal(got, []string{"Ana", "Ben", "Cy"}) {
		t.Errorf("Catan leaderboard %v, want Ana, Ben (2 wins in 3, by name), Cy", got)
	}
	// Ana and Ben tie (2 wins in 3): both are 1st, and Cy is 3rd.
	if ranks := []int{catan.Leaderboard[0].Rank, catan.Leaderboard[1].Rank, catan.Leaderboard[2].Rank}; !slices.Equal(ranks, []int{1, 1, 3}) {
		t.Errorf("Catan ranks %v; want 1, 1, 3 (a tie shares its rank)", ranks)
	}
	if r := catan.Leaderboard[2]; r.Wins != 1 || r.Plays != 3 || !near(r.WinRate, 1.0/3) || r.Best != 12 {
		t.Errorf("Cy at Catan: %+v", r)
	}
	// Golf is lowest-wins: the record is the lowest score, 26 by Cy.
	if golf.Scoring != scoring.Low || golf.Record == nil || golf.Record.Score != 26 || golf.Record.Name != "Cy" {
		t.Errorf("Golf record %+v, want 26 by Cy", golf.Record)
	}
	if got := board(golf); !slices.Equal(got, []string{"Cy", "Ana", "Ben"}) {
		t.Errorf("Golf leaderboard %v, want Cy (1 of 1), Ana (1 of 2), Ben (0)", got)
	}
	if pandemic.Record != nil || !slices.Equal(pandemic.MostWins, []string{"Ana", "Ben"}) {
		t.Errorf("Pandemic: record %+v, most wins %v; want no record, Ana and Ben", pandemic.Record, pandemic.MostWins)
	}
	if g, ok := scoring.GameStatsFor("golf", plays); !ok || g.Plays != 2 {
		t.Errorf("GameStatsFor(golf) = %+v, %v", g, ok)
	}
}

// An average is written to one decimal below 100 and whole above it, so a
// game scored in dollars reads $31,810, not 31,810.0.
func TestAverageIsWholeFromAHundred(t *testing.T) {
	for _, c := range []struct {
		avg  float64
		want string
	}{{7.25, "7.3"}, {-0.04, "0.0"}, {-12.5, "-12.5"}, {99.94, "99.9"}, {100, "100"}, {31810.04, "31,810"}, {-2500.6, "-2,501"}} {
		if got := (scoring.PlayerGame{Scored: 1, Average: c.avg}).AverageText(); got != c.want {
			t.Errorf("average %v: %q; want %q", c.avg, got, c.want)
		}
	}
	if got := (scoring.PlayerGame{}).AverageText(); got != "–" {
		t.Errorf("no scores: %q; want –", got)
	}
}
