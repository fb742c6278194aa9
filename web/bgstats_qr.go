package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/skip2/go-qrcode"

	"tableside/engine"
	"tableside/scoring"
	"tableside/tracker"
	"tableside/tracker/scorelog"
)

// bgStatsQRMax is the longest link a QR code holds at the lowest error
// correction (version 40, byte mode: 2,953 bytes). A longer link is refused
// with a message, never cut: a cut link would push a wrong play.
const bgStatsQRMax = 2953

// bgStatsOffer is the end screen's "log it in BG Stats": the link for a
// phone to open, and on the host's and the TV's screens one large QR code
// of the whole play, which each player scans to import it on their own
// phone (the code is the same for everyone: one per player only looked
// like four different ones).
type bgStatsOffer struct {
	Link    string
	Refusal string // why no QR code can hold the link; the phones' links still work
}

// endBGStats is a finished game's BG Stats offer, read from its play in the
// score log before the game's lock is taken; nil while the game runs, or
// when it has no play (a game without a result, a deleted play).
func (s *Server) endBGStats(ctx context.Context, info tracker.GameInfo) *bgStatsOffer {
	if info.Status != tracker.StatusFinished {
		return nil
	}
	_, link, err := s.gameBGStats(ctx, info.ID)
	if err != nil {
		return nil
	}
	return &bgStatsOffer{Link: link, Refusal: bgStatsTooLong(link)}
}

// gameBGStats is a Tableside game's play and its BG Stats link.
func (s *Server) gameBGStats(ctx context.Context, id int64) (scoring.Play, string, error) {
	p, err := s.cfg.Scores.PlayOfGame(ctx, id)
	if err != nil {
		return p, "", err
	}
	if p.Deleted != "" {
		return p, "", scorelog.ErrNoPlay
	}
	link, err := s.scorePages.BGStatsLink(ctx, p)
	return p, link, err
}

// bgStatsTooLong says why a link cannot be a QR code, or "" when it can.
func bgStatsTooLong(link string) string {
	if len(link) <= bgStatsQRMax {
		return ""
	}
	return fmt.Sprintf("This play is too long for a QR code (its BG Stats link is %s characters; a QR code holds %s). Each player can open “Log this play in BG Stats” on their own phone instead.",
		engine.Thousands(len(link)), engine.Thousands(bgStatsQRMax))
}

// bgStatsQR draws a finished game's play as a QR code of its BG Stats link.
func (s *Server) bgStatsQR(c echo.Context) error {
	info, err := s.gameInfo(c)
	if err != nil {
		return err
	}
	if info.Status != tracker.StatusFinished {
		return echo.NewHTTPError(http.StatusConflict, "The play goes to BG Stats once the game is over.")
	}
	_, link, err := s.gameBGStats(c.Request().Context(), info.ID)
	if errors.Is(err, scorelog.ErrNoPlay) {
		return echo.NewHTTPError(http.StatusNotFound, "This game has no play in the score log to send to BG Stats.")
	}
	if err != nil {
		return err
	}
	if why := bgStatsTooLong(link); why != "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, why)
	}
	png, err := s.qrs.png(link, qrcode.Low)
	if err != nil {
		return fmt.Errorf("draw BG Stats QR of game %d: %w", info.ID, err)
	}
	c.Response().Header().Set("Cache-Control", "no-cache")
	return c.Blob(http.StatusOK, "image/png", png)
}
