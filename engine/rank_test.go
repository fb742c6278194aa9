package engine_test

import (
	"slices"
	"testing"

	"tableside/engine"
)

func podiumOf(r engine.Result) (seats, ranks []int) {
	for _, p := range r.Podium() {
		seats, ranks = append(seats, p.Seat), append(ranks, p.Rank)
	}
	return seats, ranks
}

// A low-wins result (Ana 10, Ben 20, Cy 30) puts the lowest first and the
// highest last; the same scores high-wins put them the other way.
func TestPodiumFollowsTheResultsDirection(t *testing.T) {
	t.Parallel()
	sc := []engine.Score{{Seat: 0, Points: 10, Winner: true}, {Seat: 1, Points: 20}, {Seat: 2, Points: 30}}
	seats, ranks := podiumOf(engine.Result{Scores: sc, LowWins: true})
	if !slices.Equal(seats, []int{0, 1, 2}) || !slices.Equal(ranks, []int{1, 2, 3}) {
		t.Fatalf("low wins: seats %v ranks %v, want 0 1 2 ranked 1 2 3", seats, ranks)
	}
	hi := []engine.Score{{Seat: 0, Points: 10}, {Seat: 1, Points: 20}, {Seat: 2, Points: 30, Winner: true}}
	seats, ranks = podiumOf(engine.Result{Scores: hi})
	if !slices.Equal(seats, []int{2, 1, 0}) || !slices.Equal(ranks, []int{1, 2, 3}) {
		t.Fatalf("high wins: seats %v ranks %v, want 2 1 0 ranked 1 2 3", seats, ranks)
	}
}

// Equal places share a rank and the next place skips (1, 2, 2, 4), and a
// winner the game chose among equal scores stays above them.
func TestPodiumTiesShareARankCompetitionStyle(t *testing.T) {
	t.Parallel()
	r := engine.Result{Scores: []engine.Score{{Seat: 0, Points: 5}, {Seat: 1, Points: 9, Winner: true}, {Seat: 2, Points: 7}, {Seat: 3, Points: 7}}}
	seats, ranks := podiumOf(r)
	if !slices.Equal(seats, []int{1, 2, 3, 0}) || !slices.Equal(ranks, []int{1, 2, 2, 4}) {
		t.Fatalf("seats %v ranks %v, want 1 2 3 0 ranked 1 2 2 4", seats, ranks)
	}
	broken := engine.Result{Scores: []engine.Score{{Seat: 0, Points: 9}, {Seat: 1, Points: 9, Winner: true}}}
	if seats, ranks := podiumOf(broken); !slices.Equal(seats, []int{1, 0}) || !slices.Equal(ranks, []int{1, 2}) {
		t.Fatalf("tie broken by the game: seats %v ranks %v, want the winner 1 first", seats, ranks)
	}
	both := engine.Result{Scores: []engine.Score{{Seat: 0, Points: 9, Winner: true}, {Seat: 1, Points: 9, Winner: true}, {Seat: 2, Points: 3}}}
	if _, ranks := podiumOf(both); !slices.Equal(ranks, []int{1, 1, 3}) {
		t.Fatalf("shared win: ranks %v, want 1 1 3", ranks)
	}
}
