package scoring

import (
	"slices"
	"testing"

	"tableside/internal/testclient"
)

func ranksOf(p Play) []int {
	var r []int
	for _, pl := range p.Players {
		r = append(r, pl.Rank)
	}
	return r
}

func winnersOf(p Play) []bool {
	var w []bool
	for _, pl := range p.Players {
		w = append(w, pl.Winner)
	}
	return w
}

func TestRanksFromPointsTiesShareARank(t *testing.T) {
	p := Play{Game: "Carcassonne", Date: "2026-11-20", Scoring: High,
		Players: []Player{pp("Ana", 80), pp("Ben", 95), pp("Cy", 80), pp("Di", 95), pp("Ed", 10)}}
	if err := Normalize(&p); err != nil {
		t.Fatal(err)
	}
	if got, want := ranksOf(p), []int{3, 1, 3, 1, 5}; !slices.Equal(got, want) {
		t.Errorf("ranks %v, want %v", got, want)
	}
	if got, want := winnersOf(p), []bool{false, true, false, true, false}; !slices.Equal(got, want) {
		t.Errorf("winners %v, want %v (a tie at the top shares the win)", got, want)
	}
}

func TestLowestWinsRanksTheSmallestScoreFirst(t *testing.T) {
	p := Play{Game: "Golf", Date: "2026-11-20", Scoring: Low, Players: []Player{pp("Ana", 40), pp("Ben", 31), pp("Cy", 55)}}
	if err := Normalize(&p); err != nil {
		t.Fatal(err)
	}
	if got, want := ranksOf(p), []int{2, 1, 3}; !slices.Equal(got, want) {
		t.Errorf("ranks %v, want %v", got, want)
	}
	if !p.Players[1].Winner || p.Players[0].Winner {
		t.Errorf("winners %v, want only Ben (31, the lowest)", winnersOf(p))
	}
}

func TestGivenWinnerBreaksATieOnPoints(t *testing.T) {
	// The game's own tie-break (e.g. most cash) chose Ben; the ranks follow.
	p := Play{Game: "Cold Cash Risk", Date: "2026-11-20", Scoring: High,
		Players: []Player{pp("Ana", 50), {Name: "Ben", Score: new(50), Winner: true}, pp("Cy", 20)}}
	if err := Normalize(&p); err != nil {
		t.Fatal(err)
	}
	if got, want := ranksOf(p), []int{2, 1, 3}; !slices.Equal(got, want) {
		t.Errorf("ranks %v, want %v", got, want)
	}
}

func TestWinLoseRanksWinnersFirst(t *testing.T) {
	p := Play{Game: "Pandemic", Date: "2026-11-20", Scoring: WinLose,
		Players: []Player{{Name: "Ana"}, {Name: "Ben", Winner: true}, {Name: "Cy"}}}
	if err := Normalize(&p); err != nil {
		t.Fatal(err)
	}
	if got, want := ranksOf(p), []int{2, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("ranks %v, want %v", got, want)
	}
}

func TestRanksOnlyGameNeedsEveryRankAndRankOneWins(t *testing.T) {
	p := Play{Game: "Race", Date: "2026-11-20", Scoring: Ranks, Players: []Player{{Name: "Ana", Rank: 2}, {Name: "Ben", Rank: 1}}}
	if err := Normalize(&p); err != nil {
		t.Fatal(err)
	}
	if !p.Players[1].Winner || p.Players[0].Winner {
		t.Errorf("winners %v, want Ben (rank 1)", winnersOf(p))
	}
	missing := Play{Game: "Race", Date: "2026-11-20", Scoring: Ranks, Players: []Player{{Name: "Ana", Rank: 2}, {Name: "Ben"}}}
	refused(t, Normalize(&missing), "play-rank")
}

func TestPlayRefusals(t *testing.T) {
	base := func() Play {
		return Play{Game: "Catan", Date: "2026-11-20", Scoring: High, Players: []Player{pp("Ana", 3), pp("Ben", 4)}}
	}
	cases := []struct {
		rule   string
		change func(*Play)
	}{
		{"play-date", func(p *Play) { p.Date = "2026-13-01" }},
		{"play-date", func(p *Play) { p.Date = "20/11/2026" }},
		{"play-time", func(p *Play) { p.Time = "25:00" }},
		{"play-game", func(p *Play) { p.Game = "  " }},
		{"play-scoring", func(p *Play) { p.Scoring = "most" }},
		{"play-players", func(p *Play) { p.Players = nil }},
		{"play-player-twice", func(p *Play) { p.Players[1].Name = "ana" }},
		{"play-score", func(p *Play) { p.Players[1].Score = nil }},
		{"play-no-points", func(p *Play) { p.Scoring = WinLose }},
		{"person-name", func(p *Play) { p.Players[0].Name = "" }},
		{"person-colour", func(p *Play) { p.Players[0].Colour = "red" }},
		{"play-start-player", func(p *Play) { p.Players[0].Start, p.Players[1].Start = true, true }},
		{"play-minutes", func(p *Play) { p.Minutes = -5 }},
		{"play-key", func(p *Play) { p.Key = "no spaces" }},
		{"play-breakdown", func(p *Play) { p.Players[0].Breakdown = map[string]int{"": 1} }},
	}
	for _, c := range cases {
		p := base()
		c.change(&p)
		refused(t, Normalize(&p), c.rule)
	}
}

func refused(t *testing.T, err error, rule string) {
	t.Helper()
	testclient.Refused(t, err, rule, "")
}
