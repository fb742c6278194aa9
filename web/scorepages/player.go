package scorepages

import (
	"context"
	"html/template"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tableside/scoring"
	"tableside/scoring/charts"
)

// playerPage is one person's record, charts and latest plays.
type playerPage struct {
	Stats    scoring.PlayerStats
	Charts   []charts.Named
	WinsBars template.HTML
	Recent   []scoring.Play
	// For the host's tidying: the other people (to merge into) and how
	// many plays name this person, deleted ones included.
	Others    []scoring.Person
	PlayCount int
	// Rating is their rating over every game (nil before a rated play);
	// HeadToHead how they fared against each person they shared plays with.
	Rating     *scoring.RatedPerson
	HeadToHead []scoring.HeadToHead
}

// scoresPlayer shows one person: plays, wins, streaks, their record at each
// game, their scores over time and their wins per game.
func (s *Pages) scoresPlayer(c echo.Context, id int64) error {
	return s.renderPlayer(c, http.StatusOK, id, "")
}

// renderPlayer renders a person's page, with a refusal when a change was refused.
func (s *Pages) renderPlayer(c echo.Context, code int, id int64, refusal string) error {
	ctx := c.Request().Context()
	person, err := s.scores.Person(ctx, id)
	if err != nil {
		return scoresErr(err)
	}
	plays, err := s.scores.Plays(ctx, scoring.Filter{PersonID: id})
	if err != nil {
		return err
	}
	d := playerPage{Stats: scoring.PlayerStatsOf(person, plays)}
	d.Charts = charts.Scores(person, d.Stats, plays)
	d.WinsBars = charts.GameWins(d.Stats, person.Colour)
	d.HeadToHead = scoring.HeadToHeads(plays, id)
	if d.Rating, err = s.personRating(ctx, id); err != nil {
		return err
	}
	d.Recent = plays[max(0, len(plays)-10):]
	slices.Reverse(d.Recent)
	if s.isHost(c) {
		people, err := s.scores.People(ctx)
		if err != nil {
			return err
		}
		for _, p := range people {
			if p.ID != id {
				d.Others = append(d.Others, p)
			}
		}
		if d.PlayCount, err = s.scores.PlayCount(ctx, id); err != nil {
			return err
		}
	}
	return s.render(c, code, "scores_player", page{Title: person.Name, Error: refusal, Data: d})
}

// personRating is a person's rating over every game, recomputed from every
// play (the others' results move it too); nil when no play rates them.
func (s *Pages) personRating(ctx context.Context, id int64) (*scoring.RatedPerson, error) {
	all, err := s.scores.Plays(ctx, scoring.Filter{})
	if err != nil {
		return nil, err
	}
	for _, r := range scoring.Rate(all, "").Rows {
		if r.PersonID == id {
			return &r, nil
		}
	}
	return nil, nil
}
