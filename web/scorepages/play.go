package scorepages

import (
	"cmp"
	"math"
	"net/http"
	"slices"

	"github.com/labstack/echo/v4"

	"tableside/readmodel"
	"tableside/scoring"
)

// playPage is one play: its details and every player's result.
type playPage struct {
	Play       scoring.Play
	BGStats    string // the "Send to BG Stats" link
	Restored   bool
	PointsGame bool
	Luck       *readmodel.Luck        // the dice of the Tableside game it was recorded from
	Charts     []readmodel.WorthChart // the game's measures, for a play recorded from a Tableside game
}

// showPlay shows one play, deleted or not (a deleted one offers Restore).
func (s *Pages) showPlay(c echo.Context) error {
	p, err := s.scores.Play(c.Request().Context(), c.Param("key"))
	if err != nil {
		return scoresErr(err)
	}
	// Players in rank order (the order they were typed in is the seats'),
	// unranked last.
	p.Players = slices.Clone(p.Players)
	slices.SortStableFunc(p.Players, func(a, b scoring.Player) int {
		ra, rb := a.Rank, b.Rank
		if ra == 0 {
			ra = math.MaxInt
		}
		if rb == 0 {
			rb = math.MaxInt
		}
		return cmp.Compare(ra, rb)
	})
	link, err := bgStatsLink(p, s.bgStatsGameOf(c.Request().Context(), p))
	if err != nil {
		return err
	}
	d := playPage{Play: p, BGStats: link, Restored: c.QueryParam("restored") != "", PointsGame: p.Scoring.Points(),
		Luck: s.playLuck(c.Request().Context(), p.GameID)}
	if d.Charts, err = s.playCharts(c, p.GameID); err != nil {
		return err
	}
	return s.render(c, http.StatusOK, "scores_play", page{Title: p.Game + ", " + p.Date, Data: d})
}
