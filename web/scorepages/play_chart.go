package scorepages

import (
	"errors"

	"github.com/labstack/echo/v4"

	"tableside/readmodel"
	"tableside/tracker"
)

// playCharts are the worth charts of the Tableside game a play was recorded
// from, drawn for whoever asks (a phone seated at that game sees its own
// line whole, as on the game's end screen). A play typed in by hand, or
// imported from another server, has no game here and no charts; nor does a
// game that is being played again after an undo. A chart that cannot be
// drawn is logged and left out.
func (s *Pages) playCharts(c echo.Context, gameID int64) ([]readmodel.WorthChart, error) {
	if gameID == 0 {
		return nil, nil
	}
	ctx := c.Request().Context()
	info, series, err := s.reads.Series(ctx, gameID)
	if errors.Is(err, tracker.ErrNoGame) {
		return nil, nil
	}
	if err != nil { // the play's page stands without its chart
		s.log.Error("play chart", "game", gameID, "err", err)
		return nil, nil
	}
	if info.Status != tracker.StatusFinished {
		return nil, nil
	}
	return s.reads.Charts(info, series, s.viewer(c, gameID), -1), nil
}
