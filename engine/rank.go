package engine

import "slices"

// Placed is one seat's place in a finished game: its score and its rank,
// ties sharing a rank.
type Placed struct {
	Score
	Rank int // 1 is first; equal places share a rank (1, 2, 2, 4)
}

// Ahead compares two scores of one game the way the game decides its order:
// a winner finishes ahead of a non-winner (a tie the game broke by its own
// rule keeps its winner on top), then the better score, which is the lower
// one when lowWins. It is negative when a finished ahead of b, zero when
// they share a place.
func Ahead(a, b Score, lowWins bool) int {
	switch {
	case a.Winner != b.Winner:
		if a.Winner {
			return -1
		}
		return 1
	case a.Points == b.Points:
		return 0
	case (a.Points > b.Points) != lowWins:
		return -1
	}
	return 1
}

// CompetitionRanks ranks n entries with cmp (negative when i finished ahead
// of j, zero when they share a place) by standard competition ranking: each
// entry's rank is one more than the number of entries ahead of it, so a tie
// for second gives 1, 2, 2, 4. It is the one ranking every standing uses:
// a game's podium and the score log's leaderboards.
func CompetitionRanks(n int, cmp func(i, j int) int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, cmp)
	ranks := make([]int, n)
	for k, i := range order {
		ranks[i] = k + 1
		if k > 0 && cmp(order[k-1], i) == 0 {
			ranks[i] = ranks[order[k-1]]
		}
	}
	return ranks
}

// Podium is the result in finishing order, each seat with its rank; seats
// sharing a place keep their seat order. Every screen, print and export of a
// finished game takes its order and ranks from here.
func (r Result) Podium() []Placed {
	ranks := r.Ranks()
	out := make([]Placed, len(r.Scores))
	for i, sc := range r.Scores {
		out[i] = Placed{Score: sc, Rank: ranks[i]}
	}
	slices.SortStableFunc(out, func(a, b Placed) int { return a.Rank - b.Rank })
	return out
}

// Ranks is each score's rank, in the order of r.Scores.
func (r Result) Ranks() []int {
	return CompetitionRanks(len(r.Scores), func(i, j int) int {
		return Ahead(r.Scores[i], r.Scores[j], r.LowWins)
	})
}
