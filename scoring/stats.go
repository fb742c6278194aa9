package scoring

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"tableside/engine"
)

// PlayerStats is one person's record across the log.
type PlayerStats struct {
	Person        Person
	Plays, Wins   int
	WinRate       float64 // wins / plays, 0 with no plays
	LongestStreak int     // most wins in a row, over every game
	CurrentStreak int     // wins in a row up to the latest play; 0 when it was lost
	Games         []PlayerGame
}

// PlayerGame is one person's record at one game.
type PlayerGame struct {
	Game        string
	Scoring     Scoring
	Plays, Wins int
	WinRate     float64
	Scored      int     // plays with points counted in Average and Best
	Average     float64 // mean of those points
	Best        int     // best of those points (lowest in a lowest-wins game)
	Placed      int     // plays with a finishing place, counted in AvgPlace
	AvgPlace    float64 // mean finishing place (1 is first); 0 with none
}

// GameStats is one game's record across the log.
type GameStats struct {
	Game    string
	Scoring Scoring // the scoring of its latest play; records and bests follow it
	Plays   int
	Record  *RecordScore // the best score ever, nil for games without points
	// MostWins names whoever won it most often (several on a tie), with TopWins wins.
	MostWins    []string
	TopWins     int
	Leaderboard []Standing
}

// RecordScore is a record score and who set it, when.
type RecordScore struct {
	Score int
	Name  string
	Key   string // the play
	Date  string
}

// Standing is one row of a game's leaderboard.
type Standing struct {
	// Rank is the place on the leaderboard: equal wins and win rate share
	// a rank (1, 2, 2, 4), so a tie is shown as one, never hidden by order.
	Rank     int
	PersonID int64
	Name     string
	Colour   string
	PlayerGame
}

// PlayerStatsOf computes a person's statistics from plays (oldest first, as
// [Store.Plays] returns them).
func PlayerStatsOf(person Person, plays []Play) PlayerStats {
	t := NewTally()
	t.only = person.ID
	for _, p := range plays {
		t.Add(p)
	}
	return t.Person(person)
}

func rate(wins, plays int) float64 {
	if plays == 0 {
		return 0
	}
	return float64(wins) / float64(plays)
}

// GameStatsOf computes every game's statistics and leaderboard from plays
// (oldest first), most played game first.
func GameStatsOf(plays []Play) []GameStats {
	t := NewTally()
	for _, p := range plays {
		t.Add(p)
	}
	return t.Games()
}

// GameStatsFor returns one game's statistics (title compared without case).
func GameStatsFor(game string, plays []Play) (GameStats, bool) {
	var mine []Play
	for _, p := range plays {
		if strings.EqualFold(p.Game, game) {
			mine = append(mine, p)
		}
	}
	gs := GameStatsOf(mine)
	if len(gs) == 0 {
		return GameStats{}, false
	}
	return gs[0], true
}

// sortStandings orders a leaderboard: most wins, then best win rate, then
// best average finishing place (so one play's leaderboard is that play's
// podium), then most plays, then name. Ranks follow the first three by the
// one competition ranking (engine.CompetitionRanks): equal there, equal rank.
func sortStandings(rows []Standing) {
	slices.SortStableFunc(rows, func(a, b Standing) int {
		if c := standingCmp(a, b); c != 0 {
			return c
		}
		if a.Plays != b.Plays {
			return cmp.Compare(b.Plays, a.Plays)
		}
		return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	for i, rk := range engine.CompetitionRanks(len(rows), func(i, j int) int { return standingCmp(rows[i], rows[j]) }) {
		rows[i].Rank = rk
	}
}

// standingCmp is the leaderboard's order of merit: negative when a stands
// above b.
func standingCmp(a, b Standing) int {
	if c := cmp.Compare(b.Wins, a.Wins); c != 0 {
		return c
	}
	if c := cmp.Compare(b.WinRate, a.WinRate); c != 0 {
		return c
	}
	return cmp.Compare(placeKey(a.AvgPlace), placeKey(b.AvgPlace))
}

// placeKey puts an unknown average place (0) after every known one.
func placeKey(avg float64) float64 {
	if avg == 0 {
		return math.Inf(1)
	}
	return avg
}
