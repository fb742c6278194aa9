package hub

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"tableside/league"
	"tableside/scoring"
	"tableside/scoring/blocks"
)

// The book brought up to date change by change (new plays on top, a late
// play, an edit, a deletion, each before and after a mark) holds exactly
// what a book read from scratch holds: the same plays in the same order,
// the same ratings with their histories, statistics and leaderboards.
func TestBookUpToDateEqualsOneReadFromScratch(t *testing.T) {
	var all []league.StoredPlay
	ref := int64(0)
	play := func(day int, a, b int64, sa, sb int, game string) league.StoredPlay {
		ref++
		ra, rb := 1, 2
		if sb > sa {
			ra, rb = 2, 1
		}
		return league.StoredPlay{Ref: ref, TableID: "0a", Play: league.Play{ID: fmt.Sprint("p", ref), Version: 1, Title: game,
			Date: fmt.Sprintf("2026-%02d-%02d", 1+day/28, 1+day%28), Time: "19:30", Scoring: "high",
			Players: []league.Player{{LeagueID: a, Name: fmt.Sprint("P", a), Score: &sa, Rank: ra, Winner: ra == 1},
				{LeagueID: b, Name: fmt.Sprint("P", b), Score: &sb, Rank: rb, Winner: rb == 1}}}}
	}
	for i := range markEvery*2 + 500 {
		all = append(all, play(i/30, int64(i%17+1), int64((i*5+3)%17+1), i%40, (i*3)%40, fmt.Sprint("Game ", i%5)))
	}
	bk := newBook().apply(league.Delta{Full: true, Changes: 1, Plays: all[:markEvery*2+100]})
	steps := []struct {
		name    string
		changed []league.StoredPlay
	}{
		{"new plays on top", all[markEvery*2+100:]},
		{"a late play, after the last mark", []league.StoredPlay{play(200, 1, 2, 9, 1, "Game 1")}},
		{"a late play, before every mark", []league.StoredPlay{play(3, 4, 5, 1, 9, "Game 7")}},
	}
	edited := all[markEvery+7]
	edited.Version, edited.Title, edited.Scoring = 2, "Game 2", "low"
	gone := all[10]
	gone.Version, gone.Deleted = 2, true
	steps = append(steps, struct {
		name    string
		changed []league.StoredPlay
	}{"an edit (the game's scoring changed) and a deletion", []league.StoredPlay{gone, edited}})
	live := slices.Clone(all)
	for n, st := range steps {
		before := bk.snapshot(nil, cached{})
		kept := digest(t, before)
		bk = bk.apply(league.Delta{Changes: int64(n + 2), Plays: st.changed})
		for _, sp := range st.changed {
			live = slices.DeleteFunc(live, func(p league.StoredPlay) bool { return p.Ref == sp.Ref })
			if !sp.Deleted {
				live = append(live, sp)
			}
		}
		slices.SortFunc(live, func(a, b league.StoredPlay) int { return orderOf(a).cmp(orderOf(b)) })
		got, want := bk.snapshot(nil, cached{}), newBook().apply(league.Delta{Full: true, Plays: live}).snapshot(nil, cached{})
		for _, c := range []struct {
			what      string
			got, want any
		}{
			{"plays", got.plays.Slice(), want.plays.Slice()},
			{"ratings", flatRatings(got.ratings), flatRatings(want.ratings)},
			{"players", got.standings.Players, want.standings.Players},
			{"games", got.standings.Games, want.standings.Games},
			{"people", got.people, want.people},
			{"each person's plays", got.mine, want.mine},
		} {
			if !reflect.DeepEqual(c.got, c.want) {
				t.Fatalf("after %s: the %s differ from a read from scratch", st.name, c.what)
			}
		}
		if digest(t, before) != kept {
			t.Fatalf("after %s: a snapshot taken before it changed (readers were still drawing it)", st.name)
		}
	}
}

// flatRatings is r with its lists (blocks.List, which copies share) as
// slices of their own, to compare by value.
func flatRatings(r scoring.Ratings) []any {
	out := []any{r.Game, r.Plays, r.Rated.Slice()}
	for _, row := range r.Rows {
		h := row.History.Slice()
		row.History = blocks.List[scoring.RatingPoint]{}
		out = append(out, row, h)
	}
	return out
}

// digest is what a snapshot's pages show, as one string.
func digest(t *testing.T, cc cached) string {
	b, err := json.Marshal([]any{cc.plays, cc.ratings, cc.standings.Players, cc.standings.Games})
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
