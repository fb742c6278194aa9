package web

import (
	"fmt"
	"html/template"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"tableside/engine"
	"tableside/readmodel"
	"tableside/tracker"

	"tableside/draw"
)

// timelinePage is a game as it was after one step of its log, drawn for the
// viewer asking, with the worth charts over the whole game.
type timelinePage struct {
	Info    tracker.GameInfo
	Title   string
	Viewer  engine.Viewer
	At, N   int    // the step shown, of how many
	What    string // the step in words
	Who     string // who sent it, when a seat did
	Prev    int
	Next    int
	AsQuery string        // "&as=public" when the public view was asked for, kept by every link
	Live    template.HTML // the game's own live region, as it was then
	Waiting string        // what the table waited for then
	// Told is what the step told this viewer: the feed's lines they may
	// read, as the live game showed them.
	Told   []engine.Line
	Charts []worthChart
}

// timeline shows a game after command ?at= (default: the last), for the
// viewer asking: the host sees what the host may, a phone its own secrets
// only, anyone else the public view. The first page of a log replays it once,
// drawing the table at that step and measuring every step for the charts
// (kept, with the end screen's, until the log grows); later pages replay only
// up to their own step.
func (s *Server) timeline(c echo.Context, id int64) error {
	ctx := c.Request().Context()
	info, recs, err := s.tracker.Records(ctx, id)
	if err != nil {
		return err
	}
	rules, ok := s.tracker.Rules(info.Kind)
	if !ok {
		return fmt.Errorf("timeline of game %d: no engine for %q", id, info.Kind)
	}
	n := tracker.StepCount(recs)
	at := n
	if q := c.QueryParam("at"); q != "" {
		k, err := strconv.Atoi(q)
		if err != nil {
			return badRequest("The step %q is not a whole number: ask for one from 0 to %d.", q, n)
		}
		if k < 0 || k > n {
			return badRequest("There is no step %d: this game has steps 0 to %d.", k, n)
		}
		at = k
	}
	v := s.viewer(c, id)
	v.Past = true // the laptop's hand of the player on turn is for the live screen only (engine.Viewer)
	tp := timelinePage{Info: info, Viewer: v, At: at, N: n, Prev: max(at-1, 0), Next: min(at+1, n)}
	if c.QueryParam("as") == "public" {
		tp.AsQuery = "&as=public"
	}
	// The charts cover every step: measured once per log (the worth cache,
	// keyed by the log's last seq), so a page whose log has not grown
	// replays only up to its own step, and measures nothing.
	var last int64
	if len(recs) > 0 {
		last = recs[len(recs)-1].Seq
	}
	series, measured := s.reads.CachedSeries(id, last)
	if !measured {
		series = readmodel.Series{Steps: make([]tracker.Step, 0, n+1)}
	}
	measurer, measures := rules.(engine.Measurer)
	var drawErr error
	told, err := tracker.WalkTold(rules, info.Setup, recs, at, func(st tracker.Step, state engine.State) bool {
		if !measured {
			series.Steps = append(series.Steps, st)
			if measures {
				series.Points = append(series.Points, measurer.Measure(state))
			}
		}
		if st.N == at {
			drawErr = s.drawPast(&tp, rules, st, state)
		}
		return !measured || st.N < at
	})
	if err != nil {
		return fmt.Errorf("timeline of game %d: %w", id, err)
	}
	if !measured && len(recs) > 0 && (!measures || len(series.Points) > 0) {
		s.reads.KeepSeries(info, last, series)
	}
	if drawErr != nil {
		return drawErr
	}
	for _, l := range told {
		if l.ReadBy(v) {
			tp.Told = append(tp.Told, l)
		}
	}
	tp.Charts = worthCharts(info, series, v, at)
	c.Response().Header().Set("Cache-Control", "no-store") // drawn for one viewer
	// The game's screen is drawn inside: its stylesheets and scripts come too.
	return s.render(c, http.StatusOK, "timeline", page{Title: info.Name + ": timeline", Data: tp, AssetsOf: gameTemplate(s.views, info.Kind)})
}

// drawPast fills in the table as it was at one step, drawn by the game's
// own screen for the viewer: its view, and its "live" region.
func (s *Server) drawPast(tp *timelinePage, rules engine.Rules, st tracker.Step, state engine.State) error {
	info, v := tp.Info, tp.Viewer
	tp.Title = gameTitle(rules, state)
	tp.What = st.What
	if st.N == 0 {
		tp.What = "the game as it was set up"
	}
	if st.Actor >= 0 && st.Actor < len(info.Setup.Seats) {
		tp.Who = info.Setup.Seats[st.Actor].Name
	}
	p := &gamePage{Info: info, Title: tp.Title, Viewer: v, View: rules.View(state, v), Seq: st.Seq}
	board, err := s.gamePanel(info.Kind, info.ID, p.View, rules.Moves(state, v), v, "", "")
	if err != nil {
		return err
	}
	p.Board = board
	p.answer()
	if wt, ok := rules.Waiting(state); ok {
		tp.Waiting = engine.WaitingLine(wt, func(seat int) string { return draw.PlayerName(info.Setup.Seats, seat) })
	}
	name := gameTemplate(s.views, info.Kind)
	pg := page{Title: info.Name, Host: v.IsHost(), Data: *p, Game: p}
	live, err := s.views.fragment(name, "live", pg)
	if err != nil {
		return err
	}
	tp.Live = template.HTML(live)
	return nil
}
