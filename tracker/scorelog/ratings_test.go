package scorelog

import (
	"context"
	"testing"

	"tableside/scoring"
	"tableside/scoring/rating"
)

// rowOf finds a person's row in ratings.
func rowOf(t *testing.T, r scoring.Ratings, name string) scoring.RatedPerson {
	t.Helper()
	for _, row := range r.Rows {
		if row.Name == name {
			return row
		}
	}
	t.Fatalf("%s is not rated: %+v", name, r.Rows)
	return scoring.RatedPerson{}
}

// A game's ratings chain the model's update over that game's plays in
// order: Golf is Ana over Ben, then Cy over Ana.
func TestRatingsChainThePlaysOfAGameInOrder(t *testing.T) {
	t.Parallel()
	_, plays, _ := statsLog(t)
	m := rating.Default()
	first, _ := m.Rate([]rating.Rating{m.New(), m.New()}, []int{1, 2})   // Ana, Ben
	second, _ := m.Rate([]rating.Rating{first[0], m.New()}, []int{2, 1}) // Ana, Cy
	golf := scoring.Rate(plays, "golf")
	if golf.Plays != 2 || len(golf.Rows) != 3 {
		t.Fatalf("golf rated %d plays, %d people", golf.Plays, len(golf.Rows))
	}
	want := map[string]rating.Rating{"Ana": second[0], "Ben": first[1], "Cy": second[1]}
	for name, w := range want {
		got := rowOf(t, golf, name)
		if !near(got.Mu, w.Mu) || !near(got.Sigma, w.Sigma) {
			t.Errorf("%s: %+v, want %+v", name, got.Rating, w)
		}
	}
	ana := rowOf(t, golf, "Ana")
	if h := ana.History.Slice(); len(h) != 2 || !near(h[0].Conservative, first[0].Conservative()) || h[1].Date != "2026-01-07" {
		t.Errorf("Ana's history %+v", h)
	}
	// Ranked by the conservative rating: Cy (one win) above Ana (a win and a loss) above Ben.
	if golf.Rows[0].Name != "Cy" || golf.Rows[0].Rank != 1 || golf.Rows[2].Name != "Ben" {
		t.Errorf("order %+v", golf.Rows)
	}
}

// Every game counts towards the overall rating, ties (a shared win) too.
func TestOverallRatingsCountEveryPlay(t *testing.T) {
	t.Parallel()
	_, plays, _ := statsLog(t)
	all := scoring.Rate(plays, "")
	if all.Plays != 7 {
		t.Fatalf("rated %d plays, want 7", all.Plays)
	}
	if p := rowOf(t, all, "Ana").Plays; p != 6 {
		t.Fatalf("Ana rated in %d plays, want 6", p)
	}
}

// Ratings are recomputed from the plays: deleting a play changes every
// rating after it, and restoring it brings them back.
func TestRatingsFollowADeletedPlay(t *testing.T) {
	t.Parallel()
	s, plays, _ := statsLog(t)
	ctx := context.Background()
	before := rowOf(t, scoring.Rate(plays, ""), "Cy")
	if err := s.Delete(ctx, plays[0].Key); err != nil {
		t.Fatal(err)
	}
	after, err := s.Plays(ctx, scoring.Filter{})
	if err != nil {
		t.Fatal(err)
	}
	cy := rowOf(t, scoring.Rate(after, ""), "Cy")
	if cy.Plays != before.Plays-1 || near(cy.Mu, before.Mu) {
		t.Fatalf("Cy after deleting the first play: %+v, before %+v", cy, before)
	}
}

// Head-to-head counts the plays two people shared and who finished above:
// Ana against Ben is above in 2 of 4 (one loss, one shared win).
func TestHeadToHeadCountsSharedPlays(t *testing.T) {
	t.Parallel()
	_, plays, people := statsLog(t)
	hs := scoring.HeadToHeads(plays, people["Ana"].ID)
	got := map[string]scoring.HeadToHead{}
	for _, h := range hs {
		got[h.Name] = h
	}
	if b := got["Ben"]; b.Plays != 4 || b.Above != 2 || b.Below != 1 {
		t.Errorf("Ana v Ben %+v, want above 2, below 1 of 4", b)
	}
	if c := got["Cy"]; c.Plays != 3 || c.Above != 1 || c.Below != 1 {
		t.Errorf("Ana v Cy %+v, want above 1, below 1 of 3", c)
	}
	if hs[0].Name != "Ben" {
		t.Errorf("the most shared first: %+v", hs)
	}
}
